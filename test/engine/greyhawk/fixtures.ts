import { catalogueWeapon, type GreyhawkCharacter, type GreyhawkWeapon } from '../../../src/engine/greyhawk';

export function fighter(init: Partial<GreyhawkCharacter> = {}): GreyhawkCharacter {
  return {
    id: 'f1',
    name: 'Gord',
    classes: [{ cls: 'fighter', level: 1 }],
    str: 12,
    dex: 12,
    int: 10,
    size: 'M',
    proficiencies: ['longSword', 'dagger', 'longBow'],
    ...init,
  };
}

export function mage(init: Partial<GreyhawkCharacter> = {}): GreyhawkCharacter {
  return fighter({
    id: 'm1',
    name: 'Mordenkainen',
    classes: [{ cls: 'mage', level: 1 }],
    proficiencies: ['dagger'],
    ...init,
  });
}

export function cleric(init: Partial<GreyhawkCharacter> = {}): GreyhawkCharacter {
  return fighter({
    id: 'c1',
    name: 'Rary',
    classes: [{ cls: 'cleric', level: 1 }],
    proficiencies: ['footmansMace'],
    ...init,
  });
}

export function thief(init: Partial<GreyhawkCharacter> = {}): GreyhawkCharacter {
  return fighter({
    id: 't1',
    name: 'Rufus',
    classes: [{ cls: 'thief', level: 1 }],
    proficiencies: ['shortSword'],
    ...init,
  });
}

export const w = (base: string, over: Partial<GreyhawkWeapon> = {}): GreyhawkWeapon =>
  catalogueWeapon(base, over);

/** A d20 result for ScriptedDice. */
export const d20 = (value: number) => ({ faces: 20, value });
export const d10 = (value: number) => ({ faces: 10, value });
export const d6 = (value: number) => ({ faces: 6, value });
export const d3 = (value: number) => ({ faces: 3, value });

/** Target at AC 10 (an unarmoured man): a level-1 fighter (THAC0 20) needs 10. */
export const unarmoured = { ac: 10, size: 'M' as const };
