/**
 * A fourth independent reading of seed 002 (issue 44): the fighting styles (G-ST1 to G-ST4) and
 * the shield manoeuvres (G-SH1, G-SH2) played from the sheet, with the PHB's DEX and STR tables.
 * Written from the seed and the harness only, before reading how the system is built.
 */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  disabledInDialog,
  greyhawk,
  pc,
  refusedSheetAttack,
  sheetAttack,
  text,
  needed,
  total,
  type Pc,
} from './greyhawk-independent-helpers';

/** A fighter of Alice's facing the GM's orc, targeted both ways. */
async function facing(
  p: Omit<Pc, 'owner'> & { armour?: number },
): Promise<{ table: Table; alice: Seat; gm: Seat }> {
  const table = await greyhawk();
  await pc(table, { ...p, owner: 'Alice' });
  // The GM fills the sheet's armour field (the AC of the armour alone).
  await table.gm.actor(p.name).update({ system: { armour: p.armour ?? 10 } });
  await table.settle();
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(p.name, 0, 0);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  await table.gm.target(p.name);
  return { table, alice, gm: table.gm };
}

/** The AC an attack card reads for its target ("TAC0 19 − CA 4 = 15"). */
function acOf(card: Element): number {
  // The AC the blow meets in effect, whether the card moves the AC or adds the rule to the roll:
  // orc TAC0 19, d20 2: AC = 19 − 2 − (score to reach − total).
  return 17 - needed(card) + total(card);
}

/** The orc strikes the fighter with its axe (d20 pinned at 2: a miss, only the AC matters). */
async function orcStrikes(table: Table): Promise<HTMLElement> {
  return sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]);
}

const fighter = (
  name: string,
  extra: Partial<Pc> & { armour?: number } = {},
): Omit<Pc, 'owner'> & { armour?: number } => ({
  name,
  classes: [{ cls: 'fighter', level: 5 }],
  str: 10,
  dex: 10,
  proficiencies: ['longSword', 'dagger', 'shortSword', 'twoHandedSword', 'bastardSword'],
  ...extra,
});

describe('G-ST4 two weapons, by the PHB reaction adjustment', () => {
  it('G-ST4 the off-hand dagger of a DEX 16 fighter strikes at −4 + 1 = −3', async () => {
    const { alice } = await facing(fighter('Bors', { dex: 16, weapons: ['Épée longue', 'Dague'] }));
    const card = await sheetAttack(alice, 'Bors', 'Dague', { styleHand: 'off' }, [
      [20, 12],
      [4, 1],
    ]);
    // TAC0 16, d20 12, no STR: 12 − 3 = 9.
    expect(total(card)).toBe(9);
  });

  it('G-ST4 a clumsy fighter (DEX 5, reaction −1) strikes at −3 with the main hand and −5 with the off hand', async () => {
    const { alice } = await facing(fighter('Bors', { dex: 5, weapons: ['Épée longue', 'Dague'] }));
    // d20 12 against the orc's AC 6 (10 needed): both miss, no damage die.
    const main = await sheetAttack(alice, 'Bors', 'Épée longue', { styleHand: 'main' }, [[20, 12]]);
    expect(total(main)).toBe(9);
    const off = await sheetAttack(alice, 'Bors', 'Dague', { styleHand: 'off' }, [[20, 12]]);
    expect(total(off)).toBe(7);
  });

  it('G-ST4 a ranger fights with two blades at no penalty, and her DEX 17 does not turn it into a bonus', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', 'Ayla, rôdeuse aux deux lames', 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Ayla, rôdeuse aux deux lames', 0, 0);
    await table.placeToken('Orque', 1, 0);
    const bruno = table.seat('Bruno');
    await bruno.target('Orque');
    // d20 10 + STR 17 (+1 to hit): 11 whichever hand; the reaction adjustment only lessens a penalty.
    const main = await sheetAttack(
      bruno,
      'Ayla, rôdeuse aux deux lames',
      'Épée longue',
      { styleHand: 'main' },
      [
        [20, 10],
        [8, 1],
      ],
    );
    expect(total(main)).toBe(11);
    const off = await sheetAttack(
      bruno,
      'Ayla, rôdeuse aux deux lames',
      'Épée courte',
      { styleHand: 'off' },
      [
        [20, 10],
        [6, 1],
      ],
    );
    expect(total(off)).toBe(11);
  });

  it('G-ST4 different manoeuvres with each weapon cost −1 more to a fighter who is no ranger', async () => {
    const { alice } = await facing(fighter('Bors', { dex: 10, weapons: ['Épée longue', 'Dague'] }));
    const same = await sheetAttack(alice, 'Bors', 'Épée longue', { styleHand: 'main' }, [
      [20, 12],
      [8, 1],
    ]);
    const mixed = await sheetAttack(
      alice,
      'Bors',
      'Épée longue',
      { styleHand: 'main', mixedManoeuvres: true },
      [
        [20, 12],
        [8, 1],
      ],
    );
    expect(total(same)).toBe(10);
    expect(total(mixed)).toBe(9);
  });

  it('G-ST4 a ranger with one slot in the style mixes manoeuvres without the −1', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', 'Ayla, rôdeuse aux deux lames', 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Ayla, rôdeuse aux deux lames', 0, 0);
    await table.placeToken('Orque', 1, 0);
    const bruno = table.seat('Bruno');
    await bruno.target('Orque');
    const mixed = await sheetAttack(
      bruno,
      'Ayla, rôdeuse aux deux lames',
      'Épée longue',
      { styleHand: 'main', mixedManoeuvres: true },
      [
        [20, 10],
        [8, 1],
      ],
    );
    expect(total(mixed)).toBe(11);
  });

  it('G-ST4 two daggers are both small: the off-hand one is allowed at −4 for a DEX 10 fighter', async () => {
    const { alice } = await facing(fighter('Bors', { weapons: ['Dague', 'Dague'] }));
    const sheet = await alice.openSheet(alice.actor('Bors'));
    const rowsOf = [...sheet.querySelectorAll('tr[data-item-id]')];
    await alice.click(rowsOf[1]!.querySelector('[data-action="attack"]')!);
    table_dice(alice).push([20, 12], [4, 1]);
    await alice.answerDialog({ styleHand: 'off' }, 'attack');
    expect(total(alice.lastMessage())).toBe(8);
  });
});

