import { ensure } from '../core/errors';
import type { Dice } from '../dice/port';
import { resolveAttack, type AttackContext, type AttackResult, type Position } from './attack';
import { ensureManoeuvreAllowed, topLevel } from './character';
import type { GreyhawkOptions } from './options';
import { DEFAULT_GREYHAWK_OPTIONS } from './options';
import type { GreyhawkWeapon, Modifier } from './types';
import { mod } from './modifier';
import type { HoldState } from './seizing';

/*
 * Manoeuvres: standing up (G-P2), the free shot (G-F1, G-F2), called shots (G-C1) and disarms
 * (G-D1..G-D5). Seizing (G-G1..G-G3, seizing.ts), parries (G-PA1..G-PA4, parries.ts) and shield
 * attacks (G-SH1, G-SH2, shield-manoeuvres.ts) have their own files, re-exported here.
 */

// ---------------------------------------------------------------------------------------------
// G-P2 standing up

export type StandUpChoice = 'forfeitAttack' | 'nextRound';

export interface StandUpResult {
  readonly position: Position;
  /** Attacks given up this round. */
  readonly attacksLost: number;
  /** Standing happens at the character's own turn of the next round, after initiative. */
  readonly standsNextRound: boolean;
}

export function standUp(position: Position, attacksLeft: number, choice: StandUpChoice): StandUpResult {
  ensure(position !== 'standing', 'PDA.Error.Greyhawk.AlreadyStanding');
  ensure(position !== 'helpless', 'PDA.Error.Greyhawk.Helpless');
  if (choice === 'forfeitAttack') {
    ensure(attacksLeft > 0, 'PDA.Error.Greyhawk.NoAttackLeft');
    return { position: 'standing', attacksLost: 1, standsNextRound: false };
  }
  return { position, attacksLost: 0, standsNextRound: true };
}

// ---------------------------------------------------------------------------------------------
// G-F1, G-F2 free shot

export interface EncounterGroup {
  readonly id: string;
  /** Missiles in hand, nocked or thrown-ready. */
  readonly missilesReady: boolean;
  /** G-F2: a monster volley (breath, tail spikes) counts as a ready missile. */
  readonly volley?: boolean;
}

export interface FreeShotResult {
  /** The group that shoots once before the first round, or undefined when none does. */
  readonly shooter?: string;
  /** Groups targeted: they may only speak a few words, then take +2 on the first initiative. */
  readonly targets: readonly string[];
  readonly targetInitiativePenalty: number;
}

/**
 * G-F1/G-F2: whether a fighter's readied weapons are missiles in hand: a bow, a sling, or a weapon
 * readied that can be thrown (a javelin, a dagger, a spear); for a monster, a natural attack with
 * a range (a manticore's tail spikes) is a volley as good as a missile.
 */
export function missilesInHand(readied: readonly GreyhawkWeapon[]): boolean {
  return readied.some((w) => !w.melee || (w.ranges?.long ?? 0) > 0);
}

/** G-F1: 20 m outdoors, 6 m indoors, and only one group holding missiles. */
export function freeShot(
  groups: readonly EncounterGroup[],
  distance: number,
  indoors: boolean,
): FreeShotResult {
  const limit = indoors ? 6 : 20;
  const ready = groups.filter((g) => g.missilesReady || g.volley === true);
  if (distance > limit || ready.length !== 1) return { targets: [], targetInitiativePenalty: 0 };
  const shooter = ready[0]?.id;
  return {
    ...(shooter !== undefined ? { shooter } : {}),
    targets: groups.filter((g) => g.id !== shooter).map((g) => g.id),
    targetInitiativePenalty: 2,
  };
}

// ---------------------------------------------------------------------------------------------
// G-C1 called shots

export type Reaction = 'morale' | 'insult' | 'either';

/** Carving initials or cutting clothing: morale drop on a lesser foe, an insult to a greater. */
export function humiliationReaction(attackerLevel: number, victimLevel: number): Reaction {
  if (victimLevel < attackerLevel) return 'morale';
  if (victimLevel > attackerLevel) return 'insult';
  return 'either';
}

export interface CarveResult {
  readonly attack: AttackResult;
  /** 1 damage per letter carved (one letter an attack). */
  readonly damage: number;
  readonly reaction?: Reaction;
  /** Clothing cuts are taken less badly than initials. */
  readonly lessInsulting: boolean;
}

