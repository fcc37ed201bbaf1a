/**
 * Handlebars helpers that mimic the Foundry ones our templates use, for the gallery only. They
 * follow Foundry's documented behaviour (localize with optional format data, selectOptions with
 * `selected`/`localize`/`blank`, checked, disabled, concat, eq/ne/not/and/or, ifThen,
 * numberFormat). A key with no translation is returned as is, so the gallery test can catch it.
 */
import type HandlebarsNS from 'handlebars';

type HB = typeof HandlebarsNS;
type Dict = Record<string, unknown>;

export function lookup(dict: Dict, key: string): string | undefined {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Dict)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function registerHelpers(hb: HB, translations: Dict): void {
  const localize = (key: unknown, data: Dict = {}): string => {
    const text = lookup(translations, String(key)) ?? String(key);
    return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in data ? String(data[k]) : m));
  };
  const args = (all: unknown[]) => all.slice(0, -1);
  const options = (all: unknown[]) => all[all.length - 1] as HandlebarsNS.HelperOptions;

  hb.registerHelper('localize', (key: unknown, opts: HandlebarsNS.HelperOptions) =>
    localize(key, opts?.hash ?? {}),
  );
  hb.registerHelper('concat', (...all: unknown[]) => args(all).map(String).join(''));
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('ne', (a: unknown, b: unknown) => a !== b);
  hb.registerHelper('not', (a: unknown) => !a);
  hb.registerHelper('and', (...all: unknown[]) => args(all).every(Boolean));
  hb.registerHelper('or', (...all: unknown[]) => args(all).some(Boolean));
  hb.registerHelper('ifThen', (cond: unknown, a: unknown, b: unknown) => (cond ? a : b));
  hb.registerHelper('checked', (v: unknown) => (v ? 'checked' : ''));
  hb.registerHelper('disabled', (v: unknown) => (v ? 'disabled' : ''));
  hb.registerHelper('numberFormat', (v: unknown, opts: HandlebarsNS.HelperOptions) => {
    const n = Number(v);
    const decimals = Number(opts?.hash?.decimals ?? 0);
    const text = n.toFixed(decimals);
    return opts?.hash?.sign && n >= 0 ? `+${text}` : text;
  });
  hb.registerHelper('selectOptions', (...all: unknown[]) => {
    const [choices] = args(all);
    const hash = (options(all).hash ?? {}) as Dict;
    const selected =
      hash.selected === undefined || hash.selected === null ? [] : [hash.selected].flat().map(String);
    const rows: [string, string][] = Array.isArray(choices)
      ? (choices as Dict[]).map((c) => [
          String(c.value ?? c.key ?? c),
          String(c.label ?? c.name ?? c.value ?? c),
        ])
      : Object.entries((choices ?? {}) as Dict).map(([k, v]) => [k, String(v)]);
    const esc = hb.Utils.escapeExpression;
    const html: string[] = [];
    if (hash.blank !== undefined) html.push(`<option value="">${esc(localize(hash.blank))}</option>`);
    for (const [value, label] of rows) {
      const text = hash.localize ? localize(label) : label;
      html.push(
        `<option value="${esc(value)}"${selected.includes(value) ? ' selected' : ''}>${esc(text)}</option>`,
      );
    }
    return new hb.SafeString(html.join(''));
  });
}
