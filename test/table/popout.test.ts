/**
 * Issue 39: a v14 application popped out into a browser window of its own renders into that
 * window's document. The rule links of a popped-out sheet open the rules reference, and its
 * buttons still work there.
 */
import { describe, expect, it } from 'vitest';
import { DREVIN, greyhawk } from './greyhawk-independent-helpers';

describe('a sheet popped out into its own window (v14)', () => {
  it('G-W1 Alice pops her fighter’s sheet out: the G-W1 rule link there opens the rules reference on that rule', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    const alice = table.seat('Alice');
    await alice.openSheet(alice.actor(DREVIN));
    const sheet = alice.actor(DREVIN).sheet;
    const doc = await alice.popOut(sheet);
    const link = doc.querySelector<HTMLElement>('a[data-pda-rule="G-W1"]');
    expect(link).not.toBeNull();
    await alice.click(link!);
    expect(alice.window('#pda-rules-reference [data-rule-page="G-W1"]')).not.toBeNull();
    expect(table.errors()).toEqual([]);
  });
});
