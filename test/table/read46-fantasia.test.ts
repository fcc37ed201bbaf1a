/**
 * Independent reader, issue 46 for Fantasia: the declared target comes before the T target
 * (F-R5, docs/rulings.md "One targeting rule"), « Comme au round précédent » after the foe fell,
 * and who applies damage (F-H1, "Who applies damage") the other way round and on a PNJ.
 */
import { describe, expect, it } from 'vitest';
import {
  attackFromSheet,
  declare,
  fantasiaTable,
  itemId,
  startFight,
  text,
  type FantasiaTable,
} from './fantasia-table';
import { cardOf, lastCardId, rightsTable, sees, whoLine } from './damage-rights-kit';

async function threeFighters(): Promise<FantasiaTable> {
  const t = await fantasiaTable([
    { entry: 'Bretteur', owner: 'Bruno', at: [2, 2] },
    { entry: 'Brigand', at: [3, 2] },
    { entry: 'Garde de la porte', at: [2, 3] },
  ]);
  await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
  return t;
}

const row = (t: FantasiaTable, name: string) => `[data-combatant-id="${t.ids[name]}"]`;
const current = (t: FantasiaTable) => text(t.gm.tracker.querySelector('li.pda-slot.active .pda-name'));

describe('F-R5 one targeting rule, read again', () => {
  it('F-R5 Bruno declared the brigand, then put T on the guard: his attack from the tracker strikes the declared brigand', async () => {
    const t = await threeFighters();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    expect(text(t.bruno.tracker.querySelector(`li${row(t, 'Bretteur')} .pda-summary`))).toBe(
      'Attaquer au contact (Épée fantasque) → Brigand',
    );
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    for (let i = 0; i < 10 && current(t) !== 'Bretteur'; i++)
      await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    expect(current(t)).toBe('Bretteur');
    await t.bruno.target('Garde de la porte');
    t.table.dice.push([100, 30]);
    await t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker);
    if (t.bruno.dialogs().length) {
      const ticked = [...t.bruno.dialog().querySelectorAll<HTMLInputElement>('input[name="target"]')]
        .filter((i) => i.checked)
        .map((i) => text(i.closest('label')));
      expect(ticked).toEqual(['Brigand']);
    }
    if (t.bruno.dialogs().length) await t.bruno.answerDialog({});
    const card = text(t.gm.lastMessage());
    expect(card).toContain('Brigand');
    expect(card).not.toContain('Garde de la porte');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R5 the same from the sheet: declared brigand, T on the guard, the sword’s sheet button ticks the brigand', async () => {
    const t = await threeFighters();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    for (let i = 0; i < 10 && current(t) !== 'Bretteur'; i++)
      await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    await t.bruno.target('Garde de la porte');
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    await t.bruno.click(sheet.querySelector(`tr[data-weapon-id="${sword}"] [data-action="useWeapon"]`)!);
    t.table.dice.push([100, 30]);
    if (t.bruno.dialogs().length) await t.bruno.answerDialog({});
    const card = text(t.gm.lastMessage());
    expect(card).toContain('contre Brigand');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R5 « Comme au round précédent » once the declared brigand is out of the fight does not aim at him again', async () => {
    const t = await threeFighters();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    for (let i = 0; i < 20 && !text(t.gm.tracker).includes('Tout le monde a agi'); i++)
      await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    const brigand = t.gm.game.combat.combatants.get(t.ids.Brigand);
    await brigand.update({ defeated: true });
    await t.table.settle();
    const repeat = t.bruno.tracker.querySelector(`[data-action="pdaRepeatDeclaration"]${row(t, 'Bretteur')}`);
    if (repeat) {
      await t.bruno.click(repeat);
      if (t.bruno.dialogs().length) await t.bruno.answerDialog({}, 'cancel').catch(() => undefined);
    }
    expect(text(t.bruno.tracker.querySelector(`li${row(t, 'Bretteur')} .pda-summary`))).not.toContain(
      '→ Brigand',
    );
  });
});

async function wounded(owner: string | undefined) {
  const t = await rightsTable('fantasia', 'owner');
  await t.table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
  await t.table.importActor('fantasia-bestiaire', 'Brigand', owner);
  await t.table.placeToken('Bretteur', 1, 1);
  await t.table.placeToken('Brigand', 2, 1);
  t.table.dice.push([100, 30]);
  await attackFromSheet(t.alice, 'Bretteur', itemId(t.alice, 'Bretteur', 'Épée fantasque'), 'Brigand');
  t.table.dice.push([6, 4], [4, 3]);
  await t.gm.press('Ne rien faire');
  expect(text(t.gm.lastMessage())).toMatch(/Dommages subis 6/);
  return { ...t, id: lastCardId(t.gm), pv: () => t.gm.actor('Brigand').system.pv.value as number };
}

describe('F-H1 who applies damage, read again', () => {
  it('F-H1 the GM applies the 6 PV to Bruno’s brigand; Bruno, its owner, undoes it (12 PV again); Carla never sees either button', async () => {
    const t = await wounded('Bruno');
    expect(sees(t.carla, t.id, 'Appliquer')).toBe(false);
    await t.gm.press('Appliquer');
    expect(t.pv()).toBe(6);
    expect(sees(t.carla, t.id, 'Annuler')).toBe(false);
    expect(sees(t.alice, t.id, 'Annuler')).toBe(false);
    expect(sees(t.bruno, t.id, 'Annuler')).toBe(true);
    await t.bruno.press('Annuler', cardOf(t.bruno, t.id));
    expect(t.pv()).toBe(12);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-H1 a brigand no player owns: the card names the GM alone, Alice (the attacker) sees no Appliquer', async () => {
    const t = await wounded(undefined);
    expect(sees(t.alice, t.id, 'Appliquer')).toBe(false);
    expect(whoLine(t.alice, t.id)).not.toContain('joueur de');
    expect(whoLine(t.gm, t.id)).toContain('MJ');
  });
});
