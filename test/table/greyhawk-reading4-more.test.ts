/**
 * A fourth independent reading of seed 002 (issue 44): the free hand as a second weapon (G-ST1),
 * who may parry with what (G-PA2, G-PA3, G-W2), the rush's declaration and its one blow (G-SH2),
 * the doubly called shot's initiative (G-C1), which bows the saddle allows (G-ST6).
 * Written from the seed and the harness only, before reading how the system is built.
 */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  against,
  declare,
  declareAll,
  greyhawk,
  pc,
  refusedSheetAttack,
  resolve,
  sheetAttack,
  slots,
  startCombat,
  text,
  total,
  type Pc,
} from './greyhawk-independent-helpers';

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function boris(extra: Partial<Pc>): Promise<{ table: Table; alice: Seat }> {
  const table = await greyhawk();
  await pc(table, {
    name: 'Bors',
    classes: [{ cls: 'fighter', level: 5 }],
    proficiencies: ['longSword'],
    owner: 'Alice',
    ...extra,
  });
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken('Bors', 0, 0);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  await table.gm.target('Bors');
  return { table, alice };
}

function row(sheet: HTMLElement, name: string): Element {
  const r = [...sheet.querySelectorAll('tr[data-item-id]')].find((x) =>
    (x.querySelector('.pda-weapon-name span')?.textContent ?? '').trim().startsWith(name),
  );
  if (!r) throw new Error(`no row ${name}`);
  return r;
}

/** Alice tries to parry with a weapon row: the parry card, or null when nothing was posted. */
async function tryParry(
  alice: Seat,
  weapon: string,
  values: Record<string, string> = {},
): Promise<HTMLElement | null> {
  const before = alice.messages().length;
  const sheet = await alice.openSheet(alice.actor('Bors'));
  await alice.click(row(sheet, weapon).querySelector('[data-action="parry"]')!);
  if (alice.dialogs().length > 0) await alice.answerDialog(values, 'parry');
  await alice.table.settle();
  return alice.messages().length > before ? alice.lastMessage() : null;
}

describe('G-ST1 the free hand strikes too', () => {
  it('G-ST1 the sword at −2 and the fist at −4 when the free hand strikes as well (DEX 10)', async () => {
    const { alice } = await boris({ styles: { freeHand: 1 }, weapons: ['Épée longue'] });
    const main = await sheetAttack(alice, 'Bors', 'Épée longue', { styleHand: 'main', bothHands: true }, [
      [20, 9],
    ]);
    expect(total(main)).toBe(7);
    const fist = await sheetAttack(alice, 'Bors', 'Épée longue', { styleHand: 'off', bothHands: true }, [
      [20, 9],
    ]);
    expect(total(fist)).toBe(5);
  });
});

