import { draggableItems } from '../../../weapon-macros';
import { isRulesError } from '../../../../engine/core/errors';
import {
  addClass,
  chooseHandedness,
  dropMastery,
  forgetProficiency,
  isGreyhawkClass,
  isHandedness,
  learnProficiency,
  lowerStyle,
  nameWeaponOfChoice,
  raiseMastery,
  raiseStyle,
  removeClass,
  rollHandedness,
  setClassLevel,
  setClergyWeapons,
  allowedWeapons,
} from '../../../../engine/greyhawk/build';
import type {
  FightingStyle,
  GreyhawkCharacter,
  GreyhawkWeapon,
  MasteryRank,
} from '../../../../engine/greyhawk/types';
import { sheetHeader } from '../../../models';
import { PasseDArmesActorSheetBase, type RenderOptions, withDialogDefaults } from '../../../apps';
import { postTemplateCard } from '../../../chat';
import { pullFree } from '../../../../engine/greyhawk/conditions';
import { greyhawkConditionsOf, writeConditions } from '../conditions';
import { templatePath } from '../../../constants';
import { withFoundryDice, type DieRoller } from '../../../dice';
import { notifyError, t } from '../../../i18n';
import { characterUpdate, itemList, MASTERY_RANKS, STYLE_IDS, type GreyhawkDerived } from '../models/actors';
import { catalogueSource } from '../models/items';
import { startGreyhawkAttack } from '../cards/start';
import { onParryClick } from '../parries/start';
import { onRealignClick, onRealignWeaponClick } from '../shields/realign';
import { actorSheetContext, refusalText, type GreyhawkSheetInput } from './context';

interface GreyhawkActorLike {
  id: string | null;
  name: string;
  img: string | null;
  type: string;
  system: {
    toEngine(): GreyhawkCharacter;
    derived: GreyhawkDerived;
    biography?: string;
    toObject?: () => Record<string, unknown>;
  };
  items: Iterable<{ id: string | null; name: string; img: string | null; type: string; system: unknown }> & {
    get(id: string): { system: unknown } | undefined;
  };
}

/** Builds the pure context input from an actor document. */
export function sheetInputFromActor(
  actor: GreyhawkActorLike,
  editable: boolean,
  enrichedBiography: string,
  activeTab?: string,
): GreyhawkSheetInput {
  const weapons: GreyhawkSheetInput['weapons'][number][] = [];
  for (const item of itemList(actor.items)) {
    const system = item.system as { equipped?: boolean; toEngine?: () => GreyhawkWeapon };
    if (item.type !== 'arme-adnd' || typeof system.toEngine !== 'function') continue;
    weapons.push({
      ...system.toEngine(),
      equipped: Boolean(system.equipped),
      img: item.img ?? 'icons/svg/sword.svg',
    });
  }
  return {
    actor: sheetHeader(actor),
    system: actor.system.toObject?.() ?? {},
    character: actor.system.toEngine(),
    derived: actor.system.derived,
    weapons,
    editable,
    enrichedBiography,
    ...(activeTab ? { activeTab } : {}),
    conditions: greyhawkConditionsOf(actor),
    t,
  };
}

/** The clergy's weapons as the sheet shows them (the class's list until the GM names one). */
const currentClergy = (c: GreyhawkCharacter): string[] => [...(allowedWeapons(c) ?? [])];

/** A change of the character through the engine: the next character, or a thrown refusal. */
export type CharacterChange = (c: GreyhawkCharacter) => GreyhawkCharacter;

/** Shows a refusal with its rule ID (a RulesError), or the generic message. */
function notifyRefusal(error: unknown): void {
  if (isRulesError(error)) ui.notifications?.warn(refusalText(error, t));
  else notifyError(error);
}

const datasetOf = (target: HTMLElement): Record<string, string | undefined> =>
  (target.closest<HTMLElement>('[data-action]') ?? target).dataset;

