/**
 * What a click costs: the document writes and GM round trips of one Fantasia blow (attack → parry
 * → damage → apply) and one Souffle exchange, counted on the harness's server. Each click must
 * write each document it touches once at most (one operation per document), the card twice at
 * most when the click writes other documents (its write-ahead journal first, then the card
 * without it: src/foundry/chat/journal.ts), and cost one round trip to the GM at most. The
 * figures are printed for the record.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, fantasiaTable, itemId } from './fantasia-table';

type Counted = { writes: Record<string, number>; requests: number; answers: number };

async function cost(table: Table, click: () => Promise<void>): Promise<Counted> {
  const from = table.server.log.length;
  await click();
  const ops = table.server.log.slice(from);
  const writes: Record<string, number> = {};
  let requests = 0;
  let answers = 0;
  for (const op of ops) {
    // A User written by its own user is a request; by a GM, an answer (which also clears it).
    const own = (op.result as { _id?: string }[])[0]?._id === op.userId;
    if (op.documentName === 'User' && own) requests += 1;
    else if (op.documentName === 'User') answers += 1;
    else {
      const key = `${op.action} ${op.documentName}`;
      for (const r of op.result as unknown[]) {
        const id = typeof r === 'string' ? r : String((r as { _id?: string })._id);
        writes[`${key} ${id}`] = (writes[`${key} ${id}`] ?? 0) + 1;
      }
    }
  }
  return { writes, requests, answers };
}

const summary = (c: Counted) => {
  const entries = Object.entries(c.writes);
  const card = entries.filter(([k]) => k.startsWith('update ChatMessage'));
  const others = entries.filter(([k]) => !k.startsWith('update ChatMessage'));
  return {
    documents: entries.length,
    maxPerDocument: Math.max(0, ...others.map(([, n]) => n)),
    cardWrites: Math.max(0, ...card.map(([, n]) => n)),
    requests: c.requests,
  };
};

describe('what a click costs', () => {
  it('a Fantasia blow: attack, parry, damage applied', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Garde de la porte' }]);
    const sword = itemId(t.gm, 'Garde de la porte', 'Épée longue');
    const figures: Record<string, ReturnType<typeof summary>> = {};
    // The GM's guard strikes Bruno's swordsman; Bruno parries and applies from his own client.
    t.table.dice.push([100, 30]);
    figures.attack = summary(
      await cost(t.table, () => attackFromSheet(t.gm, 'Garde de la porte', sword, 'Bretteur')),
    );
    t.table.dice.push([100, 90], [6, 5], [4, 3]);
    figures.parry = summary(await cost(t.table, () => t.bruno.press('Parer (Épée fantasque)')));
    figures.apply = summary(await cost(t.table, () => t.bruno.press('Appliquer')));
    console.info('Fantasia blow, per click:', JSON.stringify(figures));
    for (const f of Object.values(figures)) {
      expect(f.maxPerDocument).toBeLessThanOrEqual(1);
      expect(f.cardWrites).toBeLessThanOrEqual(f.documents > 1 ? 2 : 1);
      expect(f.requests).toBeLessThanOrEqual(1);
    }
    // A click that writes no other document writes the card once.
    expect(figures.parry.cardWrites).toBe(1);
    // Applying writes the wounded actor and the card (journal, then without it), nothing else.
    expect(figures.apply.documents).toBe(2);
    expect(figures.apply.cardWrites).toBe(2);
    expect(figures.parry.requests + figures.apply.requests).toBe(2);
  });

  it('a Souffle exchange: attack, defence, damage applied', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const alice = table.seat('Alice');
    const bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', "Gardien du Waka'Hata", 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken("Gardien du Waka'Hata", 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    await alice.target('Chasseur');
    const figures: Record<string, ReturnType<typeof summary>> = {};
    const sheet = await alice.openSheet(alice.actor("Gardien du Waka'Hata"));
    table.dice.push([10, 1], [12, 7]);
    figures.attack = summary(
      await cost(table, async () => {
        await alice.click(sheet.querySelector('[data-action="attack"]')!);
        await alice.answerDialog({ characteristic: 'vigueur' });
      }),
    );
    // S-AT2 (issue 46): the defence waits for Alice's forcing choice, a click of its own.
    figures.noForce = summary(await cost(table, () => alice.press('Ne pas forcer')));
    table.dice.push([10, 8], [10, 3]);
    figures.defence = summary(await cost(table, () => bruno.press('Parer')));
    figures.apply = summary(await cost(table, () => table.gm.press('Appliquer')));
    console.info('Souffle exchange, per click:', JSON.stringify(figures));
    for (const f of Object.values(figures)) {
      expect(f.maxPerDocument).toBeLessThanOrEqual(1);
      expect(f.cardWrites).toBeLessThanOrEqual(2);
      expect(f.requests).toBeLessThanOrEqual(1);
    }
  });
});
