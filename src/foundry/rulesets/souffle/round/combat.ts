import type { SouffleRoundCombatant } from '../../../../engine/souffle/round';
import { souffleRoundRules } from '../../../../engine/souffle/round';
import type { SouffleActorModel } from '../models/actors';
import { souffleOptionsFromSettings } from '../settings';

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
  };
}
