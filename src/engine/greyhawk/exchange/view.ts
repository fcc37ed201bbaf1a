import { RulesError } from '../../core/errors';
import { ensureInTheFight } from '../health';
import { conditionAcModifiers, type GreyhawkConditionState } from '../conditions';
import { standardShield } from '../manoeuvres';
import { ruledWeapon, type GreyhawkOptions } from '../options';
import { dmgParryModifier, ensureNotDmgParrying } from './parry';
import { holderAcModifiers, rusherAcModifiers } from '../rush-round';
import type { GreyhawkCharacter, GreyhawkWeapon, ShieldKind, Size } from '../types';
import type { DefenderWeapon, Fighters } from './choices';

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
  /** The attacker's hit points now: at 0 or below it is out of the fight and may not strike. */
  readonly attackerHp?: number;
  readonly defender: GreyhawkCharacter;
  /** The defender's armour class before its conditions (G-G2, G-D3 are added here). */
  readonly defenderAc: number;
  readonly defenderShield?: ShieldKind;
  /**
   * The weapon the defender holds, as its own documents say (G-D1..G-D5: how it is held decides a
   * disarm's outcome, never the attacker's word); null: it holds none; absent: not known.
   */
  readonly defenderWeapon?: DefenderWeapon | null;
  readonly defenderSize: Size;
  readonly defenderDex: number;
  readonly defenderHp: number;
  readonly defenderConditions: Partial<GreyhawkConditionState>;
  readonly options: GreyhawkOptions;
  /** G-PA3 the attacking weapon's wear: broken by a parry, or (a bow) ruined for shooting. */
  readonly weaponWear?: { readonly ruined: boolean; readonly broken: boolean; readonly unloaded?: boolean };
  /** This round's declarations (G-PA4 the DMG parry, G-SH2 the rush and the brace against it). */
  readonly round?: {
    readonly attackerDmgParry?: boolean;
    readonly defenderDmgParry?: boolean;
    readonly defenderRushing?: boolean;
    /** The attacker braced against the defender's declared rush at it. */
    readonly attackerBracedAgainstDefender?: boolean;
  };
}

/** G-PA3: a weapon broken by a parry is gone; a ruined bow or crossbow no longer shoots. */
export function ensureWeaponSound(v: GreyhawkExchangeView): void {
  const w = v.weaponWear;
  if (w?.broken) throw new RulesError('PDA.Greyhawk.Parry.Refused.Broken', { weapon: v.weapon.name });
  if (w?.ruined && !v.weapon.melee)
    throw new RulesError('PDA.Greyhawk.Parry.Refused.Ruined', { weapon: v.weapon.name });
}

/**
 * Both fighters for the attack rules: the defender's AC with what its conditions and the round do
 * to it (G-G2 a holder −2, G-D3/G-SH1 a shield aside or punching loses its point, G-PA4 the DMG
 * parry, G-SH2 the rusher), the hold a hostage shot needs (G-C1: the victim's held rounds), and the
 * refusals of an attacker who may not strike (G-PA4 a DMG parrier, G-PA3 a broken or ruined weapon).
 */
export function fightersOf(v: GreyhawkExchangeView): Fighters {
  const r = v.round ?? {};
  // 0 hit points or below: out of the fight (docs/rulings.md, option deathAtMinusTen).
  if (v.attackerHp !== undefined) ensureInTheFight(v.attacker.name, v.attackerHp, v.options);
  // G-PA4 a DMG parrier does nothing else; G-PA3 a weapon worn by parries may be ruined or broken.
  ensureNotDmgParrying(v.attacker.name, r.attackerDmgParry === true);
  ensureWeaponSound(v);
  const dc = v.defenderConditions;
  // G-SH2: declared before initiative in the round, or a rush played from the sheet and applied.
  const rushing = r.defenderRushing === true || dc.rushing === true;
  const shieldAc = v.defenderShield ? standardShield(v.defenderShield).ac : 0;
  const parry = dmgParryModifier(v.defender, r.defenderDmgParry === true);
  const acMods = [
    // G-G2 holding, G-D3 shield knocked aside, G-SH1 shield used to punch off-hand.
    ...conditionAcModifiers(dc, shieldAc),
    ...(parry ? [parry] : []),
    // G-SH2: a rusher is easier to hit all round (+1 AC, no DEX bonus).
    ...rusherAcModifiers(v.defender, rushing),
    // G-G2: a holder loses its DEX bonus (unless the rush took it already).
    ...(rushing ? [] : holderAcModifiers(v.defender, dc.holding === true)),
  ];
  // G-SH2: a spear, lance or polearm braced against this rusher doubles its damage.
  const braced = v.weapon.brace === true && r.attackerBracedAgainstDefender === true;
  return {
    attacker: v.attacker,
    // The world's rulings on the weapon (the footman's pick in both hands, docs/rulings.md).
    weapon: ruledWeapon(v.weapon, v.options),
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
    ...(v.defenderWeapon !== undefined
      ? { defenderHolds: { weapon: v.defenderWeapon, shield: v.defenderShield !== undefined } }
      : {}),
    ...(braced ? { bracedAgainstRush: true } : {}),
    ...(v.weaponWear?.unloaded ? { weaponUnloaded: true } : {}),
  };
}
