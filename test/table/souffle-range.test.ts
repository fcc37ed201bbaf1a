/** Souffle shots at a distance read from the scene (S-AT4, S-AT5). */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The hunter (Bruno) shoots the warrior (Alice) from `squares` grid squares away (1.5 m each). */
async function shootFrom(squares: number) {
  const table = await Table.open({ ruleset: 'souffle' });
  const bruno = table.seat('Bruno');
  const alice = table.seat('Alice');
  await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await table.importActor('souffle-combattants', "Gardien du Waka'Hata", 'Alice');
  await table.placeToken('Chasseur', 0, 0);
  await table.placeToken("Gardien du Waka'Hata", squares, 0);
  await bruno.target("Gardien du Waka'Hata");
  const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
  const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
  await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
  table.dice.push([10, 5]);
  await bruno.answerDialog({ characteristic: 'acuite' });
  return { table, alice, bruno };
}

describe('a Souffle shot across the scene', () => {
  it("S-AT5 at 45 m the target gains +2 defensive levels, cancelled by the hunter's métier 3", async () => {
    const { alice, bruno } = await shootFrom(30);
    // S-AT4: short bow +1 → 1d10 rolls 5, + acuité 4 + métier 3 = 12.
    expect(text(bruno.lastMessage())).toContain('Dégâts potentiels 12');
    await alice.press('Esquiver');
    expect(text(alice.lastMessage())).toMatch(/Défense Esquiver S-DF1 Niveau d'avantage 0/);
  });

  it('S-AT5 at 55 m (+3, less métier 3) still 0; at 82.5 m (+6 − 3) the target defends at +3', async () => {
    const near = await shootFrom(37);
    await near.alice.press('Esquiver');
    expect(text(near.alice.lastMessage())).toContain("Niveau d'avantage 0");
    const far = await shootFrom(55);
    far.table.dice.push([8, 2], [10, 8]);
    await far.alice.press('Esquiver');
    const card = text(far.alice.lastMessage());
    expect(card).toMatch(/Défense Esquiver S-DF1 Niveau d'avantage \+3/);
    expect(card).toContain('Distance +3 S-DF2');
    expect(card).toContain('12 − 8 − 4 − 2 = 0');
    expect(far.table.errors()).toEqual([]);
  });
});