function table_dice(seat: Seat) {
  return seat.table.dice;
}

describe('G-ST4 more two-weapon cases', () => {
  it('G-ST4 a fighter specialised in two weapons strikes at 0 with the main hand and −2 with the off hand', async () => {
    // Specialisation in this style costs two slots (the sheet counts the slots spent).
    const { alice } = await facing(
      fighter('Bors', { styles: { twoWeapons: 2 }, weapons: ['Épée longue', 'Dague'] }),
    );
    const main = await sheetAttack(alice, 'Bors', 'Épée longue', { styleHand: 'main' }, [
      [20, 12],
      [8, 1],
    ]);
    expect(total(main)).toBe(12);
    const off = await sheetAttack(alice, 'Bors', 'Dague', { styleHand: 'off' }, [
      [20, 12],
      [4, 1],
    ]);
    expect(total(off)).toBe(10);
  });

  it('G-ST4 two long swords at once: the off-hand one is refused to a fighter without the extra slot', async () => {
    const { alice } = await facing(fighter('Bors', { weapons: ['Épée longue', 'Épée longue'] }));
    const sheet = await alice.openSheet(alice.actor('Bors'));
    const second = [...sheet.querySelectorAll('tr[data-item-id]')][1]!;
    const warned = alice.warnings.length;
    const before = alice.messages().length;
    await alice.click(second.querySelector('[data-action="attack"]')!);
    alice.table.dice.push([20, 12], [8, 1]);
    await alice.answerDialog({ styleHand: 'off' }, 'attack');
    // The off-hand weapon must be shorter unless both are small: refused, with the rule named.
    expect(alice.messages().length).toBe(before);
    expect(alice.warnings.length).toBe(warned + 1);
    expect(alice.warnings.at(-1)).toContain('G-ST4');
  });

  it('G-ST4 one slot beyond the specialisation allows two long swords, the off one at −2', async () => {
    const { alice } = await facing(
      fighter('Bors', { styles: { twoWeapons: 3 }, weapons: ['Épée longue', 'Épée longue'] }),
    );
    const sheet = await alice.openSheet(alice.actor('Bors'));
    const second = [...sheet.querySelectorAll('tr[data-item-id]')][1]!;
    await alice.click(second.querySelector('[data-action="attack"]')!);
    alice.table.dice.push([20, 12], [8, 1]);
    await alice.answerDialog({ styleHand: 'off' }, 'attack');
    expect(total(alice.lastMessage())).toBe(10);
  });
});

