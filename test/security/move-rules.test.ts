/**
 * Issue 42, point 3: every rule a token move triggers is checked on the active GM's client after
 * the move lands, whoever moved: a client that skips its own hooks (the socket call a console
 * makes, stood in for here by the server call with the player's user id) escapes nothing.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import { fantasiaTable } from '../table/fantasia-table';
import { souffleRound, text } from '../table/souffle-table';

/** The move as a console sends it: straight to the server, no hook of the mover's client. */
async function rawMove(table: Table, seat: Seat, name: string, x: number): Promise<void> {
  const token = seat.token(name).document;
  await (table.server as any).update(seat.client.userId, 'Token', [{ _id: token.id, x }], {
    documentName: 'Scene',
    id: token.parent.id,
  });
  await table.settle();
}

describe('rules triggered by a move hold whoever moved', () => {
  it('S-AT6 Bruno moves his hunter out of reach with his hooks skipped: the GM still posts the opportunity card', async () => {
    const { table, alice, bruno, gm } = await souffleRound(['intrepide', 'prudent'], [9, 4], true);
    await gm.token('Chasseur').document.update({ disposition: -1 });
    await table.settle();
    const before = alice.messages().length;
    await rawMove(table, bruno, 'Chasseur', 500);
    expect(alice.messages().length).toBe(before + 1);
    expect(text(alice.lastMessage())).toContain("Attaque d'opportunité contre Chasseur");
  });

  it('F-B7 Bruno moves his fighter who cannot move, with his hooks skipped: the GM puts the token back', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await t.gm.actor('Bretteur').toggleStatusEffect('cannotMove', { active: true });
    await t.table.settle();
    const x = t.gm.token('Bretteur').document.x;
    await rawMove(t.table, t.bruno, 'Bretteur', x + 400);
    expect(t.gm.token('Bretteur').document.x).toBe(x);
    expect(t.bruno.token('Bretteur').document.x).toBe(x);
  });
});
