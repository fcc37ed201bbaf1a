import { gmCardMessages, renderCardsAgain } from '../../../chat';
import { heldCards, souffleCardMessages, type CardMessage } from './hold';

/**
 * A Souffle card's buttons follow the live world (S-DF1, S-GR1, S-AT6, S-R1): who may parry or
 * roll a defence, whose turn it is to escape, who may strike. The card's data do not change when
 * a fighter's states, gear or turn do, so every client renders the concerned cards again from the
 * live world: the cards naming a fighter whose actor changed, and the holds of a combat that moved
 * on. Nothing is written.
 */

/** Renders again, on this client, the chat messages of these cards. */
async function renderAgain(cards: readonly CardMessage[]): Promise<void> {
  if (!cards.length) return;
  const ids = new Set(cards.map((m) => m.id));
  await renderCardsAgain(gmCardMessages().filter((m) => ids.has(m.id)));
}

/** Steps after which a card offers nothing more (a flight settled, a hold over). */
const DONE = new Set(['fled', 'attaque', 'freine', 'escaped', 'released']);

/** The actors a card names: its actor, its targets, an opportunity's provoker and foes. */
function named(m: CardMessage): string[] {
  const s = m.system;
  return [
    s.actorUuid ?? '',
    ...(s.targets ?? []).map((x) => x.actorUuid ?? ''),
    ...(s.state?.foes ?? []).map((x) => x.actorUuid ?? ''),
    s.state?.provoker?.actorUuid ?? '',
  ];
}

/** Renders again the Souffle cards naming the actor (its states, gear or data changed). */
export async function refreshActorCards(actor: { uuid?: string } | null | undefined): Promise<void> {
  const uuid = actor?.uuid;
  if (!uuid) return;
  await renderAgain(
    souffleCardMessages().filter((m) => !DONE.has(m.system.step ?? '') && named(m).includes(uuid)),
  );
}

/** Renders again the combat's open holds: the escape follows whose turn it is (S-GR1, S-R1). */
export async function refreshHoldCards(combat: { id: string | null }): Promise<void> {
  if (!combat.id) return;
  await renderAgain(heldCards().filter((m) => m.system.combatId === combat.id));
}

/** Hooks the refreshes on every client, once at init. */
export function registerCardRefresh(): void {
  Hooks.on('updateCombat', (combat: { id: string | null }) => void refreshHoldCards(combat));
  Hooks.on('updateActor', (actor: { uuid?: string }) => void refreshActorCards(actor));
  const byParent = (doc: { parent?: { uuid?: string } | null }) => void refreshActorCards(doc.parent);
  Hooks.on('createActiveEffect', byParent);
  Hooks.on('updateActiveEffect', byParent);
  Hooks.on('deleteActiveEffect', byParent);
  Hooks.on('createItem', byParent);
  Hooks.on('updateItem', byParent);
  Hooks.on('deleteItem', byParent);
}
