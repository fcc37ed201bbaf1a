import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import type { FantasiaAttackState } from '../../../../engine/fantasia/exchange';
import { fantasiaOptionsFromSettings } from '../settings';
import type { CardSnapshot, FlowEnv } from '../../../chat';
import { combatantOf } from './actor-writes';

/**
 * The attack card's Foundry side: the flow id, the world's options and how a fighter is read from
 * its document. The exchange's state, steps and rules are the engine's
 * (src/engine/fantasia/exchange/).
 */
/** Flow id of Fantasia's attack card (attack-flow.ts). */
export const FANTASIA_ATTACK_FLOW = 'fantasia.attack';

export type Card = CardSnapshot<FantasiaAttackState>;

export let optionsSource: () => FantasiaOptions = fantasiaOptionsFromSettings;
/** Test seam: the world's Fantasia options. */
export function setFantasiaOptionsSource(source: () => FantasiaOptions): void {
  optionsSource = source;
}

export function target(card: Card) {
  return card.targets[0];
}

/** The engine's view of the fighter behind `uuid`, or undefined when it is gone. */
export function tryCombatant(env: FlowEnv, uuid: string | undefined): FantasiaCombatant | undefined {
  if (!uuid) return undefined;
  const doc = env.resolve(uuid);
  if (!doc) return undefined;
  try {
    return combatantOf(doc, '');
  } catch {
    return undefined;
  }
}
