import { RulesError } from '../../../../engine/core/errors';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../../../../engine/fantasia/fumbles';
import { resolveArquebusMishap, startArquebusReload } from '../../../../engine/fantasia/reload';
import type { DocumentWrite, FlowEnv, FlowResult } from '../../../chat/flow';
import { combatantWrite } from './actor-writes';
import { fantasiaRound } from './round-context';
import { type Card, type FantasiaAttackState, need, optionsSource, STEP } from './attack-state';

/** F-W6 too much powder: the round's readiness gets the doubled countdown (GM side). */
function powderWrite(card: Card, rounds: number | undefined): DocumentWrite[] {
  if (rounds === undefined) return [];
  const write = fantasiaRound().readinessWrite?.(card.combatId, card.actorUuid, card.state.attack.weapon.id, {
    kind: 'powderDoubled',
    rounds,
  });
  return write ? [write] : [];
}

export async function performFumble(
  card: Card,
  option: FumbleOptionId,
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const attacker = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const needsFriend = fumbleOptions(card.state.attack).find((o) => o.id === option)?.needsFriend;
  const friendTarget = needsFriend ? env.userTargets()[0] : undefined;
  if (needsFriend && !friendTarget) throw new RulesError('PDA.Error.CardNeedFriend');
  const friend = friendTarget ? need(env, friendTarget.actorUuid, friendTarget.name) : undefined;
  const { outcome, reloadRounds } = await env.roll((dice) => {
    const result = resolveFumble(
      card.state.attack,
      option,
      { attacker, ...(friend ? { friend } : {}) },
      dice,
      options,
    );
    const doubled = result.arquebus?.reloadDoubled === true;
    const rounds = doubled
      ? startArquebusReload(attacker, card.state.attack.weapon.id, dice, true).rounds
      : undefined;
    return { outcome: result, reloadRounds: rounds };
  });
  const fumble = {
    option,
    roll: outcome.roll ?? outcome.arquebus?.chance ?? null,
    incident: outcome.arquebus?.incident ?? null,
    burstDamage: outcome.arquebus?.burstDamage ?? 0,
    friendName: friendTarget?.name ?? '',
    ...(reloadRounds !== undefined ? { reloadRounds } : {}),
  };
  if (friendTarget && outcome.friendDamage) {
    // The blow lands on the friend: the card goes on with the friend as its target.
    return {
      step: STEP.damage,
      state: { ...card.state, fumble, damage: outcome.friendDamage },
      targets: [friendTarget],
    };
  }
  return {
    step: STEP.done,
    state: { ...card.state, fumble },
    writes: [
      combatantWrite(card.actorUuid, outcome.attacker.diff.before, outcome.attacker.diff.after),
      ...powderWrite(card, reloadRounds),
    ],
  };
}

export async function performMishap(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const attacker = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const weaponId = card.state.attack.weapon.id;
  const { m, reloadRounds } = await env.roll((dice) => {
    const mishap = resolveArquebusMishap(attacker, weaponId, dice, options);
    const rounds = mishap.reloadDoubled
      ? startArquebusReload(attacker, weaponId, dice, true).rounds
      : undefined;
    return { m: mishap, reloadRounds: rounds };
  });
  return {
    step: STEP.done,
    state: {
      ...card.state,
      mishap: {
        chance: m.chance,
        incident: m.incident ?? null,
        burstDamage: m.burstDamage ?? 0,
        ...(reloadRounds !== undefined ? { reloadRounds } : {}),
      },
    },
    writes: [
      combatantWrite(card.actorUuid, m.applied.diff.before, m.applied.diff.after),
      ...powderWrite(card, reloadRounds),
    ],
  };
}
