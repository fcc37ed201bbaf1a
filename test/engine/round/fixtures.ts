import type { FantasiaWeapon } from '../../../src/engine/fantasia/types';
import type { FantasiaRoundCombatant } from '../../../src/engine/fantasia/round';

type WeaponInit = Partial<FantasiaWeapon> & Pick<FantasiaWeapon, 'id'>;

function weapon(base: Omit<FantasiaWeapon, 'id'>, init: WeaponInit): FantasiaWeapon {
  return { ...base, ...init };
}

export const sword = (init: WeaponInit = { id: 'sword' }): FantasiaWeapon =>
  weapon(
    {
      name: 'Épée',
      skill: 'armesDeMelee',
      damage: '1d6+2',
      hands: 1,
      kind: 'melee',
      blunt: false,
      range: 0,
      canParry: true,
      reload: 'none',
      ready: true,
      loaded: true,
    },
    init,
  );

export const club = (init: WeaponInit = { id: 'club' }): FantasiaWeapon =>
  weapon({ ...sword({ id: 'x' }), name: 'Gourdin', damage: '1d6', blunt: true }, init);

export const bow = (init: WeaponInit = { id: 'bow' }): FantasiaWeapon =>
  weapon(
    {
      name: 'Arc',
      skill: 'armesDeTir',
      damage: '1d8',
      hands: 2,
      kind: 'missile',
      blunt: false,
      range: 90,
      canParry: false,
      reload: 'bow',
      ready: true,
      loaded: true,
    },
    init,
  );

export const crossbow = (init: WeaponInit = { id: 'crossbow' }): FantasiaWeapon =>
  weapon({ ...bow({ id: 'x' }), name: 'Arbalète', damage: '2d6', reload: 'crossbow' }, init);

export const arquebus = (init: WeaponInit = { id: 'arquebus' }): FantasiaWeapon =>
  weapon(
    {
      ...bow({ id: 'x' }),
      name: 'Arquebuse',
      kind: 'firearm',
      skill: 'armesAFeu',
      damage: '2d8',
      reload: 'arquebus',
      minFOR: 15,
    },
    init,
  );

export const dagger = (init: WeaponInit = { id: 'dagger' }): FantasiaWeapon =>
  weapon(
    {
      ...sword({ id: 'x' }),
      name: 'Dague de lancer',
      skill: 'armesDeLancer',
      damage: '1d4',
      kind: 'thrown',
      range: 15,
      reload: 'none',
    },
    init,
  );

export function fighter(
  id: string,
  side: 'pc' | 'npc',
  dex: number,
  weapons: FantasiaWeapon[] = [],
  extra: Partial<FantasiaRoundCombatant> = {},
): FantasiaRoundCombatant {
  return { id, name: id, side, dex, int: extra.int ?? 10, weapons, ...extra };
}
