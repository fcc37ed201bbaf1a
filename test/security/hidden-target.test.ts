/**
 * Issue 42, point 5: a player cannot target a token the GM hid, so a request that names the
 * hidden token's actor without its token must not open a card measured from that token.
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, itemId } from '../table/fantasia-table';

describe('a hidden token targeted by naming its actor only', () => {
  it('Alice’s card.open names the hidden Brigand’s actor and no token: refused, nothing posted', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    const scene = t.gm.game.scenes.find((s: { active: boolean }) => s.active);
    await scene.tokens.find((x: { name: string }) => x.name === 'Brigand').update({ hidden: true });
    await t.table.settle();
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    const count = t.table.server.world.messages.size;
    // Alice's console: the request channel by hand, the target named by its actor only.
    await t.alice.user.update({
      'flags.passe-d-armes.requests.hid1': {
        name: 'card.open',
        data: {
          flow: 'fantasia.attack',
          actorUuid: t.alice.actor('Bretteur').uuid,
          itemId: sword,
          targets: [{ actorUuid: t.alice.actor('Brigand').uuid }],
          mode: 'public',
          choices: { cover: 0, thrustId: '', knockOut: false, whip: '', lutte: '' },
        },
      },
    });
    await t.table.settle();
    expect(t.alice.user.flags['passe-d-armes'].answers.hid1).toMatchObject({
      ok: false,
      key: 'PDA.Error.CardBadTarget',
    });
    expect(t.table.server.world.messages.size).toBe(count);
  });
});
