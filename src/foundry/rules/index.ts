/**
 * Rule IDs where they are cited: the `@Regle[F-H5]` text enricher and the `pdaRule` template
 * helpers (registered once, at init: cards, sheets, the tracker and dialogs render their rule
 * links with the page), with one delegated listener that opens the rules reference on click,
 * Enter or Space.
 */
import { isRuleId } from './ids';
import { SYSTEM_ID } from '../constants';
import { RULE_ATTRIBUTE, RULE_IDS_SETTING, registerRuleHelpers, ruleLink } from './links';
import { RulesReference, RulesReferenceMenu } from './reference';

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

/** Listens once to one document: its rule links open the reference. */
export function watchDocument(doc: Document): void {
  const body = doc.body;
  if (!body || body.hasAttribute('data-pda-rules-watched')) return;
  body.setAttribute('data-pda-rules-watched', '');
  doc.addEventListener('click', onActivate, true);
  doc.addEventListener('keydown', onActivate, true);
}

/**
 * Each user's choice of how rule IDs show (cards, sheets, tracker): written out, or as an info icon
 * whose hover tells the rule and whose click opens it. And the rules reference as a menu of
 * Configure Settings, for every user, at the world's ruleset.
 */
function registerRuleSettings(): void {
  const settings = game.settings as unknown as {
    register?: (ns: string, key: string, data: Record<string, unknown>) => void;
    registerMenu?: (ns: string, key: string, data: Record<string, unknown>) => void;
  };
  settings?.register?.(SYSTEM_ID, RULE_IDS_SETTING, {
    name: 'PDA.Rules.Setting.Name',
    hint: 'PDA.Rules.Setting.Hint',
    scope: 'client',
    config: true,
    type: String,
    choices: { shown: 'PDA.Rules.Setting.shown', icon: 'PDA.Rules.Setting.icon' },
    default: 'shown',
  });
  settings?.registerMenu?.(SYSTEM_ID, 'rulesReference', {
    name: 'PDA.Rules.Reference.Title',
    label: 'PDA.Rules.Reference.Menu',
    hint: 'PDA.Rules.Reference.MenuHint',
    icon: 'fa-solid fa-book-open',
    type: RulesReferenceMenu,
    restricted: false,
  });
}

/** Called once at `init`. */
export function registerRules(): void {
  registerEnricher();
  registerRuleHelpers(Handlebars);
  registerRuleSettings();
  Hooks.once('ready', () => watchDocument(document));
  // A v14 application popped out into a window of its own renders into that window's document:
  // its rule links open the reference too (every ApplicationV2 fires this hook on each render).
  Hooks.on('renderApplicationV2', (_app: unknown, html: HTMLElement) => {
    if (html?.ownerDocument && html.ownerDocument !== document) watchDocument(html.ownerDocument);
  });
}

export { RulesReference } from './reference';
export { ruleLink } from './links';
