/**
 * A fourth independent reading of seed 002 (issue 44): edges of the styles: one weapon swung of
 * two held, no free hand in a two-handed grip, the shield back when the round ends, the saddle for
 * a long-bow specialist. Written from the seed and the harness only.
 */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  against,
  declareAll,
  greyhawk,
  needed,
  nextRound,
  pc,
  resolve,
  sheetAttack,
  startCombat,
  total,
  type Pc,
} from './greyhawk-independent-helpers';

/** Orc TAC0 19, d20 2: the AC the blow meets in effect. */
const orcAc = (card: Element): number => 17 - needed(card) + total(card);

async function bors(extra: Partial<Pc>, armour = 10): Promise<{ table: Table; alice: Seat }> {
  const table = await greyhawk();
  await pc(table, {
    name: 'Bors',
    classes: [{ cls: 'fighter', level: 5 }],
    proficiencies: ['longSword', 'dagger', 'longBow'],
    owner: 'Alice',
    ...extra,
  });
  await table.gm.actor('Bors').update({ system: { armour } });
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken('Bors', 0, 0);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  await table.gm.target('Bors');
  return { table, alice };
}

const orcBlow = (table: Table) => sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]);

describe('edges of the styles', () => {
  it('G-ST4 holding two weapons but swinging only the sword this round: no two-weapon penalty', async () => {
    const { alice } = await bors({ weapons: ['Épée longue', 'Dague'] });
    const card = await sheetAttack(alice, 'Bors', 'Épée longue', { styleHand: 'main', bothHands: false }, [
      [20, 12],
      [8, 1],
    ]);
    expect(total(card)).toBe(12);
  });

  it('G-ST1 no free hand when the long sword is held in two hands: the free-hand AC bonus goes', async () => {
    const { table, alice } = await bors({ styles: { freeHand: 1, twoHanded: 1 }, weapons: ['Épée longue'] });
    expect(orcAc(await orcBlow(table))).toBe(9);
    const sheet = await alice.openSheet(alice.actor('Bors'));
    await alice.fill('select[name="system.grip"]', 'two', sheet);
    await table.settle();
    expect(orcAc(await orcBlow(table))).toBe(10);
  });

  it('G-SH1 a shield lost to an off-hand punch is back when the next round starts', async () => {
    const { table, alice } = await bors({ shield: 'medium', weapons: ['Épée longue'] }, 5);
    await table.startEncounter('Bors', 'Orque');
    await startCombat(table, [5, 6]);
    await declareAll(table, {
      Bors: { targetId: against(table, 'Orque') },
      Orque: { targetId: against(table, 'Bors') },
    });
    await resolve(table);
    await sheetAttack(alice, 'Bors', 'Épée longue', { manoeuvre: 'shieldPunchOffHand' }, [[20, 2]]);
    expect(orcAc(await orcBlow(table))).toBe(5);
    await nextRound(table, [5, 6]);
    expect(orcAc(await orcBlow(table))).toBe(4);
  });

  it('G-ST6 a long-bow specialist may shoot his long bow from a still mount', async () => {
    const { table, alice } = await bors({
      weapons: ['Arc long'],
      mastery: [{ weapon: 'longBow', rank: 'specialist', since: 1, firstSpecialised: 1 }],
    });
    await table.createActor({
      name: 'Cheval',
      type: 'monstre-adnd',
      system: { movement: 24, hp: { value: 20, max: 20 } },
    });
    await table.gm.actor('Bors').update({ system: { mount: 'Cheval' } });
    await table.settle();
    // d20 4 + specialist 1 (+ point blank nothing to hit): a card, not a refusal.
    const card = await sheetAttack(alice, 'Bors', 'Arc long', { mountMoved: 0 }, [[20, 4]]);
    expect(total(card)).toBe(5);
  });
});
