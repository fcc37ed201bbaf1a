import type { ExchangeText, Refusal } from '../../core/exchange';
import type { Dice } from '../../dice/port';
import { availableDefences, type AttackResult, type DefenceOption, type DefenceResult } from '../attack';
import { findBotte } from '../bottes';
import { rollDamage } from '../damage';
import type { FantasiaOptions } from '../options';
import type { FantasiaCombatant, FantasiaStates } from '../types';
import { lutteHold, lutteStrangle, lutteThrow } from '../unarmed';
import { withStates } from '../weapons';
import { whipCriticalEffect, whipDisarm, whipTrip } from '../whip';
import { STEP, type FantasiaAttackState, type HoldOutcome, type LutteHold, type WhipOutcome } from './state';
import type { FantasiaAttackView } from './view';
import { needsParry } from './situation';

/** One defence the defender may choose: parry with a weapon or the shield, or dodge. */
export interface DefenceOffer {
  readonly id: string;
  readonly label: ExchangeText;
  readonly option: DefenceOption;
  readonly withName: string;
  /** A refusal added by the exchange (weapon vs missile, F-D3). */
  readonly extra?: Refusal;
}

/** Secret thrusts the defender knows that are placed with a parry (Désarmement, F-B7). */
function parryThrusts(defender: FantasiaCombatant): string[] {
  return (defender.thrusts ?? []).flatMap((k) => {
    try {
      const b = findBotte(k.thrustId);
      return b.effects.some((e) => e.kind === 'bindWeapon' && e.onParry) ? [b.id] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The defender's choices (F-D1..F-D4, F-W5, F-B3, F-B4): parry with each weapon or the shield
 * (and, with each parrying weapon, each thrust placed on a parry, F-B7), and dodge.
 */
export function defenceChoices(state: FantasiaAttackState, view: FantasiaAttackView): DefenceOffer[] {
  const fighter = view.defender;
  if (!fighter) return [];
  const known = view.facts;
  // F-D1 outside a tracked combat (ruling): nobody declares, so a dodge is not refused for want of
  // a declaration; the GM judges it as the table would.
  const facts = known.untracked ? { ...known, dodgeDeclared: true } : known;
  // F-W5: a crossbow being reloaded in this round's passes, as the round knows it.
  const defender =
    facts.reloadingWeaponId && !fighter.states.reloading
      ? withStates(fighter, { reloading: { weaponId: facts.reloadingWeaponId } })
      : fighter;
  const attack = state.attack;
  const out: DefenceOffer[] = [];
  const s = defender.states;
  const parriers = (defender.weapons ?? []).filter(
    (w) => w.canParry && w.ready && !s.weaponBroken?.includes(w.id) && s.disarmed?.weaponId !== w.id,
  );
  const onParry = parryThrusts(defender);
  for (const w of parriers) {
    const [parry] = availableDefences(attack, defender, { ...facts, parryWeaponId: w.id }, view.options);
    if (!parry) continue;
    const extra: Refusal | undefined = attack.ranged
      ? { rule: 'F-D3', key: 'PDA.Fantasia.Refusal.MissileNeedsShield' }
      : undefined;
    out.push({
      id: `parry.${w.id}`,
      label: { key: 'PDA.Chat.Action.ParryWith', nested: { name: { key: w.name } } },
      option: parry,
      withName: w.name,
      ...(extra ? { extra } : {}),
    });
    for (const thrustId of onParry) {
      const [placed] = availableDefences(
        attack,
        defender,
        { ...facts, parryWeaponId: w.id, parryThrust: thrustId },
        view.options,
      );
      // Offered only when it may be placed now; the plain parry above says why a parry is refused.
      if (!placed || placed.reasons.length > 0 || extra) continue;
      out.push({
        id: `parry.${w.id}.${thrustId}`,
        label: {
          key: 'PDA.Chat.Action.ParryThrust',
          nested: { name: { key: w.name }, thrust: { key: findBotte(thrustId).name } },
        },
        option: placed,
        withName: w.name,
        ...(extra ? { extra } : {}),
      });
    }
  }
  if (defender.shield) {
    const [parry] = availableDefences(attack, defender, { ...facts, parryWeaponId: '' }, view.options);
    if (parry) {
      out.push({
        id: 'parry.shield',
        label: { key: 'PDA.Chat.Action.ParryWith', nested: { name: { key: defender.shield.name } } },
        option: parry,
        withName: defender.shield.name,
      });
    }
  }
  if (out.length === 0) {
    const [parry] = availableDefences(attack, defender, facts, view.options);
    if (parry)
      out.push({ id: 'parry', label: { key: 'PDA.Chat.Action.Parry' }, option: parry, withName: '' });
  }
  // A thrust placed only on a parry does not threaten a dodge (ruling): no thrust malus then.
  const dodge = availableDefences(
    voidable(state) ? withoutThrust(attack) : attack,
    defender,
    facts,
    view.options,
  )[1];
  if (dodge) out.push({ id: 'dodge', label: { key: 'PDA.Chat.Action.Dodge' }, option: dodge, withName: '' });
  return out;
}

/** True when the exchange's thrust is placed only on a parry and the defender may still avoid one. */
export function voidable(state: FantasiaAttackState): boolean {
  return needsParry(state.attack.thrust?.thrust) && !state.attack.critical;
}

/** The attack as an ordinary blow (its thrust void). */
export function withoutThrust(attack: AttackResult): AttackResult {
  const { thrust: _thrust, ...rest } = attack;
  return rest;
}

export function choiceRefusal(choice: DefenceOffer): Refusal | undefined {
  return choice.option.reasons[0] ?? choice.extra;
}

/** The chance a defence choice is rolled at. */
export function choicePercent(choice: DefenceOffer): number {
  return choice.option.base + choice.option.modifiers.reduce((s, m) => s + m.value, 0);
}

/** The states that differ between two views of a combatant. */
export function patchOf(before: FantasiaCombatant, after: FantasiaCombatant): Partial<FantasiaStates> {
  const patch: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before.states), ...Object.keys(after.states)]);
  for (const k of keys) {
    const a = (before.states as Record<string, unknown>)[k];
    const b = (after.states as Record<string, unknown>)[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) patch[k] = b;
  }
  return patch as Partial<FantasiaStates>;
}

/** F-U3: throw down and strangle land on the hit; immobilise needs FOR vs FOR at once. */
function holdOutcome(
  kind: Exclude<LutteHold, ''>,
  attack: AttackResult,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions,
): HoldOutcome {
  if (kind === 'throw') {
    const applied = lutteThrow(attack, defender);
    return { kind, roll: null, success: true, patch: patchOf(defender, applied.combatant) };
  }
  if (kind === 'strangle') {
    const applied = lutteStrangle(attack, defender);
    return { kind, roll: null, success: true, patch: patchOf(defender, applied.combatant) };
  }
  const r = lutteHold(attacker, defender, dice, options);
  return { kind, roll: r.roll, success: r.roll.success, patch: patchOf(defender, r.victim.combatant) };
}

/** F-W2: the lash wraps the foe; trip (FOR vs TAI) or disarm (DEX×3), no roll on a critical. */
function whipOutcome(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions,
): WhipOutcome {
  const attack = state.attack;
  const entangled = { entangled: { by: attacker.id, weaponId: attack.weapon.id } };
  const wrapped = withStates(defender, entangled);
  const effect = state.intent.whip;
  if (!effect) return { effect: 'trip', percent: null, resistance: null, success: false, patch: entangled };
  if (attack.critical) {
    const applied = whipCriticalEffect(attack, wrapped, effect);
    return {
      effect,
      percent: null,
      resistance: null,
      success: true,
      patch: patchOf(defender, applied.combatant),
    };
  }
  if (effect === 'trip') {
    const r = whipTrip(attacker, wrapped, dice, options);
    return {
      effect,
      percent: null,
      resistance: r.roll,
      success: r.roll.success,
      patch: patchOf(defender, r.victim.combatant),
    };
  }
  const r = whipDisarm(attacker, wrapped, dice, options);
  return {
    effect,
    percent: r.roll,
    resistance: null,
    success: r.roll.success,
    patch: patchOf(defender, r.victim.combatant),
  };
}

/** Damage of a hit that was not stopped, the whip's effect (F-W2) or the Lutte hold (F-U3). */
export function land(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  defence: DefenceResult,
  withName: string,
  dice: Dice,
  options: FantasiaOptions,
): { step: string; state: FantasiaAttackState } {
  const attack = state.attack;
  const holdKind = attack.weapon.skill === 'lutte' ? (state.intent.lutte ?? '') : '';
  if (holdKind && !defence.success) {
    // F-U3: the Lutte hit takes the hold instead of dealing its 2d3 (ruling).
    const hold = holdOutcome(holdKind, attack, attacker, defender, dice, options);
    return {
      step: STEP.damage,
      state: { ...state, defence: { ...defence, withName }, damage: null, hold },
    };
  }
  const damage = rollDamage(attack, attacker, defender, defence, dice, options);
  let whip: WhipOutcome | null = null;
  if (attack.weapon.kind === 'whip' && !defence.success) {
    whip = whipOutcome(state, attacker, defender, dice, options);
  }
  const stopped = defence.success && damage.parts.length === 0;
  return {
    step: stopped ? STEP.done : STEP.damage,
    state: { ...state, defence: { ...defence, withName }, damage, whip },
  };
}
