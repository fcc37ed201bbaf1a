/**
 * A fourth independent reading of seed 002 (issue 44): parries (G-PA1, G-PA3, G-PA4, the shield
 * parry of G-ST3), called shots (G-C1) and the saddle (G-ST6), the missile style's AC (G-ST5),
 * played from the sheet, the parry card and the tracker. Written from the seed and the harness
 * only, before reading how the system is built.
 */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  against,
  declare,
  declareAll,
  greyhawk,
  needed,
  pc,
  refusedSheetAttack,
  resolve,
  sheetAttack,
  slots,
  startCombat,
  text,
  total,
} from './greyhawk-independent-helpers';

const DREVIN = "Drevin, spécialiste de l'épée longue";

/** Drevin (Alice) between the GM's orc and gnoll; the GM targets Drevin. */
async function ring(): Promise<{ table: Table; alice: Seat; gm: Seat }> {
  const table = await greyhawk();
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.importActor('greyhawk-bestiaire', 'Gnoll');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  await table.placeToken('Gnoll', 0, 1);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  await table.gm.target(DREVIN);
  return { table, alice, gm: table.gm };
}

/** Alice clicks the parry button of a weapon row on her fighter's sheet and answers the dialog. */
async function parryFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  values: Record<string, string> = {},
): Promise<HTMLElement> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
    (r.querySelector('.pda-weapon-name span')?.textContent ?? '').trim().startsWith(weaponName),
  );
  if (!row) throw new Error(`no row ${weaponName}`);
  await seat.click(row.querySelector('[data-action="parry"]')!);
  await seat.answerDialog(values, 'parry');
  return seat.lastMessage();
}

/** The parry card of the seat's log (the one titled "Parade de …"). */
function parryCard(seat: Seat): HTMLElement {
  const card = seat.messages().findLast((m) => text(m).includes('Parade de '));
  if (!card) throw new Error('no parry card');
  return card;
}

const labels = (seat: Seat, card: HTMLElement): string[] => seat.buttons(card).map((b) => b.label);

/** Effective AC the orc's blow meets (orc TAC0 19, d20 2): whether the AC or the roll moves. */
const orcAc = (card: Element): number => 17 - needed(card) + total(card);

describe('G-PA1 choosing what to parry', () => {
  it('G-PA1 a parried blow wounds nobody: Appliquer on the parried card leaves Drevin whole', async () => {
    const { table, alice, gm } = await ring();
    await parryFromSheet(alice, DREVIN, 'Épée longue');
    const blow = await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    table.dice.push([20, 18]);
    await alice.press('Parer Orque', parryCard(alice));
    expect(text(parryCard(alice))).toContain('est parée');
    const apply = gm
      .buttons(gm.messages().find((m) => m.id === blow.id) ?? blow)
      .find((b) => b.label.includes('Appliquer'));
    if (apply?.enabled) await gm.click(apply.el);
    await table.settle();
    expect(gm.actor(DREVIN).system.hp.value).toBe(54);
  });

  it('G-PA1 a parry kept for the orc may go to the gnoll who strikes instead', async () => {
    const { table, alice, gm } = await ring();
    await parryFromSheet(alice, DREVIN, 'Épée longue');
    await sheetAttack(gm, 'Gnoll', 'Hallebarde', {}, [[20, 3]]);
    expect(labels(alice, parryCard(alice))).toContain('Parer Gnoll');
    expect(table.errors()).toEqual([]);
  });

  it('G-PA1 a parry cannot reach back to a blow already struck', async () => {
    const { alice, gm } = await ring();
    await sheetAttack(gm, 'Gnoll', 'Hallebarde', {}, [[20, 3]]);
    await parryFromSheet(alice, DREVIN, 'Épée longue');
    expect(labels(alice, parryCard(alice))).not.toContain('Parer Gnoll');
    await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [[20, 3]]);
    expect(labels(alice, parryCard(alice))).toEqual(['Parer Orque']);
  });

  it('G-PA1 one parry a round: once the orc is parried, the gnoll that follows is not offered', async () => {
    const { table, alice, gm } = await ring();
    await parryFromSheet(alice, DREVIN, 'Épée longue');
    await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    table.dice.push([20, 18]);
    await alice.press('Parer Orque', parryCard(alice));
    // The gnoll hits too (TAC0 19 against AC 3: 16): the parry is spent.
    await sheetAttack(gm, 'Gnoll', 'Hallebarde', {}, [
      [20, 17],
      [10, 5],
    ]);
    const offered = alice
      .buttons(parryCard(alice))
      .filter((b) => b.enabled)
      .map((b) => b.label);
    expect(offered).not.toContain('Parer Gnoll');
  });
});

