import { RulesError } from '../../../../engine/core/errors';
import { roll, type RollResult } from '../../../../engine/dice/formula';
import type { Dice } from '../../../../engine/dice/port';
import {
  attackModifiers,
  judgeAttack,
  resolveAttack,
  rollDamage,
  type AttackContext,
  type AttackResult,
  type CalledShot,
  type Position,
} from '../../../../engine/greyhawk/attack';
import { ensureManoeuvreAllowed, thac0, topLevel } from '../../../../engine/greyhawk/character';
import {
  carveOrCut,
  contestantOf,
  pinTarget,
  planShieldPunch,
  resolveDisarm,
  resolveShieldRush,
  seizeObject,
  seizePerson,
  takeHostage,
  validateDisarm,
  validateShieldRush,
  type DisarmResult,
  type Grip,
  type HoldState,
  type Reaction,
  type SeizeObjectResult,
  type SeizePersonResult,
  type ShieldRushResult,
  type StayUpFactors,
  standardShield,
} from '../../../../engine/greyhawk/manoeuvres';
import type { GreyhawkOptions } from '../../../../engine/greyhawk/options';
import type {
  GreyhawkCharacter,
  GreyhawkWeapon,
  Modifier,
  ShieldKind,
  Size,
} from '../../../../engine/greyhawk/types';

/**
 * The engine side of the Greyhawk cards, pure: what one attack or manoeuvre needs (the choices of
 * the dialog plus both fighters' engine views), and how it runs in two parts. The attacker's part
 * rolls the d20 (and the damage); a manoeuvre's follow-up (disarm outcome G-D2/G-D5, STR contest
 * G-G1/G-G2, stay-up check G-SH2) is rolled later from the card by replaying the same engine call
 * with the dice already rolled, so the rules stay whole in src/engine.
 */

export const MANOEUVRES = [
  'normal',
  'disarm',
  'expertDisarm',
  'seizeObject',
  'seizePerson',
  'shieldPunch',
  'shieldRush',
] as const;
export type Manoeuvre = (typeof MANOEUVRES)[number];

export const MANOEUVRE_RULE: Readonly<Record<Manoeuvre, string>> = {
  normal: '',
  disarm: 'G-D1',
  expertDisarm: 'G-D5',
  seizeObject: 'G-G1',
  seizePerson: 'G-G2',
  shieldPunch: 'G-SH1',
  shieldRush: 'G-SH2',
};

/** What a called shot aims at (G-C1): carving, cutting, pinning and hostage run the engine's rule. */
export const CALLED_PURPOSES = ['', 'initials', 'clothing', 'pin', 'hostage', 'other'] as const;
export type CalledPurpose = (typeof CALLED_PURPOSES)[number];

export const POSITIONS: readonly Position[] = ['standing', 'kneeling', 'sitting', 'prone', 'helpless'];
export const GRIPS: readonly Grip[] = ['oneHanded', 'twoHanded', 'shield'];

/** The dialog's choices, stored on the card. */
export interface GreyhawkChoices {
  readonly manoeuvre: Manoeuvre;
  readonly calledShot: CalledShot;
  readonly purpose: CalledPurpose;
  readonly position: Position;
  /** Disarm: what the victim holds (G-D2 two-handed, G-D3 shield). */
  readonly grip: Grip;
  /** G-D2: disarms already landed on that two-handed weapon this round. */
  readonly earlierDisarms: number;
  /** Seizing: the attacker's free hands (G-G1). */
  readonly freeHands: number;
  /** Shield rush: run-up in metres and declaration before initiative (G-SH2). */
  readonly distance: number;
  readonly declared: boolean;
  readonly stayUp: StayUpFactors;
  /** Other situational modifier the GM grants. */
  readonly extra: number;
  /** G-C1 pin: a wall or furniture behind the target. */
  readonly nearWall: boolean;
}

export const DEFAULT_CHOICES: GreyhawkChoices = {
  manoeuvre: 'normal',
  calledShot: 0,
  purpose: '',
  position: 'standing',
  grip: 'oneHanded',
  earlierDisarms: 0,
  freeHands: 1,
  distance: 6,
  declared: true,
  stayUp: {},
  extra: 0,
  nearWall: true,
};

/** Both fighters as the engine sees them. */
export interface Fighters {
  readonly attacker: GreyhawkCharacter;
  readonly weapon: GreyhawkWeapon;
  readonly attackerShield?: ShieldKind;
  readonly defender: GreyhawkCharacter;
  readonly defenderAc: number;
  readonly defenderSize: Size;
  readonly defenderDex: number;
  /** The defender's current hold (G-G2), read from its conditions; G-C1 hostage needs one. */
  readonly defenderHold?: HoldState;
}

