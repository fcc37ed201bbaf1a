import { RulesError } from '../../../../engine/core/errors';
import { forceAttack } from '../../../../engine/souffle/attack';
import {
  applyDamage,
  resolveDefence,
  spendSouffle,
  type DefenceMode,
} from '../../../../engine/souffle/defence';
import {
  disarm,
  disarmTest,
  knockOut,
  knockOutTest,
  spendLuckAgainst,
} from '../../../../engine/souffle/manoeuvres';
import type { CardAction, CardFlow, FlowResult } from '../../../chat/flow';
import {
  bestMetier,
  ensureSouffleUndo,
  fighterSnapshot,
  fighterWrite,
  souffleOptionsNow,
  souffleUndoBlocked,
  text,
} from './fighters';
import {
  attackerOf,
  defenceActions,
  defenderOf,
  forceActions,
  K,
  knockOutRefusal,
  manoeuvreOf,
  parryAllowed,
  refusalText,
  type SouffleApplied,
  type SouffleAttackState,
  type SouffleEffect,
  type SouffleManoeuvreTest,
  targetOf,
} from './attack-state';
import { souffleAttackContext } from './attack-context';

/**
 * The Souffle attack card (S-R1): attack roll with its potential damage (S-AT1..S-AT5, S-AT7,
 * S-A4) → forcing with souffle (S-AT2) → the defender's defence roll, clicked by its owner or the
 * GM (S-DF1..S-DF3, S-MN1) → the manoeuvre test of a disarm or knock-out (S-MN2, S-MN3) → the GM
 * applies the damage to souffle then PV (S-DF3) and may undo it; a luck point then cancels a
 * disarm or knock-out (S-MN2, S-MN3). The pipeline (../card.ts) checks revision, ownership and
 * the listed actions before perform() runs, so a second "apply" on the same card is refused.
 * The card's state and the actions it offers are in attack-state.ts, what it shows in
 * attack-context.ts.
 */

