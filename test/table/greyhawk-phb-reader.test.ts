/**
 * Issue 44: Greyhawk as a Player's Handbook reader plays it. Each test plays one fault a third
 * reading of seed 002 found at the table (positions, free shot, rates, mounted archery, disarms,
 * holds, shields, rushes, called shots) and the compendium's figures against the PHB.
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import { conditionsOf } from './greyhawk-table';
import {
  DREVIN,
  KAEL,
  damage,
  greyhawk,
  hit,
  monster,
  needed,
  pc,
  rawAttack,
  disabledInDialog,
  refusedSheetAttack,
  rows,
  sheetAttack,
  text,
  startCombat,
  declare,
  against,
  resolve,
  slots,
  nextRound as endRound,
} from './greyhawk-independent-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function facing(table: Table, a: string, b: string, squares = 1): Promise<void> {
  await table.placeToken(a, 1, 1);
  await table.placeToken(b, 1 + squares, 1);
  await table.gm.target(b);
}

async function packWeapon(table: Table, name: string): Promise<any> {
  const pack = table.gm.game.packs.get('passe-d-armes.greyhawk-armes');
  const doc = (await pack.getDocuments()).find((d: any) => d.name === name);
  if (!doc) throw new Error(`No weapon ${name}`);
  return doc.system;
}

describe('Greyhawk as a PHB reader plays it (issue 44)', () => {
  it('G-P1 a bow shot at a sleeping orc hits whatever the die, and the card says why', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await monster(table, 'Orque');
    await facing(table, KAEL, 'Orque', 10);
    // A natural 2 would miss anyone standing; the sleeper is hit for normal damage.
    // No d20 is rolled at all: only the arrow's 1d6.
    const card = await sheetAttack(table.gm, KAEL, 'Arc long', { position: 'helpless' }, [[6, 4]]);
    expect(hit(card)).toBe(true);
    expect(damage(card)).toBeGreaterThanOrEqual(4);
    expect(text(card)).toMatch(/sans défense.*G-P1/i);
  });

  it('G-C1 a pin without a wall is refused with its rule named', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque');
    const said = await refusedSheetAttack(table.gm, DREVIN, 'Épée longue', {
      calledShot: 1,
      purpose: 'pin',
      nearWall: false,
    });
    expect(said).toContain('G-C1');
  });

  it('G-SH2 a failed rush knocks the rusher down: Appliquer writes him prone', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque', 4);
    // The attack misses (a 2), the rusher's DEX check fails (a 20).
    const card = await sheetAttack(
      table.gm,
      DREVIN,
      'Épée longue',
      { manoeuvre: 'shieldRush', distance: 6, declared: true },
      [
        [20, 2],
        [20, 20],
      ],
    );
    expect(hit(card)).toBe(false);
    let current = table.gm
      .messages()
      .find((m) => m.getAttribute('data-message-id') === card.getAttribute('data-message-id'))!;
    const follow = table.gm.buttons(current).find((b) => /Issue|Suite|preuve/.test(b.label) && b.enabled);
    if (follow) {
      table.dice.push([20, 20]);
      await table.gm.click(follow.el);
    }
    current = table.gm.lastMessage();
    expect(text(current)).toMatch(/à terre/i);
    const apply = table.gm.buttons(current).find((b) => /Appliquer/.test(b.label) && b.enabled);
    expect(apply).toBeDefined();
    await table.gm.click(apply!.el);
    expect(conditionsOf(table.gm.actor(DREVIN)).prone).toBe(true);
    expect(conditionsOf(table.gm.actor('Orque')).prone).toBe(false);
  });

  it('G-M4 compendium against the PHB: composite long bow 60/120/210, bastard sword two-handed 2d4/2d8 speed 8, medium lance speed 7', async () => {
    const table = await greyhawk();
    const bow = await packWeapon(table, 'Arc long composite');
    expect(bow.ranges).toEqual({ short: 60, medium: 120, long: 210 });
    const lance = await packWeapon(table, 'Lance de cavalier');
    expect(lance.speed).toBe(7);
    // A composite long bow shot at 195 m is a long-range shot (−5), not out of range.
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await pc(table, {
      name: 'Arc composite',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['compositeLongBow'],
      weapons: ['Arc long composite'],
    });
    await pc(table, { name: 'Lointain', classes: [{ cls: 'fighter', level: 1 }], ac: 10 });
    await table.placeToken('Arc composite', 0, 0);
    await table.placeToken('Lointain', 130, 0);
    await table.gm.target('Lointain');
    const shot = await sheetAttack(table.gm, 'Arc composite', 'Arc long composite', {}, [
      [20, 15],
      [6, 2],
    ]);
    expect(rows(shot, 'attack').some((r) => r.value === '−5')).toBe(true);
    expect(needed(shot)).toBe(10);
  });

  it('G-ST2 a bastard sword held in both hands rolls the PHB two-handed damage, 2d4 against a man, 2d8 against a large foe', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bâtard',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['bastardSword'],
      styles: { twoHanded: 0 },
      weapons: ['Épée bâtarde'],
    });
    await monster(table, 'Orque');
    await table.gm.actor('Bâtard').update({ 'system.grip': 'two' });
    await table.settle();
    await facing(table, 'Bâtard', 'Orque');
    const card = await sheetAttack(table.gm, 'Bâtard', 'Épée bâtarde', {}, [
      [20, 19],
      [4, 3],
      [4, 2],
    ]);
    expect(text(card)).toMatch(/Dés 2d4 : 3, 2/);
    expect(damage(card)).toBe(5);
  });

  it('G-P2 standing up ends the prone state at the fighter\'s slot: the +4 goes, the icon and "Se relève" too', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque');
    await table.gm.actor(DREVIN).toggleStatusEffect('greyhawk-prone');
    await table.settle();
    await table.startEncounter(DREVIN, 'Orque');
    // The orc's d10 1 (+7 axe) = 8 goes before Drevin's 9 (+5 long sword) = 14.
    await startCombat(table, [9, 1]);
    await declare(table.seat('Alice'), DREVIN, { action: 'standUp', standUp: 'forfeitAttack' });
    await declare(table.gm, 'Orque', { action: 'attack', targetId: against(table, DREVIN) });
    await resolve(table);
    // The orc's turn: Drevin is still on the ground (+4).
    await table.gm.target(DREVIN);
    const before = await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 3]]);
    expect(rows(before, 'attack').find((r) => r.rule === 'G-P1')?.value).toBe('+4');
    // The orc's blow closes his slot (issue 46): Drevin's slot opens and he stands at once.
    const current = table.gm.tracker.querySelector('li.pda-slot.active .pda-name');
    expect(current?.textContent?.trim()).toBe(DREVIN);
    expect(slots(table.gm).find((s) => s.name === DREVIN)?.action).toMatch(/relève/);
    expect(conditionsOf(table.gm.actor(DREVIN)).prone).toBe(false);
    expect([...table.seat('Alice').actor(DREVIN).statuses]).not.toContain('greyhawk-prone');
    await table.gm.target(DREVIN);
    const blow = await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 3]]);
    expect(rows(blow, 'attack').some((r) => r.rule === 'G-P1')).toBe(false);
    // Next round, on his feet, he is offered no standing up any more.
    await endRound(table, [9, 1]);
    const alice = table.seat('Alice');
    await alice.click(
      `[data-action="pdaDeclare"][data-combatant-id="${against(table, DREVIN)}"]`,
      alice.tracker,
    );
    expect(alice.dialog().querySelector('select[name="standUp"]')).toBeNull();
    await alice.answerDialog({ action: 'attack' });
  });

  it('G-P2 a fighter who waits stays prone through round 1 and stands at his turn in round 2', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque');
    await table.gm.actor(DREVIN).toggleStatusEffect('greyhawk-prone');
    await table.settle();
    await table.startEncounter(DREVIN, 'Orque');
    await startCombat(table, [1, 9]);
    await declare(table.seat('Alice'), DREVIN, { action: 'standUp', standUp: 'nextRound' });
    await declare(table.gm, 'Orque', { action: 'attack', targetId: against(table, DREVIN) });
    await resolve(table);
    await endRound(table, [1, 9]);
    expect(conditionsOf(table.gm.actor(DREVIN)).prone).toBe(true);
    await declare(table.seat('Alice'), DREVIN, { action: 'attack', targetId: against(table, 'Orque') });
    await declare(table.gm, 'Orque', { action: 'attack', targetId: against(table, DREVIN) });
    await resolve(table);
    for (let i = 0; i < 6 && conditionsOf(table.gm.actor(DREVIN)).prone; i++)
      await table.gm.click('[data-action="pdaNextSlot"]', table.gm.tracker);
    expect(conditionsOf(table.gm.actor(DREVIN)).prone).toBe(false);
  });

  it("G-D2 the grip is the target's: the dialog does not ask it, and the gnoll's halberd is knocked off line, never torn away", async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Gnoll');
    await facing(table, DREVIN, 'Gnoll');
    const el = await table.gm.openSheet(table.gm.actor(DREVIN));
    const row = [...el.querySelectorAll('tr[data-item-id]')].find((r) => /Épée longue/.test(text(r)))!;
    await table.gm.click(row.querySelector('[data-action="attack"]')!);
    const offered = [
      ...table.gm.dialog().querySelectorAll<HTMLOptionElement>('select[name="grip"] option'),
    ].map((o) => o.value);
    expect(offered).not.toContain('twoHanded');
    await table.gm.answerDialog({}, 'cancel');
    // THAC0 14 vs AC 5 needs 9; 19 + 2 STR + 1 spec − 4 = 18: a hit. The halberd is two-handed.
    const card = await sheetAttack(table.gm, DREVIN, 'Épée longue', { manoeuvre: 'disarm' }, [[20, 19]]);
    const follow = table.gm.buttons(card).find((b) => /Issue/.test(b.label) && b.enabled);
    if (follow) await table.gm.click(follow.el);
    expect(text(table.gm.lastMessage())).toContain("L'arme à deux mains est déviée");
  });

  it("G-D5 a forged request naming the orc's axe two-handed changes nothing: the GM reads the orc's grip", async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque');
    const alice = table.seat('Alice');
    await alice.target('Orque');
    table.dice.push([20, 20], [20, 3]);
    await rawAttack(alice, DREVIN, 'Épée longue', 'Orque', { manoeuvre: 'expertDisarm', grip: 'twoHanded' });
    await alice.press('Issue du désarmement expert');
    const card = text(alice.lastMessage());
    // An expert disarm of a one-handed axe: torn away, landing where Drevin wants (no off-line reading).
    expect(card).toContain("L'arme est arrachée");
    expect(card).not.toContain('déviée');
  });

  it("G-D1 a disarmed orc cannot strike with the axe it lost; a manticore's claws cannot be disarmed", async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await monster(table, 'Manticore');
    await facing(table, DREVIN, 'Orque');
    await table.placeToken('Manticore', 1, 2);
    const card = await sheetAttack(table.gm, DREVIN, 'Épée longue', { manoeuvre: 'disarm' }, [[20, 19]]);
    table.dice.push([6, 2], [6, 3]);
    const follow = table.gm.buttons(card).find((b) => /Issue/.test(b.label) && b.enabled);
    if (follow) await table.gm.click(follow.el);
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(conditionsOf(table.gm.actor('Orque')).disarmed).toBe(true);
    await table.gm.target(DREVIN);
    const lost = await refusedSheetAttack(table.gm, 'Orque', 'Hache de bataille');
    expect(lost).toContain('G-D1');
    await table.gm.target('Manticore');
    const disabled = await disabledInDialog(table.gm, DREVIN, 'Épée longue');
    expect(disabled.find((l) => l.startsWith('Désarmement —'))).toMatch(/attaque naturelle.*G-D1/);
    // Past the dialog, the GM's client refuses it the same way.
    const forged = await rawAttack(table.seat('Alice'), DREVIN, 'Épée longue', 'Manticore', {
      manoeuvre: 'disarm',
    });
    expect(JSON.stringify(forged)).toContain('NaturalNotDisarmed');
  });

  it('G-D2 an off-line halberd strikes only once realigned: the gnoll spends an attack from its sheet, then strikes', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Gnoll');
    await facing(table, DREVIN, 'Gnoll');
    const card = await sheetAttack(table.gm, DREVIN, 'Épée longue', { manoeuvre: 'disarm' }, [[20, 19]]);
    const follow = table.gm.buttons(card).find((b) => /Issue/.test(b.label) && b.enabled);
    if (follow) await table.gm.click(follow.el);
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(conditionsOf(table.gm.actor('Gnoll')).offLine).toBe(true);
    await table.gm.target(DREVIN);
    const refused = await refusedSheetAttack(table.gm, 'Gnoll', 'Hallebarde');
    expect(refused).toMatch(/déviée.*G-D2/);
    const sheet = await table.gm.openSheet(table.gm.actor('Gnoll'));
    await table.gm.click('[data-action="realignWeapon"]', sheet);
    expect(conditionsOf(table.gm.actor('Gnoll')).offLine).toBe(false);
    const blow = await sheetAttack(table.gm, 'Gnoll', 'Hallebarde', {}, [[20, 2]]);
    expect(hit(blow)).toBe(false);
  });

  it('G-G2 Drevin holding the orc one-handed loses his DEX bonus to AC: the orc needs 13, not 14', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque');
    // Seize: d20 15 hits; STR contest: Drevin 2, the orc 15.
    const seize = await sheetAttack(
      table.gm,
      DREVIN,
      'Épée longue',
      { manoeuvre: 'seizePerson', freeHands: 1 },
      [[20, 15]],
    );
    table.dice.push([20, 2], [20, 15]);
    const contest = table.gm.buttons(seize).find((b) => b.enabled && !/Appliquer/.test(b.label));
    await table.gm.click(contest!.el);
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(conditionsOf(table.gm.actor(DREVIN)).holding).toBe(true);
    await table.gm.target(DREVIN);
    // Orc THAC0 19; Drevin AC 3, +2 holding (G-G2), +1 his DEX 15 bonus lost (G-G2): AC 6.
    const blow = await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]);
    expect(needed(blow)).toBe(13);
  });

  it('G-F1 a javelin readied to throw gives its free shot before round 1, and the orc rolls initiative at +2', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Lanceuse',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['javelin'],
      weapons: ['Javelot'],
      owner: 'Alice',
    });
    await monster(table, 'Orque');
    await table.placeToken('Lanceuse', 0, 0);
    await table.placeToken('Orque', 8, 0);
    await table.startEncounter('Lanceuse', 'Orque');
    await startCombat(table, [5, 4]);
    await declare(table.gm, 'Lanceuse', { action: 'missile', targetId: against(table, 'Orque') });
    await declare(table.gm, 'Orque', { action: 'attack', targetId: against(table, 'Lanceuse') });
    await resolve(table);
    expect(slots(table.gm).some((s) => s.name === 'Lanceuse' && s.pass === 1)).toBe(true);
    // The orc: d10 4 + battle axe 7 + 2 as the free shot's target.
    expect(slots(table.gm).find((s) => s.name === 'Orque' && s.pass === 2)?.order).toBe('13');
  });

  it('G-M4 thrown daggers use the PHB rate of fire: the sheet shows 1/1 and 2/1 thrown, and a throw declared gets two shots a round', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Jeteur',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['dagger'],
      weapons: ['Dague'],
      owner: 'Alice',
    });
    await monster(table, 'Orque');
    await table.placeToken('Jeteur', 0, 0);
    await table.placeToken('Orque', 25, 0);
    const alice = table.seat('Alice');
    const sheet = await alice.openSheet(alice.actor('Jeteur'));
    const tab = sheet.querySelector('[data-tab="weapons"]');
    if (tab) await alice.click(tab);
    const row = [...alice.actor('Jeteur').sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
      /Dague/.test(r.textContent ?? ''),
    ) as Element;
    expect(text(row)).toContain('1/1 · lancée 2/1');
    await table.startEncounter('Jeteur', 'Orque');
    await startCombat(table, [5, 4]);
    await declare(table.gm, 'Jeteur', { action: 'missile', targetId: against(table, 'Orque') });
    await declare(table.gm, 'Orque', { action: 'other' });
    await resolve(table);
    expect(slots(table.gm).filter((s) => s.name === 'Jeteur' && s.pass >= 2)).toHaveLength(2);
  });

  async function rider(table: Table): Promise<void> {
    const temujin = await table.importActor('greyhawk-bestiaire', 'Temujin, archer monté', 'Alice');
    const horse = await table.createActor({
      name: 'Cheval de steppe',
      type: 'monstre-adnd',
      system: { hitDice: 2, movement: 24, size: 'L', ac: 7, hp: { value: 12, max: 12 } },
    });
    await temujin.update({ 'system.mount': horse.uuid });
    await table.settle();
  }

  it('G-ST6 a moving mount costs a shot of the rate of fire: Temujin declares his horse moving and gets one arrow, not two', async () => {
    const table = await greyhawk();
    await rider(table);
    await monster(table, 'Orque');
    await table.placeToken('Temujin, archer monté', 0, 0);
    await table.placeToken('Orque', 30, 0);
    await table.startEncounter('Temujin, archer monté', 'Orque');
    await startCombat(table, [5, 4]);
    const shotsOf = () =>
      slots(table.gm).filter((s) => s.name === 'Temujin, archer monté' && s.pass >= 2).length;
    await declare(table.seat('Alice'), 'Temujin, archer monté', {
      action: 'missile',
      targetId: against(table, 'Orque'),
    });
    await declare(table.gm, 'Orque', { action: 'other' });
    await resolve(table);
    const still = shotsOf();
    await endRound(table, [5, 4]);
    await declare(table.seat('Alice'), 'Temujin, archer monté', {
      action: 'missile',
      targetId: against(table, 'Orque'),
      mountMoving: true,
    });
    await declare(table.gm, 'Orque', { action: 'other' });
    await resolve(table);
    expect(shotsOf()).toBe(still - 1);
  });

  it('G-ST6 a heavy crossbow shot from the saddle cannot be reloaded there: the second bolt is refused', async () => {
    const table = await greyhawk();
    await rider(table);
    await monster(table, 'Orque');
    const alice = table.seat('Alice');
    await alice.dragOnto(
      alice.actor('Temujin, archer monté'),
      table.packUuid('greyhawk-armes', 'Arbalète lourde'),
    );
    await table.placeToken('Temujin, archer monté', 0, 0);
    await table.placeToken('Orque', 10, 0);
    await table.gm.target('Orque');
    await sheetAttack(table.gm, 'Temujin, archer monté', 'Arbalète lourde', {}, [[20, 3]]);
    const again = await refusedSheetAttack(table.gm, 'Temujin, archer monté', 'Arbalète lourde');
    expect(again).toMatch(/recharger.*G-ST6/);
  });

  it("G-ST3 the sheet writes a style's slots in words, never a raw placeholder", async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    const alice = table.seat('Alice');
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    await alice.click('[data-tab="styles"]', sheet);
    const tag = text(alice.actor(DREVIN).sheet.element.querySelector('[data-stat="style-shield"]')!);
    expect(tag).not.toContain('{n}');
    expect(tag).toMatch(/unités : \d/);
  });

  it("G-PA2 a long sword's parry dialog offers no polearm parry for the targeted orc: only Drevin himself", async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await facing(table, DREVIN, 'Orque');
    const alice = table.seat('Alice');
    await alice.target('Orque');
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    const tab = sheet.querySelector('[data-tab="weapons"]');
    if (tab) await alice.click(tab);
    const row = [...alice.actor(DREVIN).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
      /Épée longue/.test(r.textContent ?? ''),
    ) as Element;
    await alice.click('[data-action="parry"]', row);
    const options = [...alice.dialog().querySelectorAll<HTMLInputElement>('input[name="defended"]')].map(
      (i) => i.value,
    );
    expect(options).toEqual(['self']);
    expect(text(alice.dialog())).not.toContain('Orque');
    await alice.answerDialog({}, 'cancel');
  });

  it('G-ST4 Ayla ticks both blades: the main-hand card says the off hand strikes with an attack of its own', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', 'Ayla, rôdeuse aux deux lames', 'Bruno');
    await monster(table, 'Orque');
    await facing(table, 'Ayla, rôdeuse aux deux lames', 'Orque');
    const card = await sheetAttack(
      table.gm,
      'Ayla, rôdeuse aux deux lames',
      'Épée longue',
      { styleHand: 'main', bothHands: true },
      [[20, 3]],
    );
    expect(text(card)).toMatch(/L'autre arme frappe aussi ce round.*main secondaire.*G-ST4/);
  });
});
