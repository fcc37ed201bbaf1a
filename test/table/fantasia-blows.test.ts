/** Fantasia blows at the table: defences, hits, damage (F-D*, F-H*), out of a tracked fight. */
import { describe, expect, it } from 'vitest';
import {
  attackFromSheet,
  brigandShootsBretteur,
  declare,
  fantasiaTable,
  itemId,
  offered,
  startFight,
  text,
} from './fantasia-table';

describe('Fantasia blows through the sheet and the chat card', () => {
  it('F-D1 a declared dodge is offered on the card and avoids the blow', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    t.table.dice.push([100, 40]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(offered(t.gm)).toContainEqual(['Esquiver', true]);
    t.table.dice.push([100, 12]);
    await t.gm.press('Esquiver');
    expect(text(t.bruno.lastMessage())).toMatch(/Défense 12 \/ 30 % Réussite/);
    expect(t.gm.actor('Brigand').system.pv.value).toBe(12);
  });

  it('F-D3 an arrow cannot be parried with a sword, only with a shield', async () => {
    const t = await brigandShootsBretteur();
    const choices = offered(t.bruno);
    expect(choices.filter(([l]) => l.startsWith('Parer'))).toEqual([
      ['Parer (Épée fantasque)', false],
      ['Parer (Petit bouclier)', true],
    ]);
    const reasons = text(t.bruno.lastMessage());
    expect(reasons).toContain("Un projectile ne se pare qu'avec un bouclier");
  });

  it("F-D5 cover typed in the attack dialog lowers the attacker's chance", async () => {
    const t = await fantasiaTable([
      { entry: 'Aventurière arbalétrière', owner: 'Alice' },
      { entry: 'Brigand' },
    ]);
    const crossbow = itemId(t.alice, 'Aventurière arbalétrière', 'Arbalète');
    t.table.dice.push([100, 45]);
    await attackFromSheet(t.alice, 'Aventurière arbalétrière', crossbow, 'Brigand', { cover: 20 });
    expect(text(t.alice.lastMessage())).toMatch(/Attaque 45 \/ 40 % Échec/);
    expect(text(t.alice.lastMessage())).toContain('F-D5');
  });

  it('F-H5 a critical 01–05 rolls the weapon dice twice and adds them', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 3]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.bruno.lastMessage())).toMatch(/Attaque 03 \/ 65 % Critique/);
    // Weapon 1d6+1 twice (4 and 6), damage bonus 1d4 once (2), thick leather 2: 4+6+1+2-2 = 11.
    t.table.dice.push([6, 4], [6, 6], [4, 2]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toContain('Dommages subis 11');
    await t.gm.press('Appliquer');
    expect(t.bruno.actor('Brigand').system.pv.value).toBe(1);
  });

  it('F-H4 the damage bonus counts in melee: 1d4 for the chief’s FOR 15 + TAI 14', async () => {
    const t = await fantasiaTable([{ entry: 'Chef brigand' }, { entry: 'Bretteur', owner: 'Bruno' }]);
    const sword = itemId(t.gm, 'Chef brigand', 'Épée courte');
    const sheet = await t.gm.openSheet(t.gm.actor('Chef brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${sword}"] [data-field="drawn"]`)!);
    t.table.dice.push([100, 20]);
    await attackFromSheet(t.gm, 'Chef brigand', sword, 'Bretteur');
    t.table.dice.push([6, 2], [4, 3]);
    await t.bruno.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toMatch(/Bonus aux dommages 1d4 \[3\] = 3 F-H4/);
  });

  it('F-H1 a missed bolt takes no PV and leaves the target nothing to answer', async () => {
    const t = await fantasiaTable([
      { entry: 'Aventurière arbalétrière', owner: 'Alice' },
      { entry: 'Brigand' },
    ]);
    const crossbow = itemId(t.alice, 'Aventurière arbalétrière', 'Arbalète');
    t.table.dice.push([100, 75]);
    await attackFromSheet(t.alice, 'Aventurière arbalétrière', crossbow, 'Brigand');
    expect(text(t.alice.lastMessage())).toMatch(/Attaque 75 \/ 60 % Échec/);
    expect(offered(t.gm)).toEqual([]);
    expect(t.gm.actor('Brigand').system.pv.value).toBe(12);
  });
});

describe('a blow outside a tracked combat', () => {
  it('F-D1 with no fight in the tracker nobody declares, so the target may dodge (ruling)', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 40]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(offered(t.gm)).toContainEqual(['Esquiver', true]);
    t.table.dice.push([100, 12]);
    await t.gm.press('Esquiver');
    expect(text(t.bruno.lastMessage())).toMatch(/Défense 12 \/ 30 % Réussite/);
    expect(t.gm.actor('Brigand').system.pv.value).toBe(12);
  });
});
