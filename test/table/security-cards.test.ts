/**
 * Issue 12 at the table: attack cards are written by the GM only, and a PNJ's exact intent never
 * reaches a player's client. Alice acts through her screen, and also as a cheating player would,
 * from the console: editing the card message, writing a request for an actor she does not own,
 * forging the GM's store of secrets.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, declare, fantasiaTable, itemId, startFight, text } from './fantasia-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const SECRET = 'Xylophage';

describe('attack cards are the GM’s documents', () => {
  it('Alice’s attack card is authored by the GM, spoken by her swordsman, and her edit is refused', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.alice, 'Bretteur', sword, 'Brigand');
    const message = t.alice.game.messages.contents.at(-1);
    expect(message.type).toBe('carte');
    expect(message.author.id).toBe(t.gm.user.id);
    expect(message.speaker.actor).toBe(t.alice.actor('Bretteur').id);
    expect(text(t.alice.lastMessage())).toContain('Attaque 30 /');
    // The player's cheat: rewrite the stored step and damage of the card from the console.
    const stored = () => t.table.server.world.messages.get(message.id) as any;
    const before = JSON.stringify(stored().system);
    await expect(
      message.update({ system: { step: 'damage', state: { damage: { total: 99 } } } }),
    ).rejects.toThrow();
    await t.table.settle();
    expect(JSON.stringify(stored().system)).toBe(before);
    // The card still plays through: the GM's defence, the damage, the apply.
    t.table.dice.push([6, 4], [4, 3]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toMatch(/Dommages subis 6/);
    await t.gm.press('Appliquer');
    expect(t.alice.actor('Brigand').system.pv.value).toBe(6);
    expect(t.table.errors()).toEqual([]);
  });

  it('a request to open a card for an actor Alice does not own is refused by the GM; nothing is posted', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    const brigand = t.gm.actor('Brigand');
    const bretteur = t.gm.actor('Bretteur');
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const count = t.table.server.world.messages.size;
    // Written from Alice's console: the request channel of src/foundry/queries.ts, by hand.
    await t.alice.user.update({
      'flags.passe-d-armes.requests.cheat1': {
        name: 'card.open',
        data: {
          flow: 'fantasia.attack',
          actorUuid: brigand.uuid,
          itemId: dagger,
          targets: [{ actorUuid: bretteur.uuid }],
          mode: 'public',
          choices: { cover: 0, thrustId: '', knockOut: false, whip: '', lutte: '' },
        },
      },
    });
    await t.table.settle();
    const answer = t.alice.user.flags['passe-d-armes'].answers.cheat1;
    expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYourActor' });
    expect(t.table.server.world.messages.size).toBe(count);
  });

  it('a Greyhawk archer’s card is the GM’s too: Alice cannot edit it', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const kael = await table.importActor('greyhawk-bestiaire', 'Kael, archer spécialiste', 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(kael.name, 0, 0);
    await table.placeToken('Orque', 4, 0);
    await alice.target('Orque');
    const sheet = await alice.openSheet(alice.actor(kael.name));
    const bowRow = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
      r.textContent?.includes('Arc long'),
    );
    await alice.click('[data-action="attack"]', bowRow);
    await alice.answerDialog({});
    // The GM measured the 6 m on the scene itself.
    expect(alice.lastMessage().textContent).toContain('6 m (scène) : bout portant');
    const message = alice.game.messages.contents.at(-1);
    expect(message.author.id).toBe(table.gm.user.id);
    await expect(message.update({ system: { step: 'applied' } })).rejects.toThrow();
    expect((table.server.world.messages.get(message.id) as any).system.step).toBe(message.system.step);
    expect(table.errors()).toEqual([]);
  });
});

describe('F-R5 a PNJ’s exact intent stays with the GM', () => {
  async function declaredFight() {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    await declare(t.gm, t.ids.Brigand!, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': dagger,
      'intents.0.note': SECRET,
      publicText: 'Le brigand grogne',
    });
    return t;
  }

  const everything = (seat: any): string =>
    JSON.stringify([
      seat.game.combats.contents.map((c: any) => c.toObject()),
      seat.game.messages.contents.map((m: any) => m.toObject()),
    ]);

  it('F-R5 the secret word is in no document of Alice’s or Bruno’s client; the GM’s tracker shows it', async () => {
    const t = await declaredFight();
    expect(text(t.gm.tracker)).toContain(SECRET);
    expect(text(t.gm.tracker)).toContain('Dégainer / encocher (Dague)');
    for (const player of [t.alice, t.bruno]) {
      expect(everything(player)).not.toContain(SECRET);
      expect(text(player.tracker)).toContain('Le brigand grogne');
      expect(text(player.tracker)).not.toContain('Dague');
    }
    // The GM's store is not a line of the chat log.
    expect(t.gm.messages().filter((m) => !m.hidden)).toHaveLength(0);
    // Alice declares; the GM starts the passes: the round engine still schedules the draw in pass 3.
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    await declare(t.alice, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    expect(text(t.gm.tracker)).toContain('13 Brigand Dégainer / encocher En attente');
    expect(text(t.alice.tracker)).toContain('13 Brigand Intention cachée En attente');
    // Nor does the schedule tell: the brigand's waiting slot holds no action, weapon or target.
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    for (const player of [t.alice, t.bruno]) {
      const slots = player.game.combats.get(t.combat!.id).system.slots;
      const brigand = slots.filter((s: any) => s.combatantId === t.ids.Brigand);
      expect(brigand.map((s: any) => s.action)).toEqual(['hidden']);
      expect(everything(player)).not.toContain(dagger);
    }
    // At resolution the slot shows what it does, and the GM plays it: the dagger is drawn.
    await t.alice.click('[data-action="pdaEndSlot"]', t.alice.tracker);
    expect(text(t.alice.tracker)).toContain('13 Brigand Dégainer / encocher En cours');
    await t.gm.click('[data-action="pdaEndSlot"]', t.gm.tracker);
    expect(text(t.gm.tracker)).toContain('Tout le monde a agi');
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(t.alice.actor('Brigand').items.get(dagger).system.drawn).toBe(true);
    for (const player of [t.alice, t.bruno]) expect(everything(player)).not.toContain(SECRET);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R5 a store of secrets forged by a player is ignored: the GM’s tracker keeps the GM’s intent', async () => {
    const t = await declaredFight();
    const combatId = t.combat!.id;
    const forged = JSON.stringify({
      [t.ids.Brigand!]: JSON.stringify({ intents: [{ kind: 'dodge', note: 'forgé' }] }),
    });
    await t.alice.client.CONFIG.ChatMessage.documentClass.create({
      content: 'x',
      whisper: [t.gm.user.id],
      flags: { 'passe-d-armes': { secretDeclarations: { combatId, declarations: forged }, hidden: true } },
    });
    await t.table.settle();
    await t.gm.openTracker();
    expect(text(t.gm.tracker)).toContain(SECRET);
    expect(text(t.gm.tracker)).not.toContain('forgé');
  });
});

describe('a malformed request to open a card is refused, naming the field, with nothing posted', () => {
  const choices = { cover: 0, thrustId: '', knockOut: false, whip: '', lutte: '' };
  const cases: [string, (a: any, b: any, sword: string) => Record<string, unknown>, string][] = [
    [
      'a target uuid naming a prototype member',
      (a, _b, sword) => ({
        flow: 'fantasia.attack',
        actorUuid: a.uuid,
        itemId: sword,
        targets: [{ actorUuid: 'Actor.constructor' }],
        mode: 'public',
        choices,
      }),
      'targets.0.actorUuid',
    ],
    [
      'thirteen targets',
      (a, b, sword) => ({
        flow: 'fantasia.attack',
        actorUuid: a.uuid,
        itemId: sword,
        targets: Array.from({ length: 13 }, () => ({ actorUuid: b.uuid })),
        mode: 'public',
        choices,
      }),
      'targets',
    ],
    [
      'a cover of 150 %',
      (a, b, sword) => ({
        flow: 'fantasia.attack',
        actorUuid: a.uuid,
        itemId: sword,
        targets: [{ actorUuid: b.uuid }],
        mode: 'public',
        choices: { ...choices, cover: 150 },
      }),
      'choices.cover',
    ],
    [
      'an unknown choice',
      (a, b, sword) => ({
        flow: 'fantasia.attack',
        actorUuid: a.uuid,
        itemId: sword,
        targets: [{ actorUuid: b.uuid }],
        mode: 'public',
        choices: { ...choices, autoHit: true },
      }),
      'choices.autoHit',
    ],
  ];
  for (const [what, data, field] of cases) {
    it(`${what}: PDA.Error.BadPayload on ${field}`, async () => {
      const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
      const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
      const count = t.table.server.world.messages.size;
      await t.alice.user.update({
        'flags.passe-d-armes.requests.bad1': {
          name: 'card.open',
          data: data(t.alice.actor('Bretteur'), t.alice.actor('Brigand'), sword),
        },
      });
      await t.table.settle();
      const answer = t.alice.user.flags['passe-d-armes'].answers.bad1;
      expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.BadPayload', data: { field } });
      expect(t.table.server.world.messages.size).toBe(count);
    });
  }
});
