import { RulesError } from '../../../../engine/core/errors';
import type { CardAction, CardFlow, DocumentWrite, FlowResult } from '../../../chat/flow';
import { conditionPatch, followUp, MANOEUVRE_RULE, type ConditionPatch } from './steps';
import {
  type Card,
  cardFighters,
  greyhawkActor,
  type GreyhawkAttackState,
  type GreyhawkConditions,
  greyhawkOptionsNow,
  K,
  text,
  undoBlocked,
} from './attack-state';
import { greyhawkAttackContext } from './attack-context';
import { parriedMarker, PARRIED_STATUS_ID } from '../parries/view';

/**
 * The Greyhawk attack card: the attacker's d20 against THAC0 − AC with every modifier and its rule
 * (G-P1, G-C1, G-S2…), the damage, or the engine's refusal of an illegal manoeuvre; then on the
 * same card the manoeuvre's follow-up (disarm outcome G-D2/G-D3/G-D5, STR contest G-G1/G-G2, the
 * target's stay-up check G-SH2: the defender's button) and the GM's Apply / Undo of the damage.
 * The card's state and fighters are in attack-state.ts, what it shows in attack-context.ts.
 */

export const GREYHAWK_ATTACK_FLOW = 'greyhawk.attack';

// -------------------------------------------------------------------------------------- actions

function damageOf(state: GreyhawkAttackState): number {
  return state.first?.damage?.total ?? 0;
}

const hasConditions = (state: GreyhawkAttackState): boolean =>
  Object.keys(conditionPatch(state.first, state.outcome)).length > 0;

/** The conditions update for the target, and the values it replaces. */
function conditionsUpdate(
  patch: ConditionPatch,
  current: GreyhawkConditions | undefined,
): { update: Record<string, unknown>; before: Record<string, unknown> } {
  const update: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'carve') {
      update.carved = `${current?.carved ?? ''}${String(value)}`;
      before.carved = current?.carved ?? '';
    } else {
      update[key] = value;
      before[key] =
        (current as Record<string, unknown> | undefined)?.[key] ?? (typeof value === 'number' ? 0 : false);
    }
  }
  return { update, before };
}

/** What the attack's result puts on the attacker itself (G-G2 holding, G-SH2 shield AC lost). */
function attackerPatch(state: GreyhawkAttackState): Record<string, boolean> {
  const o = state.outcome;
  if (o?.kind === 'seizePerson' && o.result.hold) return { holding: true };
  if (o?.kind === 'shieldRush' && o.result.shieldAc === 'lostToRoundEnd') return { shieldOffLine: true };
  return {};
}

function followUpAction(card: Card): CardAction | undefined {
  const target = card.targets[0];
  const { first, choices } = card.state;
  if (!target || !first?.pending || card.step !== 'attack') return undefined;
  const m = choices.manoeuvre;
  const defender = m === 'seizeObject' || m === 'seizePerson' || m === 'shieldRush';
  return {
    id: 'followUp',
    label: text(`${K}.FollowUp.${m}`),
    // The defender resists a seize and keeps its feet; the disarm's fall is rolled by either side.
    owners: defender ? [target.actorUuid] : [card.actorUuid, target.actorUuid],
    enabled: true,
    rule: MANOEUVRE_RULE[m] || 'G-D1',
    style: 'primary',
  };
}

