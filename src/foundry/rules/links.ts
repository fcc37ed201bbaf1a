/**
 * Rule IDs as links. Every rule ID the system shows (cards, sheets, tracker, dialogs, refusals)
 * is written in a template with the `pdaRule` helper, which renders it as a link whose
 * `data-tooltip` is the rule's summary (Foundry's tooltip shows it on hover) and whose activation
 * opens the rule in the reference (rules/index.ts listens once per document). Inside a control (a
 * button) a nested link is not allowed: `{{pdaRule "F-T1" control=true}}` gives the tooltip only;
 * a control citing a rule in its tooltip, not its label, takes `{{pdaRuleTip rule}}` among its
 * attributes. The links are rendered with the page, in the reader's language: nothing scans the
 * page afterwards. The `@Regle[F-H5]` enricher builds the same link as an element.
 */
import { SYSTEM_ID } from '../constants';
import { t } from '../i18n';
import { RULE_ID_SOURCE, isRuleId, type RuleId } from './ids';

/** The attribute a rule link carries (its rule ID). */
export const RULE_ATTRIBUTE = 'data-pda-rule';
/** Marks what cites rules once rendered (the styles give a linked ID its full contrast). */
const LINKED = 'data-pda-rule-linked';

const key = (id: RuleId, field: string): string => `PDA.Rules.Entry.${id}.${field}`;

/** The rule's title and summary in the user's language. */
export function ruleText(id: RuleId): { title: string; summary: string } {
  return { title: t(key(id, 'Title')), summary: t(key(id, 'Summary')) };
}

/** The tooltip of a rule: its ID, title and summary. */
export function ruleTooltip(id: RuleId): string {
  const { title, summary } = ruleText(id);
  return t('PDA.Rules.Reference.Tooltip', { id, title, summary });
}

/** A link to one rule (the enricher's), built in `doc` (a popped-out window has its own). */
export function ruleLink(doc: Document, id: RuleId): HTMLElement {
  const holder = doc.createElement('template');
  holder.innerHTML = ruleLinkHtml(id);
  return holder.content.firstElementChild as HTMLElement;
}

/** The characters Handlebars escapes in `{{ }}`, as it escapes them. */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

/** Text for an HTML text node or an attribute value, escaped as Handlebars escapes `{{ }}`. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`=]/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A text for a `data-tooltip` attribute, as markup: Foundry's tooltip renders the attribute's
 * value as HTML, so a name a player wrote must reach it escaped (then escaped again as an
 * attribute value). Returns the attribute's value, ready to be put between quotes.
 */
export function tooltipAttribute(text: string): string {
  return escapeHtml(escapeHtml(text));
}

/** The rule IDs cited in a text, where they stand in it. */
function citedIds(text: string): { id: RuleId; index: number }[] {
  return [...text.matchAll(new RegExp(RULE_ID_SOURCE, 'g'))]
    .filter((m) => isRuleId(m[0]))
    .map((m) => ({ id: m[0] as RuleId, index: m.index }));
}

/**
 * The markup of `ruleLink`: the same element, as HTML. As an icon (`icon`), the ID is not written
 * out: the hover tells the rule (its ID first) and a click opens it, as the written ID does.
 */
export function ruleLinkHtml(id: RuleId, icon = false): string {
  return (
    `<a class="pda-rule-link${icon ? ' pda-rule-link--icon' : ''}" ${RULE_ATTRIBUTE}="${id}" role="link" tabindex="0" ` +
    `data-tooltip="${escapeHtml(ruleTooltip(id))}" data-tooltip-direction="UP" ` +
    `aria-label="${escapeHtml(t('PDA.Rules.Reference.Open', { id, title: ruleText(id).title }))}">` +
    `${icon ? '<i class="fa-solid fa-circle-info" inert></i>' : id}</a>`
  );
}

/** The client setting: how this user's cards, sheets and tracker show the rule IDs they cite. */
export const RULE_IDS_SETTING = 'ruleIds';
export type RuleIdsMode = 'shown' | 'icon';

