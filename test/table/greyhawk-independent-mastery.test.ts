import { describe, expect, it } from 'vitest';
import {
  AYLA,
  KAEL,
  damage,
  declareAll,
  greyhawk,
  hit,
  monster,
  nextRound,
  pc,
  resolve,
  rows,
  sheetAttack,
  slotsOf,
  startCombat,
  text,
  total,
} from './greyhawk-independent-helpers';

function step(el: HTMLElement, weapon: string, rank: string): HTMLButtonElement | null {
  return el.querySelector<HTMLButtonElement>(
    `li[data-weapon="${weapon}"] [data-action="raiseMastery"][data-rank="${rank}"]`,
  );
}

describe('Greyhawk (independent reading): specialisation, expertise and mastery', () => {
  it('G-S1 a 1st-level fighter pays 2 slots to specialise in the long bow, and no second specialisation before level 4', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Brand',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['longBow', 'longSword'],
    });
    const gm = table.gm;
    let el = await gm.openSheet(gm.actor('Brand'));
    expect(text(el.querySelector('[data-stat="slots"]')!)).toMatch(/Dépensées 2 \//);
    await gm.click(step(el, 'longBow', 'specialist')!);
    el = await gm.openSheet(gm.actor('Brand'));
    expect(text(el.querySelector('[data-stat="slots"]')!)).toMatch(/Dépensées 4 \//);
    // Three levels must pass before another weapon can be specialised.
    const sword = step(el, 'longSword', 'specialist');
    expect(sword === null || sword.disabled).toBe(true);
    await gm.fill(el.querySelector('[data-class-level="fighter"]')!, 4);
    el = await gm.openSheet(gm.actor('Brand'));
    expect(step(el, 'longSword', 'specialist')?.disabled).toBe(false);
  });

  it('G-M1 a 9th-level specialist since level 4 cannot yet become a master; specialised since level 3 he can', async () => {
    const table = await greyhawk();
    const spec = (since: number) => [
      { weapon: 'longSword', rank: 'specialist', since, firstSpecialised: since },
    ];
    await pc(table, {
      name: 'Tard',
      classes: [{ cls: 'fighter', level: 9 }],
      proficiencies: ['longSword'],
      mastery: spec(4),
    });
    await pc(table, {
      name: 'Tôt',
      classes: [{ cls: 'fighter', level: 9 }],
      proficiencies: ['longSword'],
      mastery: spec(3),
    });
    await pc(table, {
      name: 'Jeune',
      classes: [{ cls: 'fighter', level: 8 }],
      proficiencies: ['longSword'],
      mastery: spec(1),
    });
    const gm = table.gm;
    const late = step(await gm.openSheet(gm.actor('Tard')), 'longSword', 'master');
    expect(late === null || late.disabled).toBe(true);
    const young = step(await gm.openSheet(gm.actor('Jeune')), 'longSword', 'master');
    expect(young === null || young.disabled).toBe(true);
    expect(step(await gm.openSheet(gm.actor('Tôt')), 'longSword', 'master')?.disabled).toBe(false);
  });

  it('G-M1 a master of the long sword has +2 to hit and +3 damage in all, not added to the specialist +1/+2', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Maître Orso',
      classes: [{ cls: 'fighter', level: 9 }],
      proficiencies: ['longSword'],
      mastery: [{ weapon: 'longSword', rank: 'master', since: 9, firstSpecialised: 1 }],
      weapons: ['Épée longue'],
    });
    await monster(table, 'Orque');
    await table.placeToken('Maître Orso', 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, 'Maître Orso', 'Épée longue', {}, [
      [20, 6],
      [8, 4],
    ]);
    expect(total(card)).toBe(8);
    expect(damage(card)).toBe(7);
  });

  it('G-M2 a high master of the long sword (speed 5) acts at d10 + 4', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Haut Maître Ilse',
      classes: [{ cls: 'fighter', level: 15 }],
      proficiencies: ['longSword'],
      mastery: [{ weapon: 'longSword', rank: 'highMaster', since: 15, firstSpecialised: 1 }],
      weapons: ['Épée longue'],
    });
    await monster(table, 'Orque');
    await table.startEncounter('Haut Maître Ilse', 'Orque');
    await startCombat(table, [4, 9]);
    await declareAll(table);
    await resolve(table);
    expect(slotsOf(table.gm, 'Haut Maître Ilse')[0]?.order).toBe('8');
  });

  it('G-M3 an 18th-level grand master of the long sword attacks three times every round', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Grand Maître Vask',
      classes: [{ cls: 'fighter', level: 18 }],
      proficiencies: ['longSword'],
      mastery: [{ weapon: 'longSword', rank: 'grandMaster', since: 18, firstSpecialised: 1 }],
      weapons: ['Épée longue'],
    });
    await monster(table, 'Ogre');
    await table.startEncounter('Grand Maître Vask', 'Ogre');
    await startCombat(table, [2, 5]);
    await declareAll(table);
    await resolve(table);
    expect(slotsOf(table.gm, 'Grand Maître Vask')).toHaveLength(3);
    await nextRound(table, [3, 6]);
    await declareAll(table);
    await resolve(table);
    expect(slotsOf(table.gm, 'Grand Maître Vask')).toHaveLength(3);
  });

  it('G-M4 a 6th-level specialist strikes 3 times in two rounds, a 7th-level one twice every round (G-S2)', async () => {
    const table = await greyhawk();
    const spec = [{ weapon: 'longSword', rank: 'specialist', since: 1, firstSpecialised: 1 }];
    await pc(table, {
      name: 'Six',
      classes: [{ cls: 'fighter', level: 6 }],
      proficiencies: ['longSword'],
      mastery: spec,
      weapons: ['Épée longue'],
    });
    await pc(table, {
      name: 'Sept',
      classes: [{ cls: 'fighter', level: 7 }],
      proficiencies: ['longSword'],
      mastery: spec,
      weapons: ['Épée longue'],
    });
    await monster(table, 'Ogre');
    await table.startEncounter('Six', 'Sept', 'Ogre');
    await startCombat(table, [2, 3, 5]);
    await declareAll(table);
    await resolve(table);
    const r1 = [slotsOf(table.gm, 'Six').length, slotsOf(table.gm, 'Sept').length];
    await nextRound(table, [2, 3, 5]);
    await declareAll(table);
    await resolve(table);
    const r2 = [slotsOf(table.gm, 'Six').length, slotsOf(table.gm, 'Sept').length];
    expect(r1[0]! + r2[0]!).toBe(3);
    expect(r1[1]).toBe(2);
    expect(r2[1]).toBe(2);
  });

  it('G-E1 a 1st-level paladin expert with the long sword strikes 3 times in two rounds, a non-expert paladin twice', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Expert',
      classes: [{ cls: 'paladin', level: 1 }],
      proficiencies: ['longSword'],
      mastery: [{ weapon: 'longSword', rank: 'expert', since: 1, firstSpecialised: null }],
      weapons: ['Épée longue'],
    });
    await pc(table, {
      name: 'Simple',
      classes: [{ cls: 'paladin', level: 1 }],
      proficiencies: ['longSword'],
      weapons: ['Épée longue'],
    });
    await monster(table, 'Ogre');
    await table.startEncounter('Expert', 'Simple', 'Ogre');
    await startCombat(table, [2, 3, 5]);
    await declareAll(table);
    await resolve(table);
    const r1 = [slotsOf(table.gm, 'Expert').length, slotsOf(table.gm, 'Simple').length];
    await nextRound(table, [2, 3, 5]);
    await declareAll(table);
    await resolve(table);
    const r2 = [slotsOf(table.gm, 'Expert').length, slotsOf(table.gm, 'Simple').length];
    expect(r1[0]! + r2[0]!).toBe(3);
    expect(r1[1]! + r2[1]!).toBe(2);
  });

  it("G-E1 Ayla's expertise with the long sword adds nothing to hit or damage: only her STR 17 (+1/+1)", async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', AYLA);
    await monster(table, 'Orque');
    await table.placeToken(AYLA, 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, AYLA, 'Épée longue', { styleHand: 'main', bothHands: false }, [
      [20, 9],
      [8, 5],
    ]);
    expect(total(card)).toBe(10);
    expect(damage(card)).toBe(6);
  });

  it('G-S3 Kael (long-bow specialist, DEX 18, bow of choice) adds +2 damage at 9 m but not at 12 m', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', KAEL);
    await monster(table, 'Orque');
    await pc(table, { name: 'Cible', classes: [{ cls: 'fighter', level: 1 }], ac: 6 });
    await table.placeToken(KAEL, 0, 0);
    await table.placeToken('Orque', 6, 0);
    await table.placeToken('Cible', 8, 0);
    await table.gm.target('Orque');
    const near = await sheetAttack(table.gm, KAEL, 'Arc long', {}, [
      [20, 10],
      [6, 3],
    ]);
    // +2 DEX missile, +1 specialist, +1 weapon of choice.
    expect(total(near)).toBe(14);
    expect(damage(near)).toBe(5);
    await table.gm.target('Cible');
    const far = await sheetAttack(table.gm, KAEL, 'Arc long', {}, [
      [20, 10],
      [6, 3],
    ]);
    expect(total(far)).toBe(14);
    expect(damage(far)).toBe(3);
  });

  it('G-M1 a long-bow master gets +2 to hit beyond point blank with no damage bonus, and +3 damage at point blank', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Maîtresse Lyra',
      classes: [{ cls: 'fighter', level: 9 }],
      proficiencies: ['longBow'],
      mastery: [{ weapon: 'longBow', rank: 'master', since: 9, firstSpecialised: 1 }],
      weapons: ['Arc long'],
    });
    await pc(table, { name: 'Loin', classes: [{ cls: 'fighter', level: 1 }], ac: 6 });
    await pc(table, { name: 'Près', classes: [{ cls: 'fighter', level: 1 }], ac: 6 });
    await table.placeToken('Maîtresse Lyra', 0, 0);
    await table.placeToken('Loin', 20, 0);
    await table.placeToken('Près', 4, 0);
    await table.gm.target('Loin');
    const far = await sheetAttack(table.gm, 'Maîtresse Lyra', 'Arc long', {}, [
      [20, 10],
      [6, 3],
    ]);
    expect(total(far)).toBe(12);
    expect(damage(far)).toBe(3);
    await table.gm.target('Près');
    const near = await sheetAttack(table.gm, 'Maîtresse Lyra', 'Arc long', {}, [
      [20, 10],
      [6, 3],
    ]);
    expect(hit(near)).toBe(true);
    expect(damage(near)).toBe(6);
    expect(rows(near, 'damage').length).toBeGreaterThan(0);
  });
});

