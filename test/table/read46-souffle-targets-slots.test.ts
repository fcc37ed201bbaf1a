/**
 * Independent reader, issue 46 points 2 and 3 for Souffle: the one targeting rule (S-R1, docs/
 * rulings.md "One targeting rule") with two brigands, one of them out of the fight, and slots
 * that close themselves (S-R2 / S-P1) with an owner's Appliquer, a blow that deals nothing, and a
 * prudent fighter's only slot.
 */
import { describe, expect, it } from 'vitest';
import { brigand, souffleDuel, souffleRound, text, WARRIOR } from './souffle-table';
import { declineForcing } from './souffle-forcing';
import type { Seat } from '../harness/table';

function offered(seat: Seat): [string, boolean][] {
  return [...seat.dialog().querySelectorAll<HTMLInputElement>('input[name="target"]')].map((el) => [
    text(el.closest('label')).trim(),
    el.checked,
  ]);
}

/** Warrior (Alice), hunter (Bruno, friendly), two hostile brigands, all in the fight. */
async function brawl() {
  const duel = await souffleDuel();
  const { table, gm } = duel;
  await table.createActor(brigand('Brigand A'));
  await table.createActor(brigand('Brigand B'));
  await table.placeToken('Brigand A', 2, 2);
  await table.placeToken('Brigand B', 1, 2);
  for (const n of ['Brigand A', 'Brigand B']) await gm.token(n).document.update({ disposition: -1 });
  await gm.token('Chasseur').document.update({ disposition: 1 });
  await gm.token(WARRIOR).document.update({ disposition: 1 });
  await table.startEncounter(WARRIOR, 'Chasseur', 'Brigand A', 'Brigand B');
  await gm.openTracker();
  table.dice.push(9, 4, 3, 2, 2, 2, 2, 2);
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
  const { alice, bruno } = duel;
  for (const s of [alice, bruno]) {
    await s.openTracker();
    await s.click('[data-action="pdaDeclare"]', s.tracker);
    await s.answerDialog({}, 'prudent');
  }
  const skip = [...gm.tracker.querySelectorAll('button, a')].find((b) =>
    text(b).includes('Résoudre sans les déclarations manquantes'),
  );
  if (skip) await gm.click(skip);
  if (gm.tracker.querySelector('[data-action="pdaStartPasses"]'))
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  await table.settle();
  return duel;
}

async function sheetAttack(seat: Seat) {
  const sheet = await seat.openSheet(seat.actor(WARRIOR));
  await seat.click(sheet.querySelector('[data-action="attack"]')!);
}

describe('S-R1 one targeting rule, read again', () => {
  it('S-R1 two brigands in the fight, nothing targeted: both offered (not the friendly hunter), none ticked', async () => {
    const { alice } = await brawl();
    await sheetAttack(alice);
    const names = offered(alice);
    expect(names.map((n) => n[0]).sort()).toEqual(['Brigand A', 'Brigand B']);
    expect(names.every((n) => !n[1])).toBe(true);
  });

  it('S-R1 brigand B defeated: only brigand A is offered, and ticked', async () => {
    const { table, alice, gm } = await brawl();
    const b = gm.game.combat.combatants.find((c: { name: string }) => c.name === 'Brigand B');
    await b.update({ defeated: true });
    await table.settle();
    await sheetAttack(alice);
    expect(offered(alice)).toEqual([['Brigand A', true]]);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(gm.lastMessage())).toContain('contre Brigand A');
  });

  it('S-R1 two brigands, none ticked, Alice confirms without picking: told to choose, no attack card, her short action not spent', async () => {
    const { table, alice, gm } = await brawl();
    const before = gm.messages().length;
    await sheetAttack(alice);
    expect(offered(alice).every((n) => !n[1])).toBe(true);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' }).catch(() => undefined);
    expect(alice.warnings.join(' ')).toContain('Choisissez au moins une cible');
    const cards = gm
      .messages()
      .slice(before)
      .filter((m) => text(m).includes('contre'));
    expect(cards).toEqual([]);
    // Her short action is not spent on an attack that never happened.
    expect(text(gm.tracker)).toContain(`${WARRIOR} Action courte En cours`);
  });

  it('S-R1 T on brigand B: only B is offered (or struck), never A', async () => {
    const { table, alice, gm } = await brawl();
    await alice.target('Brigand B');
    await sheetAttack(alice);
    if (alice.dialogs().length && alice.dialog().querySelector('input[name="target"]'))
      expect(offered(alice).map((n) => n[0])).toEqual(['Brigand B']);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(gm.lastMessage())).toContain('contre Brigand B');
  });

  it('S-R1 the tracker’s « Attaquer » with nothing targeted: both brigands offered, none ticked', async () => {
    const { alice } = await brawl();
    await alice.click('li.active [data-action="pdaAttack"]', alice.tracker);
    const names = offered(alice);
    expect(names.map((n) => n[0]).sort()).toEqual(['Brigand A', 'Brigand B']);
    expect(names.every((n) => !n[1])).toBe(true);
  });

  it('S-R1 a hotbar macro of the warrior’s weapon, nothing targeted: both brigands offered; Alice picks B and strikes B', async () => {
    const { table, alice, gm } = await brawl();
    const weapon = alice.actor(WARRIOR).items.find((i: { type: string }) => i.type === 'arme-souffle');
    await alice.dropOnHotbar(weapon, 1);
    await alice.useHotbarSlot(1);
    expect(
      offered(alice)
        .map((n) => n[0])
        .sort(),
    ).toEqual(['Brigand A', 'Brigand B']);
    const b = [...alice.dialog().querySelectorAll<HTMLInputElement>('input[name="target"]')].find((el) =>
      text(el.closest('label')).includes('Brigand B'),
    )!.value;
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur', target: [b] });
    expect(text(gm.lastMessage())).toContain('contre Brigand B');
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 no fight and nothing targeted: refused with « Ciblez d’abord le jeton », no dialog, no card', async () => {
    const { alice, gm } = await souffleDuel();
    const before = gm.messages().length;
    await sheetAttack(alice);
    expect(alice.dialogs()).toEqual([]);
    expect(alice.warnings.join(' ')).toContain("Ciblez d'abord le jeton");
    expect(gm.messages().length).toBe(before);
  });
});

