/**
 * Issue 42, point 2 (S-P1): the posture that binds a Souffle fighter is the one declared in the
 * round, which only the GM writes; the owner's own write of her actor's posture changes nothing
 * the rules read.
 */
import { describe, expect, it } from 'vitest';
import { attackFromSheet, duel, LONG_SWORD, souffleCards, text } from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

/** Aude (prudent) strikes, then Basile strikes back and she tries to dodge: the card. */
async function defenceAfter(cheat: boolean): Promise<string> {
  const table = await duel(
    {},
    {},
    { Aude: 'prudent', Basile: 'intrepide' },
    {
      weapon: LONG_SWORD,
      postures: { Aude: 'prudent', Basile: 'intrepide' },
    },
  );
  const alice = table.seat('Alice');
  // Alice's console, before she acts: her own actor's posture, which Foundry lets her write.
  if (cheat) await alice.actor('Aude').update({ 'system.posture': 'defensif' });
  await table.settle();
  await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [[12, 3]]);
  table.dice.push([10, 5], [10, 5], [10, 5], [10, 5]);
  await declineForcing(table);
  await table.seat('Bruno').press('Esquiver');
  // Basile's dodge stops the blow (0 damage): nothing to apply, no Appliquer (issue 46).
  await table.gm.click('.pda-slot.current [data-action="pdaEndSlot"]', table.gm.tracker);
  await table.seat('Bruno').target('Aude');
  await attackFromSheet(table.seat('Bruno'), 'Basile', 'Épée longue', {}, [[12, 9]]);
  table.dice.push([12, 4], [12, 4]);
  await declineForcing(table);
  await alice.press('Esquiver', souffleCards(alice).at(-1));
  // The card as the GM sees it: Aude's defence, if any, with her posture's bonus.
  return text(souffleCards(table.gm).at(-1)!);
}

describe('S-P1 the declared posture binds', () => {
  it('S-P1 Alice writes défensif on her prudent fighter from the console: she still defends as prudent', async () => {
    const honest = await defenceAfter(false);
    expect(honest).not.toContain('Posture +2');
    expect(await defenceAfter(true)).toBe(honest);
  });
});