describe('G-ST3 the shield specialist parries with the shield', () => {
  it('G-ST3 after a shield parry of the orc, the gnoll still meets the shield: AC 3', async () => {
    const { table, alice, gm } = await ring();
    await parryFromSheet(alice, DREVIN, 'Épée longue', { with: 'shield' });
    await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    table.dice.push([20, 18]);
    await alice.press('Parer Orque', parryCard(alice));
    // Armour 5, medium shield 1, DEX 15 1: AC 3, the shield kept against the others.
    const gnoll = await sheetAttack(gm, 'Gnoll', 'Hallebarde', {}, [[20, 2]]);
    expect(17 - needed(gnoll) + total(gnoll)).toBe(3);
  });

  it('G-ST3 the one-slot specialist parries with the shield at −2; two slots: no penalty', async () => {
    const { table, alice, gm } = await ring();
    await parryFromSheet(alice, DREVIN, 'Épée longue', { with: 'shield' });
    await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    table.dice.push([20, 10]);
    await alice.press('Parer Orque', parryCard(alice));
    const one = text(parryCard(alice));
    // d20 10 + STR 18/52 (+2) − 2 for the shield as second weapon.
    expect(one).toContain('Main secondaire −2');
    expect(one).toContain('Total 10');
    expect(table.errors()).toEqual([]);

    const second = await ring();
    await second.gm.actor(DREVIN).update({ system: { styles: { shield: 2 } } });
    await second.table.settle();
    await parryFromSheet(second.alice, DREVIN, 'Épée longue', { with: 'shield' });
    await sheetAttack(second.gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    second.table.dice.push([20, 10]);
    await second.alice.press('Parer Orque', parryCard(second.alice));
    expect(text(parryCard(second.alice))).not.toContain('Main secondaire');
    expect(text(parryCard(second.alice))).toContain('Total 12');
  });

  it('G-ST3 after his shield parry, the specialist strikes with his sword at no penalty', async () => {
    const { table, alice, gm } = await ring();
    await parryFromSheet(alice, DREVIN, 'Épée longue', { with: 'shield' });
    await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    table.dice.push([20, 18]);
    await alice.press('Parer Orque', parryCard(alice));
    // d20 5 + STR 18/52 (+2) + specialist (+1) = 8 against the orc (AC 6, TAC0 14: 8): a hit.
    const card = await sheetAttack(alice, DREVIN, 'Épée longue', {}, [
      [20, 5],
      [8, 1],
    ]);
    expect(total(card)).toBe(8);
  });
});

describe('G-PA4 the DMG parry', () => {
  async function dmgRound(level: number, cls: string) {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bors',
      classes: [{ cls, level }],
      proficiencies: ['longSword', 'footmansMace'],
      weapons: [cls === 'cleric' ? 'Masse de fantassin' : 'Épée longue'],
      owner: 'Alice',
    });
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Bors', 0, 0);
    await table.placeToken('Orque', 1, 0);
    await table.gm.target('Bors');
    await table.seat('Alice').target('Orque');
    await table.startEncounter('Bors', 'Orque');
    await startCombat(table, [5, 6]);
    await declare(table.seat('Alice'), 'Bors', { action: 'parryDmg' });
    await declareAll(table, { Orque: { targetId: against(table, 'Bors') } });
    await resolve(table);
    return table;
  }

  it('G-PA4 a 7th-level fighter parrying by the DMG is 4 AC better (half his level, 3, plus 1)', async () => {
    const table = await dmgRound(7, 'fighter');
    const card = await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]);
    expect(orcAc(card)).toBe(10 - 4);
  });

  it("G-PA4 a 6th-level priest parrying by the DMG is 3 AC better (no fighter's +1)", async () => {
    const table = await dmgRound(6, 'cleric');
    const card = await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]);
    expect(orcAc(card)).toBe(10 - 3);
  });

  it('G-PA4 the DMG parrier does nothing else: his attack from the sheet is refused', async () => {
    const table = await dmgRound(7, 'fighter');
    const warning = await refusedSheetAttack(table.seat('Alice'), 'Bors', 'Épée longue');
    expect(warning).toContain('G-PA4');
  });
});