export function carveOrCut(
  ctx: AttackContext,
  what: 'initials' | 'clothing',
  victimLevel: number,
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): CarveResult {
  ensure(ctx.weapon.edged === true, 'PDA.Error.Greyhawk.NeedsEdge', { weapon: ctx.weapon.name });
  ensureManoeuvreAllowed(ctx.attacker, ctx.weapon);
  const attack = resolveAttack({ ...ctx, calledShot: ctx.calledShot ?? 1 }, dice, options);
  const hit = attack.outcome === 'hit';
  return {
    attack,
    damage: hit && what === 'initials' ? 1 : 0,
    ...(hit ? { reaction: humiliationReaction(topLevel(ctx.attacker), victimLevel) } : {}),
    lessInsulting: what === 'clothing',
  };
}

export interface PinnedState {
  /** Rounds before the pin gives way by itself (3 after the hit). */
  readonly roundsLeft: number;
}

/** G-C1 pin: needs a wall or furniture behind the target and a point or edge. */
export function pinTarget(
  ctx: AttackContext,
  nearWall: boolean,
  dice: Dice,
  options = DEFAULT_GREYHAWK_OPTIONS,
): {
  readonly attack: AttackResult;
  readonly pinned?: PinnedState;
} {
  ensure(nearWall, 'PDA.Error.Greyhawk.PinNeedsWall');
  const w = ctx.weapon;
  const pointed = !w.melee || w.edged === true || w.kind === 'thrownDagger';
  ensure(pointed, 'PDA.Error.Greyhawk.CannotPin', { weapon: w.name });
  ensureManoeuvreAllowed(ctx.attacker, w);
  const attack = resolveAttack({ ...ctx, calledShot: ctx.calledShot ?? 1 }, dice, options);
  return attack.outcome === 'hit' ? { attack, pinned: { roundsLeft: 3 } } : { attack };
}

/** G-C1 hostage: after holding the victim a full round, a called shot puts a blade at the throat. */
export function takeHostage(
  hold: HoldState,
  ctx: AttackContext,
  dice: Dice,
  options = DEFAULT_GREYHAWK_OPTIONS,
): { readonly attack: AttackResult; readonly hold: HoldState } {
  ensure(hold.rounds >= 1, 'PDA.Error.Greyhawk.HoldFirst');
  ensure(ctx.weapon.hands !== 2, 'PDA.Error.Greyhawk.TwoHandedWhileHolding');
  const attack = resolveAttack(
    { ...ctx, calledShot: 1, target: { ...ctx.target, held: true } },
    dice,
    options,
  );
  return { attack, hold: attack.outcome === 'hit' ? { ...hold, bladeAtThroat: true } : hold };
}

// ---------------------------------------------------------------------------------------------
// G-D1..G-D5 disarm

export type Grip = 'oneHanded' | 'twoHanded' | 'shield';

export interface DisarmContext extends AttackContext {
  readonly victimGrip: Grip;
  readonly victimLevel: number;
  /** G-D5 expert disarm (doubly called shot, the weapon lands where the attacker wants). */
  readonly expert?: boolean;
  /** Successful disarms already landed on this two-handed weapon this round, by anyone (G-D2). */
  readonly earlierDisarmsThisRound?: number;
}

export type DisarmEffect = 'failed' | 'kept' | 'disarmed' | 'offLine' | 'thrown' | 'shieldOffLine';

export interface DisarmResult {
  readonly attack: AttackResult;
  readonly effect: DisarmEffect;
  /** Where a thrown weapon lands: direction 1d6 around the victim, distance 1d6 feet. */
  readonly landing?: { readonly direction: number; readonly feet: number };
  /** G-D5: the attacker caught the weapon (DEX check). */
  readonly caught?: boolean;
  /** G-D5: the GM is encouraged to check the victim's morale. */
  readonly moraleCheck?: boolean;
  /** G-D1 optional grip check: d20 against its target. */
  readonly gripCheck?: { readonly roll: number; readonly target: number };
}

/** G-D1 ruling: the grip target = 10 + victim level − attacker level, kept within 1..19. */
export function gripTarget(attackerLevel: number, victimLevel: number): number {
  return Math.min(19, Math.max(1, 10 + victimLevel - attackerLevel));
}

function isSmallThrown(w: GreyhawkWeapon): boolean {
  return w.melee && (w.size === 'T' || w.size === 'S');
}

