import {
  attacksPerTwoRounds,
  blowStrength,
  slotBudget,
  slotsSpent,
  thac0,
} from '../../../../engine/greyhawk/character';
import { dexterityAdjustments } from '../../../../engine/greyhawk/data';
import type { FightState } from '../../../../engine/greyhawk/health';
import type { ArmourClassParts } from '../../../../engine/greyhawk/armour';
import type {
  FightingStyle,
  GreyhawkCharacter,
  GreyhawkWeapon,
  MasteryRank,
} from '../../../../engine/greyhawk/types';

/*
 * The pure side of the Greyhawk actor models (no Foundry globals): the ladders the sheet lists,
 * the values derived through the engine, and the update that stores an engine character. The
 * gallery and the sheet contexts import this module, the data models re-export it.
 */

export const MASTERY_RANKS: readonly MasteryRank[] = [
  'expert',
  'specialist',
  'master',
  'highMaster',
  'grandMaster',
];
export const STYLE_IDS: readonly FightingStyle[] = [
  'freeHand',
  'twoHanded',
  'shield',
  'twoWeapons',
  'missile',
  'mountedArchery',
];
interface ItemLike {
  type: string;
  system: unknown;
}

/** The embedded items of a document: a Collection's values (`contents`), or any iterable of items. */
export function itemList<T>(items: Iterable<T> | undefined | null): T[] {
  if (!items) return [];
  const contents = (items as { contents?: T[] }).contents;
  return Array.isArray(contents) ? contents : [...items];
}

/** Weapons (engine form) of the actor owning a model. */
export function weaponsOf(parent: unknown): GreyhawkWeapon[] {
  const out: GreyhawkWeapon[] = [];
  for (const item of itemList((parent as { items?: Iterable<ItemLike> } | null)?.items)) {
    const system = item.system as { toEngine?: () => GreyhawkWeapon };
    if (item.type === 'arme-adnd' && typeof system?.toEngine === 'function') out.push(system.toEngine());
  }
  return out;
}

/** The first weapon the actor holds ready, as the engine sees it. */
export function equippedOf(parent: unknown): GreyhawkWeapon | undefined {
  for (const item of itemList((parent as { items?: Iterable<ItemLike> } | null)?.items)) {
    const system = item.system as { equipped?: boolean; toEngine?: () => GreyhawkWeapon };
    if (item.type === 'arme-adnd' && system.equipped && typeof system.toEngine === 'function')
      return system.toEngine();
  }
  return undefined;
}

/** Values derived through the engine for the sheet. */
export interface GreyhawkDerived {
  thac0: number;
  strHit: number;
  strDamage: number;
  dexReaction: number;
  dexMissile: number;
  dexDefence: number;
  slots: { weapon: number; spent: number };
  attacksPerTwoRounds: number;
  /** 0 hit points or below: out of the fight (set by the data models from the world's options). */
  fight?: FightState;
  /** A character's AC with its parts (armour.ts); absent for a monster (its entry's AC). */
  ac?: ArmourClassParts;
}

export function derive(character: GreyhawkCharacter, parent: unknown): GreyhawkDerived {
  const str = blowStrength(character);
  const dex = dexterityAdjustments(character.dex);
  const weapon = equippedOf(parent);
  let spent = 0;
  try {
    spent = slotsSpent(character);
    if (!Number.isFinite(spent)) spent = -1;
  } catch {
    spent = -1; // a priest with an out-of-class weapon: the sheet shows the refusal elsewhere
  }
  return {
    thac0: thac0(character),
    strHit: str.hit,
    strDamage: str.damage,
    dexReaction: dex.reaction,
    dexMissile: dex.missile,
    dexDefence: dex.defence,
    slots: { weapon: character.monster ? 0 : slotBudget(character).weapon, spent },
    attacksPerTwoRounds: weapon ? attacksPerTwoRounds(character, weapon) : 2,
  };
}

/**
 * The `system` update that stores a character the engine accepted (the sheet's controls): the
 * building fields only, so abilities, hit points and conditions are left as they are.
 */
export function characterUpdate(c: GreyhawkCharacter): Record<string, unknown> {
  return {
    classes: c.classes.map((k) => ({ cls: k.cls, level: k.level })),
    proficiencies: [...c.proficiencies],
    outOfClass: [...(c.outOfClass ?? [])],
    clergyWeapons: [...(c.clergyWeapons ?? [])],
    weaponOfChoice: c.weaponOfChoice ?? '',
    mastery: Object.entries(c.mastery ?? {}).map(([weapon, m]) => ({
      weapon,
      rank: m.rank,
      since: m.since,
      firstSpecialised: m.firstSpecialised ?? null,
    })),
    styles: Object.fromEntries(STYLE_IDS.map((s) => [s, c.styles?.[s] ?? null])),
    handedness: c.handedness ?? 'right',
  };
}
