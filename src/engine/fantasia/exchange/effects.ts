import { canonical } from '../../core/canonical';
import type { CommonEffect, ConditionEffect, FighterRef, ResourceEffect } from '../../core/exchange';
import { reverseEffect } from '../../core/exchange';
import type { FightMemory } from '../bottes';
import { timedRecords, type TimedState } from '../timed';
import type { FantasiaCombatant, FantasiaStates } from '../types';

/**
 * The effects of a Fantasia exchange. A fighter's PV are a `pv` resource; each of its states is a
 * condition named after the state (timed ones carry their length in rounds, F-H6, F-B7, F-H7),
 * with the state's value in `data.value`. Besides the common effects: the crosses a thrust earned
 * (F-B6), the fight's memory of thrusts seen (F-B5), a parry spent from the round's budget
 * (F-D2) and a reload countdown given to the round (F-W6).
 */
export interface ThrustCrossesEffect {
  readonly type: 'crosses';
  readonly fighter: FighterRef;
  readonly thrustId: string;
  readonly from: number;
  readonly to: number;
}

export interface FightMemoryEffect {
  readonly type: 'memory';
  readonly from: FightMemory;
  readonly to: FightMemory;
}

export interface ParrySpentEffect {
  readonly type: 'parrySpent';
  readonly fighter: FighterRef;
}

export interface ReloadCountdownEffect {
  readonly type: 'reloadCountdown';
  readonly fighter: FighterRef;
  readonly weaponId: string;
  /** Reload rounds, already doubled (too much powder). */
  readonly rounds: number;
}

export type FantasiaEffect =
  CommonEffect | ThrustCrossesEffect | FightMemoryEffect | ParrySpentEffect | ReloadCountdownEffect;

export const PV = 'pv';

type Fighter = Pick<FantasiaCombatant, 'pv' | 'states'>;

function stateConditions(
  fighter: FighterRef,
  before: FantasiaStates,
  after: FantasiaStates,
): ConditionEffect[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const rounds = timedRecords(after);
  const out: ConditionEffect[] = [];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  for (const key of keys) {
    const was = b[key];
    const now = a[key];
    if (canonical(was ?? null) === canonical(now ?? null)) continue;
    if (was !== undefined && was !== false)
      out.push({ type: 'condition', fighter, status: key, on: false, data: { value: canonical(was) } });
    if (now !== undefined && now !== false) {
      const length = rounds[key as TimedState]?.rounds;
      out.push({
        type: 'condition',
        fighter,
        status: key,
        on: true,
        ...(length !== undefined ? { rounds: length } : {}),
        data: { value: canonical(now) },
      });
    }
  }
  return out;
}

/** The effects that take a fighter from `before` to `after` (PV, then each state). */
export function fighterEffects(fighter: FighterRef, before: Fighter, after: Fighter): FantasiaEffect[] {
  const out: FantasiaEffect[] = [];
  if (before.pv.value !== after.pv.value) {
    const pv: ResourceEffect = {
      type: 'resource',
      fighter,
      resource: PV,
      from: before.pv.value,
      to: after.pv.value,
    };
    out.push(pv);
  }
  out.push(...stateConditions(fighter, before.states, after.states));
  return out;
}

/** A fighter with `effects` (those naming it) applied: PV and states set to their new values. */
export function applyFighterEffects<F extends Fighter>(
  fighter: F,
  ref: FighterRef,
  effects: readonly FantasiaEffect[],
): F {
  let pv = fighter.pv;
  const states = { ...(fighter.states as Record<string, unknown>) };
  for (const e of effects) {
    if (!('fighter' in e) || e.fighter !== ref) continue;
    if (e.type === 'resource' && e.resource === PV) pv = { ...pv, value: e.to };
    if (e.type === 'condition') {
      if (e.on) states[e.status] = JSON.parse(String(e.data?.value ?? 'true')) as unknown;
      else delete states[e.status];
    }
  }
  return { ...fighter, pv, states: states as FantasiaStates };
}

/** True when some effect changes this fighter's PV or states. */
export function touches(ref: FighterRef, effects: readonly FantasiaEffect[]): boolean {
  return effects.some((e) => (e.type === 'resource' || e.type === 'condition') && e.fighter === ref);
}

/** The effect undoing `effect`; undefined for those that cannot be undone (round budgets). */
export function reverseFantasiaEffect(effect: FantasiaEffect): FantasiaEffect | undefined {
  switch (effect.type) {
    case 'resource':
    case 'item':
    case 'condition':
      return reverseEffect(effect);
    case 'crosses':
    case 'memory':
      return { ...effect, from: effect.to, to: effect.from } as FantasiaEffect;
    default:
      return undefined;
  }
}

/** The undo list of an effect list: each reversed, last first (budgets spent stay spent). */
export function reverseFantasiaEffects(effects: readonly FantasiaEffect[]): FantasiaEffect[] {
  return effects.flatMap((e) => reverseFantasiaEffect(e) ?? []).reverse();
}
