/**
 * Issue 44's rulings (docs/rulings.md), each played under its default and under its setting: an
 * orc's short bow (the Monstrous Manual's attacks or the PHB rate of fire), G-ST2's "pique" (the
 * footman's pick in both hands, or the pike), and weapons thrown from the saddle (G-ST6).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import {
  against,
  declare,
  monster,
  pc,
  refusedSheetAttack,
  resolve,
  rows,
  sheetAttack,
  slots,
  startCombat,
} from './greyhawk-independent-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const open = (settings: Record<string, unknown> = {}) => Table.open({ ruleset: 'greyhawk', settings });

/** The orc takes up its short bow (the sheet's equip buttons) and shoots at a fighter 15 m away. */
async function orcArrows(table: Table): Promise<number> {
  await monster(table, 'Orque');
  await pc(table, { name: 'Cible', classes: [{ cls: 'fighter', level: 1 }], owner: 'Alice' });
  const orc = table.gm.actor('Orque');
  const bow = orc.items.find((i: any) => i.name === 'Arc court');
  const axe = orc.items.find((i: any) => i.name === 'Hache de bataille');
  await orc.updateEmbeddedDocuments('Item', [
    { _id: bow.id, 'system.equipped': true },
    { _id: axe.id, 'system.equipped': false },
  ]);
  await table.settle();
  await table.placeToken('Orque', 0, 0);
  await table.placeToken('Cible', 10, 0);
  await table.startEncounter('Orque', 'Cible');
  await startCombat(table, [5, 4]);
  await declare(table.gm, 'Orque', { action: 'missile', targetId: against(table, 'Cible') });
  await declare(table.gm, 'Cible', { action: 'other' });
  await resolve(table);
  return slots(table.gm).filter((s) => s.name === 'Orque' && s.pass >= 2).length;
}

async function pickFighter(table: Table): Promise<void> {
  await pc(table, {
    name: 'Piquier',
    classes: [{ cls: 'fighter', level: 1 }],
    proficiencies: ['footmansPick'],
    styles: { twoHanded: 1 },
    weapons: ['Pic de fantassin'],
  });
  await monster(table, 'Orque');
  await table.gm.actor('Piquier').update({ 'system.grip': 'two' });
  await table.settle();
  await table.placeToken('Piquier', 1, 1);
  await table.placeToken('Orque', 2, 1);
  await table.gm.target('Orque');
}

async function mountedThrower(table: Table): Promise<void> {
  await pc(table, {
    name: 'Cavalier',
    classes: [{ cls: 'fighter', level: 1 }],
    proficiencies: ['javelin'],
    styles: { mountedArchery: 1 },
    weapons: ['Javelot'],
  });
  const horse = await table.createActor({
    name: 'Destrier',
    type: 'monstre-adnd',
    system: { hitDice: 3, movement: 24, size: 'L', ac: 7, hp: { value: 15, max: 15 } },
  });
  await table.gm.actor('Cavalier').update({ 'system.mount': horse.uuid });
  await table.settle();
  await monster(table, 'Orque');
  await table.placeToken('Cavalier', 0, 0);
  await table.placeToken('Orque', 8, 0);
  await table.gm.target('Orque');
}

describe("Issue 44's rulings, under their default and their setting", () => {
  it('G-M4 ruling default: an orc shoots its short bow at the PHB rate of fire, two arrows a round', async () => {
    expect(await orcArrows(await open())).toBe(2);
  });

  it('G-M4 ruling setting greyhawkMonsterWeaponRate off: the orc shoots as its entry attacks, once a round', async () => {
    expect(await orcArrows(await open({ greyhawkMonsterWeaponRate: false }))).toBe(1);
  });

  it('G-ST2 ruling default: "pique" is the footman\'s pick, held in both hands for +1 damage', async () => {
    const table = await open();
    await pickFighter(table);
    const card = await sheetAttack(table.gm, 'Piquier', 'Pic de fantassin', {}, [
      [20, 18],
      [6, 3],
    ]);
    expect(rows(card, 'damage').some((r) => r.rule === 'G-ST2' && r.value === '+1')).toBe(true);
  });

  it('G-ST2 ruling setting greyhawkPiqueIsPick off: the pick stays one-handed, struck with no two-handed +1', async () => {
    const table = await open({ greyhawkPiqueIsPick: false });
    await pickFighter(table);
    const card = await sheetAttack(table.gm, 'Piquier', 'Pic de fantassin', {}, [
      [20, 18],
      [6, 3],
    ]);
    expect(rows(card, 'damage').some((r) => r.rule === 'G-ST2')).toBe(false);
  });

  it("G-ST6 ruling default: a javelin thrown from a galloping horse, at −5 (the style's −2 off is for bows)", async () => {
    const table = await open();
    await mountedThrower(table);
    const card = await sheetAttack(table.gm, 'Cavalier', 'Javelot', { thrown: true, mountMoved: 20 }, [
      [20, 10],
      [6, 2],
    ]);
    expect(rows(card, 'attack').find((r) => r.rule === 'G-ST6')?.value).toBe('−5');
  });

  it('G-ST6 ruling setting greyhawkMountedThrowing off: only bows and crossbows shoot from the saddle', async () => {
    const table = await open({ greyhawkMountedThrowing: false });
    await mountedThrower(table);
    const refused = await refusedSheetAttack(table.gm, 'Cavalier', 'Javelot', { thrown: true });
    expect(refused).toContain('G-ST6');
  });
});
