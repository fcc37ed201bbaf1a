import { RulesError } from '../core/errors';
import { canSprint, chaseGain, climb, withinRange, type Vec3 } from './movement';
import { effectiveMouvement } from './reload';
import type { FantasiaCombatant, RuleId } from './types';

/**
 * A chase played round by round (F-M1 to F-M4), as the GM's chase tool shows it. Each runner runs
 * at its Mouvement this round (F-M1: halved by Casse-pied, nil when it cannot move, F-B7), at full
 * speed for as many rounds as its CON (F-M3), then at half speed (ruling, as simulateChase). Each
 * pursuer gains (its speed − the pursued's speed) metres a round on each fleeing runner (F-M2);
 * the gap closing to 0 means caught. Flyers spend their Mouvement in three dimensions (F-M4).
 */

export type ChaseRole = 'pursuer' | 'pursued';

export interface ChaseRunner {
  readonly id: string;
  readonly name: string;
  readonly role: ChaseRole;
  /** Mouvement on the sheet. */
  readonly base: number;
  /** Mouvement this round after Casse-pied / Faucheuse / holds (F-M1, F-B7). */
  readonly mouvement: number;
  readonly con: number;
  /** Rounds sprinted so far in this chase (F-M3). */
  readonly sprinted: number;
}

export interface ChasePair {
  readonly pursuer: string;
  readonly pursued: string;
  /** Metres between them. */
  readonly gap: number;
  /** Round in which the gap closed (the pursued is caught), if it did. */
  readonly caughtInRound?: number;
}

export interface ChaseState {
  readonly round: number;
  readonly runners: readonly ChaseRunner[];
  readonly pairs: readonly ChasePair[];
}

/** The runner of a combatant: its Mouvement now and its CON (F-M1, F-M3). */
export function runnerOf(c: FantasiaCombatant, role: ChaseRole): ChaseRunner {
  return {
    id: c.id,
    name: c.name,
    role,
    base: c.mouvement,
    mouvement: effectiveMouvement(c),
    con: c.characteristics.CON,
    sprinted: c.states.sprintRounds ?? 0,
  };
}

/** F-M3: true when the runner has sprinted as many rounds as its CON. */
export function isTired(r: ChaseRunner): boolean {
  return !canSprint(r.con, r.sprinted);
}

/** Metres the runner covers next round: its Mouvement, halved once tired (F-M3, ruling). */
export function speedOf(r: ChaseRunner): number {
  return isTired(r) ? r.mouvement / 2 : r.mouvement;
}

/** Sprint rounds left before the runner tires (F-M3). */
export function sprintLeft(r: ChaseRunner): number {
  return Math.max(0, r.con - r.sprinted);
}

/**
 * Starts a chase: every pursuer against every fleeing runner, at the gaps measured on the scene
 * (`gap(pursuerId, pursuedId)`). Refused without a runner on each side.
 */
export function startChase(
  runners: readonly ChaseRunner[],
  gap: (pursuer: string, pursued: string) => number,
): ChaseState {
  const pursuers = runners.filter((r) => r.role === 'pursuer');
  const pursued = runners.filter((r) => r.role === 'pursued');
  if (!pursuers.length || !pursued.length) throw new RulesError('PDA.Chase.Error.sides', { rule: 'F-M2' });
  const pairs: ChasePair[] = [];
  for (const a of pursuers)
    for (const b of pursued) {
      const g = gap(a.id, b.id);
      if (!Number.isFinite(g) || g < 0) throw new RulesError('PDA.Chase.Error.gap', { rule: 'F-M2' });
      pairs.push({ pursuer: a.id, pursued: b.id, gap: Math.round(g * 10) / 10 });
    }
  return { round: 0, runners: [...runners], pairs };
}

export interface ChaseEvent {
  readonly kind: 'tired' | 'caught';
  readonly runner: string;
  /** For 'caught': the pursuer. */
  readonly by?: string;
  readonly rule: RuleId;
}

/** One round of the chase: gaps close by the gains, sprint counts go up, who tires, who is caught. */
export function chaseRound(state: ChaseState): { state: ChaseState; events: ChaseEvent[] } {
  const round = state.round + 1;
  const byId = new Map(state.runners.map((r) => [r.id, r]));
  const events: ChaseEvent[] = [];
  const pairs = state.pairs.map((p) => {
    if (p.caughtInRound !== undefined) return p;
    const a = byId.get(p.pursuer)!;
    const b = byId.get(p.pursued)!;
    const gap = Math.round((p.gap - chaseGain(speedOf(a), speedOf(b))) * 10) / 10;
    if (gap <= 0) {
      events.push({ kind: 'caught', runner: b.id, by: a.id, rule: 'F-M2' });
      return { ...p, gap: 0, caughtInRound: round };
    }
    return { ...p, gap };
  });
  const runners = state.runners.map((r) => {
    const running = r.mouvement > 0 && !isTired(r);
    const next = running ? { ...r, sprinted: r.sprinted + 1 } : r;
    if (running && isTired(next)) events.push({ kind: 'tired', runner: r.id, rule: 'F-M3' });
    return next;
  });
  return { state: { round, runners, pairs }, events };
}

/** Rounds until the pair's gap closes, playing on with tiredness (F-M2, F-M3); undefined: never. */
export function roundsToClose(state: ChaseState, pair: ChasePair, maxRounds = 200): number | undefined {
  if (pair.caughtInRound !== undefined) return 0;
  let s: ChaseState = { ...state, pairs: [pair] };
  for (let n = 1; n <= maxRounds; n++) {
    s = chaseRound(s).state;
    if (s.pairs[0]!.caughtInRound !== undefined) return n;
    const a = s.runners.find((r) => r.id === pair.pursuer)!;
    const b = s.runners.find((r) => r.id === pair.pursued)!;
    if (isTired(a) && isTired(b) && speedOf(a) <= speedOf(b)) return undefined;
  }
  return undefined;
}

/** F-M4: a flyer rises (or dives) by its Mouvement this round. */
export function flyUp(runner: ChaseRunner, at: Vec3, up = true): Vec3 {
  return climb(at, speedOf(runner), up);
}

/** F-M4: is a weapon of `range` metres still in reach across the three dimensions? */
export function inReach(shooter: Vec3, target: Vec3, range: number): { inRange: boolean; distance: number } {
  const r = withinRange(shooter, target, range);
  return { inRange: r.inRange, distance: Math.round(r.distance * 10) / 10 };
}

/**
 * F-M4: a pair's gap after one of them climbs or dives, the chase keeping its own gaps (the
 * rounds move no token): the ground part of the gap stays what the rounds made it, the height
 * between them becomes `riseAfter`.
 */
export function gapAfterClimb(gap: number, riseBefore: number, riseAfter: number): number {
  const ground = Math.sqrt(Math.max(0, gap * gap - riseBefore * riseBefore));
  return Math.round(Math.hypot(ground, riseAfter) * 10) / 10;
}
