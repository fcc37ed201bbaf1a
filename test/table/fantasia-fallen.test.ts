/**
 * 0 PV or below (ruling "F-H1 0 PV" in docs/rulings.md, setting fantasiaZeroPv): a fighter with
 * no PV left no longer acts, from the sheet, the tracker's slot or the card, and declares nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  attackFromSheet,
  attackFromSlot,
  declare,
  fantasiaTable,
  itemId,
  offered,
  startFight,
  text,
} from './fantasia-table';

describe('a fighter at 0 PV or below', () => {
  it('F-H1 a brigand cut down to −3 PV is dead: his slot, his sheet and his parry are refused, and he declares nothing next round', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await declare(t.gm, t.ids.Brigand!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': dagger,
      'intents.0.targetId': t.ids.Bretteur!,
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    // Pass 2, DEX 15 first: a critical 1d6+1 twice (6, 6) and 1d4 (4), thick leather 2: 15.
    t.table.dice.push([100, 3]);
    await attackFromSlot(t.bruno, 'Brigand');
    t.table.dice.push([6, 6], [6, 6], [4, 4]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toContain('Dommages subis 15');
    await t.gm.press('Appliquer');
    expect(t.gm.actor('Brigand').system.pv.value).toBe(-3);
    // His blow spent, his slot closed itself (issue 46); the GM gives it back for a second blow
    // (issue 29: in his own slot): the fallen brigand can neither parry nor dodge.
    await t.gm.click('[data-action="pdaPreviousSlot"]', t.gm.tracker);
    t.table.dice.push([100, 40]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(offered(t.gm)).toEqual([
      ['Parer (Dague)', false],
      ['Esquiver', false],
      ['Ne rien faire', true],
    ]);
    expect(text(t.gm.lastMessage())).toContain('Hors de combat');
    await t.bruno.click('li.active [data-action="pdaEndSlot"]', t.bruno.tracker);
    // Marked defeated (issue 46), the brigand has lost his slot; his blow from the sheet is refused.
    const cards = t.gm.messages().length;
    expect(t.gm.game.combat.combatants.get(t.ids.Brigand).defeated).toBe(true);
    expect(
      [...t.gm.tracker.querySelectorAll('li.pda-slot')].filter(
        (li) =>
          text(li.querySelector('.pda-name')) === 'Brigand' &&
          ['waiting', 'current'].includes(li.getAttribute('data-status') ?? ''),
      ),
    ).toEqual([]);
    t.table.dice.push([100, 10]);
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings.at(-1)).toMatch(/^Brigand est (mort|hors de combat)/);
    expect(t.gm.messages().length).toBe(cards);
    // Out of the fight, his slot is skipped and the round ends (his
    // sitting out of the next rounds: fantasia-reading4-fallen and evening-flow).
    while (!text(t.gm.tracker).includes('Tout le monde a agi')) {
      const end = t.gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
      if (end) await t.gm.click(end);
      else await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    }
    expect(text(t.gm.tracker)).toContain('Tout le monde a agi');
    expect(text(t.gm.tracker)).toMatch(/Brigand .*Attaquer au contact Sauté/);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-H1 with "out of the fight, dead at −CON", a brigand at −3 PV is out, at −11 (CON 11) dead', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }], {
      fantasiaZeroPv: 'down',
    });
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
    await t.gm.fill('[name="system.pv.value"]', -3, await t.gm.openSheet(t.gm.actor('Brigand')));
    expect(t.gm.actor('Brigand').system.pv.value).toBe(-3);
    const cards = t.gm.messages().length;
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings.join(' ')).toContain('Brigand est hors de combat : ses PV sont à -3.');
    await t.gm.fill('[name="system.pv.value"]', -11, await t.gm.openSheet(t.gm.actor('Brigand')));
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings.join(' ')).toContain('Brigand est mort : ses PV sont à -11.');
    expect(t.gm.messages().length).toBe(cards);
  });

  it('F-H1 when the world leaves it to the GM, a brigand at −3 PV still strikes', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }], {
      fantasiaZeroPv: 'gm',
    });
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
    await t.gm.fill('[name="system.pv.value"]', -3, await t.gm.openSheet(t.gm.actor('Brigand')));
    t.table.dice.push([100, 20]);
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings).toEqual([]);
    expect(text(t.gm.lastMessage())).toContain('Attaque 20 /');
  });
});
