import { describe, expect, it } from 'vitest';
import {
  KAEL,
  damage,
  greyhawk,
  hit,
  monster,
  needed,
  pc,
  rows,
  sheetAttack,
  text,
  total,
} from './greyhawk-independent-helpers';

describe('Greyhawk (independent reading): missiles, ranges and mounted archery', () => {
  it('G-M2 a high master of the long bow shoots at 250 m (extreme range, 210 × 4/3 = 280) at −10 + 2 = −8', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Haute Archère',
      classes: [{ cls: 'fighter', level: 15 }],
      proficiencies: ['longBow'],
      mastery: [{ weapon: 'longBow', rank: 'highMaster', since: 15, firstSpecialised: 1 }],
      weapons: ['Arc long'],
    });
    await pc(table, { name: 'Lointain', classes: [{ cls: 'fighter', level: 1 }], ac: 10 });
    await table.placeToken('Haute Archère', 0, 0);
    // 167 squares of 1.5 m = 250.5 m.
    await table.placeToken('Lointain', 167, 0);
    await table.gm.target('Lointain');
    const card = await sheetAttack(table.gm, 'Haute Archère', 'Arc long', {}, [
      [20, 15],
      [6, 2],
    ]);
    expect(total(card)).toBe(7);
  });

  it('G-M2 a mere specialist cannot shoot his long bow at 250 m (beyond 210 m long range)', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await pc(table, { name: 'Lointain', classes: [{ cls: 'fighter', level: 1 }], ac: 10 });
    await table.placeToken(KAEL, 0, 0);
    await table.placeToken('Lointain', 167, 0);
    await table.gm.target('Lointain');
    const before = table.gm.messages().length;
    const el = await table.gm.openSheet(table.gm.actor(KAEL));
    const row = [...el.querySelectorAll('tr[data-item-id]')].find((r) => /Arc long/.test(text(r)))!;
    await table.gm.click(row.querySelector('[data-action="attack"]')!);
    table.dice.push([20, 15], [6, 2]);
    await table.gm.answerDialog({}, 'attack');
    const posted = table.gm.messages().slice(before);
    expect(posted.some((m) => hit(m))).toBe(false);
  });

  it('G-S3 a light-crossbow specialist adds +2 damage at 15 m (crossbow point blank runs to 20 m)', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Arbalétrier',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['lightCrossbow'],
      mastery: [{ weapon: 'lightCrossbow', rank: 'specialist', since: 1, firstSpecialised: 1 }],
      weapons: ['Arbalète légère'],
    });
    await monster(table, 'Orque');
    await table.placeToken('Arbalétrier', 0, 0);
    await table.placeToken('Orque', 10, 0);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, 'Arbalétrier', 'Arbalète légère', {}, [
      [20, 15],
      [4, 3],
    ]);
    expect(total(card)).toBe(16);
    expect(damage(card)).toBe(5);
  });

  it('G-ST5 shooting at Kael (missile-style specialist) costs 1 more: −1 AC against missiles', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await pc(table, {
      name: 'Brand',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['shortBow', 'longSword'],
      weapons: ['Arc court', ['Épée longue', false]],
    });
    await table.placeToken('Brand', 0, 0);
    await table.placeToken(KAEL, 20, 0);
    await table.gm.target(KAEL);
    const shot = await sheetAttack(table.gm, 'Brand', 'Arc court', {}, [
      [20, 15],
      [6, 2],
    ]);
    // THAC0 20 vs Kael's AC 6: needs 14; 15 beats it by 1, the −1 AC leaves 0.
    expect(total(shot) - needed(shot)).toBe(0);
  });

  it('G-ST6 Temujin (mounted-archery specialist) on a mount galloping over ¾ of its speed shoots at −5 + 2 = −3', async () => {
    const table = await greyhawk();
    const temujin = await table.importActor('greyhawk-bestiaire', 'Temujin, archer monté', 'Alice');
    const horse = await table.createActor({
      name: 'Cheval de steppe',
      type: 'monstre-adnd',
      system: { hitDice: 2, movement: 24, size: 'L', ac: 7, hp: { value: 12, max: 12 } },
    });
    await temujin.update({ 'system.mount': horse.uuid });
    await table.settle();
    await monster(table, 'Orque');
    await table.placeToken('Temujin, archer monté', 0, 0);
    await table.placeToken('Orque', 20, 0);
    await table.gm.target('Orque');
    const card = await sheetAttack(
      table.gm,
      'Temujin, archer monté',
      'Arc court composite',
      { mountMoved: 20 },
      [
        [20, 10],
        [6, 2],
      ],
    );
    // d20 10 + DEX 17 missile 2 + specialist 1 − 3 (gallop, specialised).
    expect(rows(card, 'attack').find((r) => r.rule === 'G-ST6')?.value).toBe('−3');
    expect(total(card)).toBe(10);
  });
});
