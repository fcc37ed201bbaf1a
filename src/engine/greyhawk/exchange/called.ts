import type { Dice } from '../../dice/port';
import { type AttackContext } from '../attack';
import { topLevel } from '../character';
import { carveOrCut, pinTarget, takeHostage } from '../manoeuvres';
import type { GreyhawkOptions } from '../options';
import type { Modifier } from '../types';
import {
  type CalledOutcome,
  type CalledPurpose,
  type DamageView,
  type Fighters,
  type FirstPart,
  type GreyhawkChoices,
  type Outcome,
} from './choices';
import { damageView, manoeuvreRun, replaying } from './run';

type EnginePurpose = CalledOutcome['purpose'];
export const isEnginePurpose = (p: CalledPurpose): p is EnginePurpose =>
  p === 'initials' || p === 'clothing' || p === 'pin' || p === 'hostage';

/** G-C1 the called shot's purpose through the engine: carve, cut, pin or blade at the throat. */
export function calledRun(
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

export function rushDamage(o: Outcome): { damage?: DamageView } {
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
