/**
 * Red team, round 4 (issue 42), Greyhawk: Alice plays Drevin at the browser console against the
 * GM's orc. Each attack is her raw calls; each assertion is what the GM's side holds after.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { conditionsOf, startRound, text } from '../table/greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function greyhawk(encounter = false) {
  const table = await Table.open({ ruleset: 'greyhawk' });
  const [alice, gm] = [table.seat('Alice'), table.gm];
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  const combat = encounter ? await table.startEncounter(DREVIN, 'Orque') : null;
  return { table, alice, gm, combat };
}

type G = Awaited<ReturnType<typeof greyhawk>>;

async function request(g: G, id: string, name: string, data: object) {
  await g.alice.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await g.table.settle();
  return g.alice.user.flags['passe-d-armes']?.answers?.[id];
}

/** The GM puts a condition on Drevin as a card does: an effect with the status, rounds, data. */
async function condition(g: G, status: string, rounds?: number, data?: object) {
  await g.gm.actor(DREVIN).createEmbeddedDocuments('ActiveEffect', [
    {
      name: status,
      statuses: [`greyhawk-${status}`],
      ...(rounds ? { duration: { rounds } } : {}),
      ...(data ? { flags: { 'passe-d-armes': { condition: data } } } : {}),
    },
  ]);
  await g.table.settle();
}

const aliceEffect = (g: G, status: string) =>
  g.alice.actor(DREVIN).effects.find((e: any) => [...(e.statuses ?? [])].includes(`greyhawk-${status}`));

describe('attack4 Greyhawk: conditions on Drevin, edited by his owner', () => {
  it('A4-G01 G-C1 Drevin is pinned for 3 rounds; Alice shortens the effect to 1 round from the console: the GM still reads 3', async () => {
    const g = await greyhawk();
    await condition(g, 'pinned', 3);
    (g.alice.client as any).hooks.delete('preUpdateActiveEffect');
    await aliceEffect(g, 'pinned')
      .update({ 'duration.rounds': 1 })
      .catch(() => null);
    await g.table.settle();
    expect(conditionsOf(g.gm.actor(DREVIN)).pinned).toBe(3);
  });

  it('A4-G02 G-C1 Drevin is held (2 rounds of hold in the effect’s data); Alice zeroes the data: the GM still reads 2', async () => {
    const g = await greyhawk();
    await condition(g, 'held', undefined, { heldRounds: 2 });
    (g.alice.client as any).hooks.delete('preUpdateActiveEffect');
    await aliceEffect(g, 'held')
      .update({ 'flags.passe-d-armes.condition.heldRounds': 0 })
      .catch(() => null);
    await g.table.settle();
    expect(conditionsOf(g.gm.actor(DREVIN))).toMatchObject({ held: true, heldRounds: 2 });
  });

  it('A4-G03 G-C1 Drevin is prone and disarmed; Alice deletes all his effects in one call: both are back', async () => {
    const g = await greyhawk();
    await condition(g, 'prone');
    await condition(g, 'disarmed');
    (g.alice.client as any).hooks.delete('preDeleteActiveEffect');
    const actor = g.alice.actor(DREVIN);
    await actor
      .deleteEmbeddedDocuments(
        'ActiveEffect',
        actor.effects.contents.map((e: any) => e.id),
      )
      .catch(() => null);
    await g.table.settle();
    expect(conditionsOf(g.gm.actor(DREVIN))).toMatchObject({ prone: true, disarmed: true });
  });

  it('A4-G04 G-C1 Alice turns Drevin’s "off line" effect into a disabled one: the GM still reads him off line', async () => {
    const g = await greyhawk();
    await condition(g, 'offLine');
    (g.alice.client as any).hooks.delete('preUpdateActiveEffect');
    await aliceEffect(g, 'offLine')
      .update({ disabled: true })
      .catch(() => null);
    await g.table.settle();
    expect(conditionsOf(g.gm.actor(DREVIN)).offLine).toBe(true);
  });
});