declare global {
  interface SettingConfig {
    'passe-d-armes.ruleIds': RuleIdsMode;
  }
}

/** This client's choice (shown where no setting is registered, as in the gallery). */
function ruleIdsMode(): RuleIdsMode {
  try {
    return game.settings?.get(SYSTEM_ID, RULE_IDS_SETTING) === 'icon' ? 'icon' : 'shown';
  } catch {
    return 'shown';
  }
}

/** The tooltip of every rule a text cites, one per line ('' when it cites none). */
function tooltipOf(text: string): string {
  return citedIds(text)
    .map((m) => ruleTooltip(m.id))
    .join('\n');
}

/**
 * A `.pda-rule` span for a text citing rules ("G-S1 G-E1 G-M1–M3"): each rule ID a link, the rest
 * as text; inside a control (`control`), the text with the rules' summaries as its tooltip.
 */
export function ruleSpanHtml(text: string, control = false): string {
  const ids = citedIds(text);
  if (control || !ids.length) {
    const tip = control ? tooltipOf(text) : '';
    return `<span class="pda-rule" ${LINKED}=""${tip ? ` data-tooltip="${escapeHtml(tip)}"` : ''}>${escapeHtml(text)}</span>`;
  }
  let html = '';
  let at = 0;
  const icon = ruleIdsMode() === 'icon';
  for (const { id, index } of ids) {
    html += escapeHtml(text.slice(at, index)) + ruleLinkHtml(id, icon);
    at = index + id.length;
  }
  return `<span class="pda-rule" ${LINKED}="">${html}${escapeHtml(text.slice(at))}</span>`;
}

/** The attribute of a control (a card button) whose rule is told in its tooltip, not its label. */
export const RULE_TIP_ATTRIBUTE = 'data-pda-rule-tip';

/** The attributes of a control citing rules in its tooltip (`data-pda-rule-tip="S-AT2"`). */
export function ruleTipAttributes(text: string): string {
  const tip = tooltipOf(text);
  return `${RULE_TIP_ATTRIBUTE}="${escapeHtml(text)}" ${LINKED}=""${tip ? ` data-tooltip="${escapeHtml(tip)}"` : ''}`;
}

/** The options Handlebars passes last to a helper (its `key=value` hash). */
interface HelperOptions {
  hash?: Record<string, unknown>;
}

/** What `registerRuleHelpers` needs of a Handlebars environment (Foundry's global one, at init). */
export interface HelperHost {
  registerHelper(name: string, fn: (value: unknown, options: HelperOptions) => unknown): void;
  SafeString: new (html: string) => unknown;
}

/**
 * `{{pdaRule rule}}` (a span of rule links; `control=true` inside a button: the tooltip only),
 * `{{pdaRuleTip rule}}` (a control's attributes) and `{{pdaTip text}}` (a tooltip's text). An
 * empty rule renders nothing.
 */
export function registerRuleHelpers(hb: HelperHost): void {
  hb.registerHelper('pdaRule', (rule: unknown, options: HelperOptions) => {
    const text = rule === undefined || rule === null ? '' : String(rule);
    return new hb.SafeString(text ? ruleSpanHtml(text, options?.hash?.control === true) : '');
  });
  // `data-tooltip="{{pdaTip text}}"`: the text escaped as markup; Handlebars escapes it again
  // as the attribute's value, so the tooltip shows the text as written, never as HTML.
  // Several values are joined by a space: `{{pdaTip (localize someKey) w.name}}`.
  hb.registerHelper('pdaTip', (...args: unknown[]) =>
    escapeHtml(
      args
        .slice(0, -1)
        .filter((value) => value !== undefined && value !== null)
        .map(String)
        .join(' '),
    ),
  );
  hb.registerHelper('pdaRuleTip', (rule: unknown) => {
    const text = rule === undefined || rule === null ? '' : String(rule);
    return new hb.SafeString(text ? ruleTipAttributes(text) : '');
  });
}
