import { SOUFFLE_STATES, type SouffleState } from '../../../engine/souffle/states';
import { type StatusWrite, applyStatusWrites } from '../../chat';
import type { StatusEffectSource } from '../../compat';
import { registerMigrationEffects } from '../../migrations';

/**
 * Souffle's lasting states (S-ST1: épuisé, agrippé, désarmé…) are Active Effects carrying a
 * Foundry status with the state's id, and nothing else: the token icon, the sheet, the cards'
 * engine view and the round read the same effect. `assommé`'s rounds left stay on the actor
 * (system.assommeRounds), the round runs them down.
 */

const ICONS: Readonly<Record<SouffleState, string>> = {
  epuise: 'icons/svg/unconscious.svg',
  sansDefense: 'icons/svg/paralysis.svg',
  prisAuDepourvu: 'icons/svg/daze.svg',
  vulnerable: 'icons/svg/degen.svg',
  assomme: 'icons/svg/sleep.svg',
  agrippe: 'icons/svg/net.svg',
  fatigue: 'icons/svg/downgrade.svg',
  desarme: 'icons/svg/sword.svg',
};

export const SOUFFLE_STATE_STATUS_EFFECTS: readonly StatusEffectSource[] = SOUFFLE_STATES.map((s) => ({
  id: s,
  name: `PDA.Souffle.State.${s}`,
  img: ICONS[s],
}));

/** The part of an Active Effect read here. */
interface EffectLike {
  readonly statuses?: Iterable<string>;
  readonly disabled?: boolean;
}

function effectsOf(actor: unknown): EffectLike[] {
  const e = (actor as { effects?: unknown } | null | undefined)?.effects;
  if (!e) return [];
  const values = (e as { values?: () => Iterable<EffectLike> }).values;
  return [...(typeof values === 'function' ? values.call(e) : (e as Iterable<EffectLike>))];
}

/** The S-ST1 states of an actor, from its enabled effects' statuses (in SOUFFLE_STATES order). */
export function souffleStatesOf(actor: unknown): SouffleState[] {
  const on = new Set<string>();
  for (const e of effectsOf(actor)) if (!e.disabled) for (const s of e.statuses ?? []) on.add(s);
  return SOUFFLE_STATES.filter((s) => on.has(s));
}

function localize(key: string): string {
  const g = (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game;
  return g?.i18n?.localize(key) ?? key;
}

/** The Active Effect data of a state. */
export function stateEffectData(state: SouffleState): StatusWrite {
  return { name: localize(`PDA.Souffle.State.${state}`), img: ICONS[state], statuses: [state] };
}

/** The status write that sets a state on or off. */
export function stateStatusWrite(state: SouffleState, on: boolean): StatusWrite | null {
  return on ? stateEffectData(state) : null;
}

/** Sets one state of an actor on or off (the sheet's toggle, the round's knock-out). */
export async function writeState(actor: unknown, state: SouffleState, on: boolean): Promise<void> {
  if (souffleStatesOf(actor).includes(state) === on) return;
  await applyStatusWrites(actor, { [state]: stateStatusWrite(state, on) });
}

/**
 * Migration 6's Souffle side: every state a world stored as `true` in `system.states` (before the
 * states became Active Effects) as the effect the cards, the sheet and the round now read.
 */
export function storedStateEffects(system: Record<string, unknown>): Record<string, unknown>[] {
  const raw = system.states;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const stored = raw as Record<string, unknown>;
  return SOUFFLE_STATES.filter((s) => stored[s] === true).map((s) => ({ ...stateEffectData(s) }));
}

registerMigrationEffects(6, storedStateEffects);
