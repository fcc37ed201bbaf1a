import { conditionAcModifiers, type GreyhawkConditionState } from '../conditions';
import { standardShield } from '../manoeuvres';
import type { GreyhawkOptions } from '../options';
import type { GreyhawkCharacter, GreyhawkWeapon, ShieldKind, Size } from '../types';
import type { Fighters } from './choices';

/**
 * What a Greyhawk exchange reads of the table, never stored: both fighters as the engine sees
 * them, the defender's armour and hit points as they are now, both fighters' conditions (read from
 * their condition effects), and the world's options. The Foundry side builds it from its documents
 * for every action; the simulator builds it from its own fighters.
 */
export interface GreyhawkExchangeView {
  readonly attacker: GreyhawkCharacter;
  readonly weapon: GreyhawkWeapon;
  readonly attackerShield?: ShieldKind;
  readonly attackerConditions: Partial<GreyhawkConditionState>;
  /** An opaque reference to the attacker a hold names as its holder (G-G2 escape contests). */
  readonly attackerRef?: string;
  readonly defender: GreyhawkCharacter;
  /** The defender's armour class before its conditions (G-G2, G-D3 are added here). */
  readonly defenderAc: number;
  readonly defenderShield?: ShieldKind;
  readonly defenderSize: Size;
  readonly defenderDex: number;
  readonly defenderHp: number;
  readonly defenderConditions: Partial<GreyhawkConditionState>;
  readonly options: GreyhawkOptions;
}

/**
 * Both fighters for the attack rules: the defender's AC with what its conditions do to it (G-G2
 * a holder −2, G-D3 a shield knocked aside loses its point), and the hold a hostage shot needs
 * (G-C1: the victim's held rounds).
 */
export function fightersOf(v: GreyhawkExchangeView): Fighters {
  const dc = v.defenderConditions;
  const shieldAc = v.defenderShield ? standardShield(v.defenderShield).ac : 0;
  const acMods = conditionAcModifiers(dc, shieldAc);
  return {
    attacker: v.attacker,
    weapon: v.weapon,
    ...(v.attackerShield ? { attackerShield: v.attackerShield } : {}),
    defender: v.defender,
    ...(dc.held === true
      ? { defenderHold: { holderId: v.attacker.id, victimId: v.defender.id, rounds: dc.heldRounds ?? 0 } }
      : {}),
    defenderAc: v.defenderAc + acMods.reduce((sum, m) => sum + m.value, 0),
    ...(acMods.length ? { defenderAcModifiers: acMods } : {}),
    attackerConditions: v.attackerConditions,
    defenderConditions: dc,
    defenderSize: v.defenderSize,
    defenderDex: v.defenderDex,
  };
}
