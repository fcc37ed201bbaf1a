import { RulesError } from '../engine/core/errors';
import { listenOnce } from './apps';
import { notifyError } from './i18n';

/**
 * Weapon macros on the hotbar, for every ruleset: a weapon owned by an actor, dragged to the
 * hotbar, becomes a script macro that attacks with it through `game.passeDArmes.<ruleset>`.
 * Each ruleset gives its weapon item types and its attack entry (the sheet's attack button's).
 */
export interface WeaponMacroKind<A = Actor> {
  /** The key of `game.passeDArmes` the macro calls (the ruleset's id). */
  readonly api: string;
  /** Item types that are weapons of this ruleset. */
  readonly weaponTypes: readonly string[];
  /** Attacks with an actor's weapon, as the sheet's attack button does. */
  readonly use: (actor: A, weaponId: string) => Promise<unknown>;
}

/** Drag data of an Item, as Foundry's `toDragData()` produces it. */
export interface HotbarDropData {
  type?: string;
  uuid?: string;
}

interface WeaponDoc {
  type: string;
  name: string;
  id: string;
  img?: string | null;
  uuid: string;
  parent?: unknown;
}

/** The script of a weapon's macro: it calls the system API with the weapon's uuid. */
export function weaponMacroCommand(api: string, uuid: string): string {
  return `game.passeDArmes?.${api}?.useWeaponByUuid(${JSON.stringify(uuid)});`;
}

/** The document a uuid names, read as a weapon (null when none). */
async function weaponAt(uuid: string): Promise<WeaponDoc | null> {
  return (await fromUuid(uuid as Parameters<typeof fromUuid>[0])) as unknown as WeaponDoc | null;
}

/** Runs a weapon's macro: the owning actor attacks with it. */
export async function useWeaponByUuid<A>(kind: WeaponMacroKind<A>, uuid: string): Promise<void> {
  try {
    const item = await weaponAt(uuid);
    const actor = item?.parent as A | null | undefined;
    if (!item || !kind.weaponTypes.includes(item.type) || !actor)
      throw new RulesError('PDA.Error.MacroWeaponMissing', { uuid });
    await kind.use(actor, item.id);
  } catch (error) {
    notifyError(error);
  }
}

/**
 * What a dropped Item uuid is: a weapon of a world actor ("Actor.<id>.Item.<id>", possibly under a
 * scene token), anything inside a compendium ("Compendium.…"), or a world item.
 */
export function weaponDropKind(uuid: string): 'owned' | 'compendium' | 'world' {
  if (uuid.startsWith('Compendium.')) return 'compendium';
  return /(^|\.)Actor\.[^.]+\.Item\.[^.]+$/.test(uuid) ? 'owned' : 'world';
}

/**
 * The `hotbarDrop` handler of a ruleset: an owned weapon becomes an attack macro. Returns false
 * (Foundry's default handling skipped) when it takes the drop; the macro is created afterwards.
 */
export function weaponHotbarDrop<A>(kind: WeaponMacroKind<A>) {
  return (_bar: unknown, data: HotbarDropData, slot: number | string): boolean | void => {
    if (data?.type !== 'Item' || typeof data.uuid !== 'string') return;
    const uuid = data.uuid;
    const where = weaponDropKind(uuid);
    // A world item outside any actor gets Foundry's default macro (it opens the item).
    if (where === 'world') return;
    if (where === 'compendium') {
      // A compendium weapon (or one of a compendium actor) has nobody to attack with it: refuse,
      // rather than make a macro that can only fail.
      void refuseCompendiumWeapon(uuid);
      return false;
    }
    void createWeaponMacro(kind, uuid, slot);
    return false;
  };
}

async function refuseCompendiumWeapon(uuid: string): Promise<void> {
  let name = uuid;
  try {
    const item = (await fromUuid(uuid as Parameters<typeof fromUuid>[0])) as { name?: string } | null;
    name = item?.name ?? uuid;
  } catch {
    // the uuid's name is shown instead
  }
  notifyError(new RulesError('PDA.Error.MacroNotOwnedWeapon', { name }));
}

export async function createWeaponMacro<A>(
  kind: WeaponMacroKind<A>,
  uuid: string,
  slot: number | string,
): Promise<unknown> {
  const item = await weaponAt(uuid);
  if (!item || !kind.weaponTypes.includes(item.type)) return null;
  const command = weaponMacroCommand(kind.api, uuid);
  const macros = game.macros as unknown as
    { find?: (fn: (m: { command?: string }) => boolean) => unknown } | undefined;
  let macro = macros?.find?.((m) => m.command === command);
  if (!macro) {
    const MacroClass = (
      CONFIG as unknown as { Macro: { documentClass: { create(data: object): Promise<unknown> } } }
    ).Macro.documentClass;
    macro = await MacroClass.create({
      name: item.name,
      type: 'script',
      img: item.img ?? 'icons/svg/sword.svg',
      command,
      flags: { 'passe-d-armes': { weaponUuid: uuid } },
    });
  }
  const user = game.user as unknown as {
    assignHotbarMacro?: (m: unknown, s: number | string) => Promise<unknown>;
  } | null;
  await user?.assignHotbarMacro?.(macro, slot);
  return macro;
}

/**
 * Makes each `[data-drag-item]` element of a sheet draggable: the drag carries its row's item
 * (`data-item-id`), which the hotbar turns into a macro.
 */
export function draggableItems(
  root: HTMLElement,
  itemOf: (id: string) => { toDragData(): object } | undefined,
): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-drag-item]')) {
    el.setAttribute('draggable', 'true');
    listenOnce(el, 'dragstart', 'Drag', (event) => {
      const item = itemOf(el.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? '');
      const transfer = (event as DragEvent).dataTransfer;
      if (!item || !transfer) return;
      transfer.setData('text/plain', JSON.stringify(item.toDragData()));
    });
  }
}

/**
 * Registers a ruleset's weapon macros at init: the `hotbarDrop` handler, and the entry its macros
 * call, `game.passeDArmes.<api>.useWeaponByUuid` (with any other entries of that ruleset).
 */
export function installWeaponMacros<A>(kind: WeaponMacroKind<A>, more: Record<string, unknown> = {}): void {
  Hooks.on('hotbarDrop', weaponHotbarDrop(kind));
  const g = game as unknown as { passeDArmes?: Record<string, unknown> };
  g.passeDArmes = {
    ...(g.passeDArmes ?? {}),
    [kind.api]: { ...more, useWeaponByUuid: (uuid: string) => useWeaponByUuid(kind, uuid) },
  };
}
