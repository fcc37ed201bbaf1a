import { isRulesError } from '../engine/core/errors';

/** A placeholder value that is itself a lang key (an action or posture the engine names). */
const LANG_KEY = /^PDA\.[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)+$/;

/** A translator: `t` itself, or a stand-in where a context is built without Foundry (tests). */
export type Translate = (key: string, data?: Record<string, string | number>) => string;

/** One plural-rules object per language (building one is far dearer than asking it). */
const PLURAL_RULES = new Map<string, Intl.PluralRules>();

function pluralRule(lang: string, count: number): string {
  let rules = PLURAL_RULES.get(lang);
  if (!rules) PLURAL_RULES.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/** Where a text's plural form starts: `{rounds, plural, one {# round} other {# rounds}}`. */
const PLURAL_START = /\{(\w+), plural,/g;

/**
 * Chooses the plural forms of a text by count, in the user's language (Intl.PluralRules: French
 * says "1 round", "0 round", "2 rounds"; English "1 round", "0 rounds"). The form is the ICU
 * message one, `{n, plural, one {# round} other {# rounds}}`, with `#` the count; forms may hold
 * other `{placeholders}`. A text without one is returned as it is.
 */
export function pluralForms(
  text: string,
  data: Readonly<Record<string, string | number>>,
  lang: string,
): string {
  let out = '';
  let at = 0;
  PLURAL_START.lastIndex = 0;
  for (let m = PLURAL_START.exec(text); m; m = PLURAL_START.exec(text)) {
    const forms = new Map<string, string>();
    let i = m.index + m[0].length;
    // Options: `word {text}` pairs up to the closing brace of the plural.
    for (;;) {
      while (text[i] === ' ') i++;
      if (text[i] === '}' || i >= text.length) break;
      const name = /^[\w=]+/.exec(text.slice(i))?.[0] ?? '';
      i += name.length;
      while (text[i] === ' ') i++;
      if (!name || text[i] !== '{') break;
      let depth = 0;
      const start = i + 1;
      for (; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      forms.set(name, text.slice(start, i));
      i++;
    }
    const count = Number(data[m[1]!] ?? 0);
    const rule = pluralRule(lang, count);
    const form = forms.get(`=${count}`) ?? forms.get(rule) ?? forms.get('other') ?? '';
    out += text.slice(at, m.index) + form.replace(/#/g, String(count));
    at = i + 1;
    PLURAL_START.lastIndex = at;
  }
  return out + text.slice(at);
}

/** Localizes a key with optional data; data values that are lang keys are localized too. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n?.localize(key) ?? key;
  const stringData: Record<string, string> = {};
  for (const [k, v] of Object.entries(data))
    stringData[k] = typeof v === 'string' && LANG_KEY.test(v) ? (game.i18n?.localize(v) ?? v) : String(v);
  const raw = game.i18n?.localize(key) ?? key;
  if (!raw.includes(', plural,')) return game.i18n?.format(key, stringData) ?? key;
  // Plural forms first, then the placeholders as Foundry's format fills them.
  const lang = (game.i18n as { lang?: string } | undefined)?.lang ?? 'fr';
  return pluralForms(raw, data, lang).replace(/\{[^}]+\}/g, (k) => stringData[k.slice(1, -1)] ?? k);
}

/**
 * The localized message of an error: a RulesError's key and data, else a generic message. Two
 * optional data fields travel with a refusal shown as a notification (docs/rulings.md, "Chat:
 * refusals are notifications"): `cite`, the rule ID the refusal names, written after the reason;
 * `then`, the lang key of what the person may do next, written last.
 */
export function errorMessage(error: unknown): string {
  if (!isRulesError(error)) return t('PDA.Error.Unexpected');
  const { cite, then } = error.data;
  const reason = t(error.key, { ...error.data });
  const cited = typeof cite === 'string' && cite && !reason.includes(cite) ? `${reason} (${cite})` : reason;
  return typeof then === 'string' && LANG_KEY.test(then) ? `${cited} ${t(then)}` : cited;
}

/** Shows a refusal to the user; returns false so callers can `return notifyError(e)`. */
export function notifyError(error: unknown): false {
  ui.notifications?.warn(errorMessage(error));
  if (!isRulesError(error)) console.error(error);
  return false;
}
