import { conditionRecords, type GreyhawkConditionState } from '../../../../engine/greyhawk/conditions';
import { registerMigrationEffects, registerMigrationStep } from '../../../migrations';
import { armourFromTotal } from '../../../../engine/greyhawk/armour';
import type { ShieldKind } from '../../../../engine/greyhawk/types';
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

/**
 * Migration 7's Greyhawk side: a fighter's AC stored whole becomes its armour's AC (the AC is now
 * computed from armour, shield, DEX and magic: engine armour.ts), read as the engine reads it.
 */
export function storedAcAsArmour(system: Record<string, unknown>): Record<string, unknown> {
  if (typeof system.ac !== 'number') return system;
  const { ac, ...rest } = system;
  if (typeof rest.armour === 'number') return rest;
  const abilities = system.abilities as { dex?: unknown } | undefined;
  // A partial update (migrateData runs on it too) without the DEX cannot convert the old AC
  // faithfully: the stale key is dropped and the stored armour kept.
  if (typeof abilities?.dex !== 'number') return rest;
  const dex = abilities.dex;
  const shield = typeof system.shield === 'string' ? (system.shield as ShieldKind | '') : '';
  return { ...rest, armour: armourFromTotal(ac, shield, dex), acMagic: 0 };
}

registerMigrationStep(7, storedAcAsArmour);
