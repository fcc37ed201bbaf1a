import { RulesError } from '../../../../engine/core/errors';
import type { Refusal } from '../../../../engine/core/exchange';
import type { PostureTurn } from '../../../../engine/souffle/posture';
import { turnRefusal } from '../../../../engine/souffle/round';
import { stateStopping, statesInRound } from '../../../../engine/souffle/states';
import type { SouffleFighterView } from '../../../../engine/souffle/exchange';
import { resolveUuid } from '../../../chat';
import { souffleStatesOf } from '../states';
import { type CombatLike, readRoundState } from '../../../combat';
import {
  checkSouffleAction,
  souffleRoundAdapter,
  souffleTurn,
  type SouffleRoundState,
} from '../round/adapter';
import { postureCombatOf, spendForActor } from '../posture';

/**
 * The round as Souffle's cards read it: the fight an actor is in, what its posture budget has left
 * (the exchanges' view), and spending an action there on the GM's side (S-R2).
 */

export interface SouffleFight {
  readonly combat: CombatLike;
  readonly combatantId: string;
  readonly state: SouffleRoundState | null;
}

/** The Souffle combat the actor fights in (the given one, else the active one, else any started). */
export function souffleCombatOf(actorUuid: string, combatId?: string): SouffleFight | undefined {
  const given = (combatId ? game.combats?.get(combatId) : game.combat) as unknown as
    CombatLike | null | undefined;
  const inGiven = given ? fightIn(given, actorUuid) : undefined;
  if (inGiven !== undefined) return inGiven ?? undefined;
  const started = postureCombatOf(actorUuid);
  return started ? (fightIn(started.combat, actorUuid) ?? undefined) : undefined;
}

/** The actor's place in `combat`; null when that combat is another ruleset's; undefined: not in it. */
function fightIn(combat: CombatLike, actorUuid: string): SouffleFight | null | undefined {
  for (const c of combat.combatants) {
    if ((c.actor as { uuid?: string } | null)?.uuid !== actorUuid || !c.id) continue;
    const rules = combat.system.rules;
    if (rules && rules !== 'souffle') return null;
    const state = readRoundState(souffleRoundAdapter, combat) as SouffleRoundState | null;
    return { combat, combatantId: c.id, state };
  }
  return undefined;
}

/** S-ST1: refuses (throws) an action one of the actor's states stops (assommé: every action). */
export function checkStates(actor: unknown, action: string): void {
  const state = stateStopping(souffleStatesOf(actor), action);
  if (!state) return;
  throw new RulesError('PDA.Error.SouffleStateStops', {
    name: String((actor as { name?: string } | null)?.name ?? ''),
    state: `PDA.Souffle.StateWord.${state}`,
    action: `PDA.Souffle.Action.${action}`,
  });
}

/**
 * Refuses (throws) an action the fighter may not take now: a state that stops it (S-ST1, in or
 * out of a fight), another fighter's turn (S-R1/S-R3; `gm`: the GM acts for anyone), a turn ended
 * by a posture change (S-P1), or a posture budget that cannot pay it (S-P1..S-P4).
 */
export function checkBudget(
  actorUuid: string,
  action: string,
  combatId?: string,
  gm: boolean = game.user?.isGM ?? false,
): SouffleFight | undefined {
  checkStates(resolveUuid(actorUuid), action);
  const found = souffleCombatOf(actorUuid, combatId);
  if (found) checkSouffleAction(found.state, found.combatantId, action, gm);
  return found;
}

/** The combat of that id, or undefined. */
function combatById(combatId: string): CombatLike | undefined {
  return combatId ? (game.combats?.get(combatId) as unknown as CombatLike | undefined) : undefined;
}

/** The fighter's posture budget in the card's combat now (undefined: nothing is counted). */
export function turnOf(combatId: string, actorUuid: string): PostureTurn | undefined {
  if (!combatId || !actorUuid) return undefined;
  const combat = combatById(combatId);
  if (!combat) return undefined;
  const found = fightIn(combat, actorUuid);
  return found ? souffleTurn(found.state, found.combatantId) : undefined;
}

/**
 * S-R1: why `user` may not have the fighter take an action that costs one now (another fighter's
 * turn, a turn over), as the round's spend would refuse it; undefined outside the actions step.
 * A card reads it to refuse such an action before any die is rolled.
 */
export function outOfTurnOf(combatId: string, actorUuid: string, user: User | null): Refusal | undefined {
  if (!combatId || !actorUuid) return undefined;
  const combat = combatById(combatId);
  const found = combat ? fightIn(combat, actorUuid) : undefined;
  if (!found?.state || !souffleTurn(found.state, found.combatantId)) return undefined;
  const refused = turnRefusal(found.state, found.combatantId, 'attaque', Boolean(user?.isGM));
  return refused ? { rule: 'S-R1', key: refused.key, data: { ...refused.data } } : undefined;
}

/**
 * The fighter's view with the states the round gives (S-DF1 ruling: caught by surprise, "pris au
 * dépourvu" in round 1), from the tracker's surprise mark on its combatant in the card's combat.
 */
export function inRound<V extends SouffleFighterView | undefined>(
  view: V,
  combatId: string,
  actorUuid: string,
): V {
  if (!view || !combatId) return view;
  const combat = combatById(combatId);
  const found = combat ? fightIn(combat, actorUuid) : undefined;
  if (!combat || !found) return view;
  // The tracker's surprise mark lives on the Combat, which only the GM writes (F-R10, docs/trust.md).
  const marked = (combat as { system?: { surprised?: readonly string[] } }).system?.surprised ?? [];
  const states = statesInRound(view.fighter.states, marked.includes(found.combatantId), combat.round);
  return states === view.fighter.states ? view : { ...view, fighter: { ...view.fighter, states } };
}

/** The combat and round a card's lasting conditions are marked with. */
export function roundMark(combatId: string, fallback: number): { combatId: string; round: number } {
  const combat = combatById(combatId);
  return { combatId, round: combat?.round ?? fallback };
}

/** GM side: spends `action` for the actor in the combat, as `user` asked (refusals throw). */
export function spendAs(combatId: string, actorUuid: string, action: string, user: User): Promise<void> {
  return spendForActor(combatId, actorUuid, action, user);
}
