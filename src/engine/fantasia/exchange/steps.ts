import type { DefenceResult } from '../attack';
import { undoConflict, undoRefusal } from '../../core/undo';
import { RulesError } from '../../core/errors';
import type { Refusal } from '../../core/exchange';
import type { Dice } from '../../dice/port';
import { evaluate } from '../../dice/formula';
import { canonical } from '../../core/canonical';
import { applyChange, type CombatantDiff } from '../damage';
import type { FantasiaCombatant } from '../types';
import { breakFree, strangleRound } from '../unarmed';
import { whipDisarm, whipPull, whipSlip } from '../whip';
import { fighterEffects, type FantasiaEffect } from './effects';
import { afterThrust } from './pipeline';
import { type FantasiaAttackState, type LutteRound, type OfferId, type TakenOffer } from './state';
import type { FantasiaAttackView } from './view';

/** The fighter a refusal names when its document is gone. */
export function needFighter(fighter: FantasiaCombatant | undefined, name: string): FantasiaCombatant {
  if (!fighter) throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return fighter;
}

/** F-B5 / F-B6: a thrust that landed is remembered against this foe and earns its crosses. */
export function thrustEffects(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defence: DefenceResult,
  view: FantasiaAttackView,
): FantasiaEffect[] {
  const attack = state.attack;
  if (!attack.thrust || state.thrustPlaced) return [];
  const after = afterThrust(attack, defence, attacker, view.memory);
  if (!after.placed) return [];
  const thrustId = attack.thrust.thrust.id;
  const was = attacker.thrusts?.find((k) => k.thrustId === thrustId)?.crosses ?? 0;
  const now = after.attacker.thrusts?.find((k) => k.thrustId === thrustId)?.crosses ?? was;
  const out: FantasiaEffect[] = [];
  if (now !== was) out.push({ type: 'crosses', fighter: 'attacker', thrustId, from: was, to: now });
  out.push({ type: 'memory', from: view.memory, to: after.memory });
  return out;
}

// ----------------------------------------------------------------------------- apply and undo

/** The PV and states the undo compares (states whatever their key order). */
export function undoView(c: Pick<FantasiaCombatant, 'pv' | 'states'>): Record<string, unknown> {
  return { pv: { value: c.pv.value }, states: canonical(c.states) };
}

/**
 * The defender as the undo restores it: the offers taken after the damage are undone first,
 * newest first, then the damage. Refused (PDA.Chat.Undo.TargetChanged) when the defender no
 * longer holds what a step wrote: later damage, a healed wound, a state set elsewhere.
 */
export function undoRestored(
  state: FantasiaAttackState,
  view: FantasiaAttackView,
): { restored: FantasiaCombatant } | { refused: Refusal } {
  const diff = state.applied;
  if (!diff) return { refused: { rule: 'F-H3', key: 'PDA.Error.CardNothingToUndo' } };
  let defender = needFighter(view.defender, view.defenderName);
  const steps: CombatantDiff[] = [...(state.offersTaken ?? []).map((o) => o.diff)].reverse();
  steps.push(diff);
  for (const d of steps) {
    const conflict = undoConflict(undoView(defender), undoView(d.after));
    if (conflict) {
      const r = undoRefusal(defender.name, conflict);
      return { refused: { rule: diff.rule[0] ?? 'F-H3', key: r.key, data: r.data } };
    }
    defender = { ...defender, pv: d.before.pv, states: d.before.states };
  }
  return { restored: defender };
}

/** F-H5: the damage (and the whip's or hold's states) applied to the defender. */
export function applyOutcome(state: FantasiaAttackState, view: FantasiaAttackView) {
  const damage = state.damage;
  const hold = state.hold;
  if ((!damage && !hold) || state.applied) throw new RulesError('PDA.Error.CardAlreadyApplied');
  const defender = needFighter(view.defender, view.defenderName);
  const patch = { ...(damage?.states ?? {}), ...(state.whip?.patch ?? {}), ...(hold?.patch ?? {}) };
  const applied = applyChange(defender, damage?.total ?? 0, patch, damage?.rule ?? ['F-U3']);
  return { diff: applied.diff, effects: fighterEffects('defender', applied.diff.before, applied.diff.after) };
}

// ------------------------------------------------------------------------------------ offers

/** F-B7: one offered effect applied to the target (Désarmement's disarm, the Ruade's landing). */
export function takeOffer(
  state: FantasiaAttackState,
  view: FantasiaAttackView,
  id: OfferId,
  dice: Dice,
): TakenOffer {
  const offer = state.damage?.offers.find((o) => o.id === id);
  if (!offer) throw new RulesError('PDA.Error.CardNoSuchAction');
  const victim = needFighter(view.defender, view.defenderName);
  if (id === 'disarm') {
    // Désarmement: the bound weapon is torn away like a whip's disarm, DEX×3.
    const attacker = needFighter(view.attacker, view.attackerName);
    const r = whipDisarm(attacker, victim, dice, view.options);
    return { id, roll: r.roll, damage: 0, diff: r.victim.diff };
  }
  // Ruade du Sraal: the GM rules the landing failed; the target falls and takes the dice.
  const formula = String(offer.data?.damage ?? '1d6');
  const damage = Math.max(0, evaluate(formula, dice).total);
  const applied = applyChange(victim, damage, { fallen: true }, ['F-B7']);
  return { id, roll: null, damage, diff: applied.diff };
}

// ------------------------------------------------------------------------- whip and Lutte

/** True while the defender is still wrapped in this attacker's whip (F-W2). */
export function stillEntangled(view: FantasiaAttackView): boolean {
  const victim = view.defender;
  const attacker = view.attacker;
  return Boolean(victim && attacker && victim.states.entangled?.by === attacker.id);
}

/** F-W2: the victim pulls the whip away (FOR vs FOR) or slips out (DEX vs FOR). */
export function whipEscape(view: FantasiaAttackView, kind: 'pull' | 'slip', dice: Dice) {
  const victim = needFighter(view.defender, view.defenderName);
  const holder = needFighter(view.attacker, view.attackerName);
  if (kind === 'pull') {
    const r = whipPull(victim, holder, dice, view.options);
    return {
      roll: r.roll,
      effects: [
        ...fighterEffects('defender', r.victim.diff.before, r.victim.diff.after),
        ...fighterEffects('attacker', r.attacker.diff.before, r.attacker.diff.after),
      ],
    };
  }
  const r = whipSlip(victim, holder, dice, view.options);
  return { roll: r.roll, effects: fighterEffects('defender', r.victim.diff.before, r.victim.diff.after) };
}

/** F-U3: the victim's escape (FOR vs FOR) or one round of strangling (asphyxia, ruling). */
export function lutteRound(view: FantasiaAttackView, kind: LutteRound['kind'], dice: Dice) {
  const victim = needFighter(view.defender, view.defenderName);
  const holder = needFighter(view.attacker, view.attackerName);
  const round = view.round ?? 0;
  if (kind === 'escape') {
    const r = breakFree(victim, holder, dice, view.options);
    const entry: LutteRound = { kind, round, roll: r.roll, damage: 0 };
    return { entry, effects: fighterEffects('defender', r.victim.diff.before, r.victim.diff.after) };
  }
  const squeezed = strangleRound(victim, dice);
  const entry: LutteRound = { kind, round, roll: null, damage: squeezed.damage };
  return {
    entry,
    effects: fighterEffects('defender', squeezed.victim.diff.before, squeezed.victim.diff.after),
  };
}