describe('Greyhawk (independent reading): who may specialise', () => {
  it('G-S1 a fighter/thief (multiclass) cannot specialise, but may take expertise (G-E1)', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Double',
      classes: [
        { cls: 'fighter', level: 4 },
        { cls: 'thief', level: 4 },
      ],
      proficiencies: ['shortSword'],
    });
    const el = await table.gm.openSheet(table.gm.actor('Double'));
    const spec = step(el, 'shortSword', 'specialist');
    expect(spec === null || spec.disabled).toBe(true);
    expect(step(el, 'shortSword', 'expert')?.disabled).toBe(false);
  });

  it('G-E1 a 1st-level paladin expert with the long sword must wait six levels (level 7) for a second expertise', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Expert',
      classes: [{ cls: 'paladin', level: 6 }],
      proficiencies: ['longSword', 'spear'],
      mastery: [{ weapon: 'longSword', rank: 'expert', since: 1, firstSpecialised: null }],
    });
    const gm = table.gm;
    let el = await gm.openSheet(gm.actor('Expert'));
    const early = step(el, 'spear', 'expert');
    expect(early === null || early.disabled).toBe(true);
    await gm.fill(el.querySelector('[data-class-level="paladin"]')!, 7);
    el = await gm.openSheet(gm.actor('Expert'));
    expect(step(el, 'spear', 'expert')?.disabled).toBe(false);
  });
});
