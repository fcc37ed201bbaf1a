import {
  SOUFFLE_ATTACK_EXCHANGE,
  forcingOpen,
  souffleAttackExchange,
  type SouffleAttackState,
} from '../../../../engine/souffle/exchange';
import { souffleAttackContext } from './attack-context';
import { souffleFlow } from './exchange';
import { duelFighter, duelOwners, duelView } from './view';

/**
 * The Souffle attack card (S-R1): the engine's attack exchange (engine/souffle/exchange/attack.ts)
 * on the card host. The attacker's owner forces, the defender's owner parries or dodges and takes
 * the manoeuvre test, the GM (and the defender's owner, as the world's damage rights allow)
 * applies and undoes; what the card shows is in attack-context.ts.
 */

export const SOUFFLE_ATTACK_FLOW = SOUFFLE_ATTACK_EXCHANGE;

export const souffleAttackFlow = souffleFlow<SouffleAttackState, ReturnType<typeof duelView>>({
  id: SOUFFLE_ATTACK_FLOW,
  machine: souffleAttackExchange,
  view: (card, env) => duelView(card, env, card.state.attackerName),
  owners: duelOwners,
  // The target's wound (S-DF3; chat/damage-rights.ts).
  damage: { apply: 'defender', undo: 'defender' },
  fighter: (ref, card) => duelFighter(ref, card, card.state.attackerName),
  // S-DF3 (issue 46): a defended blow with no Appliquer (it would change nothing) says so; S-AT2:
  // while the attacker may still force, the card says the defence waits for him.
  context: (card, env) => {
    const view = duelView(card, env, card.state.attackerName);
    const idle =
      card.step === 'defended' &&
      !souffleAttackExchange.actions(card.step, card.state, view).some((a) => a.id === 'apply');
    return souffleAttackContext(card, env, idle, card.step === 'attack' && forcingOpen(card.state, view));
  },
});

export type {
  SouffleAttackState,
  SouffleApplied,
  SouffleManoeuvreTest,
  SouffleManoeuvreEffect as SouffleEffect,
} from '../../../../engine/souffle/exchange';
export { souffleAttackContext } from './attack-context';
