/**
 * Counts a person's actions in a table test (issue 29: one attack in at most 5 player and 3 GM
 * actions), and fails on a silent one: each action must change what that person sees.
 */
import { expect } from 'vitest';
import type { Seat } from '../harness/table';

const words = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** What a person sees that an action may change: a card, the tracker, a dialog, a warning. */
function seen(seat: Seat): string {
  const last = seat.messages().at(-1);
  return JSON.stringify([
    seat.messages().length,
    words(last),
    seat.tracker ? words(seat.tracker) : '',
    seat.dialogs().length,
    seat.warnings.length,
  ]);
}

/** A person's actions, counted; each must visibly act (a card, the tracker, a dialog, a warning). */
export class Counter {
  count = 0;
  constructor(readonly seat: Seat) {}
  async act(what: string, action: () => Promise<unknown>): Promise<void> {
    const before = seen(this.seat);
    await action();
    this.count += 1;
    expect(seen(this.seat), `${this.seat.name}: "${what}" did nothing visible`).not.toBe(before);
  }

  /**
   * Answers the newest dialog: one action for its button, and one for each field the person has
   * to change (a field already showing the wanted value costs nothing: issue 46).
   */
  async answer(what: string, values: Record<string, string | boolean>, button?: string): Promise<void> {
    const dialog = this.seat.dialog();
    for (const [name, value] of Object.entries(values)) {
      const field = dialog.querySelector<HTMLInputElement>(`[name="${name}"]`);
      const now = field?.type === 'checkbox' ? field.checked : field?.value;
      if (now !== value) this.count += 1;
    }
    await this.act(what, () => this.seat.answerDialog(values, button));
  }
}
