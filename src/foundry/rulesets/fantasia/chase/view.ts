import {
  isTired,
  roundsToClose,
  speedOf,
  sprintLeft,
  type ChaseEvent,
  type ChaseRole,
  type ChaseRunner,
  type ChaseState,
} from '../../../../engine/fantasia/chase';

/**
 * The chase tool's template context (pure: the gallery builds it from samples). Before the start
 * the GM sees each fighter's Mouvement now and picks a role; once it runs, one row per runner
 * (speed, sprint rounds against CON) and one per pursuer/pursued pair (gap, gain, rounds to
 * close, missile weapons in reach across the altitude).
 */

type T = (key: string, data?: Record<string, string | number>) => string;

export interface ChaseSetupRow {
  readonly id: string;
  readonly name: string;
  readonly role: ChaseRole | 'out';
  readonly base: number;
  readonly mouvement: number;
  readonly con: number;
  readonly elevation: number;
}

/** A pursuer's missile weapon against the 3-D distance to the pursued (F-M4). */
export interface ChaseReach {
  readonly pursuer: string;
  readonly pursued: string;
  readonly weapon: string;
  readonly range: number;
  readonly distance: number;
  readonly inRange: boolean;
}

export interface ChaseViewInput {
  readonly setup: readonly ChaseSetupRow[];
  readonly state: ChaseState | null;
  readonly elevations: Readonly<Record<string, number>>;
  readonly reach: readonly ChaseReach[];
  readonly events: readonly ChaseEvent[];
}

/** "8", or "4 (halved)", "0 (cannot move)": the Mouvement now against the sheet's (F-M1). */
export function mouvementLabel(base: number, now: number, t: T): string {
  if (now === base) return String(now);
  return `${now} (${t(now === 0 ? 'PDA.Chase.Mv.none' : 'PDA.Chase.Mv.halved', { base })})`;
}

function runnerRow(r: ChaseRunner, elevation: number, t: T) {
  const tired = isTired(r);
  return {
    id: r.id,
    name: r.name,
    role: t(`PDA.Chase.Role.${r.role}`),
    mouvement: mouvementLabel(r.base, r.mouvement, t),
    speed: speedOf(r),
    sprint: t('PDA.Chase.Sprint', { done: r.sprinted, con: r.con }),
    tired,
    status: tired ? t('PDA.Chase.Tired') : t('PDA.Chase.SprintLeft', { left: sprintLeft(r) }),
    elevation,
  };
}

export function chaseView(input: ChaseViewInput, t: T) {
  const { state } = input;
  const roles: (ChaseRole | 'out')[] = ['pursuer', 'pursued', 'out'];
  if (!state)
    return {
      running: false,
      setup: input.setup.map((r) => ({
        ...r,
        mouvementLabel: mouvementLabel(r.base, r.mouvement, t),
        roles: roles.map((value) => ({
          value,
          label: t(`PDA.Chase.Role.${value}`),
          selected: value === r.role,
        })),
      })),
    };
  const name = (id: string): string => state.runners.find((r) => r.id === id)?.name ?? '?';
  const byId = new Map(state.runners.map((r) => [r.id, r]));
  return {
    running: true,
    round: t('PDA.Chase.Round', { round: state.round }),
    runners: state.runners.map((r) => runnerRow(r, input.elevations[r.id] ?? 0, t)),
    pairs: state.pairs.map((p) => {
      const gain = speedOf(byId.get(p.pursuer)!) - speedOf(byId.get(p.pursued)!);
      const left = roundsToClose(state, p);
      return {
        pursuer: name(p.pursuer),
        pursued: name(p.pursued),
        gap: `${p.gap} m`,
        gain: t(gain >= 0 ? 'PDA.Chase.Gains' : 'PDA.Chase.Loses', { metres: Math.abs(gain) }),
        caught: p.caughtInRound !== undefined,
        outlook:
          p.caughtInRound !== undefined
            ? t('PDA.Chase.Caught', { round: p.caughtInRound })
            : left === undefined
              ? t('PDA.Chase.Never')
              : t('PDA.Chase.CloseIn', { rounds: left }),
        reach: input.reach
          .filter((x) => x.pursuer === p.pursuer && x.pursued === p.pursued)
          .map((x) =>
            t(x.inRange ? 'PDA.Chase.InRange' : 'PDA.Chase.OutOfRange', {
              weapon: x.weapon,
              range: x.range,
              distance: x.distance,
            }),
          ),
      };
    }),
    events: input.events.map((e) =>
      e.kind === 'caught'
        ? { text: t('PDA.Chase.Event.caught', { name: name(e.runner), by: name(e.by ?? '') }), rule: e.rule }
        : { text: t('PDA.Chase.Event.tired', { name: name(e.runner) }), rule: e.rule },
    ),
  };
}
