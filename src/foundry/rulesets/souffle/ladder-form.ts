/**
 * The settings form of Souffle's advantage ladder (S-A1, S-A2), opened from the world settings
 * menu: one row per level (level, dice rule, name), buttons to add a level, remove the last one
 * or go back to the default table. The logic lives in ladder-form-data.ts; this class only reads
 * the form, shows the refusal and writes the setting.
 */
import { isRulesError } from '../../../engine/core/errors';
import { isFormElement, PasseDArmesApplicationBase, type RenderOptions, type TemplatePart } from '../../apps';
import { SYSTEM_ID, templatePath } from '../../constants';
import { notifyError } from '../../i18n';
import {
  addLadderLevel,
  defaultLadderRows,
  ladderFormRows,
  ladderFormView,
  readLadderForm,
  removeLastLadderLevel,
  submitLadderForm,
  type LadderFormRow,
} from './ladder-form-data';
import { currentLadder, LADDER_MENU, writeLadderSetting } from './settings';

type Dict = Record<string, unknown>;

/** The translation of a level name under PDA.Souffle.Level, when there is one. */
function levelLabel(name: string): string | undefined {
  const key = `PDA.Souffle.Level.${name}`;
  const i18n = game.i18n as { has?: (k: string) => boolean; localize: (k: string) => string } | undefined;
  if (!i18n) return undefined;
  if (i18n.has) return i18n.has(key) ? i18n.localize(key) : undefined;
  const text = i18n.localize(key);
  return text === key ? undefined : text;
}

/**
 * The fields of a form element as a flat object (`rows.0.dice`: value). The form may live in a
 * popped-out window (v14), so it is recognised by its tag, not by `instanceof` (apps/dom.ts).
 */
export function formObject(form: HTMLElement): Dict {
  const ux = (foundry.applications as unknown as { ux?: { FormDataExtended?: unknown } }).ux;
  const Extended = ux?.FormDataExtended as (new (form: HTMLElement) => { object: Dict }) | undefined;
  if (Extended && isFormElement(form)) return new Extended(form).object;
  const out: Dict = {};
  for (const el of form.querySelectorAll<HTMLInputElement>('input[name]')) out[el.name] = el.value;
  return out;
}

export class SouffleLadderForm extends PasseDArmesApplicationBase {
  static override DEFAULT_OPTIONS: object = {
    id: 'pda-souffle-ladder-form',
    tag: 'form',
    classes: ['passe-d-armes', 'souffle', 'pda-souffle-ladder'],
    window: {
      title: 'PDA.SouffleLadder.Title',
      icon: 'fa-solid fa-stairs',
      contentClasses: ['standard-form'],
    },
    position: { width: 560, height: 'auto' },
    form: { handler: SouffleLadderForm.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      addLevel: SouffleLadderForm.#onAddLevel,
      removeLevel: SouffleLadderForm.#onRemoveLevel,
      resetLadder: SouffleLadderForm.#onReset,
    },
  };

  static override PARTS: Record<string, TemplatePart> = {
    form: {
      template: templatePath('souffle/settings/ladder-form.hbs'),
      scrollable: ['.pda-souffle-ladder-rows'],
    },
  };

  /** The rows being edited; unsaved until the form is submitted. */
  #rows: LadderFormRow[] | undefined;

  override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    this.#rows ??= ladderFormRows(currentLadder());
    return { ...base, ...ladderFormView(this.#rows, levelLabel) };
  }

  /** Keeps what the GM typed, then applies a button's edit and shows the result. */
  async #edit(change: (rows: LadderFormRow[]) => LadderFormRow[]): Promise<void> {
    this.#rows = change(readLadderForm(formObject(this.element)));
    await this.render();
  }

  static async #onAddLevel(this: SouffleLadderForm): Promise<void> {
    await this.#edit(addLadderLevel);
  }

  static async #onRemoveLevel(this: SouffleLadderForm): Promise<void> {
    await this.#edit(removeLastLadderLevel);
  }

  static async #onReset(this: SouffleLadderForm): Promise<void> {
    await this.#edit(() => defaultLadderRows());
  }

  static async #onSubmit(
    this: SouffleLadderForm,
    _event: Event,
    form: HTMLFormElement,
    formData: { object: Dict },
  ): Promise<void> {
    const data = formData?.object ?? formObject(form);
    const result = await submitLadderForm(data, writeLadderSetting);
    if (isRulesError(result)) {
      this.#rows = readLadderForm(data);
      notifyError(result);
      return;
    }
    this.#rows = undefined;
    await this.close();
  }
}

/** The settings menu that opens this form (the ladder setting itself is hidden); GMs only. */
export function registerLadderMenu(): void {
  const settings = game.settings;
  if (!settings) return;
  const registerMenu = (
    settings as unknown as { registerMenu?: (ns: string, key: string, data: Record<string, unknown>) => void }
  ).registerMenu;
  registerMenu?.call(settings, SYSTEM_ID, LADDER_MENU, {
    name: 'PDA.SouffleLadder.Menu.Name',
    label: 'PDA.SouffleLadder.Menu.Label',
    hint: 'PDA.SouffleLadder.Menu.Hint',
    icon: 'fa-solid fa-stairs',
    type: SouffleLadderForm,
    restricted: true,
  });
}