function disarmModifiers(ctx: DisarmContext): Modifier[] {
  const extra: Modifier[] = [];
  if (ctx.missile === true || !ctx.weapon.melee) {
    if (ctx.weapon.kind === 'dart' || (ctx.missile === true && isSmallThrown(ctx.weapon))) {
      extra.push(mod('G-D4', 'SmallThrownDisarm', -2));
    }
  }
  return extra;
}

/** Checks a disarm attempt without rolling (G-W2 proficiency, G-D4, G-D5). */
export function validateDisarm(ctx: DisarmContext): void {
  ensureManoeuvreAllowed(ctx.attacker, ctx.weapon);
  const missile = ctx.missile === true || !ctx.weapon.melee;
  if (missile) {
    ensure(ctx.victimGrip === 'oneHanded', 'PDA.Error.Greyhawk.MissileDisarmOneHanded');
  }
  if (ctx.expert) ensure(ctx.victimGrip === 'oneHanded', 'PDA.Error.Greyhawk.ExpertDisarmOneHanded');
}

/**
 * Resolves a disarm: a called shot (−4; expert −8). One-handed weapons fly off 1d6 feet in
 * direction 1d6 (expert: within 3.2 m where the attacker wants, caught on a DEX check); a
 * two-handed weapon is knocked off line, and thrown by a second disarm in the round (G-D2);
 * a shield loses its AC until realigned or the next round (G-D3).
 */
export function resolveDisarm(
  ctx: DisarmContext,
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): DisarmResult {
  validateDisarm(ctx);
  const attack = resolveAttack(
    {
      ...ctx,
      calledManoeuvre: ctx.expert ? 'expertDisarm' : 'disarm',
      extra: [...(ctx.extra ?? []), ...disarmModifiers(ctx)],
    },
    dice,
    options,
  );
  if (attack.outcome === 'miss') return { attack, effect: 'failed' };
  if (options.disarmLevelCheck) {
    const target = gripTarget(topLevel(ctx.attacker), ctx.victimLevel);
    const r = dice.die(20);
    if (r <= target) return { attack, effect: 'kept', gripCheck: { roll: r, target } };
    return { ...disarmSuccess(ctx, attack, dice), gripCheck: { roll: r, target } };
  }
  return disarmSuccess(ctx, attack, dice);
}

function disarmSuccess(ctx: DisarmContext, attack: AttackResult, dice: Dice): DisarmResult {
  if (ctx.victimGrip === 'shield') return { attack, effect: 'shieldOffLine' };
  if (ctx.victimGrip === 'twoHanded' && (ctx.earlierDisarmsThisRound ?? 0) < 1) {
    return { attack, effect: 'offLine' };
  }
  if (ctx.expert) {
    const caught = dice.die(20) <= ctx.attacker.dex;
    return { attack, effect: 'disarmed', caught, moraleCheck: true };
  }
  const direction = dice.die(6);
  const feet = dice.die(6);
  return {
    attack,
    effect: ctx.victimGrip === 'twoHanded' ? 'thrown' : 'disarmed',
    landing: { direction, feet },
  };
}

/** G-D2: a weapon knocked off line: with an attack left, punch or realign; otherwise lose initiative. */
export function offLineRecovery(
  attacksLeft: number,
  choice: 'realign' | 'punch',
): {
  readonly attacksUsed: number;
  readonly losesNextInitiative: boolean;
  readonly realigned: boolean;
} {
  if (attacksLeft <= 0) return { attacksUsed: 0, losesNextInitiative: true, realigned: true };
  return { attacksUsed: 1, losesNextInitiative: false, realigned: choice === 'realign' };
}

export {
  type ShieldAcState,
  type ShieldPunchPlan,
  planShieldPunch,
  type ShieldRushDeclaration,
  validateShieldRush,
  type StayUpFactors,
  stayUpModifiers,
  type ShieldRushResult,
  resolveShieldRush,
  dexAcBonus,
  freeHandsWith,
  standardShield,
} from './shield-manoeuvres';

export {
  type HoldState,
  type Contestant,
  contestantOf,
  type ContestRoll,
  type ContestResult,
  MAX_CONTEST_ROLLS,
  strengthContest,
  type ItemSave,
  itemSaveCrushingBlow,
  type SeizeObjectResult,
  seizeObject,
  oneHandedHoldStr,
  type SeizePersonResult,
  seizePerson,
  escapeHold,
  ensureHolderWeapon,
} from './seizing';

export { ensureMissileParry, dmgParryAcBonus } from './parries';
