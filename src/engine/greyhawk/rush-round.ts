import { dexAcBonus } from './manoeuvres';
import type { GreyhawkCharacter, Modifier } from './types';

/*
 * What a declared shield rush (G-SH2) does to the rest of the round, read by the attack cards:
 * the rusher's worse AC (+1, and no DEX bonus) against every attack, and the double damage of a
 * target that braced a spear, lance or polearm against it.
 */

/** G-SH2: the rusher's AC this round: +1, and its DEX bonus to AC lost. */
export function rusherAcModifiers(rusher: GreyhawkCharacter, rushing: boolean): Modifier[] {
  if (!rushing) return [];
  const mods: Modifier[] = [{ source: 'G-SH2', label: 'PDA.Greyhawk.Mod.RushAc', value: 1 }];
  // A character's AC has its DEX part (armour.ts); a monster's entry AC has none to lose.
  const dex = rusher.monster ? 0 : dexAcBonus(rusher.dex);
  if (dex < 0) mods.push({ source: 'G-SH2', label: 'PDA.Greyhawk.Mod.RushNoDex', value: -dex });
  return mods;
}

/**
 * G-G2: a fighter holding someone one-handed loses every DEX bonus to AC, to keep the grip (a
 * monster's entry AC has no DEX part to lose).
 */
export function holderAcModifiers(holder: GreyhawkCharacter, holding: boolean): Modifier[] {
  if (!holding || holder.monster) return [];
  const dex = dexAcBonus(holder.dex);
  return dex < 0 ? [{ source: 'G-G2', label: 'PDA.Greyhawk.Mod.HolderNoDex', value: -dex }] : [];
}

/**
 * G-SH2: a target braced against the rush with a spear, lance or polearm doubles its damage on
 * the rusher: the total added once more, as a modifier the card shows.
 */
export function bracedDamage(total: number, braced: boolean): Modifier | undefined {
  if (!braced || total <= 0) return undefined;
  return { source: 'G-SH2', label: 'PDA.Greyhawk.Mod.BracedDouble', value: total };
}
