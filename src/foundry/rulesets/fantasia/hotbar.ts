import { RulesError } from '../../../engine/core/errors';
import { notifyError } from '../../i18n';
import { useWeapon } from './attack-hook';

/** Drag data of an Item, as Foundry's `toDragData()` produces it. */
export interface HotbarDropData {
  type?: string;
  uuid?: string;
}

/** The script of a weapon's macro: it calls the system API with the weapon's uuid. */
export function weaponMacroCommand(uuid: string): string {
  return `game.passeDArmes?.fantasia?.useWeaponByUuid(${JSON.stringify(uuid)});`;
}

interface WeaponDoc {
  type: string;
  name: string;
  img?: string | null;
  uuid: string;
  parent?: unknown;
}

/** Runs a weapon's macro: the owning actor attacks with it. */
export async function useWeaponByUuid(uuid: string): Promise<void> {
  try {
    const item = (await fromUuid(uuid as Parameters<typeof fromUuid>[0])) as unknown as WeaponDoc | null;
    const actor = item?.parent as
      (Parameters<typeof useWeapon>[0] & { documentName?: string }) | null | undefined;
    if (!item || item.type !== 'arme' || !actor)
      throw new RulesError('PDA.Error.MacroWeaponMissing', { uuid });
    await useWeapon(actor, (item as unknown as { id: string }).id);
  } catch (error) {
    notifyError(error);
  }
}

/**
 * `hotbarDrop` handler: a Fantasia weapon owned by an actor becomes an attack macro. Returns false
 * (Foundry's default handling skipped) when it takes the drop; the macro is created afterwards.
 */
export function fantasiaHotbarDrop(
  _bar: unknown,
  data: HotbarDropData,
  slot: number | string,
): boolean | void {
  if (data?.type !== 'Item' || typeof data.uuid !== 'string') return;
  const uuid = data.uuid;
  const kind = weaponDropKind(uuid);
  // A world item outside any actor gets Foundry's default macro (it opens the item).
  if (kind === 'world') return;
  if (kind === 'compendium') {
    // A compendium weapon (or one of a compendium actor) has nobody to attack with it: refuse,
    // rather than make a macro that can only fail.
    void refuseCompendiumWeapon(uuid);
    return false;
  }
  void createWeaponMacro(uuid, slot);
  return false;
}

/**
 * What a dropped Item uuid is: a weapon of a world actor ("Actor.<id>.Item.<id>", possibly under a
 * scene token), anything inside a compendium ("Compendium.…"), or a world item.
 */
export function weaponDropKind(uuid: string): 'owned' | 'compendium' | 'world' {
  if (uuid.startsWith('Compendium.')) return 'compendium';
  return /(^|\.)Actor\.[^.]+\.Item\.[^.]+$/.test(uuid) ? 'owned' : 'world';
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

export async function createWeaponMacro(uuid: string, slot: number | string): Promise<unknown> {
  const item = (await fromUuid(uuid as Parameters<typeof fromUuid>[0])) as unknown as WeaponDoc | null;
  if (!item || item.type !== 'arme') return null;
  const command = weaponMacroCommand(uuid);
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
