import { sheetHeader } from '../../../models/documents-data';
import { PdaActorSheetBase, PdaItemSheetBase, type RenderOptions } from '../../../apps/sheet-bases';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import { templatePath } from '../../../constants';
import { notifyError } from '../../../i18n';
import { itemList, type GreyhawkDerived } from '../models/actors';
import { startGreyhawkAttack } from '../cards/start';
import { actorSheetContext, type GreyhawkSheetInput } from './context';

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
  };
}

/** Sheet of `guerrier-adnd` and `monstre-adnd` actors. */
export class GreyhawkActorSheet extends PdaActorSheetBase {
  // fvtt-types' deep option types make tsc give up on this literal; Foundry checks it at runtime.
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'greyhawk', 'actor'],
    position: { width: 640, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      attack: GreyhawkActorSheet.#onAttack,
      equip: GreyhawkActorSheet.#onEquip,
      editItem: GreyhawkActorSheet.#onEditItem,
      deleteItem: GreyhawkActorSheet.#onDeleteItem,
    },
  };

  static override PARTS = {
    sheet: { template: templatePath('greyhawk/actor-sheet.hbs') },
  };

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
    return { ...base, ...actorSheetContext(sheetInputFromActor(actor, this.isEditable, enriched)) };
  }

  private itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? '';
    return this.document.items.get(id) as Item.Implementation | undefined;
  }

  static async #onAttack(this: GreyhawkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
    if (id) await startGreyhawkAttack(this.document as unknown as Actor, id);
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
}

/** Sheet of `arme-adnd` items. */
export class GreyhawkWeaponSheet extends PdaItemSheetBase {
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'greyhawk', 'item'],
    position: { width: 480, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS = {
    sheet: { template: templatePath('greyhawk/weapon-sheet.hbs') },
  };

  override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    return { ...base, ...weaponSheetContext(this.document as unknown as WeaponDocLike, this.isEditable) };
  }
}

interface WeaponDocLike {
  name: string;
  img: string | null;
  system: { toObject?: () => Record<string, unknown> };
}

export function weaponSheetContext(item: WeaponDocLike, editable: boolean) {
  return {
    item: { name: item.name, img: item.img ?? 'icons/svg/sword.svg' },
    system: item.system.toObject?.() ?? {},
    editable,
    kinds: [
      'melee',
      'bow',
      'lightCrossbow',
      'heavyCrossbow',
      'handCrossbow',
      'thrownDagger',
      'dart',
      'sling',
      'staffSling',
      'thrown',
    ].map((k) => ({ id: k, label: `PDA.Greyhawk.WeaponKind.${k}` })),
    hands: ['1', '2', 'either'].map((h) => ({ id: h, label: `PDA.Greyhawk.Hands.${h}` })),
    sizes: ['T', 'S', 'M', 'L', 'H', 'G'].map((s) => ({ id: s, label: `PDA.Greyhawk.Size.${s}` })),
  };
}
