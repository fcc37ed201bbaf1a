/** Secret thrusts at the table (F-B1–F-B7): named at resolution, malus both ways, crosses. */
import { describe, expect, it } from 'vitest';
import {
  attackFromSheet,
  fantasiaTable,
  itemId,
  offered,
  startFight,
  text,
  toOwnSlot,
} from './fantasia-table';

async function drawDagger(t: Awaited<ReturnType<typeof fantasiaTable>>): Promise<string> {
  const dagger = itemId(t.gm, 'Brigand', 'Dague');
  const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
  await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
  return dagger;
}

describe('secret thrusts through the sheet and the card', () => {
  it("F-B2 the thrust is named in the attack dialog; F-B3 its malus lowers the attack and the foe's parry alike", async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await drawDagger(t);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 58]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'etranglement' });
    // Armes de mêlée 65 − 5.
    expect(text(t.bruno.lastMessage())).toMatch(/Attaque 58 \/ 60 % Réussite/);
    // The dagger parries at 45 − 5: 42 fails where it would have held without the thrust.
    t.table.dice.push([100, 42]);
    await t.gm.press('Parer');
    expect(text(t.gm.lastMessage())).toMatch(/Défense 42 \/ 40 % Échec/);
  });

  it('F-B4 a critical thrust leaves the foe neither parry nor dodge', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await drawDagger(t);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 2]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'etranglement' });
    const choices = offered(t.gm);
    expect(
      choices.filter(([l]) => l.startsWith('Parer') || l.startsWith('Esquiver')).every(([, on]) => !on),
    ).toBe(true);
    expect(choices).toContainEqual(['Ne rien faire', true]);
  });

  it('F-B6 a placed thrust adds crosses to the botte, two on a critical', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    const botte = () => t.bruno.actor('Bretteur').items.getName('Étranglement').system.crosses as number;
    expect(botte()).toBe(1);
    t.table.dice.push([100, 2]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'etranglement' });
    t.table.dice.push([6, 3], [6, 3], [4, 1]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(botte()).toBe(3);
  });

  it('F-B5 the same thrust placed again on the same foe in the fight doubles its malus', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    // Both thrusts in the swordsman's own slot (issue 29: an attack is taken there only).
    await toOwnSlot(t, t.bruno, 'Bretteur', {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'etranglement' });
    t.table.dice.push([6, 3], [4, 1]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    // The blow spent his slot, which closed itself (issue 46): the GM gives it back.
    await t.gm.click('[data-action="pdaPreviousSlot"]', t.gm.tracker);
    t.table.dice.push([100, 57]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'etranglement' });
    // 65 − 2 × 5: 57 now misses.
    expect(text(t.bruno.lastMessage())).toMatch(/Attaque 57 \/ 55 % Échec/);
  });
});
