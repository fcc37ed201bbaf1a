/**
 * Rule IDs where they are cited: the `@Regle[F-H5]` text enricher (registered once, at init), and
 * in every rendered page the `.pda-rule` spans turned into links (a MutationObserver, so cards,
 * sheets, the tracker and dialogs need no hook of their own), with one delegated listener that
 * opens the rules reference on click, Enter or Space.
 */
import { isRuleId } from './ids';
import { RULE_ATTRIBUTE, linkRules, ruleLink } from './links';
import { RulesReference } from './reference';

/** `@Regle[G-S3]` in any enriched text (journals, descriptions) becomes a rule link. */
export const RULE_ENRICHER_PATTERN = /@Regle\[([FGS]-[A-Z]{1,2}\d{1,2})\]/g;

interface EnricherConfig {
  id?: string;
  pattern: RegExp;
  enricher: (match: RegExpMatchArray) => Promise<HTMLElement | null>;
}

function registerEnricher(): void {
  const config = CONFIG as unknown as { TextEditor?: { enrichers?: EnricherConfig[] } };
  config.TextEditor ??= {};
  const list = (config.TextEditor.enrichers ??= []);
  if (list.some((e) => e.id === 'pdaRegle')) return;
  list.push({
    id: 'pdaRegle',
    pattern: RULE_ENRICHER_PATTERN,
    enricher: async (match) => {
      const id = match[1] ?? '';
      return isRuleId(id) ? ruleLink(document, id) : null;
    },
  });
}

/** The rule link an event started on, unless it sits inside another control. */
function linkOf(event: Event): HTMLElement | null {
  const target = event.target as Element | null;
  const link = target?.closest?.<HTMLElement>(`a[${RULE_ATTRIBUTE}]`) ?? null;
  return link;
}

function onActivate(event: Event): void {
  const link = linkOf(event);
  if (!link) return;
  if (event.type === 'keydown') {
    const key = (event as KeyboardEvent).key;
    if (key !== 'Enter' && key !== ' ') return;
  }
  event.preventDefault();
  event.stopPropagation();
  void RulesReference.open(link.getAttribute(RULE_ATTRIBUTE) ?? '');
}

/** Watches one document: links what is there and what gets rendered later. */
export function watchDocument(doc: Document): void {
  const body = doc.body;
  if (!body || body.hasAttribute('data-pda-rules-watched')) return;
  body.setAttribute('data-pda-rules-watched', '');
  doc.addEventListener('click', onActivate, true);
  doc.addEventListener('keydown', onActivate, true);
  linkRules(body);
  const Observer = doc.defaultView?.MutationObserver;
  if (!Observer) return;
  new Observer((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node.nodeType === 1) linkRules(node as Element);
  }).observe(body, { childList: true, subtree: true });
}

/** Called once at `init`. */
export function registerRules(): void {
  registerEnricher();
  Hooks.once('ready', () => watchDocument(document));
}

export { RulesReference } from './reference';
export { linkRules, ruleLink } from './links';
