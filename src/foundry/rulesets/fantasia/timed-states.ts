/**
 * Timed states (lost balance F-H6, bound weapon F-B7, jammed weapon F-H7) as Active Effects that
 * carry a Foundry status: the token icon, the sheet and the engine read the same effect. The
 * effect's duration is in rounds, counted from the round it started in; the Fantasia round ends
 * it when it runs out (endTimedStates, on a new round, GM side). No field of the actor's system
 * data holds these states.
 */
import {
  hasRunOut,
  roundsLeft,
  sameRecord,
  statesFromRecords,
  TIMED_STATES,
  timedRecords,
  type TimedState,
  type TimedStateRecord,
} from '../../../engine/fantasia/timed';
import type { FantasiaStates } from '../../../engine/fantasia/types';
import { SYSTEM_ID } from '../../constants';
import type { StatusWrite } from '../../chat';

const TIMED = new Set<string>(TIMED_STATES);

/** Icons of the timed states' statuses (core's icons/svg). */
export const TIMED_STATE_ICONS: Readonly<Record<TimedState, string>> = {
  skipNextAttack: 'icons/svg/daze.svg',
  weaponBound: 'icons/svg/chain.svg',
  jammed: 'icons/svg/cog.svg',
};

/** The part of an Active Effect this module reads. */
export interface EffectLike {
  readonly id: string | null;
  readonly statuses?: Iterable<string>;
  readonly disabled?: boolean;
  readonly duration?: { rounds?: number | null; startRound?: number | null; combat?: string | null };
  readonly flags?: Record<string, unknown>;
}

export interface EffectsHolder {
  readonly effects?: Iterable<EffectLike> | { values(): Iterable<EffectLike> };
}

function effectsOf(actor: EffectsHolder | null | undefined): EffectLike[] {
  const e = actor?.effects;
  if (!e) return [];
  const it =
    typeof (e as { values?: unknown }).values === 'function'
      ? (e as { values(): Iterable<EffectLike> }).values()
      : (e as Iterable<EffectLike>);
  return [...it];
}

/** The timed state an effect stands for, with its start round, or null. */
export function timedOf(effect: EffectLike): { record: TimedStateRecord; startRound: number } | null {
  if (effect.disabled) return null;
  const state = [...(effect.statuses ?? [])].find((s) => TIMED.has(s)) as TimedState | undefined;
  if (!state) return null;
  const stored =
    (effect.flags?.[SYSTEM_ID] as { timed?: Partial<TimedStateRecord> } | undefined)?.timed ?? {};
  const rounds = effect.duration?.rounds ?? undefined;
  const record: TimedStateRecord = {
    state,
    rule: stored.rule ?? 'F-H6',
    ...(typeof stored.weaponId === 'string' && stored.weaponId ? { weaponId: stored.weaponId } : {}),
    ...(stored.cause === 'bowString' || stored.cause === 'crossbow' ? { cause: stored.cause } : {}),
    ...(typeof rounds === 'number' && rounds > 0 ? { rounds } : {}),
  };
  return { record, startRound: Number(effect.duration?.startRound ?? 0) };
}

/** The engine states an actor's timed effects stand for. */
export function timedStatesOf(actor: EffectsHolder | null | undefined): Partial<FantasiaStates> {
  return statesFromRecords(effectsOf(actor).flatMap((e) => timedOf(e)?.record ?? []));
}

/** The round a state started now counts from (the tracked combat's), or null outside one. */
export function currentRound(): { combat: string; round: number } | null {
  const combat = (globalThis as { game?: { combat?: unknown } }).game?.combat as
    { id?: string | null; round?: number; started?: boolean } | null | undefined;
  if (!combat?.id || !combat.round) return null;
  return { combat: combat.id, round: combat.round };
}

/** Localized when a game runs (the world migration's tests run without one). */
function localize(key: string): string {
  const g = (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game;
  return g?.i18n?.localize(key) ?? key;
}

/** Effect data of a timed state started in `at` (no length outside a round). */
export function timedEffectData(
  record: TimedStateRecord,
  at: { combat: string; round: number } | null,
): Record<string, unknown> {
  const duration =
    at && record.rounds !== undefined
      ? { rounds: record.rounds, startRound: at.round, startTurn: 0, combat: at.combat }
      : {};
  return {
    name: localize(`PDA.FantasiaUI.State.${record.state}`),
    img: TIMED_STATE_ICONS[record.state],
    statuses: [record.state],
    duration,
    flags: {
      [SYSTEM_ID]: {
        timed: {
          rule: record.rule,
          ...(record.weaponId ? { weaponId: record.weaponId } : {}),
          ...(record.cause ? { cause: record.cause } : {}),
        },
      },
    },
  };
}

/**
 * The status writes that take an actor from `before` to `after` timed states: a created or
 * replaced effect for each state that starts or changes, null for each that ends.
 */
export function timedStatusWrites(
  before: FantasiaStates,
  after: FantasiaStates,
  at: { combat: string; round: number } | null = currentRound(),
): Record<string, StatusWrite | null> {
  const was = timedRecords(before);
  const now = timedRecords(after);
  const out: Record<string, StatusWrite | null> = {};
  for (const state of TIMED_STATES) {
    if (sameRecord(was[state], now[state])) continue;
    const record = now[state];
    out[state] = record ? timedEffectData(record, at) : null;
  }
  return out;
}

interface ActorWithEffects extends EffectsHolder {
  deleteEmbeddedDocuments(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}

/** Rounds left of each timed state on an actor at the current round (for the sheet). */
export function timedRows(
  actor: EffectsHolder | null | undefined,
  round: number | null = currentRound()?.round ?? null,
): { state: TimedState; weaponId?: string; left?: number; repairing: boolean }[] {
  return effectsOf(actor).flatMap((e) => {
    const t = timedOf(e);
    if (!t) return [];
    const left = round === null ? t.record.rounds : roundsLeft(t.startRound, t.record.rounds, round);
    return [
      {
        state: t.record.state,
        ...(t.record.weaponId ? { weaponId: t.record.weaponId } : {}),
        ...(left !== undefined ? { left } : {}),
        repairing: t.record.state === 'jammed' && t.record.rounds !== undefined,
      },
    ];
  });
}

/**
 * A new round started (GM side): every timed state that ran out is removed from the
 * combatants' actors (each actor once).
 */
export async function endTimedStates(
  combat: { combatants: Iterable<{ actor?: unknown }> },
  round: number,
): Promise<void> {
  const seen = new Set<unknown>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as ActorWithEffects | null | undefined;
    if (!actor || seen.has(actor) || typeof actor.deleteEmbeddedDocuments !== 'function') continue;
    seen.add(actor);
    const ended = effectsOf(actor).filter((e) => {
      const t = timedOf(e);
      return t !== null && e.id !== null && hasRunOut(t.startRound, t.record.rounds, round);
    });
    if (ended.length)
      await actor.deleteEmbeddedDocuments(
        'ActiveEffect',
        ended.map((e) => e.id as string),
      );
  }
}

declare module '../../flags' {
  interface SystemActiveEffectFlags {
    /** Fantasia's timed state on its effect (what a lost balance or a jam remembers). */
    timed?: Partial<TimedStateRecord>;
  }
}
