import type { RuleId } from '../../../../engine/fantasia/types';
import { fantasiaOptionsFromSettings } from '../settings';
import { activeRulesetId } from '../../../settings';
import { createCard, makeEnv } from '../../../chat/card';
import { FANTASIA_RESISTANCE_FLOW, rollResistanceState, type ResistanceState } from './resistance-flow';
import type { CardSnapshot } from '../../../chat/flow';

/**
 * Posts a resistance-table card (F-T1): `active` against `passive`, e.g. FOR 14 vs FOR 11.
 * `label` says what is opposed; it is shown escaped. Returns the created message.
 */
export async function postResistanceRoll(
  active: number,
  passive: number,
  label: string,
  rule: RuleId = 'F-T1',
): Promise<ChatMessage> {
  const env = makeEnv(game.user as User);
  const options = fantasiaOptionsFromSettings();
  const state = await env.roll((dice) =>
    rollResistanceState(active, passive, String(label ?? ''), rule, dice, options),
  );
  const card: CardSnapshot<ResistanceState> = {
    ruleset: activeRulesetId(),
    flow: FANTASIA_RESISTANCE_FLOW,
    step: 'done',
    revision: 0,
    actorUuid: '',
    tokenUuid: '',
    itemId: '',
    targets: [],
    combatId: '',
    round: 0,
    state,
  };
  return createCard(card, env);
}
