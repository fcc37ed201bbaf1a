import { draggableItems } from '../../../weapon-macros';
import {
  listenOnce,
  PasseDArmesActorSheetBase,
  PasseDArmesItemSheetBase,
  type RenderOptions,
  type TemplatePart,
  withDialogDefaults,
} from '../../../apps';
import { plainSystem, sheetHeader, sheetItemRow } from '../../../models';
import { isPosture } from '../../../../engine/souffle/posture';
import { isSouffleState } from '../../../../engine/souffle/states';
import { writeState } from '../states';
import { templatePath } from '../../../constants';
import { notifyError } from '../../../i18n';
import { itemsOf, type SouffleActorModel } from '../models/actors';
import { promptSouffleFlee } from '../cards/flee-flow';
import { grappleTargeted, promptSouffleAim, startSouffleAttack } from '../cards/start';
import { pickUpSouffleWeapon } from '../cards/departure';
import { choosePosture } from '../posture';
import { rollInitiativeCard } from '../rolls';
import { souffleOptionsFromSettings } from '../settings';
import { souffleSheetContext, type SheetItem, type SouffleSheetInput } from './context';

/** The actor shape the Souffle sheets read (an Actor whose system is a Souffle model). */
export interface SouffleActorLike {
  id: string | null;
  name: string;
  img: string | null;
  type: string;
  system: unknown;
  items: Iterable<{ id: string | null; name: string; img: string | null; type: string; system: unknown }>;
  statuses?: Set<string>;
}

/** Builds the context builder's input from an actor document. */
export function sheetInputFromActor(
  actor: SouffleActorLike,
  editable: boolean,
  enrichedBiography: string,
  activeTab?: string,
): SouffleSheetInput {
  const model = actor.system as SouffleActorModel;
  const source = plainSystem(model) as unknown as SouffleSheetInput['system'];
  const items: SheetItem[] = itemsOf<{
    id: string | null;
    name: string;
    img: string | null;
    type: string;
    system: unknown;
  }>(actor).map(sheetItemRow);
  return {
    actor: sheetHeader(actor),
    system: source,
    derived: model.derived ?? { gesteEffective: source.geste, armourDefence: 0, guerrier: false },
    items,
    statuses: [...(actor.statuses ?? [])],
    editable,
    enrichedBiography,
    ...(activeTab ? { activeTab } : {}),
    options: souffleOptionsFromSettings(),
  };
}

