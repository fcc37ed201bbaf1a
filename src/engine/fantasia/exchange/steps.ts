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

/** The keys of the states one step changed, with what it wrote for each (null: removed). */
function wroteStates(
  before: FantasiaCombatant['states'],
  after: FantasiaCombatant['states'],
): Record<string, unknown> {
  const was = before as Record<string, unknown>;
  const wrote = after as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(was), ...Object.keys(wrote)]))
    if (canonical(was[key] ?? null) !== canonical(wrote[key] ?? null)) out[key] = wrote[key] ?? null;
  return out;
}

/** The states with the keys one step changed put back as they were before it (later ones kept). */
function revertStates(
  current: FantasiaCombatant['states'],
  before: FantasiaCombatant['states'],
  after: FantasiaCombatant['states'],
): FantasiaCombatant['states'] {
  const out: Record<string, unknown> = { ...current };
  const was = before as Record<string, unknown>;
  const wrote = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(was), ...Object.keys(wrote)])) {
    if (canonical(was[key] ?? null) === canonical(wrote[key] ?? null)) continue;
    if (was[key] === undefined) delete out[key];
    else out[key] = was[key];
  }
  return out as FantasiaCombatant['states'];
}

/**
 * The defender as the undo restores it: the offers taken after the damage are undone first,
 * newest first, then the damage. Each step gives back the PV it took and puts back the states it
 * changed. A wound from a later card may stand meanwhile (issue 45: the cuts are undone in any
 * order): only this card's PV come back, never above the maximum. Refused
 * (PDA.Chat.Undo.TargetChanged) when the defender no longer holds a state a step wrote, or when
 * giving the PV back would pass the maximum (a heal came since).
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
  const refuse = (conflict: { field: string; now: string; wrote: string }) => {
    const r = undoRefusal(defender.name, conflict);
    return { refused: { rule: diff.rule[0] ?? 'F-H3', key: r.key, data: r.data } };
  };
  for (const d of steps) {
    const current = defender.states as Record<string, unknown>;
    const wrote = wroteStates(d.before.states, d.after.states);
    const held = Object.fromEntries(Object.keys(wrote).map((k) => [k, current[k] ?? null]));
    const conflict = undoConflict({ states: canonical(held) }, { states: canonical(wrote) });
    if (conflict) return refuse(conflict);
    const now = defender.pv.value;
    const pv = now === d.after.pv.value ? d.before.pv.value : now + (d.before.pv.value - d.after.pv.value);
    if (now !== d.after.pv.value && pv > defender.pv.max)
      return refuse({ field: 'pv.value', now: String(now), wrote: String(d.after.pv.value) });
    defender = {
      ...defender,
      pv: { ...defender.pv, value: pv },
      states: revertStates(defender.states, d.before.states, d.after.states),
    };
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
