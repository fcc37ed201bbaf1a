import { listenOnce, PasseDArmesActorSheetBase, type RenderOptions, withDialogDefaults } from '../../../apps';
import { plainSystem, sheetHeader, sheetItemRow } from '../../../models';
import { isSkillId } from '../../../../engine/fantasia/validate';
import { templatePath } from '../../../constants';
import { notifyError } from '../../../i18n';
import type { FantasiaActorModel } from '../models/actors';
import { useWeapon } from '../attack-hook';
import { repairWeapon, rollSkill } from '../rolls';
import { promptResistanceRoll } from '../cards/resistance';
import { fireSiegeEngine } from '../siege/fire';
import { effectiveMouvement } from '../../../../engine/fantasia/reload';
import { timedRows, type EffectsHolder } from '../timed-states';
import { fantasiaOptionsFromSettings } from '../settings';
import { actorSheetContext, type ActorSheetInput, type SheetItem } from './context';

/** The actor shape the Fantasia sheets read (an Actor whose system is a Fantasia model). */
export interface FantasiaActorLike {
  id: string | null;
  name: string;
  img: string | null;
  type: string;
  system: unknown;
  items: {
    values(): Iterable<{
      id: string | null;
      name: string;
      img: string | null;
      type: string;
      system: unknown;
    }>;
  };
  statuses?: Set<string>;
}

/** Builds the context builder's input from an actor document. */
export function sheetInputFromActor(
  actor: FantasiaActorLike,
  editable: boolean,
  enrichedBiography: string,
  activeTab?: string,
): ActorSheetInput {
  const model = actor.system as FantasiaActorModel;
  const source = plainSystem(model) as { pv?: { max?: number | null } };
  const items: SheetItem[] = [...actor.items.values()].map(sheetItemRow);
  return {
    actor: sheetHeader(actor),
    system: {
      characteristics: { ...(model.characteristics as Record<string, number>) },
      pv: { value: model.pv.value, max: model.pv.max ?? null },
      mouvement: model.mouvement,
      damageBonus: model.damageBonus,
      armour: model.armour,
      species: model.species,
      size: model.size ?? null,
      states: { ...(model.states as Record<string, unknown>) },
      biography: model.biography,
    },
    pvMaxSource: source.pv?.max ?? null,
    derived: model.derived,
    items,
    statuses: [...(actor.statuses ?? [])],
    mouvementNow: mouvementNow(model),
    timed: timedRows(actor as unknown as EffectsHolder),
    editable,
    enrichedBiography,
    ...(activeTab ? { activeTab } : {}),
    options: fantasiaOptionsFromSettings(),
  };
}

/** F-M1: the Mouvement this round (halved by Casse-pied, 0 by Faucheuse), or undefined. */
function mouvementNow(model: FantasiaActorModel): number | undefined {
  try {
    return effectiveMouvement(model.toEngine());
  } catch {
    return undefined; // invalid data: the sheet shows the stored value only
  }
}

type ItemDoc = Item.Implementation;

const ActorSheetBase = PasseDArmesActorSheetBase;

