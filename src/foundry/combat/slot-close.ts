import { currentSlot } from '../../engine/round/engine';
import { isActiveGM } from '../active-gm';
import { adapterOf, runRoundCommand } from './service';
import { readRoundState } from './store';
import type { CombatLike } from './adapter';

/** The card that settled, as far as the round cares: whose it is, in which combat and round. */
export interface SettledCard {
  readonly combatId?: string;
  readonly round?: number;
  readonly actorUuid: string;
}

interface Fighter {
  readonly id: string | null;
  readonly actor?: { readonly uuid?: string } | null;
}

const GM = { gm: true } as const;

/**
 * The card's combat: the one it names, else (a card that names none, as Greyhawk's) the active
 * combat its fighter is in.
 */
function combatOfCard(card: SettledCard): CombatLike | undefined {
  if (card.combatId) return game.combats?.get(card.combatId) as unknown as CombatLike | undefined;
  const all = (game.combats?.contents ?? []) as unknown as (CombatLike & { active?: boolean })[];
  return all.find(
    (c) => c.active && [...(c.combatants as Iterable<Fighter>)].some((f) => f.actor?.uuid === card.actorUuid),
  );
}

/**
 * Issue 46, on the active GM's client: a card of the current slot's fighter has nothing left to
 * answer; when the round's rules say the slot's action is spent by it (RoundRules.closesWithCard),
 * the slot closes itself. The card stays as it is (Annuler included).
 */
export async function closeSlotsSpentBy(card: SettledCard): Promise<void> {
  if (!isActiveGM()) return;
  const combat = combatOfCard(card);
  if (!combat) return;
  const adapter = adapterOf(combat);
  const rules = adapter.rules;
  if (!rules.closesWithCard) return;
  // One card spends one slot: a fighter's next attack slot (a Greyhawk pass 3) stays its own.
  const state = readRoundState(adapter, combat);
  if (!state || state.ended || (card.round && card.round !== state.round)) return;
  const slot = currentSlot(state);
  if (!slot || !rules.closesWithCard(slot, state)) return;
  const fighter = [...(combat.combatants as Iterable<Fighter>)].find((c) => c.id === slot.combatantId);
  if (!fighter?.actor?.uuid || fighter.actor.uuid !== card.actorUuid) return;
  await runRoundCommand(combat, GM, { kind: 'endSlot', slotId: slot.id });
}
