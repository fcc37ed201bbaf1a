import type { ExchangeAction, ExchangeMachine } from '../../core/exchange';
import { RulesError } from '../../core/errors';
import type { Dice } from '../../dice/port';
import { withinReach } from '../attack';
import {
  checkGrapple,
  escapeHold,
  grab,
  grapple,
  hasFreeHand,
  release,
  type GrappleResult,
} from '../manoeuvres';
import {
  fighterEffects,
  fighterMark,
  undoRefusal,
  type FighterMark,
  type SouffleExchangeEffect,
} from './effects';
import {
  budgetRefusal,
  ensure,
  stateRefusal,
  type SouffleExchangeView,
  type SouffleFighterView,
} from './view';

/**
 * The grapple exchange (S-GR1), a long action: the opposed roll is made when the card opens, the
 * GM applies the hold (and may undo it while the held fighter is unchanged); the held fighter may
 * try to escape from this card on each of her turns while the hold lasts, a long action of her
 * own, refused before any roll out of her turn or when her posture cannot pay it.
 *
 * Steps: 'rolled' → 'held' → 'escaped' | 'released' (the holder let go; undo: back to 'rolled').
 */

export const SOUFFLE_GRAPPLE_EXCHANGE = 'souffle.grapple';
const K = `PDA.Souffle.Chat`;

export interface SouffleGrappleState {
  readonly attackerName: string;
  readonly result: GrappleResult;
  /** What the hold wrote on the held fighter, and what restores them. */
  readonly applied?: {
    readonly written: readonly SouffleExchangeEffect[];
    readonly undo: readonly SouffleExchangeEffect[];
    /** The held fighter as the hold left them: undo refuses once it differs. */
    readonly after?: FighterMark;
  };
  /** The last escape tried (S-GR1: one on each of the held fighter's turns). */
  readonly escape?: { readonly escaped: boolean; readonly targetScore: number; readonly holderScore: number };
  readonly undone: number;
}

/** Whether the holder has a hand free (S-GR1), unless the caller says otherwise. */
export function freeHandOf(view: SouffleFighterView, freeHand?: boolean): boolean {
  return freeHand ?? hasFreeHand(view.weapons, Boolean(view.shield));
}

/**
 * The opening (S-GR1): refused against the target who holds the attacker (`heldByTarget`, ruling:
 * that struggle is the escape, from the hold's card), out of reach (`distance` in metres between
 * the tokens, when measured), without a free hand, across sizes, on a held
 * target, or when the posture budget cannot pay the long action; otherwise the opposed roll and
 * the action spent.
 */
export function openSouffleGrapple(
  attacker: SouffleFighterView,
  defender: SouffleFighterView,
  dice: Dice,
  freeHand?: boolean,
  heldByTarget = false,
  distance: number | null = null,
): { state: SouffleGrappleState; effects: SouffleExchangeEffect[] } {
  // S-GR1 (ruling): the held fighter's struggle against her own holder is the escape, not a hold.
  if (heldByTarget)
    throw new RulesError('PDA.Error.SouffleGrappleOwnHolder', {
      name: attacker.fighter.name,
      holder: defender.fighter.name,
    });
  // S-GR1: "au contact uniquement" (a distance measured on the scene; none off the scene).
  if (distance !== null && !withinReach(distance))
    throw new RulesError('PDA.Error.SouffleGrappleReach', {
      name: defender.fighter.name,
      metres: distance,
    });
  const holder = { ...attacker.fighter, freeHand: freeHandOf(attacker, freeHand) };
  checkGrapple(holder, defender.fighter);
  ensure(stateRefusal(attacker, 'lutte'));
  ensure(budgetRefusal(attacker, 'lutte'));
  const result = grapple(holder, defender.fighter, dice);
  return {
    state: { attackerName: attacker.fighter.name, result, undone: 0 },
    effects: [{ type: 'budget', fighter: 'attacker', action: 'lutte' }],
  };
}

export const souffleGrappleExchange: ExchangeMachine<
  SouffleGrappleState,
  SouffleExchangeView,
  SouffleExchangeEffect
