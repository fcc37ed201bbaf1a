import { ensure } from '../core/errors';
import { roll } from '../dice/formula';
import type { Dice } from '../dice/port';
import { attackModifiers, judgeAttack, total, type AttackContext, type AttackResult } from './attack';
import { blowStrength, comparedStrengthHit, effectiveStrPercent, thac0 } from './character';
import { dexterityAdjustments, sizeIndex } from './data';
import type { GreyhawkOptions } from './options';
import { DEFAULT_GREYHAWK_OPTIONS } from './options';
import { secondHandPenalties, styleSlots } from './styles';
import type { GreyhawkCharacter, GreyhawkShield, Modifier, ShieldKind, Size } from './types';
import { mod } from './modifier';

/**
 * Greyhawk shield attacks: G-SH1 shield punch, G-SH2 shield rush (declaration, stay-up roll,
 * damage, shield AC). Split from manoeuvres.ts, which re-exports them.
 */

// ---------------------------------------------------------------------------------------------
// G-SH1 shield punch, G-SH2 shield rush

export type ShieldAcState = 'kept' | 'untilNextAttack' | 'lostToRoundEnd' | 'regained';

export interface ShieldPunchPlan {
  readonly modifiers: readonly Modifier[];
  readonly shieldAc: ShieldAcState;
  readonly damage: string;
}

/**
 * G-SH1: a buckler, small or medium shield strikes, either instead of the weapon (no penalty,
 * shield AC kept) or as an off-hand attack (−2/−4, shield AC lost to round end; a specialist
 * gets it back at the next attack; two slots: 0/−2). Magic ignored; 1d3 + STR damage.
 */
export function planShieldPunch(
  c: GreyhawkCharacter,
  shield: GreyhawkShield,
  mode: 'instead' | 'offHand',
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): ShieldPunchPlan {
  ensure(shield.kind !== 'large', 'PDA.Error.Greyhawk.ShieldTooLargeToPunch');
  const str = blowStrength(c);
  const mods: Modifier[] = str.hit !== 0 ? [mod('base', 'Strength', str.hit)] : [];
  let shieldAc: ShieldAcState = 'kept';
  if (mode === 'offHand') {
    mods.push(...secondHandPenalties(c, 'shield', options).off);
    shieldAc = styleSlots(c, 'shield') >= 1 ? 'untilNextAttack' : 'lostToRoundEnd';
  }
  const damage = str.damage === 0 ? '1d3' : `1d3${str.damage > 0 ? '+' : ''}${str.damage}`;
  return { modifiers: mods, shieldAc, damage };
}

export interface ShieldRushDeclaration {
  readonly shield: GreyhawkShield;
  readonly distance: number;
  /** Declared before initiative (G-SH2). */
  readonly declared: boolean;
}

/** G-SH2: medium or large shield, at least 3 m away, declared before initiative. */
export function validateShieldRush(d: ShieldRushDeclaration): void {
  ensure(d.shield.kind === 'medium' || d.shield.kind === 'large', 'PDA.Error.Greyhawk.RushShield');
  ensure(d.declared, 'PDA.Error.Greyhawk.RushUndeclared');
  ensure(d.distance >= 3, 'PDA.Error.Greyhawk.RushTooClose', { distance: d.distance });
}

export interface StayUpFactors {
  /** The target stands still or moves toward the rusher (+3). */
  readonly stillOrClosing?: boolean;
  /** Struck from behind (−3). */
  readonly fromBehind?: boolean;
  /** Unaware or not paying attention (−3). */
  readonly unaware?: boolean;
  /** Four legs or more (+2). */
  readonly fourLegs?: boolean;
}

/** G-SH2 modifiers to the target's DEX check to stay on its feet. */
export function stayUpModifiers(
  rusher: GreyhawkCharacter,
  target: {
    readonly size: Size;
    readonly str: number;
    readonly strPercent?: number;
    readonly monster?: GreyhawkCharacter['monster'];
  },
  f: StayUpFactors,
): Modifier[] {
  const mods: Modifier[] = [];
  if (f.stillOrClosing) mods.push(mod('G-SH2', 'StayUp.Still', 3));
  if (f.fromBehind) mods.push(mod('G-SH2', 'StayUp.Behind', -3));
  if (f.unaware) mods.push(mod('G-SH2', 'StayUp.Unaware', -3));
  if (f.fourLegs) mods.push(mod('G-SH2', 'StayUp.FourLegs', 2));
  const sizeDiff = sizeIndex(target.size) - sizeIndex(rusher.size);
  if (sizeDiff !== 0) mods.push(mod('G-SH2', 'StayUp.Size', 4 * sizeDiff));
  // Strengths compared: a monster's entry STR, never G-G3's size estimate (seizing only).
  const rusherHit = comparedStrengthHit({ ...rusher, strPercent: effectiveStrPercent(rusher) });
  const targetHit = comparedStrengthHit(target);
  if (targetHit !== rusherHit) mods.push(mod('G-SH2', 'StayUp.Strength', targetHit - rusherHit));
  return mods;
}