/** Shared behaviour of the two Fantasia actor sheets. */
export class FantasiaActorSheet extends ActorSheetBase {
  // Merged by Foundry with the parent classes' options at runtime.
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'fantasia', 'actor'],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollSkill: FantasiaActorSheet.#onRollSkill,
      useWeapon: FantasiaActorSheet.#onUseWeapon,
      toggleItem: FantasiaActorSheet.#onToggleItem,
      editItem: FantasiaActorSheet.#onEditItem,
      deleteItem: FantasiaActorSheet.#onDeleteItem,
      setCrosses: FantasiaActorSheet.#onSetCrosses,
      repairWeapon: FantasiaActorSheet.#onRepairWeapon,
      resistanceRoll: FantasiaActorSheet.#onResistanceRoll,
      fireEngine: FantasiaActorSheet.#onFireEngine,
    },
  };

  protected get fantasiaActor(): FantasiaActorLike {
    return this.document as unknown as FantasiaActorLike;
  }

  override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const actor = this.fantasiaActor;
    const model = actor.system as FantasiaActorModel;
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      model.biography ?? '',
      {
        relativeTo: this.document,
        secrets: this.document.isOwner,
      },
    );
    const tab = (this.tabGroups as Record<string, string | undefined>)['primary'];
    return { ...base, ...actorSheetContext(sheetInputFromActor(actor, this.isEditable, enriched, tab)) };
  }

  /** Weapons can be dragged to the hotbar (see hotbar.ts). */
  override async _onRender(context: Record<string, unknown>, options: RenderOptions) {
    await super._onRender(context, options);
    for (const el of this.element.querySelectorAll<HTMLElement>('[data-drag-item]')) {
      el.setAttribute('draggable', 'true');
      listenOnce(el, 'dragstart', 'Drag', (event) => {
        const item = this.document.items.get(el.dataset.itemId ?? '');
        const transfer = (event as DragEvent).dataTransfer;
        if (!item || !transfer) return;
        transfer.setData('text/plain', JSON.stringify(item.toDragData()));
      });
    }
  }

  protected itemOf(target: HTMLElement): ItemDoc | undefined {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? '';
    return this.document.items.get(id) as ItemDoc | undefined;
  }

  static async #onRollSkill(
    this: FantasiaActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const skill = target.dataset.skill;
    if (!isSkillId(skill)) return;
    await rollSkill(this.document as unknown as Parameters<typeof rollSkill>[0], skill);
  }

  static async #onUseWeapon(
    this: FantasiaActorSheet,
    event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const weaponId = target.closest<HTMLElement>('[data-weapon-id]')?.dataset.weaponId;
    // Shift-click: the attack dialog's defaults, no dialog (apps/dialog-defaults.ts).
    if (weaponId) await withDialogDefaults(event, () => useWeapon(this.document, weaponId));
  }

  static async #onToggleItem(
    this: FantasiaActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.itemOf(target);
    const field = target.dataset.field;
    if (!item || !field || !['drawn', 'loaded', 'worn'].includes(field)) return;
    const current = Boolean((item.system as unknown as Record<string, unknown>)[field]);
    try {
      await item.update({ [`system.${field}`]: !current } as Item.UpdateData);
    } catch (error) {
      notifyError(error);
    }
  }

  static async #onEditItem(
    this: FantasiaActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemOf(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: FantasiaActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemOf(target)?.deleteDialog();
  }

  /** F-H7: a Bricolage roll to repair the jammed weapon; on a success the repair takes 1–2 rounds. */
  static async #onRepairWeapon(this: FantasiaActorSheet): Promise<void> {
    await repairWeapon(this.document as unknown as Parameters<typeof repairWeapon>[0]);
  }

  /** F-S1, F-S2: fires a siege engine at the user's targets (siege/fire.ts). */
  static async #onFireEngine(
    this: FantasiaActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.itemOf(target);
    if (item) await fireSiegeEngine(this.document, item.id ?? '');
  }

  /** F-T1: a resistance roll on its own, the actor's FOR as the active value. */
  static async #onResistanceRoll(this: FantasiaActorSheet): Promise<void> {
    const model = this.fantasiaActor.system as FantasiaActorModel;
    try {
      await promptResistanceRoll(
        Number((model.characteristics as Record<string, number>).FOR ?? 10),
        this.document,
      );
    } catch (error) {
      notifyError(error);
    }
  }

  /** Clicking the n-th cross sets n crosses; clicking the last filled one removes it (F-B6). */
  static async #onSetCrosses(
    this: FantasiaActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.itemOf(target);
    const index = Number(target.dataset.index);
    if (!item || !Number.isInteger(index)) return;
    const crosses = Number((item.system as unknown as { crosses: number }).crosses);
    try {
      await item.update({ 'system.crosses': index === crosses ? index - 1 : index } as Item.UpdateData);
    } catch (error) {
      notifyError(error);
    }
  }
}

/** The Aventurier sheet: tabs for characteristics and skills, combat, notes. */
export class AventurierSheet extends FantasiaActorSheet {
  static override DEFAULT_OPTIONS = { classes: ['aventurier'] };

  static override PARTS = {
    header: { template: templatePath('fantasia/actor/header.hbs') },
    tabs: { template: templatePath('shared/tabs.hbs') },
    carac: { template: templatePath('fantasia/actor/carac.hbs'), scrollable: [''] },
    combat: { template: templatePath('fantasia/actor/combat.hbs'), scrollable: [''] },
    notes: { template: templatePath('fantasia/actor/notes.hbs'), scrollable: [''] },
  };
}

/** The compact PNJ sheet: one page. */
export class PnjSheet extends FantasiaActorSheet {
  static override DEFAULT_OPTIONS = { classes: ['pnj'], position: { width: 560, height: 640 } };

  static override PARTS = {
    body: { template: templatePath('fantasia/actor/pnj.hbs'), scrollable: [''] },
  };
}