export interface DamageView {
  readonly formula: string;
  readonly dice: readonly number[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
}

/** The attacker's part of a card: the attack (and damage), and the dice a follow-up replays. */
export interface FirstPart {
  readonly attack: AttackResult;
  readonly damage?: DamageView;
  /** Dice rolled so far, replayed first by the follow-up. */
  readonly dice: readonly number[];
  /** The follow-up was settled at once (a miss, G-D2 first knock off line…). */
  readonly outcome?: Outcome;
  /** A follow-up roll is still to be made from the card. */
  readonly pending: boolean;
  /** G-C1 the called shot's purpose as the engine resolved it (on a hit). */
  readonly called?: CalledOutcome;
}

/** What a called shot achieved (G-C1). */
export interface CalledOutcome {
  readonly purpose: 'initials' | 'clothing' | 'pin' | 'hostage';
  readonly reaction?: Reaction;
  /** Carved letter (initials). */
  readonly letter?: string;
  /** Rounds the pin holds by itself. */
  readonly pinnedRounds?: number;
  readonly bladeAtThroat?: boolean;
}

/** Conditions the card writes on the target (G-C1, G-D1, G-G2, G-SH2). */
export interface ConditionPatch {
  pinned?: number;
  held?: boolean;
  heldRounds?: number;
  bladeAtThroat?: boolean;
  disarmed?: boolean;
  prone?: boolean;
  /** The letter to add to those carved. */
  carve?: string;
  clothingCut?: boolean;
}

/** The conditions an attack's result puts on the target (empty when none). */
export function conditionPatch(first: FirstPart | undefined, outcome: Outcome | undefined): ConditionPatch {
  const p: ConditionPatch = {};
  const c = first?.called;
  if (c?.purpose === 'initials' && c.letter) p.carve = c.letter;
  if (c?.purpose === 'clothing') p.clothingCut = true;
  if (c?.pinnedRounds) p.pinned = c.pinnedRounds;
  if (c?.bladeAtThroat) p.bladeAtThroat = true;
  if (
    outcome?.kind === 'disarm' &&
    (outcome.result.effect === 'disarmed' || outcome.result.effect === 'thrown')
  )
    p.disarmed = true;
  if (outcome?.kind === 'seizePerson' && outcome.result.hold) {
    p.held = true;
    p.heldRounds = outcome.result.hold.rounds;
  }
  if (outcome?.kind === 'shieldRush' && outcome.result.stayUp?.standing === false) p.prone = true;
  return p;
}

export type Outcome =
  | { readonly kind: 'disarm'; readonly result: DisarmResult }
  | { readonly kind: 'seizeObject'; readonly result: SeizeObjectResult }
  | { readonly kind: 'seizePerson'; readonly result: SeizePersonResult }
  | { readonly kind: 'shieldRush'; readonly result: ShieldRushResult };

const shieldOf = standardShield;

function extraMods(c: GreyhawkChoices): Modifier[] {
  return c.extra ? [{ source: 'base', label: 'PDA.Greyhawk.Cards.Mod.Situational', value: c.extra }] : [];
}

function context(f: Fighters, c: GreyhawkChoices): AttackContext {
  return {
    attacker: f.attacker,
    weapon: f.weapon,
    target: { ac: f.defenderAc, size: f.defenderSize, position: c.position, name: f.defender.name },
    ...(c.calledShot ? { calledShot: c.calledShot } : {}),
    extra: extraMods(c),
  };
}

/** Checks a manoeuvre before any die is rolled; throws the engine's RulesError. */
export function validate(f: Fighters, c: GreyhawkChoices): void {
  const ctx = context(f, c);
  switch (c.manoeuvre) {
    case 'disarm':
    case 'expertDisarm':
      validateDisarm(disarmContext(f, c, ctx));
      return;
    case 'seizeObject':
    case 'seizePerson':
      if (c.freeHands < 1) throw new RulesError('PDA.Error.Greyhawk.NoFreeHand', { name: f.attacker.name });
      return;
    case 'shieldPunch':
      if (!f.attackerShield) throw new RulesError('PDA.Error.Greyhawk.NoShield', { name: f.attacker.name });
      planShieldPunch(f.attacker, shieldOf(f.attackerShield), 'instead');
      return;
    case 'shieldRush':
      if (!f.attackerShield) throw new RulesError('PDA.Error.Greyhawk.NoShield', { name: f.attacker.name });
      validateShieldRush({ shield: shieldOf(f.attackerShield), distance: c.distance, declared: c.declared });
      return;
    default:
      if (c.calledShot && c.purpose !== '' && c.purpose !== 'other')
        ensureManoeuvreAllowed(f.attacker, f.weapon);
  }
}

function disarmContext(f: Fighters, c: GreyhawkChoices, ctx: AttackContext) {
  return {
    ...ctx,
    victimGrip: c.grip,
    victimLevel: topLevel(f.defender) || (f.defender.monster?.hitDice ?? 0),
    expert: c.manoeuvre === 'expertDisarm',
    earlierDisarmsThisRound: c.earlierDisarms,
  };
}

/** The whole manoeuvre as one engine call (the follow-up replays its first dice). */
function manoeuvreRun(f: Fighters, c: GreyhawkChoices, o: GreyhawkOptions): (dice: Dice) => Outcome {
  const ctx = context(f, c);
  switch (c.manoeuvre) {
    case 'disarm':
    case 'expertDisarm':
      return (dice) => ({ kind: 'disarm', result: resolveDisarm(disarmContext(f, c, ctx), dice, o) });
    case 'seizeObject':
      return (dice) => ({
        kind: 'seizeObject',
        result: seizeObject({ ...ctx, freeHands: c.freeHands, defender: contestantOf(f.defender) }, dice, o),
      });
    case 'seizePerson':
      return (dice) => ({
        kind: 'seizePerson',
        result: seizePerson(
          {
            ...ctx,
            freeHands: c.freeHands,
            victimId: f.defender.id,
            victim: contestantOf(f.defender),
            victimSize: f.defender.size,
          },
          dice,
          o,
        ),
      });
    case 'shieldRush': {
      const shield = shieldOf(f.attackerShield ?? 'medium');
      return (dice) => ({
        kind: 'shieldRush',
        result: resolveShieldRush(
          {
            ...ctx,
            declaration: { shield, distance: c.distance, declared: c.declared },
            targetDex: f.defenderDex,
            targetStr: f.defender.str,
            ...(f.defender.strPercent !== undefined ? { targetStrPercent: f.defender.strPercent } : {}),
            stayUp: c.stayUp,
          },
          dice,
          o,
        ),
      });
    }
    default:
      throw new RulesError('PDA.Error.CardNoSuchAction');
  }
}

/** Dice the attacker's part rolls for a manoeuvre before its follow-up. */
const FIRST_DICE: Partial<Record<Manoeuvre, number>> = {
  disarm: 1,
  expertDisarm: 1,
  seizeObject: 1,
  seizePerson: 1,
  shieldRush: 2,
};

class Stop extends Error {}

function recording(dice: Dice, limit: number, seen: number[]): Dice {
  return {
    die(faces) {
      if (seen.length >= limit) throw new Stop('follow-up');
      const value = dice.die(faces);
      seen.push(value);
      return value;
    },
  };
}

function replaying(values: readonly number[], rest: Dice): Dice {
  let i = 0;
  return {
    die(faces) {
      const v = values[i];
      i += 1;
      return v ?? rest.die(faces);
    },
  };
}

const diceOf = (r: RollResult): number[] => r.terms.flatMap((t) => t.dice.map((d) => d.value));

const ONES: Dice = { die: () => 1 };

function damageView(formula: string, dice: readonly number[], mods: readonly Modifier[], total: number) {
  return { formula, dice: [...dice], modifiers: [...mods], total };
}

/** The attacker's part: validation, the d20, damage for a plain attack or a shield punch. */
export function firstPart(f: Fighters, c: GreyhawkChoices, o: GreyhawkOptions): (dice: Dice) => FirstPart {
  validate(f, c);
  const ctx = context(f, c);
  if (c.manoeuvre === 'normal' && c.calledShot && isEnginePurpose(c.purpose))
    return calledRun(f, c, ctx, c.purpose, o);
  if (c.manoeuvre === 'normal') {
    return (dice) => {
      const attack = resolveAttack(ctx, dice, o);
      if (attack.outcome !== 'hit') return { attack, dice: [], pending: false };
      const d = rollDamage(ctx, dice);
      return {
        attack,
        damage: damageView(d.roll.formula, diceOf(d.roll), d.modifiers, d.total),
        dice: [],
        pending: false,
      };
    };
  }
  if (c.manoeuvre === 'shieldPunch') {
    const plan = planShieldPunch(f.attacker, shieldOf(f.attackerShield ?? 'small'), 'instead', o);
    const positional = attackModifiers({ ...ctx, weapon: { ...f.weapon, magic: 0, base: '' } }, o).filter(
      (m) => m.source === 'G-P1' || m.source === 'G-C1',
    );
    return (dice) => {
      const attack = judgeAttack(
        dice.die(20),
        thac0(f.attacker),
        f.defenderAc,
        [...plan.modifiers, ...positional, ...extraMods(c)],
        o,
      );
      if (attack.outcome !== 'hit') return { attack, dice: [], pending: false };
      const r = roll(plan.damage, dice, { d3FromD6: false });
      return {
        attack,
        damage: damageView(plan.damage, diceOf(r), [], Math.max(1, r.total)),
        dice: [],
        pending: false,
      };
    };
  }
  const run = manoeuvreRun(f, c, o);
  const limit = FIRST_DICE[c.manoeuvre] ?? 1;
  return (dice) => {
    const seen: number[] = [];
    try {
      const outcome = run(recording(dice, limit, seen));
      return { attack: outcome.result.attack, ...rushDamage(outcome), dice: seen, outcome, pending: false };
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      const preview = run(replaying(seen, ONES));
      return { attack: preview.result.attack, ...rushDamage(preview), dice: seen, pending: true };
    }
  };
}

type EnginePurpose = CalledOutcome['purpose'];
const isEnginePurpose = (p: CalledPurpose): p is EnginePurpose =>
  p === 'initials' || p === 'clothing' || p === 'pin' || p === 'hostage';

/** G-C1 the called shot's purpose through the engine: carve, cut, pin or blade at the throat. */
function calledRun(
  f: Fighters,
  c: GreyhawkChoices,
  ctx: AttackContext,
  purpose: EnginePurpose,
  o: GreyhawkOptions,
): (dice: Dice) => FirstPart {
  const victimLevel = topLevel(f.defender) || (f.defender.monster?.hitDice ?? 0);
  if (purpose === 'initials' || purpose === 'clothing') {
    // Validate before any die (edge, proficiency): a refusal rolls nothing.
    carveOrCut(ctx, purpose, victimLevel, { die: () => 1 }, o);
    return (dice) => {
      const r = carveOrCut(ctx, purpose, victimLevel, dice, o);
      if (r.attack.outcome !== 'hit') return { attack: r.attack, dice: [], pending: false };
      const letter = purpose === 'initials' ? (f.attacker.name.trim()[0] ?? '?').toUpperCase() : undefined;
      return {
        attack: r.attack,
        ...(r.damage > 0 ? { damage: damageView('1', [], [], r.damage) } : {}),
        dice: [],
        pending: false,
        called: {
          purpose,
          ...(r.reaction ? { reaction: r.reaction } : {}),
          ...(letter ? { letter } : {}),
        },
      };
    };
  }
  if (purpose === 'pin') {
    pinTarget(ctx, c.nearWall, { die: () => 1 }, o);
    return (dice) => {
      const r = pinTarget(ctx, c.nearWall, dice, o);
      return {
        attack: r.attack,
        dice: [],
        pending: false,
        ...(r.pinned ? { called: { purpose, pinnedRounds: r.pinned.roundsLeft } } : {}),
      };
    };
  }
  const hold = f.defenderHold ?? { holderId: f.attacker.id, victimId: f.defender.id, rounds: 0 };
  takeHostage(hold, ctx, { die: () => 1 }, o);
  return (dice) => {
    const r = takeHostage(hold, ctx, dice, o);
    return {
      attack: r.attack,
      dice: [],
      pending: false,
      ...(r.hold.bladeAtThroat ? { called: { purpose, bladeAtThroat: true } } : {}),
    };
  };
}

function rushDamage(o: Outcome): { damage?: DamageView } {
  if (o.kind !== 'shieldRush' || o.result.damage === undefined) return {};
  const rolled = o.result.damageRoll ?? 0;
  const str = o.result.damage - rolled;
  const mods: Modifier[] = str ? [{ source: 'base', label: 'PDA.Greyhawk.Mod.Strength', value: str }] : [];
  return { damage: damageView('1d3', [rolled], mods, o.result.damage) };
}

/** The follow-up: the same engine call, its first dice replayed, the rest rolled now. */
export function followUp(
  f: Fighters,
  c: GreyhawkChoices,
  o: GreyhawkOptions,
  first: readonly number[],
): (dice: Dice) => Outcome {
  const run = manoeuvreRun(f, c, o);
  return (dice) => run(replaying(first, dice));
}