export interface ShieldRushResult {
  readonly attack: AttackResult;
  readonly damage?: number;
  readonly damageRoll?: number;
  /** Target's stay-up check: d20 ≤ DEX + modifiers. */
  readonly stayUp?: {
    readonly roll: number;
    readonly target: number;
    readonly modifiers: readonly Modifier[];
    readonly standing: boolean;
  };
  /** On a miss the rusher checks DEX or falls. */
  readonly rusherCheck?: { readonly roll: number; readonly dex: number; readonly standing: boolean };
  /** Shield AC of the rusher for the rest of the round (a shield specialist regains it at once). */
  readonly shieldAc: ShieldAcState;
  /** The rusher's own penalties this round: AC +1, no DEX AC bonus, no further attack. */
  readonly rusherAcPenalty: number;
  readonly rusherLosesDexAc: true;
  readonly noFurtherAttack: true;
  /** Movement multiplier of the charge. */
  readonly moveMultiplier: number;
}

/** G-SH2 resolution (the bracing target's initiative is the round's business, see round.ts). */
export function resolveShieldRush(
  ctx: AttackContext & {
    readonly declaration: ShieldRushDeclaration;
    readonly targetDex: number;
    readonly targetStr: number;
    readonly targetStrPercent?: number;
    /** The target is a monster whose STR is only G-G3's size estimate (no STR comparison). */
    readonly targetStrBySize?: boolean;
    readonly stayUp: StayUpFactors;
  },
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): ShieldRushResult {
  validateShieldRush(ctx.declaration);
  const c = ctx.attacker;
  const str = blowStrength(c);
  // The rush replaces the weapon's own numbers: STR and the charge bonus only, magic ignored.
  const mods: Modifier[] = [mod('G-SH2', 'Rush', 2)];
  if (str.hit !== 0) mods.unshift(mod('base', 'Strength', str.hit));
  const positional = attackModifiers(
    { ...ctx, weapon: { ...ctx.weapon, magic: 0, base: '' } },
    options,
  ).filter((m) => m.source === 'G-P1' || m.source === 'G-G2' || m.source === 'G-C1');
  const attack = judgeAttack(
    dice.die(20),
    thac0(c),
    ctx.target.ac,
    [...mods, ...positional, ...(ctx.extra ?? [])],
    options,
  );
  const shieldAc: ShieldAcState = styleSlots(c, 'shield') >= 1 ? 'regained' : 'lostToRoundEnd';
  const common = {
    shieldAc,
    rusherAcPenalty: 1,
    rusherLosesDexAc: true as const,
    noFurtherAttack: true as const,
    moveMultiplier: 1.5,
  };
  if (attack.outcome === 'miss') {
    const r = dice.die(20);
    return { attack, rusherCheck: { roll: r, dex: c.dex, standing: r <= c.dex }, ...common };
  }
  const dmg = roll('1d3', dice, { d3FromD6: false });
  const damage = Math.max(1, dmg.total + str.damage);
  const stayMods = stayUpModifiers(
    c,
    {
      size: ctx.target.size,
      str: ctx.targetStr,
      ...(ctx.targetStrPercent !== undefined ? { strPercent: ctx.targetStrPercent } : {}),
      ...(ctx.targetStrBySize ? { monster: { hitDice: 0, strBySize: true } } : {}),
    },
    ctx.stayUp,
  );
  const target = ctx.targetDex + total(stayMods);
  const r = dice.die(20);
  return {
    attack,
    damage,
    damageRoll: dmg.total,
    stayUp: { roll: r, target, modifiers: stayMods, standing: r <= target },
    ...common,
  };
}

/** The DEX AC bonus a character loses (G-G2 holder, G-SH2 rusher): the negative defence adj. */
export function dexAcBonus(dex: number): number {
  return Math.min(0, dexterityAdjustments(dex).defence);
}

/** Hands left free by a weapon (1 or 2 hands) and a carried shield (G-G1 needs one free hand). */
export function freeHandsWith(weaponHands: number, hasShield: boolean): number {
  return Math.max(0, 2 - (weaponHands >= 2 ? 2 : 1) - (hasShield ? 1 : 0));
}

/** A mundane shield as the shield manoeuvres count it: 1 point of AC, magic left out (G-SH1, G-SH2). */
export function standardShield(kind: ShieldKind): GreyhawkShield {
  return { kind, ac: 1, magic: 0 };
}