export const SOUFFLE_ATTACK_FLOW = 'souffle.attack';
export const souffleAttackFlow: CardFlow<SouffleAttackState> = {
  id: SOUFFLE_ATTACK_FLOW,
  ruleset: 'souffle',

  actions(card, env) {
    const { state } = card;
    const target = card.targets[0];
    if (!target) return [];
    if (card.step === 'attack') {
      return [...forceActions(card, env), ...defenceActions(card).map((a) => parryAllowed(card, env, a))];
    }
    if (card.step === 'defended') {
      const out: CardAction[] = [];
      const kind = manoeuvreOf(state.attack.aim);
      const refusal = knockOutRefusal(state);
      const testPending = kind !== undefined && !state.test && !refusal;
      if (kind && !state.test) {
        out.push({
          id: 'test',
          label: text(`${K}.Test.${kind}`),
          owners: [target.actorUuid],
          enabled: !refusal,
          ...(refusal ? { reason: refusalText(refusal) } : {}),
          rule: kind === 'desarmer' ? 'S-MN2' : 'S-MN3',
          style: 'primary',
        });
      }
      out.push({
        id: 'apply',
        label: text('PDA.Chat.Action.Apply'),
        owners: [],
        enabled: !testPending,
        ...(testPending ? { reason: text(`${K}.TestFirst`) } : {}),
        rule: 'S-DF3',
        style: 'primary',
      });
      return out;
    }
    if (card.step === 'applied' && state.applied) {
      const blocked = souffleUndoBlocked(env.resolve(target.actorUuid), target.name, state.applied.after);
      const out: CardAction[] = [
        {
          id: 'undo',
          label: text('PDA.Chat.Action.Undo'),
          owners: [],
          enabled: !blocked,
          ...(blocked ? { reason: blocked } : {}),
          rule: 'S-DF3',
          style: 'danger',
        },
      ];
      const effect = state.applied.effect;
      if (effect && !state.applied.luckSpent) {
        let chance = 0;
        try {
          chance = defenderOf(card, env).system.toEngine().chance;
        } catch {
          chance = 0;
        }
        out.push({
          id: 'luck',
          label: text(`${K}.Luck.${effect}`),
          owners: [target.actorUuid],
          enabled: chance >= 1,
          ...(chance < 1 ? { reason: text('PDA.Error.SouffleNoLuck') } : {}),
          rule: effect === 'desarme' ? 'S-MN2' : 'S-MN3',
          style: 'secondary',
        });
      }
      return out;
    }
    return [];
  },

  async perform(card, actionId, env): Promise<FlowResult<SouffleAttackState>> {
    const options = souffleOptionsNow();
    const { state } = card;
    switch (actionId) {
      case 'force1':
      case 'forceMax': {
        const attacker = attackerOf(card, env);
        const fighter = attacker.system.toEngine();
        const n = actionId === 'force1' ? 1 : Math.min(state.attack.maxForce, fighter.souffle.value);
        const attack = forceAttack(state.attack, n, fighter.souffle.value, options);
        const after = spendSouffle(fighter, n);
        return {
          step: 'attack',
          state: { ...state, attack, souffleSpent: state.souffleSpent + n },
          writes: [fighterWrite(attacker, after)],
        };
      }
      case 'parade':
      case 'esquive': {
        const defender = defenderOf(card, env);
        const fighter = defender.system.toEngine();
        const armour = defender.system.engineArmour();
        const shield = defender.system.engineShield();
        const input = {
          mode: actionId as DefenceMode,
          states: fighter.states,
          ...(fighter.posture ? { posture: fighter.posture } : {}),
          ...(armour ? { armour } : {}),
          ...(shield ? { shield } : {}),
          ...(state.attack.aim === 'feinte' ? { feinted: true } : {}),
          // S-AT5: beyond 20 m the target defends better, less the shooter's métier.
          ...(state.distance !== undefined
            ? { distance: state.distance, shooterMetier: state.input.metier }
            : {}),
        };
        const result = await env.roll((dice) =>
          resolveDefence(
            state.attack,
            { defense: fighter.defense, metier: bestMetier(fighter) },
            input,
            dice,
            options,
          ),
        );
        return { step: 'defended', state: { ...state, defence: { mode: input.mode, result } } };
      }
      case 'test': {
        const kind = manoeuvreOf(state.attack.aim);
        if (!kind || !state.defence) throw new RulesError('PDA.Error.CardNoSuchAction');
        const fighter = defenderOf(card, env).system.toEngine();
        const taken = state.defence.result.taken;
        const level = state.defence.result.level;
        const test: SouffleManoeuvreTest =
          kind === 'desarmer'
            ? await env.roll((dice) => {
                const r = disarmTest(state.attack, taken, fighter, dice, options);
                return { kind, result: r, effect: r.disarmed, rounds: 0 };
              })
            : await env.roll((dice) => {
                const r = knockOutTest(
                  state.attack,
                  level.canRoll ? level.level : 'none',
                  taken,
                  fighter,
                  dice,
                  options,
                );
                return { kind, result: r, effect: r.knockedOut, rounds: r.rounds };
              });
        return { step: 'defended', state: { ...state, test } };
      }
      case 'apply': {
        if (!state.defence) throw new RulesError('PDA.Error.CardNoSuchAction');
        const defender = defenderOf(card, env);
        const fighter = defender.system.toEngine();
        const out = applyDamage(fighter, state.defence.result.taken, options);
        let next = out.fighter;
        let effect: SouffleEffect | undefined;
        if (state.test?.effect) {
          effect = state.test.kind === 'desarmer' ? 'desarme' : 'assomme';
          next = effect === 'desarme' ? disarm(next) : knockOut(next, state.test.rounds);
        }
        const write = fighterWrite(defender, next);
        const applied: SouffleApplied = {
          before: fighterSnapshot(defender, fighter),
          after: write.update.system as Record<string, unknown>,
          toSouffle: out.toSouffle,
          toPv: out.toPv,
          ...(effect ? { effect } : {}),
          luckSpent: false,
        };
        return {
          step: 'applied',
          state: { ...state, applied },
          writes: [write],
        };
      }
      case 'undo': {
        if (!state.applied) throw new RulesError('PDA.Error.CardNothingToUndo');
        const target = targetOf(card);
        ensureSouffleUndo(env.resolve(target.actorUuid), target.name, state.applied.after);
        const { applied: _gone, ...rest } = state;
        return {
          step: 'defended',
          state: { ...rest, undone: state.undone + 1 },
          writes: [{ uuid: target.actorUuid, update: { system: state.applied.before } }],
        };
      }
      case 'luck': {
        const effect = state.applied?.effect;
        if (!state.applied || !effect) throw new RulesError('PDA.Error.CardNoSuchAction');
        const defender = defenderOf(card, env);
        const after = spendLuckAgainst(defender.system.toEngine(), effect);
        const write = fighterWrite(defender, after);
        const wrote = write.update.system as Record<string, unknown>;
        return {
          step: 'applied',
          state: { ...state, applied: { ...state.applied, luckSpent: true, after: wrote } },
          writes: [write],
        };
      }
      default:
        throw new RulesError('PDA.Error.CardNoSuchAction');
    }
  },

  context(card, env) {
    return souffleAttackContext(card, env);
  },
};
export {
  type SouffleEffect,
  type SouffleManoeuvreTest,
  type SouffleApplied,
  type SouffleAttackState,
} from './attack-state';
export { souffleAttackContext } from './attack-context';