describe('G-ST1 one weapon and a free hand', () => {
  it('G-ST1 a free-hand specialist is 1 AC better with one sword and nothing else, 2 better with a second slot', async () => {
    const { table, gm } = await facing(
      fighter('Bors', { armour: 10, styles: { freeHand: 1 }, weapons: ['Épée longue'] }),
    );
    expect(acOf(await orcStrikes(table))).toBe(9);
    await gm.actor('Bors').update({ system: { styles: { freeHand: 2 } } });
    await table.settle();
    expect(acOf(await orcStrikes(table))).toBe(8);
  });

  it('G-ST1 the free-hand AC bonus goes when a shield is carried (the shield counts instead)', async () => {
    const { table } = await facing(
      fighter('Bors', { armour: 10, shield: 'small', styles: { freeHand: 1 }, weapons: ['Épée longue'] }),
    );
    // Small shield: 1 AC; the style's bonus needs nothing in the other hand.
    expect(acOf(await orcStrikes(table))).toBe(9);
  });

  it('G-ST1 the free-hand AC bonus goes when a second weapon is in hand', async () => {
    const { table } = await facing(
      fighter('Bors', { armour: 10, styles: { freeHand: 1 }, weapons: ['Épée longue', 'Dague'] }),
    );
    expect(acOf(await orcStrikes(table))).toBe(10);
  });
});

describe('G-ST2 a weapon in two hands', () => {
  it('G-ST2 a two-handed sword gives no shield AC: the strapped shield is worth nothing', async () => {
    const { table, alice } = await facing(
      fighter('Bors', { armour: 5, shield: 'medium', weapons: ['Épée à deux mains'] }),
    );
    // The player even says on the sheet that the weapon is held in two hands.
    const sheet = await alice.openSheet(alice.actor('Bors'));
    await alice.fill('select[name="system.grip"]', 'two', sheet);
    await table.settle();
    expect(acOf(await orcStrikes(table))).toBe(5);
  });

  it('G-ST2 a long sword in two hands deals +1 for the two-handed specialist', async () => {
    const { alice } = await facing(
      fighter('Bors', { styles: { twoHanded: 1, freeHand: 0 }, weapons: ['Épée longue'] }),
    );
    const sheet = await alice.openSheet(alice.actor('Bors'));
    await alice.fill('select[name="system.grip"]', 'two', sheet);
    await alice.table.settle();
    const card = await sheetAttack(alice, 'Bors', 'Épée longue', {}, [
      [20, 18],
      [8, 5],
    ]);
    // PHB long sword vs M: 1d8; the rule adds +1 for a one-handed weapon held in two hands.
    expect(text(card)).toMatch(/Dégâts 6/);
  });

  it('G-ST2 a true two-hander gets no +1: the two-handed sword deals its dice only', async () => {
    const { alice } = await facing(
      fighter('Bors', { styles: { twoHanded: 1 }, weapons: ['Épée à deux mains'] }),
    );
    const card = await sheetAttack(alice, 'Bors', 'Épée à deux mains', {}, [
      [20, 18],
      [10, 5],
    ]);
    expect(text(card)).toMatch(/Dégâts 5\b/);
  });
});

