import { ensure } from '../core/errors';
import { roll } from '../dice/formula';
import type { Dice } from '../dice/port';
import {
  attackModifiers,
  calledShotUse,
  type CalledShot,
  judgeAttack,
  resolveAttack,
  total,
  type AttackContext,
  type AttackResult,
  type Position,
} from './attack';
import {
  blowStrength,
  comparedStrengthHit,
  effectiveStrPercent,
  ensureManoeuvreAllowed,
  isWarrior,
  thac0,
  topLevel,
  warriorLevel,
} from './character';
import { CRUSHING_BLOW_SAVE, dexterityAdjustments, exceptionalBand, MONSTER_STR, sizeIndex } from './data';
import type { GreyhawkOptions } from './options';
import { DEFAULT_GREYHAWK_OPTIONS } from './options';
import { secondHandPenalties, styleSlots } from './styles';
import type {
  GreyhawkCharacter,
  GreyhawkShield,
  GreyhawkWeapon,
  ItemMaterial,
  Modifier,
  ShieldKind,
  Size,
} from './types';

/*
 * Manoeuvres: standing up (G-P2), the free shot (G-F1, G-F2), called shots (G-C1), disarms
 * (G-D1..G-D5), seizing (G-G1..G-G3), parries (G-PA1..G-PA4) and shield attacks (G-SH1, G-SH2).
 */

function mod(source: string, label: string, value: number): Modifier {
  return { source, label: `PDA.Greyhawk.Mod.${label}`, value };
}

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

/** A round passes while pinned: spending it to pull free ends the pin; three rounds end it anyway. */
export function pinnedRound(state: PinnedState, spendRoundToFree: boolean): PinnedState | undefined {
  if (spendRoundToFree) return undefined;
  const left = state.roundsLeft - 1;
  return left > 0 ? { roundsLeft: left } : undefined;
}

