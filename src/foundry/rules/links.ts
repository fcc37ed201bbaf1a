/**
 * Rule IDs as links. Every rule ID the system shows (cards, sheets, tracker, dialogs, refusals)
 * sits in a `<span class="pda-rule">`; `linkRules` turns each ID in such a span into a link whose
 * `data-tooltip` is the rule's summary (Foundry's tooltip shows it on hover) and whose activation
 * opens the rule in the reference. The `@Regle[F-H5]` enricher builds the same link.
 */
import { t } from '../i18n';
import { RULE_ID_SOURCE, isRuleId, type RuleId } from './ids';

/** The attribute a rule link carries (its rule ID). */
export const RULE_ATTRIBUTE = 'data-pda-rule';
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

/** A link to one rule, built in the document of `near` (a popped-out window has its own). */
export function ruleLink(doc: Document, id: RuleId): HTMLElement {
  const a = doc.createElement('a');
  a.className = 'pda-rule-link';
  a.setAttribute(RULE_ATTRIBUTE, id);
  a.setAttribute('role', 'link');
  a.tabIndex = 0;
  a.dataset.tooltip = ruleTooltip(id);
  a.dataset.tooltipDirection = 'UP';
  a.setAttribute('aria-label', t('PDA.Rules.Reference.Open', { id, title: ruleText(id).title }));
  a.textContent = id;
  return a;
}

/** Inside a control (a card button, a link) a nested link is not allowed: the span gets the tooltip only. */
function insideControl(el: Element): boolean {
  return el.closest('button, a, summary, select') !== null;
}

/** Turns the rule IDs of one `.pda-rule` span into links (or tooltips inside a control). */
function linkSpan(span: HTMLElement): void {
  span.setAttribute(LINKED, '');
  const text = span.textContent ?? '';
  const pattern = new RegExp(RULE_ID_SOURCE, 'g');
  const ids = [...text.matchAll(pattern)].filter((m) => isRuleId(m[0]));
  if (!ids.length) return;
  if (insideControl(span)) {
    span.dataset.tooltip = ids.map((m) => ruleTooltip(m[0] as RuleId)).join('\n');
    return;
  }
  const doc = span.ownerDocument;
  const parts: Node[] = [];
  let at = 0;
  for (const m of ids) {
    const index = m.index;
    if (index > at) parts.push(doc.createTextNode(text.slice(at, index)));
    parts.push(ruleLink(doc, m[0] as RuleId));
    at = index + m[0].length;
  }
  if (at < text.length) parts.push(doc.createTextNode(text.slice(at)));
  span.replaceChildren(...parts);
}

/** The attribute of a control (a card button) whose rule is told in its tooltip, not its label. */
export const RULE_TIP_ATTRIBUTE = 'data-pda-rule-tip';

/** A control citing a rule (`data-pda-rule-tip="S-AT2"`): the rule's summary becomes its tooltip. */
function tipControl(el: HTMLElement): void {
  el.setAttribute(LINKED, '');
  const ids = [...(el.getAttribute(RULE_TIP_ATTRIBUTE) ?? '').matchAll(new RegExp(RULE_ID_SOURCE, 'g'))]
    .map((m) => m[0])
    .filter(isRuleId);
  if (ids.length) el.dataset.tooltip = ids.map((id) => ruleTooltip(id as RuleId)).join('\n');
}

/** Everything `linkRules` may have to link: rule spans and controls citing a rule. */
const CITING = `.pda-rule, [${RULE_TIP_ATTRIBUTE}]`;

/** Links every rule ID shown under `root` (the root included) that is not linked yet. */
export function linkRules(root: ParentNode): void {
  // One query for both kinds (it runs on every render); controls first, then the spans left.
  const found = [...root.querySelectorAll<HTMLElement>(CITING)];
  if ((root as Element).matches?.(CITING)) found.unshift(root as HTMLElement);
  for (const el of found) if (el.hasAttribute(RULE_TIP_ATTRIBUTE) && !el.hasAttribute(LINKED)) tipControl(el);
  for (const el of found) if (el.classList.contains('pda-rule') && !el.hasAttribute(LINKED)) linkSpan(el);
}
