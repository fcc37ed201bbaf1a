import { RulesError } from '../../../../engine/core/errors';
import {
  availableDefences,
  NO_DEFENCE,
  resolveDefence,
  type DefenceOption,
} from '../../../../engine/fantasia/attack';
import type { FantasiaCombatant, RuleId } from '../../../../engine/fantasia/types';
import { withStates } from '../../../../engine/fantasia/weapons';
import type { CardAction, DocumentWrite, FlowEnv, FlowResult, Text } from '../../../chat/flow';
import { fantasiaRound } from './round-context';
import {
  type Card,
  type FantasiaAttackState,
  need,
  optionsSource,
  target,
  tryCombatant,
} from './attack-state';
import { localizedName } from './attack-context';
import { land } from './damage-step';
import { thrustBookkeeping } from './thrusts';

// ------------------------------------------------------------------------------------- defence

interface DefenceChoice {
  readonly id: string;
  readonly label: Text;
  readonly option: DefenceOption;
  readonly withName: string;
  /** A refusal added by the card (weapon vs missile, F-D3). */
  readonly extra?: { rule: RuleId; key: string };
}

/** The defender's choices: parry with each weapon or the shield, dodge (F-D1..F-D4, F-W5, F-B3/4). */
export function defenceChoices(card: Card, fighter: FantasiaCombatant): DefenceChoice[] {
  const known = fantasiaRound().facts(card.combatId, target(card)?.actorUuid ?? '');
  // F-D1 outside a tracked combat (ruling): nobody declares, so a dodge is not refused for want of
  // a declaration; the GM judges it as the table would.
  const facts = known.untracked ? { ...known, dodgeDeclared: true } : known;
  // F-W5: a crossbow being reloaded in this round's passes, as the round knows it.
  const defender =
    facts.reloadingWeaponId && !fighter.states.reloading
      ? withStates(fighter, { reloading: { weaponId: facts.reloadingWeaponId } })
      : fighter;
  const attack = card.state.attack;
  const out: DefenceChoice[] = [];
  const s = defender.states;
  const parriers = (defender.weapons ?? []).filter(
    (w) => w.canParry && w.ready && !s.weaponBroken?.includes(w.id) && s.disarmed?.weaponId !== w.id,
  );
  for (const w of parriers) {
    const [parry] = availableDefences(attack, defender, { ...facts, parryWeaponId: w.id });
    if (!parry) continue;
    out.push({
      id: `parry.${w.id}`,
      label: { key: 'PDA.Chat.Action.ParryWith', data: { name: w.name } },
      option: parry,
      withName: w.name,
      ...(attack.ranged ? { extra: { rule: 'F-D3', key: 'PDA.Fantasia.Refusal.MissileNeedsShield' } } : {}),
    });
  }
  if (defender.shield) {
    const [parry] = availableDefences(attack, defender, { ...facts, parryWeaponId: '' });
    if (parry) {
      out.push({
        id: 'parry.shield',
        label: { key: 'PDA.Chat.Action.ParryWith', data: { name: defender.shield.name } },
        option: parry,
        withName: defender.shield.name,
      });
    }
  }
  if (out.length === 0) {
    const [parry] = availableDefences(attack, defender, facts);
    if (parry)
      out.push({ id: 'parry', label: { key: 'PDA.Chat.Action.Parry' }, option: parry, withName: '' });
  }
  const dodge = availableDefences(attack, defender, facts)[1];
  if (dodge) out.push({ id: 'dodge', label: { key: 'PDA.Chat.Action.Dodge' }, option: dodge, withName: '' });
  return out;
}

function choiceRefusal(choice: DefenceChoice): { rule: RuleId; key: string } | undefined {
  return choice.option.reasons[0] ?? choice.extra;
}

// ------------------------------------------------------------------------------------- actions

export function defenceActions(card: Card, env: FlowEnv): CardAction[] {
  const t = target(card);
  const owners = t ? [t.actorUuid] : [];
  const defender = tryCombatant(env, t?.actorUuid);
  const actions: CardAction[] = [];
  if (defender) {
    for (const choice of defenceChoices(card, defender)) {
      const refusal = choiceRefusal(choice);
      const target = choice.option.base + choice.option.modifiers.reduce((s, m) => s + m.value, 0);
      actions.push({
        id: choice.id,
        label: {
          key: 'PDA.Chat.Action.WithPercent',
          data: { action: env.t(localizedName(choice.label, env)), percent: target },
        },
        owners,
        enabled: refusal === undefined,
        ...(refusal ? { reason: { key: refusal.key }, rule: refusal.rule } : {}),
        style: 'primary',
      });
    }
  }
  actions.push({ id: 'none', label: { key: 'PDA.Chat.Action.NoDefence' }, owners, enabled: true });
  return actions;
}

export async function performDefence(
  card: Card,
  actionId: string,
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const attacker = need(env, card.actorUuid, card.state.attackerName);
  const defender = need(env, t?.actorUuid, t?.name ?? '');
  const options = optionsSource();
  let choice: DefenceChoice | undefined;
  if (actionId !== 'none') {
    choice = defenceChoices(card, defender).find((c) => c.id === actionId);
    if (!choice) throw new RulesError('PDA.Error.CardNoSuchAction');
    const refusal = choiceRefusal(choice);
    if (refusal) throw new RulesError(refusal.key, { rule: refusal.rule });
  }
  const picked = choice;
  const landed = await env.roll((dice) => {
    const defence = picked ? resolveDefence(card.state.attack, picked.option, dice, options) : NO_DEFENCE;
    return land(card.state, attacker, defender, defence, picked?.withName ?? '', dice, options);
  });
  const writes: DocumentWrite[] = [];
  const defence = landed.state.defence ?? NO_DEFENCE;
  if (defence.parryUsed && t) {
    const w = fantasiaRound().parryWrite(card.combatId, t.actorUuid);
    if (w) writes.push(w);
  }
  const thrustWrites = thrustBookkeeping(card, attacker, defence, env);
  writes.push(...thrustWrites);
  return {
    step: landed.step,
    state: { ...landed.state, thrustPlaced: thrustWrites.length > 0 || landed.state.thrustPlaced },
    writes,
  };
}
