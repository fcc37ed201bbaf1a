import { RulesError } from '../../core/errors';
import type { ExchangeAction, ExchangeMachine, ExchangeStep, Refusal } from '../../core/exchange';
import type { Dice } from '../../dice/port';
import { NO_DEFENCE, resolveDefence } from '../attack';
import { fumbleOptions, type FumbleOptionId } from '../fumbles';
import { choicePercent, choiceRefusal, defenceChoices, land, voidable, withoutThrust } from './defence';
import { fighterEffects, reverseFantasiaEffects, type FantasiaEffect } from './effects';
import { applyBurst, performFumble, performMishap, undoBurst } from './fumbles';
import {
  applyOutcome,
  lutteRound,
  needFighter,
  stillEntangled,
  takeOffer,
  thrustEffects,
  undoRestored,
  whipEscape,
} from './steps';
import { isOfferButton, STEP, type FantasiaAttackState, type LutteRound } from './state';
import type { FantasiaAttackView } from './view';

/**
 * Fantasia's attack exchange as a state machine: attack (opened by openAttack) → defence
 * (F-D1..F-D4, F-W5, F-B3, F-B4, Désarmement on a parry F-B7) → damage (F-H2..F-H5, F-U4, F-W2,
 * F-U3 holds) → applied / undone, with the thrust offers (F-B7), whip escapes (F-W2, once a round),
 * Lutte escapes and strangling (F-U3, once a round from the round after the hold), fumble options
 * (F-H6..F-H9) and the arquebus's Chance roll (F-W6). Pure: the card host builds the view, maps
 * sides to owners and effects to documents.
 */

type Step = ExchangeStep<FantasiaAttackState, FantasiaEffect>;

function stay(step: string, state: FantasiaAttackState, effects: FantasiaEffect[]): Step {
  return { step, state, effects, undo: reverseFantasiaEffects(effects) };
}

// ------------------------------------------------------------------------------------ defence

/**
 * The defences still open: all of them, or after a failed dodge the parries only (F-D1: a dodger
 * may also parry the blow; F-D2 still one parry a round).
 */
function openChoices(state: FantasiaAttackState, view: FantasiaAttackView) {
  const all = defenceChoices(state, view);
  return state.failedDodge ? all.filter((c) => c.option.kind === 'parry') : all;
}

function defenceActions(state: FantasiaAttackState, view: FantasiaAttackView): ExchangeAction[] {
  const out: ExchangeAction[] = openChoices(state, view).map((choice) => {
    const refusal = choiceRefusal(choice);
    return {
      id: choice.id,
      label: {
        key: 'PDA.Chat.Action.WithPercent',
        data: { percent: choicePercent(choice) },
        nested: { action: choice.label },
      },
      side: 'defender',
      ...(refusal ? { refused: refusal } : {}),
      style: 'primary',
    };
  });
  out.push({ id: 'none', label: { key: 'PDA.Chat.Action.NoDefence' }, side: 'defender' });
  return out;
}

function performDefence(
  state: FantasiaAttackState,
  view: FantasiaAttackView,
  actionId: string,
  dice: Dice,
): Step {
  const attacker = needFighter(view.attacker, view.attackerName);
  const defender = needFighter(view.defender, view.defenderName);
  const choice = actionId === 'none' ? undefined : openChoices(state, view).find((c) => c.id === actionId);
  if (actionId !== 'none' && !choice) throw new RulesError('PDA.Error.CardNoSuchAction');
  const defence = choice
    ? resolveDefence(state.attack, choice.option, dice, view.options)
    : (state.failedDodge ?? NO_DEFENCE);
  if (defence.kind === 'dodge' && !defence.success && !state.failedDodge) {
    // F-D1: the dodge failed; a parry of the same blow is still open when one may be rolled.
    const afterDodge: FantasiaAttackState = { ...state, failedDodge: { ...defence, withName: '' } };
    if (openChoices(afterDodge, view).some((c) => !choiceRefusal(c)))
      return stay(STEP.defence, afterDodge, []);
  }
  // No parry after a failed dodge: the dodge is the defence the card keeps.
  const { failedDodge: _tried, ...rest } = state;
  const kept: FantasiaAttackState = !choice && state.failedDodge ? rest : state;
  // Anti-parade, Feinte coupe-bras (F-B7): without a parry the thrust is not placed (ruling).
  const unplaced = voidable(kept) && defence.kind !== 'parry';
  const blow = unplaced ? { ...kept, attack: withoutThrust(kept.attack), thrustUnplaced: true } : kept;
  const landed = land(blow, attacker, defender, defence, choice?.withName ?? '', dice, view.options);
  const effects: FantasiaEffect[] = [];
  if (defence.parryUsed) effects.push({ type: 'parrySpent', fighter: 'defender' });
  if (defence.bindsWeaponId !== undefined) {
    // Désarmement placed with the parry (F-B7): the attacker's weapon is bound for this round.
    const bound = {
      ...attacker,
      states: { ...attacker.states, weaponBound: { weaponId: defence.bindsWeaponId } },
    };
    effects.push(...fighterEffects('attacker', attacker, bound));
  }
  const thrust = thrustEffects(blow, attacker, defence, view);
  effects.push(...thrust);
  return stay(
    landed.step,
    { ...landed.state, thrustPlaced: thrust.length > 0 || landed.state.thrustPlaced },
    effects,
  );
}

