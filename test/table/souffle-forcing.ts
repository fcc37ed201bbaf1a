/**
 * Issue 46 (S-AT2, docs/rulings.md "Forcing comes before the defence"): after a Souffle melee
 * roll the defence waits for the attacker's forcing. `declineForcing` is the attacker's side saying
 * it forces no more when it still may: the player who owns the attacker presses « Ne pas forcer »
 * (or « Ne plus forcer ») on the latest card that offers it to them, or the GM for a fighter no
 * player owns. When no card offers it (a shot, a die at its cap, no souffle left) nobody clicks.
 */
import type { Seat, Table } from '../harness/table';

const LABELS = ['Ne pas forcer', 'Ne plus forcer', 'Do not force', 'Force no more'];

function offered(seat: Seat): { card: HTMLElement; label: string } | undefined {
  const cards = seat.messages().filter((m) => m.querySelector('[data-pda-card]'));
  const card = cards.at(-1);
  const button = card ? seat.buttons(card).find((b) => b.enabled && LABELS.includes(b.label)) : undefined;
  return card && button ? { card, label: button.label } : undefined;
}

/** The attacker's owner (else the GM) declines to force the blow on the latest card, if offered. */
export async function declineForcing(table: Table): Promise<boolean> {
  const players = [...table.seats.values()].filter((s) => !s.user.isGM);
  for (const seat of [...players, table.gm]) {
    const found = offered(seat);
    if (!found) continue;
    await seat.press(found.label, found.card);
    return true;
  }
  return false;
}