> = {
  id: SOUFFLE_GRAPPLE_EXCHANGE,

  actions(step, state, view) {
    const out: ExchangeAction[] = [];
    const gone = view.defender
      ? undefined
      : { rule: 'S-GR1', key: 'PDA.Chat.Gone.Actor', data: { name: view.defenderName } };
    if (step === 'rolled' && state.result.grabbed)
      out.push({
        id: 'apply',
        label: { key: 'PDA.Chat.Action.ApplyHold' },
        side: 'gm',
        rule: 'S-GR1',
        style: 'primary',
        ...(gone ? { refused: gone } : {}),
      });
    if (step === 'held') {
      const blocked = undoRefusal(view.defender?.fighter, view.defenderName, state.applied?.after, 'S-GR1');
      out.push({
        id: 'undo',
        label: { key: 'PDA.Chat.Action.Undo' },
        side: 'gm',
        rule: 'S-GR1',
        style: 'danger',
        ...(blocked ? { refused: blocked } : {}),
      });
      // S-GR1: one try on each of the held fighter's turns while the hold lasts (the long action's
      // budget and the turn say when), a failed try included.
      const refused =
        gone ??
        (view.attacker
          ? undefined
          : { rule: 'S-GR1', key: 'PDA.Chat.Gone.Actor', data: { name: view.attackerName } }) ??
        (view.defender!.fighter.states.includes('agrippe')
          ? (stateRefusal(view.defender, 'degagement') ?? budgetRefusal(view.defender, 'degagement'))
          : { rule: 'S-GR1', key: 'PDA.Error.SouffleNotGrabbed' });
      out.push({
        id: 'escape',
        label: { key: `${K}.Escape` },
        side: 'defender',
        rule: 'S-GR1',
        style: 'secondary',
        ...(refused ? { refused } : {}),
      });
      // S-GR1: the holder may let go (a hold lasts "tant que la prise est établie"); walking away,
      // or falling unconscious, ends it too (the adapter presses this for them).
      out.push({
        id: 'release',
        label: { key: `${K}.Release` },
        side: 'attacker',
        rule: 'S-GR1',
        style: 'secondary',
        ...(gone ? { refused: gone } : {}),
      });
    }
    return out;
  },

  perform(_step, state, view, actionId, dice) {
    const held = view.defender!.fighter;
    if (actionId === 'apply') {
      const after = grab(held);
      const written = fighterEffects('defender', held, after);
      const undo = fighterEffects('defender', after, held);
      return {
        step: 'held',
        state: { ...state, applied: { written, undo, after: fighterMark(after) } },
        effects: written,
        undo,
      };
    }
    if (actionId === 'undo') {
      if (!state.applied) throw new RulesError('PDA.Error.CardNothingToUndo');
      const { applied, escape: _escape, ...rest } = state;
      return {
        step: 'rolled',
        state: { ...rest, undone: state.undone + 1 },
        effects: applied.undo,
        undo: [],
      };
    }
    if (actionId === 'release') {
      // The hold ends: the held fighter moves and defends again.
      const freed = held.states.includes('agrippe') ? fighterEffects('defender', held, release(held)) : [];
      return { step: 'released', state, effects: freed, undo: [] };
    }
    if (actionId === 'escape') {
      ensure(stateRefusal(view.defender, 'degagement'));
      ensure(budgetRefusal(view.defender, 'degagement'));
      // S-GR1: escaping is a long action of the held fighter, spent before the roll.
      const escape = escapeHold(held, view.attacker!.fighter, dice);
      const spent: SouffleExchangeEffect = { type: 'budget', fighter: 'defender', action: 'degagement' };
      const freed = escape.escaped ? fighterEffects('defender', held, release(held)) : [];
      return {
        step: escape.escaped ? 'escaped' : 'held',
        state: { ...state, escape },
        effects: [spent, ...freed],
        undo: [],
      };
    }
    throw new RulesError('PDA.Error.CardNoSuchAction');
  },
};
