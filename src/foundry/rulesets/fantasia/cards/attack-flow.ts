import { RulesError } from '../../../../engine/core/errors';
import { fumbleOptions, type FumbleOptionId } from '../../../../engine/fantasia/fumbles';
import type { CardAction, CardFlow } from '../../../chat/flow';
import { FANTASIA_ATTACK_FLOW, type FantasiaAttackState, STEP, target } from './attack-state';
import { defenceActions, performDefence } from './defence-step';
import { offerActions, performOffer } from './thrusts';
import { lutteActions, performEscape, performLutte, stillEntangled } from './escapes';
import { performApply, performUndo, undoBlocked } from './damage-step';
import { performFumble, performMishap } from './fumbles';
import { attackContext } from './attack-context';

/**
 * Fantasia's attack card: attack (F-H1, F-D5, F-B2/F-B3) → defence (F-D1..F-D4, F-W5, F-B3,
 * F-B4) → damage (F-H2..F-H5, F-U4, F-W2) → applied / undone, with fumbles (F-H6..F-H8, F-W6),
 * whip escapes (F-W2) and thrust bookkeeping (F-B5, F-B6). The engine decides; this flow
 * sequences its steps, stores their results on the card and says who may click what.
 *
 * Each step is a module of this folder: attack-step.ts (the roll), defence-step.ts, damage-step.ts
 * (damage, apply, undo), thrusts.ts (botte bookkeeping and offers), escapes.ts (whip and Lutte),
 * fumbles.ts; attack-context.ts and card-sections.ts build what the card shows.
 */
export const fantasiaAttackFlow: CardFlow<FantasiaAttackState> = {
  id: FANTASIA_ATTACK_FLOW,
  ruleset: 'fantasia',

  actions(card, env) {
    const t = target(card);
    const targetOwners = t ? [t.actorUuid] : [];
    switch (card.step) {
      case STEP.defence:
        return defenceActions(card, env);
      case STEP.damage:
        return [
          {
            id: 'apply',
            label: { key: 'PDA.Chat.Action.Apply' },
            owners: targetOwners,
            enabled: true,
            style: 'primary',
          },
        ];
      case STEP.applied: {
        const blocked = undoBlocked(card, env);
        const actions: CardAction[] = [
          {
            id: 'undo',
            label: { key: 'PDA.Chat.Action.Undo' },
            owners: targetOwners,
            enabled: !blocked,
            ...(blocked ? { reason: blocked } : {}),
            style: 'danger',
          },
        ];
        actions.push(...offerActions(card));
        actions.push(...lutteActions(card, env));
        if (card.state.attack.weapon.kind === 'whip' && stillEntangled(card, env)) {
          actions.push(
            {
              id: 'whipPull',
              label: { key: 'PDA.Chat.Action.WhipPull' },
              owners: targetOwners,
              enabled: true,
              rule: 'F-W2',
            },
            {
              id: 'whipSlip',
              label: { key: 'PDA.Chat.Action.WhipSlip' },
              owners: targetOwners,
              enabled: true,
              rule: 'F-W2',
            },
          );
        }
        return actions;
      }
      case STEP.fumble:
        return fumbleOptions(card.state.attack).map((o) => ({
          id: `fumble.${o.id}`,
          label: { key: o.key },
          owners: [],
          enabled: true,
          rule: o.rule,
        }));
      case STEP.mishap:
        return [
          {
            id: 'chance',
            label: { key: 'PDA.Chat.Action.ChanceRoll' },
            owners: [card.actorUuid],
            enabled: true,
            rule: 'F-W6',
          },
        ];
      default:
        return [];
    }
  },

  async perform(card, actionId, env) {
    if (card.step === STEP.defence) return performDefence(card, actionId, env);
    if (actionId === 'apply') return performApply(card, env);
    if (actionId === 'undo') return performUndo(card, env);
    if (actionId.startsWith('offer.')) return performOffer(card, actionId.slice('offer.'.length), env);
    if (actionId === 'whipPull' || actionId === 'whipSlip') return performEscape(card, actionId, env);
    if (actionId === 'lutteEscape' || actionId === 'lutteStrangle') return performLutte(card, actionId, env);
    if (actionId.startsWith('fumble.'))
      return performFumble(card, actionId.slice('fumble.'.length) as FumbleOptionId, env);
    if (actionId === 'chance') return performMishap(card, env);
    throw new RulesError('PDA.Error.CardNoSuchAction');
  },

  context(card, env) {
    return attackContext(card, env);
  },
};

export {
  FANTASIA_ATTACK_FLOW,
  type WhipIntent,
  type LutteHold,
  LUTTE_HOLDS,
  type AttackIntent,
  type StoredDefence,
  type WhipOutcome,
  type HoldOutcome,
  type LutteRound,
  type FantasiaAttackState,
  type TakenOffer,
  STEP,
  setFantasiaOptionsSource,
} from './attack-state';
export { defenceChoices } from './defence-step';
export { type AttackRequest, type OpenedAttack, openAttack } from './attack-step';