describe('G-C1 called shots', () => {
  it('G-C1 a called shot is at −4, a doubly called one at −8', async () => {
    const { alice } = await ring();
    // d20 12 + 2 STR + 1 specialist = 15, −4 = 11, −8 = 7 (8 needed against the orc).
    const once = await sheetAttack(alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'other' }, [
      [20, 12],
      [8, 1],
    ]);
    expect(total(once)).toBe(11);
    const twice = await sheetAttack(alice, DREVIN, 'Épée longue', { calledShot: '2', purpose: 'other' }, [
      [20, 12],
    ]);
    expect(total(twice)).toBe(7);
  });

  it("G-C1 a called shot is +1 to initiative, and the two-handed specialist's sword 3 faster (tracker)", async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bors',
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['twoHandedSword'],
      styles: { twoHanded: 1 },
      weapons: ['Épée à deux mains'],
      owner: 'Alice',
    });
    await pc(table, {
      name: 'Cade',
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['twoHandedSword'],
      weapons: ['Épée à deux mains'],
      owner: 'Bruno',
    });
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Bors', 0, 0);
    await table.placeToken('Orque', 1, 0);
    await table.placeToken('Cade', 0, 1);
    await table.startEncounter('Bors', 'Cade', 'Orque');
    await startCombat(table, [5, 5, 5]);
    await declare(table.gm, 'Bors', { targetId: against(table, 'Orque'), calledShot: '1' });
    await declareAll(table, {
      Cade: { targetId: against(table, 'Orque') },
      Orque: { targetId: against(table, 'Bors') },
    });
    await resolve(table);
    const order = Object.fromEntries(slots(table.gm).map((s) => [s.name, s.order]));
    // d10 5 + speed: Cade 10 → 15; Bors 10 − 3 + 1 (called) → 13; orc's axe 7 → 12.
    expect(order).toEqual({ Cade: '15', Bors: '13', Orque: '12' });
  });

  it('G-C1 carving an initial deals exactly 1 point, whatever the sword and STR', async () => {
    const { table, alice, gm } = await ring();
    await sheetAttack(alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'initials' }, [
      [20, 19],
      [8, 8],
    ]);
    const apply =
      alice.buttons().find((b) => b.label.includes('Appliquer')) ??
      gm.buttons().find((b) => b.label.includes('Appliquer'));
    if (apply)
      await (alice.buttons().some((b) => b.label.includes('Appliquer')) ? alice : gm).press('Appliquer');
    await table.settle();
    expect(gm.actor('Orque').system.hp.value).toBe(5);
  });

  it('G-C1 a pinned orc is 2 AC worse and strikes at −2', async () => {
    const { table, alice, gm } = await ring();
    // A pin wounds nobody: no damage die.
    await sheetAttack(alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'pin', nearWall: true }, [
      [20, 19],
    ]);
    const who = gm.buttons().some((b) => b.label.includes('Appliquer')) ? gm : alice;
    await who.press('Appliquer');
    await table.settle();
    // The orc's blow at Drevin (AC 3, TAC0 19: 16 needed): d20 12 − 2.
    const blow = await sheetAttack(gm, 'Orque', 'Hache de bataille', {}, [[20, 12]]);
    expect(total(blow)).toBe(10);
    // Drevin's next blow: d20 5 + 3 = 8 against AC 6 + 2 worse = 4 (TAC0 14: 10 needed... in effect +2).
    const next = await sheetAttack(alice, DREVIN, 'Épée longue', {}, [
      [20, 3],
      [8, 1],
    ]);
    // d20 3 + 3 = 6; needed 14 − 6 = 8, less 2 for the pin: a hit in effect.
    expect(needed(next) - total(next)).toBe(8 - 6 - 2);
  });
});

describe('G-ST6 shooting from the saddle', () => {
  async function rider(styles: Record<string, number | null>, proficiencies: string[], bow: string) {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bors',
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies,
      styles,
      weapons: [bow],
      owner: 'Alice',
    });
    await table.createActor({
      name: 'Cheval',
      type: 'monstre-adnd',
      system: { movement: 12, hp: { value: 20, max: 20 } },
    });
    await table.gm.actor('Bors').update({ system: { mount: 'Cheval' } });
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Bors', 0, 0);
    await table.placeToken('Orque', 4, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    return { table, alice };
  }
  /** The attack total of a shot with d20 10 as the mount moved `moved` this round (misses only). */
  async function shot(alice: Seat, bow: string, moved: number): Promise<number> {
    const card = await sheetAttack(alice, 'Bors', bow, { mountMoved: moved }, [[20, 3]]);
    return total(card);
  }

  it("G-ST6 the mount's pace: under half −1, half to three quarters −3, beyond −5 (mount of 12)", async () => {
    const { alice } = await rider({}, ['shortBow'], 'Arc court');
    // d20 3, no other modifier (STR and DEX 10) at short range.
    expect(await shot(alice, 'Arc court', 0)).toBe(3);
    expect(await shot(alice, 'Arc court', 5)).toBe(2);
    expect(await shot(alice, 'Arc court', 6)).toBe(0);
    expect(await shot(alice, 'Arc court', 9)).toBe(0);
    expect(await shot(alice, 'Arc court', 10)).toBe(-2);
  });

  it('G-ST6 the mounted-archery specialist lessens each pace penalty by 2, never into a bonus', async () => {
    const { alice } = await rider({ mountedArchery: 1 }, ['shortBow'], 'Arc court');
    expect(await shot(alice, 'Arc court', 5)).toBe(3);
    expect(await shot(alice, 'Arc court', 6)).toBe(2);
    expect(await shot(alice, 'Arc court', 10)).toBe(0);
  });

  it('G-ST6 a long bow from the saddle is refused to who is not a long-bow specialist', async () => {
    const { alice } = await rider({}, ['longBow'], 'Arc long');
    const warning = await refusedSheetAttack(alice, 'Bors', 'Arc long', { mountMoved: 0 });
    expect(warning).toContain('G-ST6');
  });
});

describe('G-ST5 the missile style', () => {
  it('G-ST5 the missile specialist is 1 AC better against arrows, not against the axe', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', 'Kael, archer spécialiste', 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Kael, archer spécialiste', 0, 0);
    await table.placeToken('Orque', 1, 0);
    await table.gm.target('Kael, archer spécialiste');
    const axe = await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]);
    const arrow = await sheetAttack(table.gm, 'Orque', 'Arc court', {}, [[20, 2]]);
    expect(orcAc(arrow)).toBe(orcAc(axe) - 1);
  });
});