export const greyhawkAttackFlow: CardFlow<GreyhawkAttackState> = {
  id: GREYHAWK_ATTACK_FLOW,
  ruleset: 'greyhawk',

  actions(card, env) {
    const out: CardAction[] = [];
    const follow = followUpAction(card);
    if (follow) out.push(follow);
    const dmg = damageOf(card.state);
    const applicable = dmg > 0 || hasConditions(card.state);
    if ((card.step === 'attack' || card.step === 'resolved') && applicable && !card.state.applied) {
      out.push({
        id: 'apply',
        label: text('PDA.Chat.Action.Apply'),
        owners: [],
        enabled: !follow,
        ...(follow ? { reason: text(`${K}.FollowUpFirst`) } : {}),
        style: 'primary',
      });
    }
    if (card.step === 'applied' && card.state.applied) {
      const blocked = undoBlocked(card, env);
      out.push({
        id: 'undo',
        label: text('PDA.Chat.Action.Undo'),
        owners: [],
        enabled: !blocked,
        ...(blocked ? { reason: blocked } : {}),
        style: 'danger',
      });
    }
    return out;
  },

  async perform(card, actionId, env): Promise<FlowResult<GreyhawkAttackState>> {
    const { state } = card;
    const target = card.targets[0];
    if (!target) throw new RulesError('PDA.Error.CardNoTarget');
    switch (actionId) {
      case 'followUp': {
        if (!state.first?.pending) throw new RulesError('PDA.Error.CardNoSuchAction');
        const f = cardFighters(card, env);
        const outcome = await env.roll(followUp(f, state.choices, greyhawkOptionsNow(), state.first.dice));
        return { step: 'resolved', state: { ...state, outcome } };
      }
      case 'apply': {
        // G-PA1: a parry card marked the defender against this attacker: the blow does nothing.
        const parried = parriedMarker(env.resolve(target.actorUuid), card.actorUuid);
        const damage = parried ? 0 : damageOf(state);
        const defender = greyhawkActor(env.resolve(target.actorUuid), target.name);
        const before = defender.system.hp.value;
        const patch = parried ? {} : conditionPatch(state.first, state.outcome);
        if (patch.held) patch.heldBy = card.actorUuid;
        const cond = conditionsUpdate(patch, defender.system.conditions);
        const hasPatch = Object.keys(patch).length > 0;
        const hpUpdate =
          damage > 0
            ? (defender.system.damageUpdate?.(damage) ?? { system: { hp: { value: before - damage } } })
            : {};
        const hpSystem = (hpUpdate as { system?: Record<string, unknown> }).system ?? {};
        const update = {
          ...hpUpdate,
          system: { ...hpSystem, ...(hasPatch ? { conditions: cond.update } : {}) },
        };
        const after = before - damage;
        const write: DocumentWrite = {
          uuid: target.actorUuid,
          update,
          ...(parried ? { statuses: { [PARRIED_STATUS_ID]: null } } : {}),
        };
        // The attacker's own conditions: G-G2 the holder is hampered too; G-SH2 the rusher's
        // shield gives no AC until the round ends (a shield specialist keeps it).
        const own = parried ? {} : attackerPatch(state);
        const holds = Object.keys(own).length > 0;
        const holderWrite: DocumentWrite[] = holds
          ? [{ uuid: card.actorUuid, update: { system: { conditions: own } } }]
          : [];
        return {
          step: 'applied',
          state: {
            ...state,
            applied: {
              before,
              after,
              damage,
              from: card.step,
              ...(hasPatch ? { conditions: patch, conditionsBefore: cond.before } : {}),
              wrote: update.system,
              ...(holds ? { holder: true } : {}),
              ...(parried ? { parriedBy: parried.parrier } : {}),
            },
          },
          writes: [write, ...holderWrite],
        };
      }
      case 'undo': {
        if (!state.applied) throw new RulesError('PDA.Error.CardNothingToUndo');
        const blocked = undoBlocked(card, env);
        if (blocked) throw new RulesError(blocked.key, { ...blocked.data });
        const { applied, ...rest } = state;
        return {
          step: applied.from,
          state: { ...rest, undone: state.undone + 1 },
          writes: [
            {
              uuid: target.actorUuid,
              update: {
                system: {
                  hp: { value: applied.before },
                  ...(applied.conditionsBefore ? { conditions: applied.conditionsBefore } : {}),
                },
              },
            },
            ...(applied.holder
              ? [
                  {
                    uuid: card.actorUuid,
                    update: {
                      system: {
                        conditions: Object.fromEntries(
                          Object.keys(attackerPatch(state)).map((k) => [k, false]),
                        ),
                      },
                    },
                  },
                ]
              : []),
          ],
        };
      }
      default:
        throw new RulesError('PDA.Error.CardNoSuchAction');
    }
  },

  context(card, env) {
    return greyhawkAttackContext(card, env);
  },
};

export {
  type GreyhawkApplied,
  type GreyhawkAttackState,
  type GreyhawkConditions,
  greyhawkActor,
  setGreyhawkOptionsSource,
  greyhawkOptionsNow,
  fightersOf,
  openingState,
} from './attack-state';
export { greyhawkAttackContext } from './attack-context';
