import { conditionRecords, type GreyhawkConditionState } from '../../../../engine/greyhawk/conditions';
import { registerMigrationEffects } from '../../../migrations';
import { conditionEffectData } from '../conditions';

/**
 * Migration 5's Greyhawk side: the conditions a world stored in `system.conditions` (before they
 * became Active Effects) as the condition effects the cards, the sheet and the round now read,
 * each with its rounds left and its data. No combat round is known then: a condition with a length
 * keeps its rounds left and runs down from the next round start.
 */
export function storedConditionEffects(system: Record<string, unknown>): Record<string, unknown>[] {
  const raw = system.conditions;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const c = raw as Partial<GreyhawkConditionState>;
  return conditionRecords(c).map((r) => conditionEffectData(r, null));
}

registerMigrationEffects(5, storedConditionEffects);