describe('who may parry with what', () => {
  it('G-PA3 a sling cannot parry (a staff-sling or a bow can)', async () => {
    const { alice } = await boris({ proficiencies: ['sling'], weapons: [['Fronde', true]] });
    const warned = alice.warnings.length;
    const card = await tryParry(alice, 'Fronde');
    expect(card).toBeNull();
    expect(alice.warnings.length).toBe(warned + 1);
    expect(alice.warnings.at(-1)).toContain('G-PA3');
  });

  it('G-W2 a weapon one is not proficient with cannot parry', async () => {
    const { alice } = await boris({ proficiencies: ['longSword'], weapons: ['Hache de bataille'] });
    const warned = alice.warnings.length;
    const card = await tryParry(alice, 'Hache de bataille');
    expect(card).toBeNull();
    expect(alice.warnings.length).toBe(warned + 1);
    expect(alice.warnings.at(-1)).toContain('G-W2');
  });

  it('G-PA3 a short bow that parried a blow shoots no more', async () => {
    const { table, alice } = await boris({ proficiencies: ['shortBow'], weapons: ['Arc court'] });
    const parry = await tryParry(alice, 'Arc court');
    expect(parry).not.toBeNull();
    await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [
      [20, 19],
      [8, 3],
    ]);
    table.dice.push([20, 19]);
    await alice.press('Parer Orque', parry!);
    const after = alice.messages().findLast((m) => text(m).includes('Parade de Bors'))!;
    expect(text(after)).toContain('est parée');
    const warning = await refusedSheetAttack(alice, 'Bors', 'Arc court');
    expect(warning).toContain('G-PA3');
  });

  it("G-PA2 a halberdier parries the gnoll's halberd swung at his companion", async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bors',
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['halberd'],
      weapons: ['Hallebarde'],
      owner: 'Alice',
    });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.placeToken('Bors', 0, 0);
    await table.placeToken(DREVIN, 1, 0);
    await table.placeToken('Gnoll', 2, 0);
    const alice = table.seat('Alice');
    // Alice targets her companion: the dialog then offers to parry a polearm swung at him.
    await alice.target(DREVIN);
    const sheet = await alice.openSheet(alice.actor('Bors'));
    await alice.click(row(sheet, 'Hallebarde').querySelector('[data-action="parry"]')!);
    const options = [...alice.dialog().querySelectorAll<HTMLInputElement>('input[name="defended"]')];
    const forDrevin = options.find((o) => (o.parentElement?.textContent ?? '').includes('Drevin'));
    expect(forDrevin).toBeDefined();
    await alice.answerDialog({ defended: forDrevin!.value }, 'parry');
    await table.gm.target(DREVIN);
    await sheetAttack(table.gm, 'Gnoll', 'Hallebarde', {}, [
      [20, 19],
      [10, 4],
    ]);
    const parry = alice.messages().findLast((m) => text(m).includes('Parade de Bors'))!;
    expect(
      alice
        .buttons(parry)
        .filter((b) => b.enabled)
        .map((b) => b.label),
    ).toContain('Parer Gnoll');
  });

  it("G-PA2 the halberdier's parry for his companion does not meet an axe (only a polearm's blow)", async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bors',
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['halberd'],
      weapons: ['Hallebarde'],
      owner: 'Alice',
    });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Bors', 0, 0);
    await table.placeToken(DREVIN, 1, 0);
    await table.placeToken('Orque', 2, 0);
    const alice = table.seat('Alice');
    await alice.target(DREVIN);
    const sheet = await alice.openSheet(alice.actor('Bors'));
    await alice.click(row(sheet, 'Hallebarde').querySelector('[data-action="parry"]')!);
    const options = [...alice.dialog().querySelectorAll<HTMLInputElement>('input[name="defended"]')];
    const forDrevin = options.find((o) => (o.parentElement?.textContent ?? '').includes('Drevin'))!;
    await alice.answerDialog({ defended: forDrevin.value }, 'parry');
    await table.gm.target(DREVIN);
    await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [
      [20, 19],
      [8, 4],
    ]);
    const parry = alice.messages().findLast((m) => text(m).includes('Parade de Bors'))!;
    expect(
      alice
        .buttons(parry)
        .filter((b) => b.enabled)
        .map((b) => b.label),
    ).not.toContain('Parer Orque');
  });
});

describe('G-SH2 the rush', () => {
  it('G-SH2 a rush not declared before initiative is refused', async () => {
    const { alice } = await boris({ shield: 'medium', weapons: ['Épée longue'] });
    const warning = await refusedSheetAttack(alice, 'Bors', 'Épée longue', {
      manoeuvre: 'shieldRush',
      distance: 6,
      declared: false,
    });
    expect(warning).toContain('G-SH2');
  });
});

describe('G-C1 the doubly called shot at initiative', () => {
  it('G-C1 a doubly called shot is +2 to initiative', async () => {
    const { table, alice } = await boris({ weapons: ['Épée longue'] });
    await table.startEncounter('Bors', 'Orque');
    await startCombat(table, [5, 5]);
    await declare(alice, 'Bors', { targetId: against(table, 'Orque'), calledShot: '2' });
    await declareAll(table, { Orque: { targetId: against(table, 'Bors') } });
    await resolve(table);
    // d10 5 + long sword 5 + 2.
    expect(slots(table.gm).find((s) => s.name === 'Bors')!.order).toBe('12');
  });
});

describe('G-ST6 which bows in the saddle', () => {
  async function mounted(
    proficiencies: string[],
    weapon: string,
    styles: Record<string, number | null> = {},
  ) {
    const { table, alice } = await boris({ proficiencies, weapons: [weapon], styles });
    await table.createActor({
      name: 'Cheval',
      type: 'monstre-adnd',
      system: { movement: 24, hp: { value: 20, max: 20 } },
    });
    await table.gm.actor('Bors').update({ system: { mount: 'Cheval' } });
    await table.settle();
    return alice;
  }

  it('G-ST6 a composite long bow is a long bow: refused from the saddle to a non-specialist', async () => {
    const alice = await mounted(['compositeLongBow'], 'Arc long composite');
    const warning = await refusedSheetAttack(alice, 'Bors', 'Arc long composite', { mountMoved: 0 });
    expect(warning).toContain('G-ST6');
  });

  it('G-ST6 a light crossbow from a still mount shoots as on foot', async () => {
    const alice = await mounted(['lightCrossbow'], 'Arbalète légère');
    const card = await sheetAttack(alice, 'Bors', 'Arbalète légère', { mountMoved: 0 }, [[20, 4]]);
    expect(total(card)).toBe(4);
  });
});
