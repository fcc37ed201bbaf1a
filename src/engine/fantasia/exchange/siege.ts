import { RulesError } from '../../core/errors';
import {
  reverseEffects,
  type CommonEffect,
  type ExchangeAction,
  type ExchangeMachine,
  type ExchangeStep,
} from '../../core/exchange';
import type { Dice } from '../../dice/port';
import { distance3, type Vec3 } from '../movement';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../options';
import type { PercentRoll } from '../resolution';
import { fireSiegeEngine } from '../siege';
import { skillValue } from '../skills';
import type { FantasiaCombatant, SiegeEngine } from '../types';

/**
 * A siege engine's shot as a card exchange (F-S1, F-S2). Opening the card rolls the crew's Art de
 * la guerre and each man's damage; the GM then applies the damage to every man the engine struck
 * (and knocks the kraf's victims down), and may undo it while nobody's PV changed since.
 *
 * Who is struck is the engine's shape on the scene, measured in metres (`at`, altitude as z):
 * - a catapult lands on the first target; the others take the splash within its radius (3 m);
 * - a ballista or a kraf strikes the men on the line from the engine through the farthest man
 *   (ruling: within 1 m of it), nearest first, as many as the engine pierces (ballista 3, kraf
 *   all), and within its range;
 * - a single-shot engine (bombarde) strikes one target.
 * Without positions (a target off the scene), the user's choice of targets stands.
 */

/** Distance off the line (m) at which a man still stands in a ballista's or a kraf's line. */
export const SIEGE_LINE_TOLERANCE = 1;

export interface SiegeTargetInput {
  readonly combatant: FantasiaCombatant;
  /** Position on the scene in metres (z: altitude); absent when unknown. */
  readonly at?: Vec3;
}

export interface SiegeShotInput {
  readonly engine: SiegeEngine;
  readonly crew: readonly FantasiaCombatant[];
  /** The engine's position (its servant's token), if known. */
  readonly at?: Vec3;
  /** Distance to the aim when positions are unknown (entered by the user). */
  readonly distance?: number;
  /** In the user's order: the first is the catapult's point of impact. */
  readonly targets: readonly SiegeTargetInput[];
}

/** How a target stands to the shot. */
export type SiegeZone = 'impact' | 'line' | 'around';
export type SiegeSpared = 'outOfArea' | 'offLine' | 'outOfRange' | 'pierced';

export interface SiegeHitRecord {
  /** Index in the card's targets. */
  readonly target: number;
  readonly zone: SiegeZone;
  readonly formula: string;
  readonly raw: number;
  readonly armour: number;
  readonly total: number;
  readonly knockBack: boolean;
}

export interface SiegeState {
  readonly engine: SiegeEngine;
  readonly crew: readonly { readonly id: string; readonly name: string; readonly skill: number }[];
  readonly gunnerId: string;
  /** Metres from the engine to its aim (impact, or the farthest man struck). */
  readonly distance: number;
  readonly roll: PercentRoll;
  readonly hits: readonly SiegeHitRecord[];
  readonly spared: readonly { readonly target: number; readonly why: SiegeSpared }[];
  /** The effects written by "apply" (kept to undo them), or null. */
  readonly applied: readonly CommonEffect[] | null;
}

