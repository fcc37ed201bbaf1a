/**
 * Issue 29: an attack outside the fighter's slot is refused in Greyhawk from the sheet's weapon
 * row and from a hand-written request to the GM (the base AD&D round: initiative, declarations,
 * then attacks in initiative order, lowest d10 first), with a message that says when the turn
 * comes; nothing is posted. Out of combat the sheet attacks as before. Then one player attack from
 * the declaration to the applied damage is counted: at most 5 actions for the player, 3 for the GM.
 */
import { describe, expect, it } from 'vitest';
import { Counter } from './action-counter';
import type { Seat, Table } from '../harness/table';
import {
  DREVIN,
  PLAIN_CHOICES,
  against,
  combatantId,
  declare,
  greyhawk,
  monster,
  resolve,
  slotsOf,
  startCombat,
  text,
} from './greyhawk-independent-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

/** Alice's Drevin against the GM's orc, tokens side by side, the encounter started. */
async function drevinAndOrc(d10s: [number, number]): Promise<{ table: Table; alice: Seat; gm: Seat }> {
  const table = await greyhawk();
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await monster(table, 'Orque');
  await table.placeToken(DREVIN, 1, 1);
  await table.placeToken('Orque', 2, 1);
  await table.startEncounter(DREVIN, 'Orque');
  const alice = table.seat('Alice');
  await alice.openTracker();
  await startCombat(table, d10s);
  return { table, alice, gm: table.gm };
}

/** Alice clicks her long sword's attack button on the sheet (a dialog opens only if allowed). */
async function sheetClick(alice: Seat): Promise<void> {
  await alice.target('Orque');
  const sheet = await alice.openSheet(alice.actor(DREVIN));
  const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
    (r.querySelector('.pda-weapon-name span')?.textContent ?? '').includes('Épée longue'),
  );
  await alice.click(row!.querySelector('[data-action="attack"]')!);
}

/** Alice's request to open an attack card, written by hand (no client-side check). */
async function rawAttack(table: Table, alice: Seat): Promise<unknown> {
  const drevin = alice.actor(DREVIN);
  const sword = drevin.items.find((i: any) => i.name.startsWith('Épée longue'));
  await alice.user.update({
    'flags.passe-d-armes.requests.outOfTurn': {
      name: 'card.open',
      data: {
        flow: 'greyhawk.attack',
        actorUuid: drevin.uuid,
        itemId: sword.id,
        targets: [{ actorUuid: alice.actor('Orque').uuid }],
        mode: 'public',
        choices: { ...PLAIN_CHOICES },
      },
    },
  });
  await table.settle();
  return alice.user.flags['passe-d-armes'].answers.outOfTurn;
}

describe('Greyhawk: attacks outside the fighter’s slot', () => {
  it('Base during the declarations Alice’s sheet attack and a raw request are refused: the turn comes after', async () => {
    const { table, alice, gm } = await drevinAndOrc([2, 9]);
    const cards = gm.messages().length;
    await sheetClick(alice);
    expect(alice.dialogs()).toEqual([]);
    expect(alice.warnings.at(-1)).toBe(
      `${DREVIN} ne peut pas encore attaquer : le round en est à l'étape « Déclarations d'intentions ». ` +
        "Son tour viendra ensuite, dans l'ordre d'initiative ; attaquez alors depuis sa ligne du suivi de combat.",
    );
    expect(await rawAttack(table, alice)).toMatchObject({ ok: false, key: 'PDA.Error.Turn.NotYet' });
    expect(gm.messages().length).toBe(cards);
    expect(table.errors()).toEqual([]);
  });

  it('Base in the orc’s slot (d10 2 against 9) Alice is refused naming the orc; once her slot is current she attacks', async () => {
    const { table, alice, gm } = await drevinAndOrc([9, 2]);
    await declare(alice, DREVIN, { action: 'attack', targetId: against(table, 'Orque') });
    await declare(gm, 'Orque', { action: 'attack', targetId: against(table, DREVIN) });
    await resolve(table);
    const active = () => text(gm.tracker.querySelector('li.pda-slot.active .pda-name')!).trim();
    expect(active()).toBe('Orque');
    expect(text(alice.tracker.querySelector('.pda-round-prompt')!)).toContain('Au tour de Orque');
    expect(alice.tracker.querySelector('[data-action="pdaAttack"]')).toBeNull();
    const cards = gm.messages().length;
    await sheetClick(alice);
    expect(alice.dialogs()).toEqual([]);
    expect(alice.warnings.at(-1)).toMatch(
      new RegExp(
        `^Ce n'est pas le tour de ${DREVIN} : c'est au tour de Orque\\. Celui de ${DREVIN} viendra pendant « `,
      ),
    );
    expect(await rawAttack(table, alice)).toMatchObject({ ok: false, key: 'PDA.Error.Turn.Later' });
    expect(gm.messages().length).toBe(cards);
    await gm.click('li.pda-slot.active [data-action="pdaEndSlot"]', gm.tracker);
    expect(active()).toBe(DREVIN);
    await sheetClick(alice);
    table.dice.push([20, 14], [8, 3]);
    await alice.answerDialog({}, 'attack');
    expect(gm.messages().length).toBe(cards + 1);
    expect(table.errors()).toEqual([]);
  });

  it('Base out of combat the sheet attacks as before', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await table.placeToken(DREVIN, 1, 1);
    await table.placeToken('Orque', 2, 1);
    const alice = table.seat('Alice');
    const cards = table.gm.messages().length;
    await sheetClick(alice);
    table.dice.push([20, 14], [8, 3]);
    await alice.answerDialog({}, 'attack');
    expect(table.gm.messages().length).toBe(cards + 1);
  });
});

describe('Greyhawk: one player attack, counted', () => {
  it('Base from the declaration to the applied damage: 5 actions for Alice, 3 for the GM, none silent', async () => {
    const { table, alice, gm: gmSeat } = await drevinAndOrc([2, 9]);
    const player = new Counter(alice);
    const gm = new Counter(gmSeat);
    const id = combatantId(alice, DREVIN);
    expect(text(alice.tracker.querySelector('.pda-round-prompt')!)).toContain('« Déclarer »');
    await player.act('declare', () =>
      alice.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, alice.tracker),
    );
    await player.act('confirm the declaration', () =>
      alice.answerDialog({ action: 'attack', targetId: against(table, 'Orque') }),
    );
    await gm.act('resolve the passes', () => resolve(table));
    // The declared target is the slot's: no token to target.
    const mine = slotsOf(alice, DREVIN)[0]!;
    await player.act('attack from the slot', () =>
      alice.click(`[data-action="pdaAttack"][data-slot-id="${mine.id}"]`, alice.tracker),
    );
    table.dice.push([20, 18], [8, 5]);
    await player.act('confirm the attack', () => alice.answerDialog({}, 'attack'));
    const hp = gmSeat.actor('Orque').system.hp.value;
    await gm.act('apply the damage', () => gmSeat.press('Appliquer', gmSeat.lastMessage()));
    expect(gmSeat.actor('Orque').system.hp.value).toBeLessThan(hp);
    // The attack applied, the slot closed itself (issue 46): no "J'ai fini".
    expect(alice.tracker.querySelector(`[data-action="pdaEndSlot"][data-slot-id="${mine.id}"]`)).toBeNull();
    expect(player.count).toBeLessThanOrEqual(5);
    expect(gm.count).toBeLessThanOrEqual(3);
    expect(table.errors()).toEqual([]);
  });
});
