import type { Dice } from '../dice/port';
import { RulesError } from './errors';

/**
 * An exchange is one chain of the rules played on a card (an attack and its defence, damage,
 * application and undo; a fumble and its follow-up; an escape; a manoeuvre). Every ruleset
 * describes its exchanges as pure state machines of this shape:
 *
 * - `actions(state, view)` lists what may be done now, who may do it (the attacker's side, the
 *   defender's side, or only the GM) and, for an action the rules refuse, why (rule ID + lang key);
 * - `perform(state, view, actionId, dice)` takes one listed, allowed action with the dice port and
 *   returns the next state, the effects to write, and the effects that would undo them.
 *
 * `S` is the exchange's own state (what the card stores), `V` a read-only view of the fighters and
 * the round the adapter builds from its documents (never stored: read again for every action), and
 * `E` the ruleset's effects. The Foundry card host stores `S`, builds `V`, maps sides to document
 * owners and effects to document writes: it decides nothing. The encounter simulator drives the
 * same machines with seeded dice.
 */

/** Who may take an action: the attacking side, the defending side, or the GM alone. */
export type ExchangeSide = 'attacker' | 'defender' | 'gm';

/** A localization key with its placeholders. */
export interface ExchangeText {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
  /**
   * Placeholders that are texts themselves (a weapon's name that may be a catalogue key, an
   * action inside "action (n %)"): localized first, then passed with `data`.
   */
  readonly nested?: Readonly<Record<string, ExchangeText>>;
}

/** Why the rules refuse an action now. */
export interface Refusal extends ExchangeText {
  readonly rule: string;
}

export interface ExchangeAction {
  readonly id: string;
  readonly label: ExchangeText;
  /** Who may take it; the GM may always take any side's action. */
  readonly side: ExchangeSide;
  /** The rule the action comes from, shown beside it. */
  readonly rule?: string;
  /** Set when the rules refuse it now: the action is shown disabled with this reason. */
  readonly refused?: Refusal;
  readonly style?: 'primary' | 'secondary' | 'danger';
}

/** The result of one action: next state, effects to write, and effects that undo them. */
export interface ExchangeStep<S, E> {
  /** Step name after the action (the card's `step`). */
  readonly step: string;
  readonly state: S;
  readonly effects: readonly E[];
  /** Effects that restore what `effects` changed (empty when the action cannot be undone). */
  readonly undo: readonly E[];
}

export interface ExchangeMachine<S, V, E> {
  readonly id: string;
  actions(step: string, state: S, view: V): ExchangeAction[];
  /** Called only for a listed, allowed action (use takeAction to get that check). */
  perform(step: string, state: S, view: V, actionId: string, dice: Dice): ExchangeStep<S, E>;
}

/** True when `side` may take an action reserved to `action.side` (the GM may take any). */
export function sideMay(action: ExchangeAction, side: ExchangeSide): boolean {
  return side === 'gm' || action.side === side;
}

/**
 * Takes an action the way every caller must: it has to be listed for the current step, not
 * refused by the rules, and open to the caller's side. Throws a RulesError (and changes nothing)
 * otherwise; on success returns the machine's step.
 */
export function takeAction<S, V, E>(
  machine: ExchangeMachine<S, V, E>,
  step: string,
  state: S,
  view: V,
  actionId: string,
  side: ExchangeSide,
  dice: Dice,
): ExchangeStep<S, E> {
  const action = machine.actions(step, state, view).find((a) => a.id === actionId);
  if (!action) throw new RulesError('PDA.Error.CardNoSuchAction');
  if (action.refused) throw new RulesError(action.refused.key, { ...(action.refused.data ?? {}) });
  if (!sideMay(action, side)) throw new RulesError('PDA.Error.CardNotYours');
  return machine.perform(step, state, view, actionId, dice);
}

// ------------------------------------------------------------------------------ common effects

/**
 * Effects every ruleset shares. Values are absolute (`from` → `to`), never deltas: applying an
 * effect twice writes the same value, and the undo of an effect is the same effect reversed, which
 * is refused when the current value is no longer `to` (something happened since).
 */
export type FighterRef = 'attacker' | 'defender' | `target:${number}`;

/** A numeric resource of a fighter (PV, souffle, chance, hit points…), by the ruleset's name. */
export interface ResourceEffect {
  readonly type: 'resource';
  readonly fighter: FighterRef;
  readonly resource: string;
  readonly from: number;
  readonly to: number;
}

/** A condition (an Active Effect carrying a status) set or removed, with its length in rounds. */
export interface ConditionEffect {
  readonly type: 'condition';
  readonly fighter: FighterRef;
  readonly status: string;
  readonly on: boolean;
  /** Rounds it lasts (absent: until removed by an action). */
  readonly rounds?: number;
  /** Ruleset data the condition carries (the holder of a hold, the bound weapon…). */
  readonly data?: Readonly<Record<string, string | number | boolean>>;
}

/** A state of one of a fighter's items (drawn, loaded, jammed, bound, countdown…). */
export interface ItemEffect {
  readonly type: 'item';
  readonly fighter: FighterRef;
  readonly itemId: string;
  readonly field: string;
  readonly from: string | number | boolean | null;
  readonly to: string | number | boolean | null;
}

export type CommonEffect = ResourceEffect | ConditionEffect | ItemEffect;

/** The effect that undoes `effect`. */
export function reverseEffect<E extends CommonEffect>(effect: E): E {
  switch (effect.type) {
    case 'resource':
    case 'item':
      return { ...effect, from: effect.to, to: effect.from };
    case 'condition':
      return { ...effect, on: !effect.on };
  }
}

/** The undo list of an effect list: each reversed, last first. */
export function reverseEffects<E extends CommonEffect>(effects: readonly E[]): E[] {
  return effects.map((e) => reverseEffect(e)).reverse();
}
