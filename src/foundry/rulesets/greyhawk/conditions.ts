import type { ConditionEffect } from '../../../engine/core/exchange';
import {
  CONDITION_STATUSES,
  conditionEffects,
  conditionsFromRecords,
  type ConditionData,
  type ConditionRecord,
  type ConditionStatus,
  type GreyhawkConditionState,
} from '../../../engine/greyhawk/conditions';
import { configuredStatusEffects, setStatusEffects, type StatusEffectSource } from '../../compat';
import { SYSTEM_ID } from '../../constants';
import { type StatusWrite, applyStatusWrites } from '../../chat';

/**
 * Greyhawk's lasting conditions (G-C1 pinned, carved, cut; G-G2 held/holding; G-D1–G-D3; G-SH2
 * prone…) are Active Effects carrying a Foundry status, and nothing else: the token icon, the
 * sheet, the cards' engine view and the round all read the same effect. An effect holds the
 * condition's rounds left in `duration.rounds` (counted from `startRound`, the round it was last
 * written in) where the rules give a length, and its data (the hold's rounds and holder, the
 * carved letters) in the system's flags. The engine says what changes (condition effects); this
 * module turns them into status writes and reads effects back as the engine's state.
 */

const ICONS: Readonly<Record<ConditionStatus, string>> = {
  pinned: 'icons/svg/net.svg',
  held: 'icons/svg/padlock.svg',
  holding: 'icons/svg/combat.svg',
  bladeAtThroat: 'icons/svg/blood.svg',
  disarmed: 'icons/svg/sword.svg',
  prone: 'icons/svg/falling.svg',
  offLine: 'icons/svg/daze.svg',
  shieldOffLine: 'icons/svg/shield.svg',
  losesInitiative: 'icons/svg/clockwork.svg',
  carved: 'icons/svg/target.svg',
  clothingCut: 'icons/svg/cowled.svg',
  parried: 'icons/svg/shield.svg',
  shieldPunched: 'icons/svg/shield.svg',
  shieldEngaged: 'icons/svg/shield.svg',
  rushing: 'icons/svg/wingfoot.svg',
};

export const statusId = (s: ConditionStatus): string => `greyhawk-${s}`;
const BY_ID = new Map<string, ConditionStatus>(CONDITION_STATUSES.map((s) => [statusId(s), s]));

export const GREYHAWK_STATUS_EFFECTS: readonly StatusEffectSource[] = CONDITION_STATUSES.map((s) => ({
  id: statusId(s),
  name: `PDA.Greyhawk.Status.${s}`,
  img: ICONS[s],
}));

export function installGreyhawkStatuses(): void {
  setStatusEffects([...configuredStatusEffects(), ...GREYHAWK_STATUS_EFFECTS]);
}

/** The part of an Active Effect read here. */
interface EffectLike {
  readonly id?: string | null;
  readonly statuses?: Iterable<string>;
  readonly disabled?: boolean;
  readonly duration?: { rounds?: number | null };
  readonly flags?: Record<string, unknown>;
}

function effectsOf(actor: unknown): EffectLike[] {
  const e = (actor as { effects?: unknown } | null | undefined)?.effects;
  if (!e) return [];
  const values = (e as { values?: () => Iterable<EffectLike> }).values;
  return [...(typeof values === 'function' ? values.call(e) : (e as Iterable<EffectLike>))];
}

const isData = (v: unknown): v is ConditionData =>
  typeof v === 'object' &&
  v !== null &&
  Object.values(v).every((x) => ['string', 'number', 'boolean'].includes(typeof x));

/** The condition an effect stands for, or null. */
export function conditionOfEffect(effect: EffectLike): ConditionRecord | null {
  if (effect.disabled) return null;
  const status = [...(effect.statuses ?? [])].map((s) => BY_ID.get(s)).find((s) => s !== undefined);
  if (!status) return null;
  const rounds = effect.duration?.rounds;
  const data = (effect.flags?.[SYSTEM_ID] as { condition?: unknown } | undefined)?.condition;
  return {
    status,
    ...(typeof rounds === 'number' && rounds > 0 ? { rounds } : {}),
    ...(isData(data) && Object.keys(data).length ? { data } : {}),
  };
}

/** A fighter's conditions as the engine reads them, from its actor's effects. */
export function greyhawkConditionsOf(actor: unknown): GreyhawkConditionState {
  return conditionsFromRecords(effectsOf(actor).flatMap((e) => conditionOfEffect(e) ?? []));
}

/** The round effects are counted from (the tracked combat's), or null outside one. */
export function currentRound(): { combat: string; round: number } | null {
  const combat = (globalThis as { game?: { combat?: unknown } }).game?.combat as
    { id?: string | null; round?: number } | null | undefined;
  if (!combat?.id || !combat.round) return null;
  return { combat: combat.id, round: combat.round };
}

function localize(key: string): string {
  const g = (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game;
  return g?.i18n?.localize(key) ?? key;
}

/** The Active Effect data of a condition written in the round `at`. */
export function conditionEffectData(
  record: ConditionRecord,
  at: { combat: string; round: number } | null,
): StatusWrite {
  const duration =
    record.rounds === undefined
      ? {}
      : at
        ? { rounds: record.rounds, startRound: at.round, startTurn: 0, combat: at.combat }
        : { rounds: record.rounds };
  return {
    name: localize(`PDA.Greyhawk.Status.${record.status}`),
    img: ICONS[record.status],
    statuses: [statusId(record.status)],
    duration,
    flags: { [SYSTEM_ID]: { condition: { ...(record.data ?? {}) } } },
  };
}

/** The status writes of the engine's condition effects (one per status: the new effect, or null). */
export function conditionStatusWrites(
  effects: readonly ConditionEffect[],
  at: { combat: string; round: number } | null = currentRound(),
): Record<string, StatusWrite | null> {
  const out: Record<string, StatusWrite | null> = {};
  for (const e of effects) {
    const status = e.status as ConditionStatus;
    out[statusId(status)] = e.on
      ? conditionEffectData(
          {
            status,
            ...(e.rounds !== undefined ? { rounds: e.rounds } : {}),
            ...(e.data ? { data: e.data } : {}),
          },
          at,
        )
      : null;
  }
  return out;
}

/** Writes an actor's conditions as `after` (the sheet's pull free, the round's changes). */
export async function writeConditions(actor: unknown, after: Partial<GreyhawkConditionState>): Promise<void> {
  const effects = conditionEffects('defender', greyhawkConditionsOf(actor), after);
  if (effects.length) await applyStatusWrites(actor, conditionStatusWrites(effects));
}

declare module '../../flags' {
  interface SystemActiveEffectFlags {
    /** Greyhawk's condition data on its effect (who holds, pins…), checked where it is read. */
    condition?: unknown;
  }
}