/** What the machine reads of the targets now: their PV and whether they are down. */
export interface SiegeView {
  readonly targets: readonly { readonly pv: number; readonly fallen: boolean }[];
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** Distance from `p` to the line through `a` and `b` (to `a` when they coincide). */
function offLine(a: Vec3, b: Vec3, p: Vec3): number {
  const ab = { x: b.x - a.x, y: b.y - a.y, z: b.z - a.z };
  const len = Math.hypot(ab.x, ab.y, ab.z);
  if (len === 0) return distance3(a, p);
  const ap = { x: p.x - a.x, y: p.y - a.y, z: p.z - a.z };
  const cross = {
    x: ab.y * ap.z - ab.z * ap.y,
    y: ab.z * ap.x - ab.x * ap.z,
    z: ab.x * ap.y - ab.y * ap.x,
  };
  return Math.hypot(cross.x, cross.y, cross.z) / len;
}

interface Plan {
  readonly direct: number[];
  readonly around: number[];
  readonly spared: { target: number; why: SiegeSpared }[];
  readonly distance: number;
}

function unknownDistance(engine: SiegeEngine): never {
  throw new RulesError('PDA.Siege.Error.noDistance', { rule: 'F-S2', weapon: engine.name });
}

/** Who the shot strikes and how far it flies (the rules above). */
export function siegeArea(input: SiegeShotInput): Plan {
  const { engine, targets, at } = input;
  if (targets.length === 0)
    throw new RulesError('PDA.Error.SiegeTargets', { rule: 'F-S2', max: engine.line?.max ?? 1, targets: 0 });
  const dist = (i: number): number | undefined => {
    const p = targets[i]?.at;
    return at && p ? distance3(at, p) : undefined;
  };
  if (engine.line) {
    const order = targets.map((_, i) => i);
    const known = order.every((i) => dist(i) !== undefined);
    if (!known) {
      const d = input.distance ?? unknownDistance(engine);
      return {
        direct: order.slice(0, engine.line.max),
        around: [],
        spared: order.slice(engine.line.max).map((target) => ({ target, why: 'pierced' as const })),
        distance: d,
      };
    }
    order.sort((a, b) => dist(a)! - dist(b)!);
    const spared: { target: number; why: SiegeSpared }[] = [];
    const inRange = order.filter((i) => {
      if (dist(i)! <= engine.range) return true;
      spared.push({ target: i, why: 'outOfRange' });
      return false;
    });
    if (inRange.length === 0)
      return { direct: [order[0]!], around: [], spared: [], distance: dist(order[0]!)! };
    const far = targets[inRange[inRange.length - 1]!]!.at!;
    const onLine = inRange.filter((i) => {
      if (offLine(at!, far, targets[i]!.at!) <= SIEGE_LINE_TOLERANCE) return true;
      spared.push({ target: i, why: 'offLine' });
      return false;
    });
    const direct = onLine.slice(0, engine.line.max);
    for (const i of onLine.slice(engine.line.max)) spared.push({ target: i, why: 'pierced' });
    return { direct, around: [], spared, distance: dist(direct[direct.length - 1]!)! };
  }
  const distance = dist(0) ?? input.distance ?? unknownDistance(engine);
  if (!engine.splash) {
    if (targets.length > 1)
      throw new RulesError('PDA.Error.SiegeTargets', { rule: 'F-S2', max: 1, targets: targets.length });
    return { direct: [0], around: [], spared: [], distance };
  }
  const impact = targets[0]!.at;
  const around: number[] = [];
  const spared: { target: number; why: SiegeSpared }[] = [];
  for (let i = 1; i < targets.length; i++) {
    const p = targets[i]!.at;
    if (!impact || !p || distance3(impact, p) <= engine.splash.radius) around.push(i);
    else spared.push({ target: i, why: 'outOfArea' });
  }
  return { direct: [0], around, spared, distance };
}

/** Opens the card: the crew's roll and every struck man's damage (F-S1, F-S2). */
export function openSiegeShot(
  input: SiegeShotInput,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { step: 'fired'; state: SiegeState } {
  const plan = siegeArea(input);
  const combatant = (i: number): FantasiaCombatant => input.targets[i]!.combatant;
  const result = fireSiegeEngine(
    {
      engine: input.engine,
      crew: input.crew,
      distance: round1(plan.distance),
      targets: plan.direct.map(combatant),
      ...(plan.around.length ? { around: plan.around.map(combatant) } : {}),
    },
    dice,
    options,
  );
  const zoneOf = (n: number): { target: number; zone: SiegeZone } =>
    n < plan.direct.length
      ? { target: plan.direct[n]!, zone: input.engine.line ? 'line' : 'impact' }
      : { target: plan.around[n - plan.direct.length]!, zone: 'around' };
  const hits = result.hits.map((h, n) => ({
    ...zoneOf(n),
    formula: h.formula,
    raw: h.raw,
    armour: h.armour,
    total: h.total,
    knockBack: h.knockBack,
  }));
  return {
    step: 'fired',
    state: {
      engine: input.engine,
      crew: input.crew.map((c) => ({ id: c.id, name: c.name, skill: skillValue(c, 'artDeLaGuerre') })),
      gunnerId: result.gunnerId,
      distance: round1(plan.distance),
      roll: result.roll,
      hits,
      spared: plan.spared,
      applied: null,
    },
  };
}

/** The effects of applying the hits to the targets as they are now. */
function applyEffects(state: SiegeState, view: SiegeView): CommonEffect[] {
  const out: CommonEffect[] = [];
  for (const h of state.hits) {
    const now = view.targets[h.target];
    if (!now) continue;
    const fighter = `target:${h.target}` as const;
    if (h.total > 0)
      out.push({ type: 'resource', fighter, resource: 'pv', from: now.pv, to: now.pv - h.total });
    if (h.knockBack && !now.fallen) out.push({ type: 'condition', fighter, status: 'fallen', on: true });
  }
  return out;
}

/** True when every effect still holds (nothing changed the targets since). */
function stillHolds(effects: readonly CommonEffect[], view: SiegeView): boolean {
  return effects.every((e) => {
    const i = Number(e.fighter.split(':')[1]);
    const now = view.targets[i];
    if (!now) return false;
    if (e.type === 'resource') return now.pv === e.to;
    if (e.type === 'condition') return now.fallen === e.on;
    return true;
  });
}

export const siegeExchange: ExchangeMachine<SiegeState, SiegeView, CommonEffect> = {
  id: 'fantasia.siege',
  actions(step, state, view): ExchangeAction[] {
    if (step === 'fired' && state.roll.success && state.hits.length > 0)
      return [
        {
          id: 'apply',
          label: { key: 'PDA.Siege.Action.apply' },
          side: 'gm',
          rule: 'F-S2',
          style: 'primary',
        },
      ];
    if (step === 'applied' && state.applied) {
      const stale = !stillHolds(state.applied, view);
      return [
        {
          id: 'undo',
          label: { key: 'PDA.Siege.Action.undo' },
          side: 'gm',
          style: 'danger',
          ...(stale ? { refused: { rule: 'F-S2', key: 'PDA.Siege.Refusal.changed' } } : {}),
        },
      ];
    }
    return [];
  },
  perform(step, state, view, actionId): ExchangeStep<SiegeState, CommonEffect> {
    if (step === 'fired' && actionId === 'apply') {
      const effects = applyEffects(state, view);
      return {
        step: 'applied',
        state: { ...state, applied: effects },
        effects,
        undo: reverseEffects(effects),
      };
    }
    if (step === 'applied' && actionId === 'undo' && state.applied) {
      const effects = reverseEffects(state.applied);
      return { step: 'fired', state: { ...state, applied: null }, effects, undo: [] };
    }
    throw new RulesError('PDA.Siege.Error.noAction');
  },
};