export interface HoldState {
  readonly holderId: string;
  readonly victimId: string;
  /** Full rounds the victim has been held. */
  readonly rounds: number;
  /** G-C1 hostage: a blade at the throat; any strike does double damage. */
  readonly bladeAtThroat?: boolean;
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

/** Initiative modifier of a disarm as declared (the tracker's and the card's reading, G-D1, G-D5). */
export function disarmInitiative(expert: boolean, declared?: CalledShot): number {
  return calledShotUse(expert ? 'expertDisarm' : 'disarm', declared)?.level ?? 0;
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

/** G-D3: a shield off line: AC lost unless an attack is spent; back before next initiative. */
export function shieldOffLineAc(realignedWithAttack: boolean, nextRoundStarted: boolean): boolean {
  return realignedWithAttack || nextRoundStarted;
}

// ---------------------------------------------------------------------------------------------
// G-G1..G-G3 seizing

export interface Contestant {
  readonly name: string;
  readonly str: number;
  readonly strPercent?: number;
}

/** A contestant from a character; monsters without a STR score use G-G3 by size. */
export function contestantOf(c: GreyhawkCharacter, useSizeStr = false): Contestant {
  if (useSizeStr) return { name: c.name, str: MONSTER_STR[c.size] };
  const percent = effectiveStrPercent(c);
  return { name: c.name, str: c.str, ...(percent !== undefined ? { strPercent: percent } : {}) };
}

export interface ContestRoll {
  readonly attackerRoll: number;
  readonly defenderRoll: number;
  readonly attackerMargin: number;
  readonly defenderMargin: number;
}

export interface ContestResult {
  readonly rolls: readonly ContestRoll[];
  readonly winner: 'attacker' | 'defender';
  /** Both rolled over their STR (or a 20): the GM may let the object drop. */
  readonly mayDrop: boolean;
  /** The tie went to the higher exceptional strength percentage. */
  readonly byPercent?: boolean;
}

/** Rerolls allowed on ties before the defender keeps hold (ruling). */
export const MAX_CONTEST_ROLLS = 20;

/**
 * G-G1 STR contest: each rolls 1d20, margin = STR − roll, larger margin wins. On a tie, the
 * higher exceptional percentage wins; otherwise both roll again.
 */
export function strengthContest(
  attacker: Contestant,
  defender: Contestant,
  dice: Dice,
  attackerStr = attacker.str,
  defenderStr = defender.str,
): ContestResult {
  const rolls: ContestRoll[] = [];
  for (let i = 0; i < MAX_CONTEST_ROLLS; i++) {
    const a = dice.die(20);
    const d = dice.die(20);
    const r = {
      attackerRoll: a,
      defenderRoll: d,
      attackerMargin: attackerStr - a,
      defenderMargin: defenderStr - d,
    };
    rolls.push(r);
    const mayDrop = (a > attackerStr || a === 20) && (d > defenderStr || d === 20);
    if (r.attackerMargin !== r.defenderMargin) {
      return { rolls, winner: r.attackerMargin > r.defenderMargin ? 'attacker' : 'defender', mayDrop };
    }
    const ap = attacker.strPercent ?? 0;
    const dp = defender.strPercent ?? 0;
    if (ap !== dp) return { rolls, winner: ap > dp ? 'attacker' : 'defender', mayDrop, byPercent: true };
  }
  return { rolls, winner: 'defender', mayDrop: false };
}

export interface ItemSave {
  readonly roll: number;
  readonly target: number;
  readonly saved: boolean;
}

/** Item saving throw vs crushing blow: d20 ≥ the material's number, magic adds its plus. */
export function itemSaveCrushingBlow(material: ItemMaterial, magic: number, dice: Dice): ItemSave {
  const target = CRUSHING_BLOW_SAVE[material];
  const r = dice.die(20);
  return { roll: r, target, saved: r + magic >= target };
}

export interface SeizeObjectResult {
  readonly attack: AttackResult;
  readonly contest?: ContestResult;
  readonly itemSave?: ItemSave;
  readonly outcome: 'missed' | 'taken' | 'kept' | 'destroyed';
}

/**
 * G-G1: a hit puts a hand on the object, then the STR contest decides. Needs a free hand; a
 * fragile object saves vs crushing blow or breaks in the struggle.
 */
export function seizeObject(
  ctx: AttackContext & {
    readonly freeHands: number;
    readonly defender: Contestant;
    readonly fragile?: { readonly material: ItemMaterial; readonly magic: number };
  },
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): SeizeObjectResult {
  ensure(ctx.freeHands >= 1, 'PDA.Error.Greyhawk.NoFreeHand', { name: ctx.attacker.name });
  const attack = resolveAttack(ctx, dice, options);
  if (attack.outcome === 'miss') return { attack, outcome: 'missed' };
  const contest = strengthContest(contestantOf(ctx.attacker), ctx.defender, dice);
  if (ctx.fragile) {
    const itemSave = itemSaveCrushingBlow(ctx.fragile.material, ctx.fragile.magic, dice);
    if (!itemSave.saved) return { attack, contest, itemSave, outcome: 'destroyed' };
    return { attack, contest, itemSave, outcome: contest.winner === 'attacker' ? 'taken' : 'kept' };
  }
  return { attack, contest, outcome: contest.winner === 'attacker' ? 'taken' : 'kept' };
}

/**
 * G-G2 one-handed hold: STR − 3, each exceptional band counting 1 point (18/00 = 23), +3 against a
 * smaller size, −6 against a larger one.
 */
export function oneHandedHoldStr(holder: Contestant, holderSize: Size, victimSize: Size): Modifier[] {
  const band = exceptionalBand(holder.str, holder.strPercent);
  const mods: Modifier[] = [];
  if (band > 0) mods.push(mod('G-G2', 'ExceptionalBands', band));
  mods.push(mod('G-G2', 'OneHand', -3));
  const diff = sizeIndex(victimSize) - sizeIndex(holderSize);
  if (diff < 0) mods.push(mod('G-G2', 'SmallerVictim', 3));
  if (diff > 0) mods.push(mod('G-G2', 'LargerVictim', -6));
  return mods;
}

export interface SeizePersonResult {
  readonly attack: AttackResult;
  readonly contest?: ContestResult;
  readonly holderStr?: number;
  readonly hold?: HoldState;
}

export function seizePerson(
  ctx: AttackContext & {
    readonly freeHands: number;
    readonly victimId: string;
    readonly victim: Contestant;
    readonly victimSize: Size;
  },
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): SeizePersonResult {
  ensure(ctx.freeHands >= 1, 'PDA.Error.Greyhawk.NoFreeHand', { name: ctx.attacker.name });
  const attack = resolveAttack(ctx, dice, options);
  if (attack.outcome === 'miss') return { attack };
  const holder = contestantOf(ctx.attacker, ctx.attacker.monster !== undefined && ctx.attacker.str <= 0);
  const holderStr = holder.str + total(oneHandedHoldStr(holder, ctx.attacker.size, ctx.victimSize));
  const contest = strengthContest(holder, ctx.victim, dice, holderStr);
  return {
    attack,
    contest,
    holderStr,
    ...(contest.winner === 'attacker'
      ? { hold: { holderId: ctx.attacker.id, victimId: ctx.victimId, rounds: 0 } }
      : {}),
  };
}

/** G-G2: at the start of each later round the victim may break free by a new contest. */
export function escapeHold(
  hold: HoldState,
  holder: Contestant,
  holderStr: number,
  victim: Contestant,
  dice: Dice,
): { readonly contest: ContestResult; readonly hold?: HoldState } {
  const contest = strengthContest(victim, holder, dice, victim.str, holderStr);
  return contest.winner === 'attacker'
    ? { contest }
    : { contest, hold: { ...hold, rounds: hold.rounds + 1 } };
}

/** G-G2 effects of a hold on both sides (the holder also loses DEX bonuses and two-handed use). */
export interface HoldEffects {
  readonly acPenalty: number;
  readonly attackPenalty: number;
  readonly onlyVerbalSpells: boolean;
  readonly noTwoHanded: boolean;
  readonly loseDexBonus: boolean;
}

export function holdEffects(role: 'holder' | 'victim'): HoldEffects {
  return {
    acPenalty: 2,
    attackPenalty: -2,
    onlyVerbalSpells: true,
    noTwoHanded: role === 'holder',
    loseDexBonus: role === 'holder',
  };
}

/** G-G2: a holder refuses a two-handed weapon. */
export function ensureHolderWeapon(weapon: GreyhawkWeapon, twoHandedGrip: boolean): void {
  ensure(weapon.hands !== 2 && !twoHandedGrip, 'PDA.Error.Greyhawk.TwoHandedWhileHolding');
}

// ---------------------------------------------------------------------------------------------
// G-PA1..G-PA4 parries

export interface ParryTracker {
  /** Parries left this round. */
  readonly left: number;
  /** Attack ids already resolved this round (a parry cannot reach back to them). */
  readonly resolved: readonly string[];
  readonly parried: readonly string[];
}

export function newParryTracker(parries: number): ParryTracker {
  return { left: parries, resolved: [], parried: [] };
}

/** An attack against the defender has been resolved (parried or not). */
export function attackResolved(t: ParryTracker, attackId: string): ParryTracker {
  return t.resolved.includes(attackId) ? t : { ...t, resolved: [...t.resolved, attackId] };
}

/** G-PA1: the defender picks the attack to parry; a held parry may go to a later one, never a past one. */
export function chooseParry(
  t: ParryTracker,
  attackId: string,
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
): ParryTracker {
  ensureManoeuvreAllowed(c, weapon);
  ensure(t.left > 0, 'PDA.Error.Greyhawk.NoParryLeft');
  ensure(!t.resolved.includes(attackId), 'PDA.Error.Greyhawk.ParryTooLate');
  return { left: t.left - 1, resolved: t.resolved, parried: [...t.parried, attackId] };
}

/** G-PA2: a polearm may parry another polearm's attack on someone else, within reach of either. */
export function ensurePolearmParry(
  parrier: GreyhawkWeapon,
  attackerWeapon: GreyhawkWeapon,
  withinReach: boolean,
): void {
  ensure(parrier.polearm === true && attackerWeapon.polearm === true, 'PDA.Error.Greyhawk.PolearmsOnly');
  ensure(withinReach, 'PDA.Error.Greyhawk.OutOfReach');
}

export interface MissileParryWear {
  readonly weapon: GreyhawkWeapon;
  /** A mundane weapon used to parry can never shoot again. */
  readonly ruinedForShooting: boolean;
  readonly destroyed: boolean;
  readonly save: ItemSave;
}

/** G-PA3: which missile weapons can parry at all (bow, crossbow, staff sling; not a sling). */
export function ensureMissileParry(weapon: GreyhawkWeapon): void {
  const ok =
    weapon.kind === 'bow' ||
    weapon.kind === 'lightCrossbow' ||
    weapon.kind === 'heavyCrossbow' ||
    weapon.kind === 'handCrossbow' ||
    weapon.kind === 'staffSling';
  ensure(ok, 'PDA.Error.Greyhawk.CannotParryWith', { weapon: weapon.name });
}

/**
 * G-PA3: after a successful parry with a missile weapon: a mundane one is ruined for shooting, a
 * magic one loses +1; either way it saves vs crushing blow or is destroyed.
 */
export function missileParryWear(
  weapon: GreyhawkWeapon,
  alreadyRuined: boolean,
  dice: Dice,
): MissileParryWear {
  ensureMissileParry(weapon);
  const magic = weapon.magic > 0;
  const worn: GreyhawkWeapon = magic ? { ...weapon, magic: weapon.magic - 1 } : weapon;
  const save = itemSaveCrushingBlow(weapon.material ?? 'wood', 0, dice);
  return { weapon: worn, ruinedForShooting: alreadyRuined || !magic, destroyed: !save.saved, save };
}

/** G-PA4 DMG parry: AC better by half the level, +1 for warriors (declared before initiative). */
export function dmgParryAcBonus(c: GreyhawkCharacter): number {
  const level = isWarrior(c) ? warriorLevel(c) : topLevel(c);
  return -(Math.floor(level / 2) + (isWarrior(c) ? 1 : 0));
}

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
  readonly rusherCheck?: { readonly roll: number; readonly standing: boolean };
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
    return { attack, rusherCheck: { roll: r, standing: r <= c.dex }, ...common };
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
