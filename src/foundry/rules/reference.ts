/**
 * The rules reference: one window showing a ruleset's rules (title, summary, and the ruling with
 * its setting where the text left a gap), opened at the rule a link points to. Built from the lang
 * files, so it follows the user's language (docs/rules-reference.md).
 */
import { PasseDArmesApplicationBase, type RenderOptions, type TemplatePart } from '../apps';
import { activeRulesetId } from '../active-ruleset';
import { templatePath } from '../constants';
import { t } from '../i18n';
import { RULE_IDS, isRuleId, rulesetLetter, type RuleId } from './ids';

export const REFERENCE_TEMPLATE = templatePath('rules/reference.hbs');

const RULESETS = ['F', 'G', 'S'] as const;

function optional(key: string): string | null {
  const text = t(key);
  return text === key ? null : text;
}

/** The entries of one ruleset, in the inventory's order. */
export function referenceEntries(letter: 'F' | 'G' | 'S', current: RuleId | null) {
  return RULE_IDS.filter((id) => rulesetLetter(id) === letter).map((id) => ({
    id,
    title: t(`PDA.Rules.Entry.${id}.Title`),
    summary: t(`PDA.Rules.Entry.${id}.Summary`),
    ruling: optional(`PDA.Rules.Entry.${id}.Ruling`),
    setting: optional(`PDA.Rules.Entry.${id}.Setting`),
    current: id === current,
  }));
}

export class RulesReference extends PasseDArmesApplicationBase {
  static override DEFAULT_OPTIONS: object = {
    id: 'pda-rules-reference',
    classes: ['passe-d-armes', 'pda-rules-reference-window'],
    window: { title: 'PDA.Rules.Reference.Title', icon: 'fa-solid fa-book-open', resizable: true },
    position: { width: 560, height: 640 },
    actions: { ruleset: RulesReference.#onRuleset },
  };

  static override PARTS: Record<string, TemplatePart> = {
    body: { template: REFERENCE_TEMPLATE, scrollable: [''] },
  };

  static #instance: RulesReference | null = null;

  rule: RuleId = 'F-R1';
  letter: 'F' | 'G' | 'S' = 'F';

  /** Opens (or brings forward) the reference at one rule. */
  static async open(id: string): Promise<RulesReference | null> {
    if (!isRuleId(id)) {
      ui.notifications?.warn(t('PDA.Rules.Reference.Unknown', { id }));
      return null;
    }
    const app = (RulesReference.#instance ??= new RulesReference());
    app.rule = id;
    app.letter = rulesetLetter(id);
    await app.render({ force: true });
    return app;
  }

  override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    return {
      ...base,
      current: this.rule,
      rulesets: RULESETS.map((first) => ({
        first,
        label: t(`PDA.Rules.Reference.Ruleset.${first}`),
        current: first === this.letter,
      })),
      entries: referenceEntries(this.letter, rulesetLetter(this.rule) === this.letter ? this.rule : null),
    };
  }

  override async _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    const current = this.element.querySelector<HTMLElement>('[data-rule-page][aria-current]');
    current?.scrollIntoView?.({ block: 'start' });
  }

  static async #onRuleset(this: RulesReference, _event: Event, target: HTMLElement): Promise<void> {
    const letter = target.dataset.ruleset;
    if (letter !== 'F' && letter !== 'G' && letter !== 'S') return;
    this.letter = letter;
    await this.render();
  }
}

/**
 * The rules reference as a menu of Configure Settings (`registerMenu`): opening it shows the
 * reference at the world's ruleset, in the one reference window.
 */
export class RulesReferenceMenu {
  #app: RulesReference | null = null;
  get element(): HTMLElement | undefined {
    return this.#app?.element;
  }
  async render(): Promise<RulesReference | null> {
    // A rule ID starts with its ruleset's initial (ids.ts).
    const letter = activeRulesetId().charAt(0).toUpperCase();
    this.#app = await RulesReference.open(RULE_IDS.find((id) => rulesetLetter(id) === letter) ?? 'F-R1');
    return this.#app;
  }
}
