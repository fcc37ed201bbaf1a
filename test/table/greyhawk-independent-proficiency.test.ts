/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the fake are untyped */
import { describe, expect, it } from 'vitest';
import { greyhawk, hit, monster, needed, pc, sheetAttack, text, total } from './greyhawk-independent-helpers';

function slotsLine(el: HTMLElement): string {
  return text(el.querySelector('[data-stat="slots"]')!).trim();
}

describe('Greyhawk (independent reading): proficiencies', () => {
  it('G-W1 a 3rd-level fighter with INT 9 has 4 + 1 (level 3) + 2 (languages) = 7 weapon slots, 6 at level 2', async () => {
    const table = await greyhawk();
    await pc(table, { name: 'Brand', classes: [{ cls: 'fighter', level: 3 }], int: 9 });
    const gm = table.gm;
    let el = await gm.openSheet(gm.actor('Brand'));
    expect(slotsLine(el)).toContain('/ 7');
    await gm.fill(el.querySelector('[data-class-level="fighter"]')!, 2);
    el = await gm.openSheet(gm.actor('Brand'));
    expect(slotsLine(el)).toContain('/ 6');
  });

  it("G-W1 a thief's INT 18 languages never turn into weapon slots: a 4th-level thief has 2 + 1", async () => {
    const table = await greyhawk();
    await pc(table, { name: 'Fouine', classes: [{ cls: 'thief', level: 4 }], int: 18 });
    const el = await table.gm.openSheet(table.gm.actor('Fouine'));
    expect(slotsLine(el)).toContain('/ 3');
  });

  it('G-W2 a 1st-level mage swinging a mace he never learnt attacks at −5', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Elmo',
      classes: [{ cls: 'mage', level: 1 }],
      proficiencies: ['dagger'],
      weapons: ['Masse de fantassin'],
    });
    await monster(table, 'Orque');
    await table.placeToken('Elmo', 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, 'Elmo', 'Masse de fantassin', {}, [[20, 16]]);
    // THAC0 20 against AC 6 needs 14; 16 − 5 = 11 misses.
    expect(needed(card)).toBe(14);
    expect(total(card)).toBe(11);
    expect(hit(card)).toBe(false);
  });

  it('G-W2 a 4th-level cleric (THAC0 18) with a warhammer he does not know attacks at −3', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Frère Anselme',
      classes: [{ cls: 'cleric', level: 4 }],
      proficiencies: ['sling'],
      weapons: ['Marteau de guerre'],
    });
    await monster(table, 'Orque');
    await table.placeToken('Frère Anselme', 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, 'Frère Anselme', 'Marteau de guerre', {}, [[20, 13]]);
    expect(needed(card)).toBe(12);
    expect(total(card)).toBe(10);
    expect(hit(card)).toBe(false);
  });

  it('G-W3 a fighter who knows the long sword swings a bastard sword (same tight group) at −1, not −2', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Brand',
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: ['longSword'],
      weapons: ['Épée bâtarde'],
    });
    await monster(table, 'Orque');
    await table.placeToken('Brand', 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, 'Brand', 'Épée bâtarde', {}, [[20, 15], 3]);
    expect(needed(card)).toBe(14);
    expect(total(card)).toBe(14);
    expect(hit(card)).toBe(true);
  });

  it('G-W3 a mage who knows the dagger uses a knife at −3 (half of −5, rounded up)', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Elmo',
      classes: [{ cls: 'mage', level: 1 }],
      proficiencies: ['dagger'],
      weapons: ['Couteau'],
    });
    await monster(table, 'Orque');
    await table.placeToken('Elmo', 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.gm.target('Orque');
    const card = await sheetAttack(table.gm, 'Elmo', 'Couteau', {}, [[20, 17], 2]);
    expect(total(card)).toBe(14);
    expect(hit(card)).toBe(true);
  });

  it('G-W6 a cleric spends 1 slot to name a weapon of choice, a fighter none', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Frère Anselme',
      classes: [{ cls: 'cleric', level: 1 }],
      proficiencies: ['footmansMace'],
    });
    await pc(table, { name: 'Brand', classes: [{ cls: 'fighter', level: 1 }], proficiencies: ['longSword'] });
    const gm = table.gm;
    const name = async (actor: string): Promise<any> => {
      let el = await gm.openSheet(gm.actor(actor));
      await gm.click(el.querySelector('[data-action="nameWeaponOfChoice"]')!);
      if (gm.dialogs().length) await gm.answerDialog({});
      el = await gm.openSheet(gm.actor(actor));
      return el;
    };
    const cleric = await name('Frère Anselme');
    expect(gm.actor('Frère Anselme').system.weaponOfChoice).toBe('footmansMace');
    expect(text(cleric.querySelector('[data-stat="slots"]')!)).toMatch(/Dépensées 2 \/ 2/);
    const fighter = await name('Brand');
    expect(gm.actor('Brand').system.weaponOfChoice).toBe('longSword');
    expect(text(fighter.querySelector('[data-stat="slots"]')!)).toMatch(/Dépensées 1 \//);
  });

  it('G-W4 a cleric cannot learn the long sword; a thief pays 2 slots for the long bow, a mage 3 for the long sword', async () => {
    const table = await greyhawk();
    await pc(table, { name: 'Frère Anselme', classes: [{ cls: 'cleric', level: 1 }] });
    await pc(table, { name: 'Fouine', classes: [{ cls: 'thief', level: 1 }] });
    await pc(table, { name: 'Elmo', classes: [{ cls: 'mage', level: 1 }] });
    const gm = table.gm;
    const option = (el: HTMLElement, id: string): string =>
      text(
        el.querySelector(`[data-input="learn"] option[value="${id}"]`) ?? el.ownerDocument.createElement('x'),
      );
    const thief = await gm.openSheet(gm.actor('Fouine'));
    expect(option(thief, 'longBow')).toContain('(2)');
    expect(option(thief, 'shortBow')).toContain('(1)');
    const mage = await gm.openSheet(gm.actor('Elmo'));
    expect(option(mage, 'longSword')).toContain('(3)');
    const cleric = await gm.openSheet(gm.actor('Frère Anselme'));
    const select = cleric.querySelector<HTMLSelectElement>('[data-input="learn"]')!;
    if ([...select.options].some((o) => o.value === 'longSword')) {
      await gm.fill(select, 'longSword');
      await gm.click(cleric.querySelector('[data-action="learnProficiency"]')!);
    }
    expect(gm.actor('Frère Anselme').system.proficiencies).not.toContain('longSword');
  });
});
