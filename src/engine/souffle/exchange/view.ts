import type { Refusal } from '../../core/exchange';
import { RulesError } from '../../core/errors';
import type { AttackInput } from '../attack';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../equipment';
import type { SouffleFighter } from '../fighter';
import type { SouffleOptions } from '../options';
import { postureAllows, spendAction, type PostureTurn } from '../posture';
import { stateStopping } from '../states';

/**
 * The read-only view a Souffle exchange reads (built by the adapter from its documents and the
 * round, again for every action): the fighters with their gear and, inside a combat's actions
 * step, what their posture budget has left.
 */
export interface SouffleFighterView {
  readonly fighter: SouffleFighter;
  readonly armour?: SouffleArmour;
  readonly shield?: SouffleShield;
  /** Equipped weapons. */
  readonly weapons: readonly SouffleWeapon[];
  /** The posture budget this round; absent outside a combat's actions step (nothing counted). */
  readonly turn?: PostureTurn;
  /**
   * S-R1: why this fighter may not take an action that costs one now (another fighter's turn,
   * before the actions step…), for the user the view is built for; absent: nothing stops it.
   */
  readonly outOfTurn?: Refusal;
}

export interface SouffleExchangeView {
  readonly options: SouffleOptions;
  /** The card's acting fighter (attacker, holder, runner, provoker); absent when deleted. */
  readonly attacker?: SouffleFighterView;
  /** The card's target (defender, held, pursuer); absent when deleted or none. */
  readonly defender?: SouffleFighterView;
  /** Names shown in refusals when a fighter is gone. */
  readonly attackerName: string;
  readonly defenderName: string;
  /** Further fighters the exchange names by `target:<i>` (the foes of an opportunity card). */
  readonly others?: readonly (SouffleFighterView | undefined)[];
}

/** A RulesError as a refusal of `rule`. */
export function refusalOf(error: unknown, rule: string): Refusal {
  if (error instanceof RulesError) return { rule, key: error.key, data: { ...error.data } };
  return { rule, key: 'PDA.Error.Unexpected' };
}

/**
 * Why the fighter's posture budget cannot pay `action` now (S-P1..S-P4), or, for an action that
 * costs one, why it is not the fighter's turn (S-R1); undefined when nothing stops it. Checked
 * before any die is rolled.
 */
export function budgetRefusal(view: SouffleFighterView | undefined, action: string): Refusal | undefined {
  if (!view?.turn) return undefined;
  try {
    const after = spendAction(view.turn, action);
    return after.spent > view.turn.spent ? view.outOfTurn : undefined;
  } catch (error) {
    return refusalOf(error, 'S-R2');
  }
}

/**
 * S-P4: why the fighter's posture forbids `action` whatever it costs (défensif: only defence and
 * the base move), or undefined. The posture of the round when counted, else the sheet's.
 */
export function postureRefusal(view: SouffleFighterView | undefined, action: string): Refusal | undefined {
  if (!view) return undefined;
  const posture = view.turn?.posture ?? view.fighter.posture;
  if (postureAllows(posture, action)) return undefined;
  return { rule: 'S-P4', key: 'PDA.Error.SouffleDefensiveOnly', data: { name: view.fighter.name } };
}

/** Why one of the fighter's states stops `action` (S-ST1: assommé stops everything), or undefined. */
export function stateRefusal(view: SouffleFighterView | undefined, action: string): Refusal | undefined {
  const state = view ? stateStopping(view.fighter.states, action) : undefined;
  if (!state || !view) return undefined;
  return {
    rule: 'S-ST1',
    key: 'PDA.Error.SouffleStateStops',
    data: {
      name: view.fighter.name,
      state: `PDA.Souffle.StateWord.${state}`,
      action: `PDA.Souffle.Action.${action}`,
    },
  };
}

/** Throws the refusal, if any (an opening refused by the rules posts nothing). */
export function ensure(refusal: Refusal | undefined): void {
  if (refusal) throw new RulesError(refusal.key, { ...(refusal.data ?? {}) });
}

/** The métier a sheet roll uses: the fighter's best (docs/rulings/souffle.md, S-AT1/S-DF3). */
export function bestMetier(fighter: SouffleFighter): number {
  return Math.max(0, ...Object.values(fighter.metiers));
}

/**
 * The attack a sheet button makes with a weapon: the better of the two characteristics the
 * attack allows (S-AT1, S-AT4) and the fighter's best métier; a second equipped one-handed melee
 * weapon makes it a two-weapon attack (S-AT3).
 */
export function sheetAttackInput(
  fighter: SouffleFighter,
  weapon: SouffleWeapon,
  equipped: readonly SouffleWeapon[],
): AttackInput {
  const kind = weapon.ranged ? 'ranged' : 'melee';
  const second =
    weapon.ranged || weapon.hands === 2
      ? undefined
      : equipped.find((w) => w.id !== weapon.id && !w.ranged && w.hands === 1);
  const [first, other] = kind === 'melee' ? (['geste', 'vigueur'] as const) : (['geste', 'acuite'] as const);
  const id = fighter[other] > fighter[first] ? other : first;
  return {
    kind,
    characteristic: { id, value: fighter[id] },
    metier: bestMetier(fighter),
    weapons: second ? [weapon, second] : [weapon],
  };
}

/** A card target as the engine keeps it (ids are the adapter's). */
export interface ExchangeFighter {
  readonly actorUuid: string;
  readonly tokenUuid: string;
  readonly name: string;
}
