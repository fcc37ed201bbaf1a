import type { FantasiaCombatant, FantasiaStates } from '../../../../engine/fantasia/types';
import { RulesError } from '../../../../engine/core/errors';
import type { DocumentWrite } from '../../../chat';
import { timedStatusWrites } from '../timed-states';

/**
 * Engine view → Fantasia actor source. The actor model stores states as flat fields
 * (src/foundry/rulesets/fantasia/models/actors.ts); this is the inverse of its engineStates().
 * Timed states (F-H6, F-B7, F-H7) are Active Effects, written by combatantWrite's `statuses`.
 */
export function statesToSource(states: FantasiaStates): Record<string, unknown> {
  return {
    fallen: Boolean(states.fallen),
    halfMovement: Boolean(states.halfMovement),
    cannotMove: Boolean(states.cannotMove),
    armLost: Boolean(states.armLost),
    dead: Boolean(states.dead),
    unconscious: states.unconscious !== undefined,
    unconsciousHours: states.unconscious?.hours ?? 0,
    immobilisedBy: states.immobilised?.by ?? '',
    strangledBy: states.strangled?.by ?? '',
    strangleDamage: states.strangled?.extraDamage ?? '',
    entangledBy: states.entangled?.by ?? '',
    entangledWeapon: states.entangled?.weaponId ?? '',
    disarmedWeapon: states.disarmed?.weaponId ?? '',
    brokenWeapons: [...(states.weaponBroken ?? [])],
    reloadingWeapon: states.reloading?.weaponId ?? '',
    arquebusWeapon: states.arquebusReload?.weaponId ?? '',
    arquebusRounds: states.arquebusReload?.roundsLeft ?? 0,
    sprintRounds: states.sprintRounds ?? 0,
  };
}

/** The actor update that gives it these PV and states (timed states aside). */
export function combatantUpdate(after: {
  pv: FantasiaCombatant['pv'];
  states: FantasiaStates;
}): Record<string, unknown> {
  return { 'system.pv.value': after.pv.value, 'system.states': statesToSource(after.states) };
}

/** The write that takes an actor from `before` to `after`: its data and its timed states' effects. */
export function combatantWrite(
  uuid: string,
  before: { states: FantasiaStates },
  after: { pv: FantasiaCombatant['pv']; states: FantasiaStates },
): DocumentWrite {
  const statuses = timedStatusWrites(before.states, after.states);
  return { uuid, update: combatantUpdate(after), ...(Object.keys(statuses).length ? { statuses } : {}) };
}

interface EngineViewed {
  engineView<T>(): T;
}

/** The engine's view of a resolved actor, or a refusal naming what is gone. */
export function combatantOf(doc: unknown, name: string): FantasiaCombatant {
  const actor = doc as Partial<EngineViewed> | null;
  if (!actor || typeof actor.engineView !== 'function') throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return actor.engineView<FantasiaCombatant>();
}