/** The Souffle actor sheet (combattant; adversaire uses a compact variant). */
export class SouffleActorSheet extends PasseDArmesActorSheetBase {
  // Merged by Foundry with the parent classes' options at runtime.
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'souffle', 'actor'],
    position: { width: 700, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      setPosture: SouffleActorSheet.#onSetPosture,
      toggleState: SouffleActorSheet.#onToggleState,
      addMetier: SouffleActorSheet.#onAddMetier,
      removeMetier: SouffleActorSheet.#onRemoveMetier,
      toggleItem: SouffleActorSheet.#onToggleItem,
      editItem: SouffleActorSheet.#onEditItem,
      deleteItem: SouffleActorSheet.#onDeleteItem,
      attack: SouffleActorSheet.#onAttack,
      rollInitiative: SouffleActorSheet.#onRollInitiative,
      flee: SouffleActorSheet.#onFlee,
      aim: SouffleActorSheet.#onAim,
      grapple: SouffleActorSheet.#onGrapple,
      pickUp: SouffleActorSheet.#onPickUp,
    },
  };

  static override PARTS: Record<string, TemplatePart> = {
    header: { template: templatePath('souffle/actor/header.hbs') },
    tabs: { template: templatePath('shared/tabs.hbs') },
    profil: { template: templatePath('souffle/actor/profil.hbs'), scrollable: [''] },
    combat: { template: templatePath('souffle/actor/combat.hbs'), scrollable: [''] },
    notes: { template: templatePath('souffle/actor/notes.hbs'), scrollable: [''] },
  };

  protected get souffleActor(): SouffleActorLike {
    return this.document as unknown as SouffleActorLike;
  }

  override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    const model = this.souffleActor.system as SouffleActorModel;
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      model.biography ?? '',
      {
        relativeTo: this.document,
        secrets: this.document.isOwner,
      },
    );
    const tab = (this.tabGroups as Record<string, string | undefined>)['primary'];
    return {
      ...base,
      ...souffleSheetContext(sheetInputFromActor(this.souffleActor, this.isEditable, enriched, tab)),
    };
  }

  /**
   * Métiers and disciplines are arrays: their inputs write the whole array on change. Weapons can
   * be dragged to the hotbar (weapon-macros.ts).
   */
  override async _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    draggableItems(this.element, (id) => this.document.items.get(id));
    for (const el of this.element.querySelectorAll<HTMLInputElement>('[data-metier-field]')) {
      listenOnce(el, 'change', 'Metier', () => void this.#updateMetier(el));
    }
    const disciplines = this.element.querySelector<HTMLInputElement>('[data-disciplines]');
    if (disciplines)
      listenOnce(disciplines, 'change', 'Disciplines', () => {
        const list = disciplines.value
          .split(',')
          .map((d) => d.trim())
          .filter((d) => d.length > 0);
        void this.#update({ 'system.disciplines': list });
      });
  }

  async #update(changes: Record<string, unknown>): Promise<void> {
    try {
      await this.document.update(changes as Actor.UpdateData);
    } catch (error) {
      notifyError(error);
    }
  }

  #metiers(): { name: string; level: number }[] {
    return ((this.souffleActor.system as SouffleActorModel).metiers ?? []).map((m) => ({
      name: m.name,
      level: m.level,
    }));
  }

  async #updateMetier(el: HTMLInputElement): Promise<void> {
    const index = Number(el.dataset.metierIndex);
    const field = el.dataset.metierField;
    const metiers = this.#metiers();
    const entry = metiers[index];
    if (!entry || (field !== 'name' && field !== 'level')) return;
    if (field === 'name') entry.name = el.value.trim();
    else entry.level = Number(el.value);
    await this.#update({ 'system.metiers': metiers });
  }

  protected itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? '';
    return this.document.items.get(id) as Item.Implementation | undefined;
  }

  static async #onSetPosture(
    this: SouffleActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const posture = target.dataset.posture;
    if (!isPosture(posture)) return;
    // In a Souffle combat the choice is a round declaration the GM validates (S-P1).
    await choosePosture(this.document, posture);
  }

  static async #onToggleState(
    this: SouffleActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const state = target.dataset.state ?? '';
    if (!isSouffleState(state)) return;
    // The state is the Active Effect carrying its status (../states.ts): the toggle sets that effect.
    const on = (this.souffleActor.system as SouffleActorModel).engineStates().includes(state);
    try {
      await writeState(this.souffleActor, state, !on);
    } catch (error) {
      notifyError(error);
    }
  }

  static async #onAddMetier(this: SouffleActorSheet): Promise<void> {
    await this.#update({ 'system.metiers': [...this.#metiers(), { name: '', level: 1 }] });
  }

  static async #onRemoveMetier(
    this: SouffleActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const index = Number(target.dataset.metierIndex);
    await this.#update({ 'system.metiers': this.#metiers().filter((_, i) => i !== index) });
  }

  static async #onToggleItem(
    this: SouffleActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.itemOf(target);
    const field = target.dataset.field;
    if (!item || (field !== 'equipped' && field !== 'worn')) return;
    const current = Boolean((item.system as unknown as Record<string, unknown>)[field]);
    try {
      await item.update({ [`system.${field}`]: !current } as Item.UpdateData);
    } catch (error) {
      notifyError(error);
    }
  }

  static async #onEditItem(
    this: SouffleActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemOf(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: SouffleActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemOf(target)?.deleteDialog();
  }

  static async #onAttack(this: SouffleActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? '';
    // The attack card flow (S-R1): attack → forcing → defence → damage → apply / undo. A click
    // always acts or says why not (an item without id is refused with its message). Shift-click:
    // the dialog's defaults (apps/dialog-defaults.ts).
    await withDialogDefaults(event, () => startSouffleAttack(this.document, id));
  }

  static async #onRollInitiative(this: SouffleActorSheet): Promise<void> {
    await rollInitiativeCard(this.document as unknown as Parameters<typeof rollInitiativeCard>[0]);
  }

  /** S-FL1: the flee dialog (situation, the GM's threshold), then the flight card. */
  static async #onFlee(this: SouffleActorSheet): Promise<void> {
    await promptSouffleFlee(this.document);
  }

  /** S-AT7, S-MN1..S-MN3: aim (or prepare a feint, a disarm, a knock-out): a short action. */
  static async #onAim(this: SouffleActorSheet): Promise<void> {
    await promptSouffleAim(this.document);
  }

  /** S-GR1: a hold on the targeted fighter: a long action, an opposed roll. */
  static async #onGrapple(this: SouffleActorSheet): Promise<void> {
    await grappleTargeted(this.document);
  }

  /** S-MN2: picking up a dropped weapon: a short action that provokes an opportunity attack. */
  static async #onPickUp(this: SouffleActorSheet): Promise<void> {
    await pickUpSouffleWeapon(this.document);
  }
}

/** The compact adversaire sheet: one page. */
export class AdversaireSheet extends SouffleActorSheet {
  static override DEFAULT_OPTIONS: object = {
    classes: ['adversaire'],
    position: { width: 600, height: 680 },
  };

  static override PARTS: Record<string, TemplatePart> = {
    header: { template: templatePath('souffle/actor/header.hbs') },
    body: { template: templatePath('souffle/actor/adversaire.hbs'), scrollable: [''] },
  };
}

/** Item sheet for arme-souffle and armure-souffle. */
export class SouffleItemSheet extends PasseDArmesItemSheetBase {
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'souffle', 'item'],
    position: { width: 460, height: 520 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS: Record<string, TemplatePart> = {
    body: { template: templatePath('souffle/item/item.hbs'), scrollable: [''] },
  };

  override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    const item = this.document;
    return {
      ...base,
      ...itemSheetContext(item.type, plainSystem(item.system), item.name, item.img ?? '', this.isEditable),
    };
  }
}

/** Pure context of the item sheet. */
export function itemSheetContext(
  type: string,
  system: Record<string, unknown>,
  name: string,
  img: string,
  editable: boolean,
) {
  const K = 'PDA.Souffle';
  const isWeapon = type === 'arme-souffle';
  return {
    name,
    img,
    editable,
    isWeapon,
    system,
    categories: Object.fromEntries(
      ['mainsNues', 'legere', 'moyenne', 'lourde', 'distance'].map((c) => [c, `${K}.Category.${c}`]),
    ),
    kinds: { armure: `${K}.ArmourKind.armure`, bouclier: `${K}.ArmourKind.bouclier` },
    hands: { 1: `${K}.Item.OneHand`, 2: `${K}.Item.TwoHands` },
  };
}
