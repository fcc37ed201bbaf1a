import {
  createWeaponMacro as createMacro,
  useWeaponByUuid as useByUuid,
  weaponHotbarDrop,
  weaponMacroCommand as macroCommand,
  type WeaponMacroKind,
} from '../../weapon-macros';
import { useWeapon } from './attack-hook';

export { weaponDropKind, type HotbarDropData } from '../../weapon-macros';

/** Fantasia's weapons on the hotbar (src/foundry/weapon-macros.ts). */
const FANTASIA_MACROS: WeaponMacroKind<Parameters<typeof useWeapon>[0]> = {
  api: 'fantasia',
  weaponTypes: ['arme'],
  use: useWeapon,
};

/** The script of a weapon's macro: it calls the system API with the weapon's uuid. */
export const weaponMacroCommand = (uuid: string): string => macroCommand('fantasia', uuid);

/** Runs a weapon's macro: the owning actor attacks with it. */
export const useWeaponByUuid = (uuid: string): Promise<void> => useByUuid(FANTASIA_MACROS, uuid);

/** `hotbarDrop` handler: a Fantasia weapon owned by an actor becomes an attack macro. */
export const fantasiaHotbarDrop = weaponHotbarDrop(FANTASIA_MACROS);

export const createWeaponMacro = (uuid: string, slot: number | string): Promise<unknown> =>
  createMacro(FANTASIA_MACROS, uuid, slot);
