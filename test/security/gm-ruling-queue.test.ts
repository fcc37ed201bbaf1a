/**
 * Issue 42, point 4: a GM decision (F-B1, a thrust with another weapon of the same skill) never
 * blocks the table's one GM queue: the request waits for the GM's answer aside, every other
 * request is answered meanwhile, and a player cannot stack such questions on the GM.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { attackFromSheet, fantasiaTable, text } from '../table/fantasia-table';
import { draw, learn } from '../table/fantasia-bottes-table';

async function fromConsole(seat: Seat, id: string, name: string, data: Record<string, unknown>) {
  await seat.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await seat.table.settle();
  return seat.user.flags['passe-d-armes']?.answers?.[id];
}

describe('F-B1 a GM ruling waits aside', () => {
  it('F-B1 while the GM considers Bruno’s thrust, Alice’s request is answered; Bruno’s second ask is refused; the GM grants the first', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Garde de la porte', owner: 'Alice' },
      { entry: 'Brigand' },
    ]);
    await learn(t, 'Bretteur', 'Faucheuse');
    const sword = await draw(t, 'Bretteur', 'Épée fantasque');
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'faucheuse' });
    expect(text(t.gm.dialog())).toContain('Bretteur veut placer Faucheuse');
    // Alice's request is answered while the GM's question is open.
    t.table.dice.push([100, 30]);
    const answer = await fromConsole(t.alice, 'res1', 'fantasia.resistance', {
      actorUuid: t.alice.actor('Garde de la porte').uuid,
      active: 12,
      passive: 10,
      label: 'FOR contre FOR',
      mode: 'public',
    });
    expect(answer).toMatchObject({ ok: true });
    // Bruno's console sends the same ask again: refused, no second question for the GM.
    const again = await fromConsole(t.bruno, 'again1', 'card.open', {
      flow: 'fantasia.attack',
      actorUuid: t.bruno.actor('Bretteur').uuid,
      itemId: sword,
      targets: [{ actorUuid: t.bruno.actor('Brigand').uuid }],
      mode: 'public',
      choices: { cover: 0, thrustId: 'faucheuse', knockOut: false, whip: '', lutte: '' },
    });
    expect(again).toMatchObject({ ok: false, key: 'PDA.Error.RulingPending' });
    expect(t.gm.dialogs()).toHaveLength(1);
    t.table.dice.push([100, 45]);
    await t.gm.answerDialog({}, 'yes');
    expect(text(t.gm.lastMessage())).toMatch(/Attaque 45 \/ 50 % Réussite/);
  });
});
