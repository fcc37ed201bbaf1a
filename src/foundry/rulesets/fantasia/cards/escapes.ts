import { applyChange } from '../../../../engine/fantasia/damage';
import type { ResistanceRoll } from '../../../../engine/fantasia/resistance';
import { breakFree, strangleRound } from '../../../../engine/fantasia/unarmed';
import { whipPull, whipSlip } from '../../../../engine/fantasia/whip';
import type { CardAction, DocumentWrite, FlowEnv, FlowResult, Text } from '../../../chat/flow';
import { combatantWrite } from './actor-writes';
import {
  type Card,
  type FantasiaAttackState,
  type LutteRound,
  need,
  optionsSource,
  target,
  tryCombatant,
} from './attack-state';

/** The combat's current round, or undefined outside a combat (no once-a-round limit then). */
function combatRound(card: Card, env: FlowEnv): number | undefined {
  if (!card.combatId) return undefined;
  const combat = env.resolve(`Combat.${card.combatId}`) as { round?: number } | null;
  return combat ? Number(combat.round ?? 0) : undefined;
}

/**
 * F-U3, after a hold: each later round the victim may try FOR vs FOR to break free, and a
 * strangler squeezes (asphyxia). Once each a round, from the round after the hold (ruling).
 */
export function lutteActions(card: Card, env: FlowEnv): CardAction[] {
  const hold = card.state.hold;
  if (!hold?.success || hold.kind === 'throw') return [];
  const victim = tryCombatant(env, target(card)?.actorUuid);
  const holder = tryCombatant(env, card.actorUuid);
  if (!victim || !holder) return [];
  const strangled = victim.states.strangled?.by === holder.id;
  if (!strangled && victim.states.immobilised?.by !== holder.id) return [];
  const round = combatRound(card, env);
  const refusal = (kind: LutteRound['kind']): Text | undefined => {
    if (round === undefined) return undefined;
    if (round <= card.round) return { key: 'PDA.Chat.Reason.HoldNextRound' };
    if ((card.state.lutteRounds ?? []).some((e) => e.kind === kind && e.round === round))
      return { key: 'PDA.Chat.Reason.OncePerRound' };
    return undefined;
  };
  const action = (id: string, kind: LutteRound['kind'], owners: readonly string[]): CardAction => {
    const reason = refusal(kind);
    return {
      id,
      label: { key: kind === 'escape' ? 'PDA.Chat.Action.LutteEscape' : 'PDA.Chat.Action.LutteStrangle' },
      owners,
      enabled: reason === undefined,
      ...(reason ? { reason } : {}),
      rule: 'F-U3',
    };
  };
  const t = target(card);
  const out = [action('lutteEscape', 'escape', t ? [t.actorUuid] : [])];
  if (strangled) out.push(action('lutteStrangle', 'strangle', [card.actorUuid]));
  return out;
}

export function stillEntangled(card: Card, env: FlowEnv): boolean {
  const victim = tryCombatant(env, target(card)?.actorUuid);
  const attacker = tryCombatant(env, card.actorUuid);
  return Boolean(victim && attacker && victim.states.entangled?.by === attacker.id);
}

export async function performEscape(
  card: Card,
  actionId: 'whipPull' | 'whipSlip',
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const victim = need(env, t?.actorUuid, t?.name ?? '');
  const holder = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const writes: DocumentWrite[] = [];
  let roll: ResistanceRoll;
  if (actionId === 'whipPull') {
    const r = await env.roll((dice) => whipPull(victim, holder, dice, options));
    roll = r.roll;
    writes.push(combatantWrite(t?.actorUuid ?? '', r.victim.diff.before, r.victim.diff.after));
    writes.push(combatantWrite(card.actorUuid, r.attacker.diff.before, r.attacker.diff.after));
  } else {
    const r = await env.roll((dice) => whipSlip(victim, holder, dice, options));
    roll = r.roll;
    writes.push(combatantWrite(t?.actorUuid ?? '', r.victim.diff.before, r.victim.diff.after));
  }
  const kind = actionId === 'whipPull' ? 'pull' : 'slip';
  return {
    step: card.step,
    state: { ...card.state, escapes: [...card.state.escapes, { kind, roll }] },
    writes,
  };
}

/** F-U3: the victim's escape (FOR vs FOR) or one round of strangling (asphyxia, ruling). */
export async function performLutte(
  card: Card,
  actionId: 'lutteEscape' | 'lutteStrangle',
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const victim = need(env, t?.actorUuid, t?.name ?? '');
  const holder = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const round = combatRound(card, env) ?? 0;
  let entry: LutteRound;
  let after: ReturnType<typeof applyChange>;
  if (actionId === 'lutteEscape') {
    const r = await env.roll((dice) => breakFree(victim, holder, dice, options));
    entry = { kind: 'escape', round, roll: r.roll, damage: 0 };
    after = r.victim;
  } else {
    const squeezed = await env.roll((dice) => strangleRound(victim, dice));
    entry = { kind: 'strangle', round, roll: null, damage: squeezed.damage };
    after = squeezed.victim;
  }
  return {
    step: card.step,
    state: { ...card.state, lutteRounds: [...(card.state.lutteRounds ?? []), entry] },
    writes: [combatantWrite(t?.actorUuid ?? '', after.diff.before, after.diff.after)],
  };
}
