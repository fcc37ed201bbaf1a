/** Souffle flight at the table (S-FL1): a failed flight costs an opportunity attack or slows. */
import { describe, expect, it } from 'vitest';
import { souffleRound, text, WARRIOR } from './souffle-table';

/** In the actions step, the prudent warrior (Alice), flanked, fails to get away from the hunter. */
async function caught() {
  const { table, gm, alice, bruno } = await souffleRound(['prudent', 'prudent'], [9, 4]);
  // The hunter is the warrior's foe: the GM marks his token hostile (S-AT6: the foes within reach
  // of the runner strike, read from the tokens, not from her target).
  await gm.token('Chasseur').document.update({ disposition: -1 });
  await table.settle();
  await alice.target('Chasseur');
  const flee = async () => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="flee"]')!);
    // A flight that cannot be tried is refused before the dialog asks anything.
    if (alice.dialogs().length) await alice.answerDialog({ situation: 'tenaille', threshold: 8 });
  };
  // Level 0: 2d10 keep the worse, 2 + défense 4 = 6 < 8.
  table.dice.push([10, 2], [10, 5]);
  await flee();
  return { table, gm, alice, bruno, flee };
}

describe('a Souffle flight that fails', () => {
  it('S-FL1 freiné: the runner stays in reach and cannot flee again this round; the next round lifts it', async () => {
    const { table, gm, alice, flee } = await caught();
    expect(text(alice.lastMessage())).toContain('2 + 4 = 6');
    await gm.press('Freiné');
    expect(text(alice.lastMessage())).toContain(
      "Gardien du Waka'Hata est freiné : il reste au contact et ne peut plus fuir avant la fin du round.",
    );
    const before = alice.messages().length;
    await flee();
    expect(alice.warnings.at(-1)).toBe(
      "Gardien du Waka'Hata est freiné : pas de nouvelle fuite avant la fin du round.",
    );
    expect(alice.messages().length).toBe(before);
    expect(alice.dialogs()).toEqual([]);
    // Next round: free to try again.
    for (let i = 0; i < 2; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    expect(text(gm.tracker)).toMatch(/^2 Round 2/);
    table.dice.push([10, 9], [10, 6]);
    await flee();
    expect(text(alice.lastMessage())).toContain("Gardien du Waka'Hata s'échappe.");
    expect(table.errors()).toEqual([]);
  });

  it("S-FL1 or the GM gives the pursuer an attack: the opportunity card goes to the hunter's player (S-AT6)", async () => {
    const { table, gm, alice, bruno } = await caught();
    await gm.press("Attaque d'opportunité");
    const offer = bruno.lastMessage();
    expect(text(offer)).toContain("Gardien du Waka'Hata fuit sans parvenir à se dégager.");
    expect(alice.buttons(alice.lastMessage())).toEqual([]);
    // The hunter's bow is no melee weapon: bare hands; geste 3 + métier 3 = level +6 → 2d10 keep best.
    table.dice.push([10, 6], [10, 4]);
    await bruno.press('Chasseur frappe', offer);
    const blow = text(bruno.lastMessage());
    expect(blow).toContain('Chasseur attaque avec Mains nues');
    expect(blow).toContain("Niveau d'avantage +6");
    expect(blow).toContain('Dégâts potentiels 6');
    expect(alice.buttons().map((b) => b.label.split(' S-')[0])).toEqual(['Parer', 'Esquiver']);
  });
});