describe('attack4 Greyhawk: requests for what is not hers', () => {
  it('A4-G05 G-C1 Alice asks to pull the orc free (the GM’s fighter): refused, his condition stays', async () => {
    const g = await greyhawk();
    await g.gm.actor('Orque').createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'held',
        statuses: ['greyhawk-held'],
        flags: { 'passe-d-armes': { condition: { heldRounds: 2 } } },
      },
    ]);
    await g.table.settle();
    const answer = await request(g, 'pf1', 'greyhawk.pullFree', { actorUuid: g.gm.actor('Orque').uuid });
    expect(answer?.ok).not.toBe(true);
    expect(conditionsOf(g.gm.actor('Orque')).held).toBe(true);
  });

  it('A4-G06 G-D3 Alice asks to realign the orc’s shield: refused', async () => {
    const g = await greyhawk(true);
    await startRound(g.table);
    const answer = await request(g, 'rs1', 'greyhawk.realignShield', { actorUuid: g.gm.actor('Orque').uuid });
    expect(answer?.ok).not.toBe(true);
  });

  it('A4-G07 G-A1 Alice asks for an attack card for the orc: refused, nothing posted', async () => {
    const g = await greyhawk();
    const orc = g.gm.actor('Orque');
    const count = g.table.server.world.messages.size;
    const answer = await request(g, 'o1', 'card.open', {
      flow: 'greyhawk.attack',
      actorUuid: orc.uuid,
      itemId: orc.items.contents[0]?.id ?? '',
      targets: [{ actorUuid: g.gm.actor(DREVIN).uuid }],
      mode: 'public',
      choices: {},
    });
    expect(answer?.ok).not.toBe(true);
    expect(g.table.server.world.messages.size).toBe(count);
  });

  it('A4-G08 G-A1 Alice attacks the orc named by his actor alone while his token is hidden: refused, nothing posted', async () => {
    const g = await greyhawk();
    await g.gm.token('Orque').document.update({ hidden: true });
    await g.table.settle();
    const drevin = g.alice.actor(DREVIN);
    const sword = drevin.items.contents.find((i: any) => /Épée longue/.test(i.name));
    const count = g.table.server.world.messages.size;
    const answer = await request(g, 'h1', 'card.open', {
      flow: 'greyhawk.attack',
      actorUuid: drevin.uuid,
      itemId: sword.id,
      targets: [{ actorUuid: g.gm.actor('Orque').uuid }],
      mode: 'public',
      choices: {},
    });
    expect(answer?.ok).not.toBe(true);
    expect(g.table.server.world.messages.size).toBe(count);
  });

  it('A4-G09 Alice posts a Greyhawk card with a journal that kills the orc and makes her GM; the GM reloads: nothing lands', async () => {
    const g = await greyhawk();
    const orc = g.alice.actor('Orque');
    const hp = g.gm.actor('Orque').system.hp.value;
    await g.alice.client.CONFIG.ChatMessage.documentClass.create({
      type: 'carte',
      content: '<p>carte</p>',
      system: {
        ruleset: 'greyhawk',
        flow: 'greyhawk.attack',
        step: 'damage',
        revision: 1,
        actorUuid: g.alice.actor(DREVIN).uuid,
        journal: {
          revision: 1,
          owners: [g.alice.user.id],
          writes: [
            {
              uuid: orc.uuid,
              update: { system: { hp: { value: -10 } } },
              from: { system: { hp: { value: hp } } },
            },
            { uuid: `User.${g.alice.user.id}`, update: { role: 4 }, from: { role: 1 } },
          ],
        },
      },
    });
    await g.table.settle();
    const gm = await g.table.reload('MJ');
    // Even a button press of "Terminer l'action" on it from Alice is no GM write.
    const message = gm.game.messages.contents.at(-1);
    await request(g, 'fin1', 'card.action', { messageId: message.id, actionId: 'resume', revision: 1 });
    expect(gm.actor('Orque').system.hp.value).toBe(hp);
    expect(gm.game.users.get(g.alice.user.id).role).toBe(1);
  });
});

describe('attack4 Greyhawk: the round', () => {
  it('A4-G10 G-I1 while the order is sealed, Alice writes her combatant’s initiative: the round order revealed is the GM’s', async () => {
    const g = await greyhawk(true);
    const g2 = await greyhawk(true);
    for (const x of [g, g2]) {
      x.table.dice.push([10, 7], [10, 3], [6, 2], [6, 5]);
      await startRound(x.table);
    }
    const mine = g.alice.game.combats.get(g.combat.id).combatants.find((c: any) => c.name === DREVIN);
    await mine.update({ initiative: -50 }).catch(() => null);
    await g.table.settle();
    for (const x of [g, g2]) {
      const has = (a: string) => x.gm.tracker.querySelector(`[data-action="${a}"]`) !== null;
      if (has('pdaForcePasses')) await x.gm.click('[data-action="pdaForcePasses"]', x.gm.tracker);
    }
    const order = (x: G) =>
      [...x.gm.tracker.querySelectorAll('li[data-combatant-id], li.pda-slot')].map((li) => text(li).trim());
    expect(order(g)).toEqual(order(g2));
  });

  it('A4-G11 G-I1 Alice, owning the current combatant, moves the Combat’s turn and round: the GM’s round is unchanged', async () => {
    const g = await greyhawk(true);
    await startRound(g.table);
    const has = (a: string) => g.gm.tracker.querySelector(`[data-action="${a}"]`) !== null;
    if (has('pdaForcePasses')) await g.gm.click('[data-action="pdaForcePasses"]', g.gm.tracker);
    const gmCombat = g.gm.game.combats.get(g.combat.id);
    const before = { round: gmCombat.round, turn: gmCombat.turn, tracker: text(g.gm.tracker) };
    const combat = g.alice.game.combats.get(g.combat.id);
    await combat.update({ round: before.round + 2 }).catch(() => null);
    await combat.update({ turn: (before.turn ?? 0) + 1 }).catch(() => null);
    await g.table.settle();
    expect(g.gm.game.combats.get(g.combat.id).round).toBe(before.round);
    expect(text(g.gm.tracker)).toBe(before.tracker);
  });

  it('A4-G12 Alice names a plain effect on Drevin with markup: the GM opens her sheet and sees text, no element', async () => {
    const g = await greyhawk();
    await g.alice
      .actor(DREVIN)
      .createEmbeddedDocuments('ActiveEffect', [
        { name: '<img id="pwn-g" src=x>Bénie', description: '<script id="pwn-g2"></script>', statuses: [] },
      ]);
    await g.alice.actor(DREVIN).items.contents[0].update({ name: '<b id="pwn-g3">Lame</b>' });
    await g.table.settle();
    await g.gm.openSheet(g.gm.actor(DREVIN));
    for (const id of ['pwn-g', 'pwn-g2', 'pwn-g3']) expect(g.gm.dom.getElementById(id)).toBeNull();
  });
});
