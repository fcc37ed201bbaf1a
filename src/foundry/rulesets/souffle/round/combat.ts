import type { SouffleRoundCombatant } from '../../../../engine/souffle/round';
import { souffleRoundRules } from '../../../../engine/souffle/round';
import type { SouffleActorModel } from '../models/actors';
import { souffleOptionsFromSettings } from '../settings';
import { souffleStatesOf } from '../states';

/**
 * What the shared combat adapter needs from Souffle: the round rules built from the world
 * settings (S-R1..S-R3, S-P1..S-P4) and the combatant snapshot of an actor.
 */
export function souffleRoundRulesFromSettings() {
  return souffleRoundRules(souffleOptionsFromSettings());
}

export function souffleRoundCombatant(
  id: string,
  actor: { name: string; system: unknown; hasPlayerOwner?: boolean; type?: string },
): SouffleRoundCombatant {
  const model = actor.system as SouffleActorModel;
  return {
    id,
    name: actor.name,
    side: actor.type === 'combattant' || actor.hasPlayerOwner ? 'pc' : 'npc',
    initiative: model.initiative,
    guerrier: model.derived?.guerrier ?? false,
    // S-MN3: knocked out when the schedule is built: no turn this round.
    ...(souffleStatesOf(actor).includes('assomme') ? { knockedOut: true } : {}),
  };
}
