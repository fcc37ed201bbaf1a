/** Souffle postures at the table: défensif (S-P4). */
import { describe, expect, it } from 'vitest';
import { souffleRound, text, WARRIOR } from './souffle-table';
import { declineForcing } from './souffle-forcing';

describe('a défensif fighter', () => {
  it('S-P4 défensif: no action at all (the shot is refused), but the defence gains +2', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['prudent', 'defensif'], [9, 4]);
    // One turn for defence and movement only, no pip.
    expect(text(gm.tracker)).toContain('4 Chasseur Défense et déplacement En attente Défensif Round suivant');
    await bruno.target(WARRIOR);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    const before = bruno.messages().length;
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    expect(bruno.warnings.at(-1)).toBe(
      "Plus assez d'actions en posture Défensif : « Attaque » coûte 1 action courte, il en reste 0. Attendez le round suivant ou choisissez une action moins coûteuse.",
    );
    expect(bruno.messages().length).toBe(before);
    // The warrior strikes; the défensif hunter dodges at +2 ("significatif": one d12).
    await alice.target('Chasseur');
    const own = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(own.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    table.dice.push([12, 5]);
    await declineForcing(table);
    await bruno.press('Esquiver');
    const card = text(bruno.lastMessage());
    expect(card).toMatch(/Niveau d'avantage \+2/);
    expect(card).toContain('Posture +2');
    expect(card).toContain('10 − 5 − 3 − 2 = 0');
    expect(table.errors()).toEqual([]);
  });
});