/** Alice's warrior strikes; Bruno dodges with the given d10s. */
async function strike(
  t: Awaited<ReturnType<typeof souffleRound>>,
  blow: [number, number],
  dodge: [number, number],
) {
  const { table, alice, bruno } = t;
  await alice.target('Chasseur');
  await sheetAttack(alice);
  table.dice.push([10, blow[0]], [12, blow[1]]);
  await alice.answerDialog({ characteristic: 'vigueur' });
  await declineForcing(table);
  table.dice.push([10, dodge[0]], [10, dodge[1]]);
  await bruno.press('Esquiver');
}

describe('S-R2 slots that close themselves, read again', () => {
  it('S-R2 the first blow waits for Appliquer (slot still current); Bruno, the wounded owner, applies and the slot closes', async () => {
    const t = await souffleRound(['intrepide', 'prudent']);
    await strike(t, [1, 12], [1, 1]);
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Attaque En cours`);
    await t.bruno.press('Appliquer');
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Attaque Fait`);
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Action courte En cours`);
    expect(t.table.errors()).toEqual([]);
  });

  it('S-R2 a first blow wholly dodged (nothing to apply) closes its slot at once', async () => {
    const t = await souffleRound(['intrepide', 'prudent']);
    await strike(t, [1, 1], [10, 10]);
    expect(text(t.gm.lastMessage())).toContain('Rien à appliquer');
    for (const seat of [t.gm, t.alice, t.bruno])
      expect(seat.buttons(seat.lastMessage()).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Attaque Fait`);
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Action courte En cours`);
  });

  it("S-R2 under 'the GM only' Bruno cannot close Alice's slot by applying; the GM's Appliquer does", async () => {
    const t = await souffleRound(['intrepide', 'prudent'], [9, 4], true, { damageRights: 'gm' });
    await strike(t, [1, 12], [1, 1]);
    expect(t.bruno.buttons(t.bruno.lastMessage()).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Attaque En cours`);
    await t.gm.press('Appliquer');
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Attaque Fait`);
    expect(t.table.errors()).toEqual([]);
  });

  it("S-P1 a prudent warrior's only blow, applied, leaves her slot open for « J'ai fini »; pressing it makes the hunter current", async () => {
    const t = await souffleRound(['prudent', 'prudent']);
    await strike(t, [1, 12], [1, 1]);
    await t.gm.press('Appliquer');
    expect(text(t.gm.tracker)).toContain(`${WARRIOR} Attaque En cours`);
    await t.alice.click('li.active [data-action="pdaEndSlot"]', t.alice.tracker);
    expect(text(t.gm.tracker.querySelector('li.active'))).toContain('Chasseur');
    expect(t.table.errors()).toEqual([]);
  });
});