// ------------------------------------------------------------------------------- after damage

/** F-W2: one escape a round; refused outside the round the victim is in (none outside combat). */
function whipRefusal(state: FantasiaAttackState, view: FantasiaAttackView): Refusal | undefined {
  if (view.round === undefined) return undefined;
  if (state.escapes.some((e) => e.round === view.round))
    return { rule: 'F-W2', key: 'PDA.Chat.Reason.OncePerRound' };
  return undefined;
}

/** F-U3: once each a round, from the round after the hold (ruling). */
function lutteRefusal(
  state: FantasiaAttackState,
  view: FantasiaAttackView,
  kind: LutteRound['kind'],
): Refusal | undefined {
  const round = view.round;
  if (round === undefined) return undefined;
  if (round <= view.startRound) return { rule: 'F-U3', key: 'PDA.Chat.Reason.HoldNextRound' };
  if ((state.lutteRounds ?? []).some((e) => e.kind === kind && e.round === round))
    return { rule: 'F-U3', key: 'PDA.Chat.Reason.OncePerRound' };
  return undefined;
}

function lutteActions(state: FantasiaAttackState, view: FantasiaAttackView): ExchangeAction[] {
  const hold = state.hold;
  if (!hold?.success || hold.kind === 'throw') return [];
  const victim = view.defender;
  const holder = view.attacker;
  if (!victim || !holder) return [];
  const strangled = victim.states.strangled?.by === holder.id;
  if (!strangled && victim.states.immobilised?.by !== holder.id) return [];
  const action = (id: string, kind: LutteRound['kind']): ExchangeAction => {
    const refused = lutteRefusal(state, view, kind);
    return {
      id,
      label: { key: kind === 'escape' ? 'PDA.Chat.Action.LutteEscape' : 'PDA.Chat.Action.LutteStrangle' },
      side: kind === 'escape' ? 'defender' : 'attacker',
      rule: 'F-U3',
      ...(refused ? { refused } : {}),
    };
  };
  const out = [action('lutteEscape', 'escape')];
  if (strangled) out.push(action('lutteStrangle', 'strangle'));
  return out;
}

function offerActions(state: FantasiaAttackState): ExchangeAction[] {
  const taken = state.offersTaken ?? [];
  return (state.damage?.offers ?? [])
    .filter((o) => isOfferButton(o.id))
    .map((o) => {
      const done = taken.some((t) => t.id === o.id);
      return {
        id: `offer.${o.id}`,
        label: { key: `PDA.Chat.Action.Offer.${o.id}` },
        side: 'gm',
        rule: o.rule,
        ...(done ? { refused: { rule: o.rule, key: 'PDA.Chat.Reason.OfferTaken' } } : {}),
      };
    });
}

function appliedActions(state: FantasiaAttackState, view: FantasiaAttackView): ExchangeAction[] {
  const undo = view.defender ? undoRestored(state, view) : undefined;
  const actions: ExchangeAction[] = [
    {
      id: 'undo',
      label: { key: 'PDA.Chat.Action.Undo' },
      side: 'defender',
      ...(undo && 'refused' in undo ? { refused: undo.refused } : {}),
      style: 'danger',
    },
  ];
  actions.push(...offerActions(state));
  actions.push(...lutteActions(state, view));
  if (state.attack.weapon.kind === 'whip' && stillEntangled(view)) {
    const refused = whipRefusal(state, view);
    for (const id of ['whipPull', 'whipSlip'])
      actions.push({
        id,
        label: { key: `PDA.Chat.Action.${id === 'whipPull' ? 'WhipPull' : 'WhipSlip'}` },
        side: 'defender',
        rule: 'F-W2',
        ...(refused ? { refused } : {}),
      });
  }
  return actions;
}