/** Sheet of `guerrier-adnd` and `monstre-adnd` actors. */
export class GreyhawkActorSheet extends PasseDArmesActorSheetBase {
  // fvtt-types' deep option types make tsc give up on this literal; Foundry checks it at runtime.
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'greyhawk', 'actor'],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      attack: GreyhawkActorSheet.#onAttack,
      equip: GreyhawkActorSheet.#onEquip,
      editItem: GreyhawkActorSheet.#onEditItem,
      deleteItem: GreyhawkActorSheet.#onDeleteItem,
      addClass: GreyhawkActorSheet.#onAddClass,
      removeClass: GreyhawkActorSheet.#onRemoveClass,
      learnProficiency: GreyhawkActorSheet.#onLearnProficiency,
      forgetProficiency: GreyhawkActorSheet.#onForgetProficiency,
      nameWeaponOfChoice: GreyhawkActorSheet.#onNameWeaponOfChoice,
      raiseMastery: GreyhawkActorSheet.#onRaiseMastery,
      dropMastery: GreyhawkActorSheet.#onDropMastery,
      raiseStyle: GreyhawkActorSheet.#onRaiseStyle,
      lowerStyle: GreyhawkActorSheet.#onLowerStyle,
      rollHandedness: GreyhawkActorSheet.#onRollHandedness,
      addAttack: GreyhawkActorSheet.#onAddAttack,
      addClergyWeapon: GreyhawkActorSheet.#onAddClergyWeapon,
      removeClergyWeapon: GreyhawkActorSheet.#onRemoveClergyWeapon,
      pullFree: GreyhawkActorSheet.#onPullFree,
      parry: onParryClick,
      realignShield: onRealignClick,
      realignWeapon: onRealignWeaponClick,
    },
  };

  static override PARTS = {
    header: { template: templatePath('greyhawk/actor/header.hbs') },
    tabs: { template: templatePath('shared/tabs.hbs') },
    profile: { template: templatePath('greyhawk/actor/profile.hbs'), scrollable: [''] },
    weapons: { template: templatePath('greyhawk/actor/weapons.hbs'), scrollable: [''] },
    styles: { template: templatePath('greyhawk/actor/styles.hbs'), scrollable: [''] },
    attacks: { template: templatePath('greyhawk/actor/attacks.hbs'), scrollable: [''] },
    notes: { template: templatePath('greyhawk/actor/notes.hbs'), scrollable: [''] },
  };

  /** Dice for the handedness roll (Foundry's Roll; tests inject their own). */
  dieRoller?: DieRoller;

  /** A character's sheet has profile, weapons, styles; a monster's a single attacks page. */
  override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    const monster = (this.document as { type: string }).type === 'monstre-adnd';
    for (const id of monster ? ['profile', 'weapons', 'styles'] : ['attacks']) delete parts[id];
    return parts;
  }

  override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const actor = this.document as unknown as GreyhawkActorLike;
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      actor.system.biography ?? '',
      {
        relativeTo: this.document,
        secrets: this.document.isOwner,
      },
    );
    const tab = (this.tabGroups as Record<string, string | undefined>)['primary'];
    return { ...base, ...actorSheetContext(sheetInputFromActor(actor, this.isEditable, enriched, tab)) };
  }

  /** Class levels change through the engine; weapons drag to the hotbar (weapon-macros.ts). */
  override async _onRender(context: Record<string, unknown>, options: RenderOptions) {
    await super._onRender(context, options);
    draggableItems(this.element, (id) => this.document.items.get(id));
    for (const input of this.element.querySelectorAll<HTMLInputElement>('[data-class-level]')) {
      input.addEventListener('change', () => {
        void this.changeClassLevel(input.dataset.classLevel ?? '', Number(input.value));
      });
    }
  }

  /** Applies an engine change to the actor, or shows its refusal and changes nothing. */
  async applyChange(change: CharacterChange): Promise<boolean> {
    const actor = this.document as unknown as GreyhawkActorLike;
    let next: GreyhawkCharacter;
    try {
      next = change(actor.system.toEngine());
    } catch (error) {
      notifyRefusal(error);
      await this.render();
      return false;
    }
    try {
      await this.document.update({ system: characterUpdate(next) } as Actor.UpdateData);
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  }

  async changeClassLevel(cls: string, level: number): Promise<boolean> {
    if (!isGreyhawkClass(cls)) return false;
    return this.applyChange((c) => setClassLevel(c, cls, level));
  }

  /** The value of an unnamed control of the sheet (`data-input="…"`). */
  private inputValue(name: string): string {
    return (
      this.element.querySelector<HTMLSelectElement | HTMLInputElement>(`[data-input="${name}"]`)?.value ?? ''
    );
  }

  private itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? '';
    return this.document.items.get(id) as Item.Implementation | undefined;
  }

  static async #onAttack(this: GreyhawkActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
    if (id) await withDialogDefaults(event, () => startGreyhawkAttack(this.document, id)); // Shift: defaults
  }

  static async #onEquip(this: GreyhawkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemOf(target);
    if (!item) return;
    const current = Boolean((item.system as unknown as { equipped?: boolean }).equipped);
    try {
      await item.update({ 'system.equipped': !current } as Item.UpdateData);
    } catch (error) {
      notifyError(error);
    }
  }

  static async #onEditItem(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemOf(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemOf(target)?.delete();
  }

  /** G-C1: the pinned fighter spends the round pulling free; the pin ends. */
  static async #onPullFree(this: GreyhawkActorSheet): Promise<void> {
    try {
      await writeConditions(this.document, { ...greyhawkConditionsOf(this.document), ...pullFree() });
    } catch (error) {
      notifyError(error);
    }
  }

  static async #onAddClass(this: GreyhawkActorSheet): Promise<void> {
    const cls = this.inputValue('addClass');
    if (!isGreyhawkClass(cls)) return;
    await this.applyChange((c) => addClass(c, cls));
  }

  static async #onRemoveClass(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const cls = datasetOf(target).cls;
    if (!isGreyhawkClass(cls)) return;
    await this.applyChange((c) => removeClass(c, cls));
  }

  static async #onLearnProficiency(this: GreyhawkActorSheet): Promise<void> {
    const entry = this.inputValue('learn');
    if (!entry) return;
    await this.applyChange((c) => learnProficiency(c, entry));
  }

  static async #onForgetProficiency(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const entry = datasetOf(target).entry;
    if (entry) await this.applyChange((c) => forgetProficiency(c, entry));
  }

  static async #onNameWeaponOfChoice(this: GreyhawkActorSheet): Promise<void> {
    const weapon = this.inputValue('choice');
    if (weapon) await this.applyChange((c) => nameWeaponOfChoice(c, weapon));
  }

  static async #onRaiseMastery(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const { weapon, rank } = datasetOf(target);
    if (!weapon || !(MASTERY_RANKS as readonly string[]).includes(rank ?? '')) return;
    await this.applyChange((c) => raiseMastery(c, weapon, rank as MasteryRank));
  }

  static async #onDropMastery(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const weapon = datasetOf(target).weapon;
    if (weapon) await this.applyChange((c) => dropMastery(c, weapon));
  }

  static async #onRaiseStyle(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const style = datasetOf(target).style;
    if (!(STYLE_IDS as readonly string[]).includes(style ?? '')) return;
    await this.applyChange((c) => raiseStyle(c, style as FightingStyle));
  }

  static async #onLowerStyle(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const style = datasetOf(target).style;
    if (!(STYLE_IDS as readonly string[]).includes(style ?? '')) return;
    await this.applyChange((c) => lowerStyle(c, style as FightingStyle));
  }

  /** G-H1: rolls the handedness with Foundry's dice and posts the roll; a chosen one uses the select. */
  static async #onRollHandedness(this: GreyhawkActorSheet): Promise<void> {
    const actor = this.document as unknown as GreyhawkActorLike;
    try {
      const { value, rolls } = await withFoundryDice(
        (dice) => rollHandedness(actor.system.toEngine(), dice),
        ...(this.dieRoller ? [this.dieRoller] : []),
      );
      const hand = value.character.handedness ?? 'right';
      if (!(await this.applyChange((c) => chooseHandedness(c, isHandedness(hand) ? hand : 'right')))) return;
      await postTemplateCard(
        this.document,
        'greyhawk/handedness-card.hbs',
        { name: actor.name, roll: value.roll, hand: t(`PDA.Greyhawk.Hand.${hand}`), rule: 'G-H1' },
        rolls,
      );
    } catch (error) {
      notifyRefusal(error);
    }
  }

  /** G-W4: the GM names a clergy's weapons; the first one replaces the class's list. */
  static async #onAddClergyWeapon(this: GreyhawkActorSheet): Promise<void> {
    const weapon = this.inputValue('clergy');
    if (!weapon) return;
    await this.applyChange((c) => setClergyWeapons(c, [...currentClergy(c), weapon]));
  }

  static async #onRemoveClergyWeapon(
    this: GreyhawkActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const weapon = datasetOf(target).weapon;
    if (!weapon) return;
    await this.applyChange((c) =>
      setClergyWeapons(
        c,
        currentClergy(c).filter((w) => w !== weapon),
      ),
    );
  }

  /** A monster's natural attack: a new melee item the GM names and edits. */
  static async #onAddAttack(this: GreyhawkActorSheet): Promise<void> {
    try {
      await this.document.createEmbeddedDocuments('Item', [
        {
          name: t('PDA.Greyhawk.Sheet.NewAttack'),
          type: 'arme-adnd',
          system: {
            ...catalogueSource('club'),
            base: 'natural',
            damageSM: '1d6',
            damageL: '1d6',
            equipped: true,
          },
        },
      ]);
    } catch (error) {
      notifyError(error);
    }
  }
}

export { GreyhawkWeaponSheet, weaponSheetContext } from './weapon-sheet';