describe('G-ST3 / G-SH1 / G-SH2 the shield', () => {
  it('G-SH1 a shield punch as the off-hand blow: −4 without the style, and the shield AC is gone to round end', async () => {
    const { table, alice } = await facing(
      fighter('Bors', { armour: 5, shield: 'medium', weapons: ['Épée longue'] }),
    );
    // d20 12 − 4 = 8 against 10: a miss, no damage die.
    const card = await sheetAttack(alice, 'Bors', 'Épée longue', { manoeuvre: 'shieldPunchOffHand' }, [
      [20, 12],
    ]);
    expect(total(card)).toBe(8);
    expect(acOf(await orcStrikes(table))).toBe(5);
  });

  it('G-SH1 a shield punch instead of the sword: no penalty, and the shield still guards', async () => {
    const { table, alice } = await facing(
      fighter('Bors', { armour: 5, shield: 'medium', weapons: ['Épée longue'] }),
    );
    const card = await sheetAttack(alice, 'Bors', 'Épée longue', { manoeuvre: 'shieldPunch' }, [[20, 8]]);
    expect(total(card)).toBe(8);
    expect(acOf(await orcStrikes(table))).toBe(4);
  });

  it('G-SH1 the shield specialist has his shield back at his next attack after an off-hand punch', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', "Drevin, spécialiste de l'épée longue", 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken("Drevin, spécialiste de l'épée longue", 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    await table.gm.target("Drevin, spécialiste de l'épée longue");
    // Armour 5, medium shield, DEX 15: AC 3.
    expect(acOf(await orcStrikes(table))).toBe(3);
    // The off-hand punch misses (d20 2): the shield is off until his next attack.
    await sheetAttack(
      alice,
      "Drevin, spécialiste de l'épée longue",
      'Épée longue',
      { manoeuvre: 'shieldPunchOffHand' },
      [[20, 2]],
    );
    expect(acOf(await orcStrikes(table))).toBe(4);
    await sheetAttack(alice, "Drevin, spécialiste de l'épée longue", 'Épée longue', {}, [[20, 2]]);
    expect(acOf(await orcStrikes(table))).toBe(3);
  });

  it('G-SH1 with two slots in the shield style, the off-hand punch is at −2 only', async () => {
    const { table, alice } = await facing(
      fighter('Bors', { armour: 5, shield: 'medium', styles: { shield: 2 }, weapons: ['Épée longue'] }),
    );
    const card = await sheetAttack(alice, 'Bors', 'Épée longue', { manoeuvre: 'shieldPunchOffHand' }, [
      [20, 12],
      [3, 2],
    ]);
    expect(total(card)).toBe(10);
    expect(table.errors()).toEqual([]);
  });

  it('G-SH1 a large shield cannot punch', async () => {
    const { alice } = await facing(fighter('Bors', { armour: 5, shield: 'large', weapons: ['Épée longue'] }));
    const off = await disabledInDialog(alice, 'Bors', 'Épée longue');
    expect(off.some((l) => l.startsWith('Coup de bouclier —'))).toBe(true);
  });

  it('G-SH2 a buckler or a small shield cannot rush; a medium one can', async () => {
    const { table, alice, gm } = await facing(
      fighter('Bors', { armour: 5, shield: 'buckler', weapons: ['Épée longue'] }),
    );
    expect(
      (await disabledInDialog(alice, 'Bors', 'Épée longue')).some((l) => l.startsWith('Charge au bouclier')),
    ).toBe(true);
    await gm.actor('Bors').update({ system: { shield: 'small' } });
    await table.settle();
    expect(
      (await disabledInDialog(alice, 'Bors', 'Épée longue')).some((l) => l.startsWith('Charge au bouclier')),
    ).toBe(true);
    await gm.actor('Bors').update({ system: { shield: 'medium' } });
    await table.settle();
    expect(
      (await disabledInDialog(alice, 'Bors', 'Épée longue')).some((l) => l.startsWith('Charge au bouclier')),
    ).toBe(false);
  });

  it('G-SH2 a rush from 2 m is refused: the rusher must start 3 m away or more', async () => {
    const { alice } = await facing(
      fighter('Bors', { armour: 5, shield: 'medium', weapons: ['Épée longue'] }),
    );
    const warning = await refusedSheetAttack(alice, 'Bors', 'Épée longue', {
      manoeuvre: 'shieldRush',
      distance: 2,
      declared: true,
    });
    expect(warning).toContain('G-SH2');
  });

  it('G-SH2 the rusher is 1 AC worse and loses his DEX bonus: armour 5, DEX 16, medium shield: AC 2 becomes 6', async () => {
    const { table, alice } = await facing(
      fighter('Bors', { armour: 5, dex: 16, shield: 'medium', weapons: ['Épée longue'] }),
    );
    expect(acOf(await orcStrikes(table))).toBe(2);
    // A hit (d20 15 + 2 ≥ 10), 1d3 2; the orc stays up (d20 1 under its DEX), the GM applies.
    await sheetAttack(
      alice,
      'Bors',
      'Épée longue',
      { manoeuvre: 'shieldRush', distance: 6, declared: true },
      [
        [20, 15],
        [3, 2],
      ],
    );
    table.dice.push([20, 1]);
    await table.gm.press('Rester debout', table.gm.lastMessage());
    await table.gm.press('Appliquer', table.gm.lastMessage());
    // Shield lost to round end (no specialisation), +1 AC for the charge, DEX bonus gone: 5 + 1.
    expect(acOf(await orcStrikes(table))).toBe(6);
  });
});