// ---------------------------------------------------------------------------------- machine

export const fantasiaAttackMachine: ExchangeMachine<FantasiaAttackState, FantasiaAttackView, FantasiaEffect> =
  {
    id: 'fantasia.attack',

    actions(step, state, view) {
      switch (step) {
        case STEP.defence:
          return defenceActions(state, view);
        case STEP.damage:
          return [
            { id: 'apply', label: { key: 'PDA.Chat.Action.Apply' }, side: 'defender', style: 'primary' },
          ];
        case STEP.applied:
          return appliedActions(state, view);
        case STEP.fumble:
          return fumbleOptions(state.attack).map((o) => ({
            id: `fumble.${o.id}`,
            label: { key: o.key },
            side: 'gm',
            rule: o.rule,
          }));
        case STEP.mishap:
          return [
            { id: 'chance', label: { key: 'PDA.Chat.Action.ChanceRoll' }, side: 'attacker', rule: 'F-W6' },
          ];
        case STEP.burst:
          return [
            {
              id: 'applyBurst',
              label: { key: 'PDA.Chat.Action.Apply' },
              side: 'attacker',
              rule: 'F-W6',
              style: 'primary',
            },
          ];
        case STEP.burstApplied: {
          const undo = view.attacker ? undoBurst(state, view) : undefined;
          return [
            {
              id: 'undoBurst',
              label: { key: 'PDA.Chat.Action.Undo' },
              side: 'attacker',
              rule: 'F-W6',
              style: 'danger',
              ...(undo && 'refused' in undo ? { refused: undo.refused } : {}),
            },
          ];
        }
        default:
          return [];
      }
    },

    perform(step, state, view, actionId, dice) {
      if (step === STEP.defence) return performDefence(state, view, actionId, dice);
      if (actionId === 'apply') {
        const applied = applyOutcome(state, view);
        return stay(STEP.applied, { ...state, applied: applied.diff }, applied.effects);
      }
      if (actionId === 'undo') {
        const undo = undoRestored(state, view);
        if ('refused' in undo) throw new RulesError(undo.refused.key, { ...(undo.refused.data ?? {}) });
        const current = needFighter(view.defender, view.defenderName);
        const effects = fighterEffects('defender', current, undo.restored);
        return {
          step: STEP.damage,
          state: { ...state, applied: null, offersTaken: [], undone: state.undone + 1 },
          effects,
          undo: [],
        };
      }
      if (actionId.startsWith('offer.')) {
        const id = actionId.slice('offer.'.length);
        if (!isOfferButton(id)) throw new RulesError('PDA.Error.CardNoSuchAction');
        const taken = takeOffer(state, view, id, dice);
        return stay(
          step,
          { ...state, offersTaken: [...(state.offersTaken ?? []), taken] },
          fighterEffects('defender', taken.diff.before, taken.diff.after),
        );
      }
      if (actionId === 'whipPull' || actionId === 'whipSlip') {
        const kind = actionId === 'whipPull' ? 'pull' : 'slip';
        const r = whipEscape(view, kind, dice);
        const entry = {
          kind,
          roll: r.roll,
          ...(view.round !== undefined ? { round: view.round } : {}),
        } as const;
        return stay(step, { ...state, escapes: [...state.escapes, entry] }, r.effects);
      }
      if (actionId === 'lutteEscape' || actionId === 'lutteStrangle') {
        const r = lutteRound(view, actionId === 'lutteEscape' ? 'escape' : 'strangle', dice);
        return stay(step, { ...state, lutteRounds: [...(state.lutteRounds ?? []), r.entry] }, r.effects);
      }
      if (actionId.startsWith('fumble.')) {
        const r = performFumble(state, view, actionId.slice('fumble.'.length) as FumbleOptionId, dice);
        return stay(r.step, r.state, r.effects);
      }
      if (actionId === 'applyBurst' && step === STEP.burst) {
        const r = applyBurst(state, view);
        return stay(r.step, r.state, r.effects);
      }
      if (actionId === 'undoBurst' && step === STEP.burstApplied) {
        const r = undoBurst(state, view);
        if ('refused' in r) throw new RulesError(r.refused.key, { ...(r.refused.data ?? {}) });
        return { step: r.step, state: r.state, effects: r.effects, undo: [] };
      }
      if (actionId === 'chance') {
        const r = performMishap(state, view, dice);
        return stay(r.step, r.state, r.effects);
      }
      throw new RulesError('PDA.Error.CardNoSuchAction');
    },
  };
