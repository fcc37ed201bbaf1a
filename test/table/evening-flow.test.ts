/**
 * Issue 46, an evening at the table: declarations that remember (the drawn weapon and the T
 * target preselected, last round's declaration repeated in one click), slots that close
 * themselves once their action is spent, and a GM who can always move on.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { LONG_SWORD, souffleTable } from './souffle-independent-table';
import { declare, fantasiaTable, itemId, startFight, text, type FantasiaTable } from './fantasia-table';

/** The option a select of the newest dialog shows chosen, as the person reads it. */
function chosen(seat: Seat, name: string): string {
  const select = seat.dialog().querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  const option = select ? [...select.options].find((o) => o.selected) : undefined;
  return option?.textContent?.trim() ?? '';
}

async function bretteurAndBrigand(): Promise<FantasiaTable> {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
  await startFight(t, ['Bretteur', 'Brigand']);
  return t;
}

const row = (t: FantasiaTable, name: string) => `[data-combatant-id="${t.ids[name]}"]`;

describe('Fantasia: declarations that remember (issue 46)', () => {
  it('F-R5 the form starts with the sword in hand and the foe Bruno targets with T: he only confirms', async () => {
    const t = await bretteurAndBrigand();
    await t.bruno.target('Brigand');
    await t.bruno.click(`[data-action="pdaDeclare"]${row(t, 'Bretteur')}`, t.bruno.tracker);
    expect(chosen(t.bruno, 'intents.0.kind')).toBe('Attaquer au contact');
    expect(chosen(t.bruno, 'intents.0.weaponId')).toBe('Épée fantasque');
    expect(chosen(t.bruno, 'intents.0.targetId')).toBe('Brigand');
    await t.bruno.answerDialog({});
    expect(text(t.bruno.tracker.querySelector(`li${row(t, 'Bretteur')} .pda-summary`))).toBe(
      'Attaquer au contact (Épée fantasque) → Brigand',
    );
  });

  it('F-R5 in round 2 “Comme au round précédent” declares last round’s attack again in one click', async () => {
    const t = await bretteurAndBrigand();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    // Round 1 has no earlier declaration to repeat.
    expect(t.bruno.tracker.querySelector('[data-action="pdaRepeatDeclaration"]')).toBeNull();
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    while (!text(t.gm.tracker).includes('Tout le monde a agi'))
      await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(text(t.bruno.tracker)).toContain('Round 2');
    await t.bruno.click(`[data-action="pdaRepeatDeclaration"]${row(t, 'Bretteur')}`, t.bruno.tracker);
    expect(t.bruno.dialogs()).toEqual([]);
    expect(text(t.bruno.tracker.querySelector(`li${row(t, 'Bretteur')} .pda-summary`))).toBe(
      'Attaquer au contact (Épée fantasque) → Brigand',
    );
    // The GM repeats the brigand's secret dodge the same way.
    await t.gm.click(`[data-action="pdaRepeatDeclaration"]${row(t, 'Brigand')}`, t.gm.tracker);
    expect(text(t.gm.tracker.querySelector(`li${row(t, 'Brigand')} .pda-summary`))).toContain('Esquive');
    expect(t.gm.tracker.querySelector('[data-action="pdaStartPasses"]')).not.toBeNull();
    expect(t.table.errors()).toEqual([]);
  });
});

describe('The GM declares every PNJ in one form (issue 46)', () => {
  it('F-R5 “Déclarer les PNJ”: one form with a row per PNJ, each started from its weapon in hand and the GM’s T target; one confirmation declares both', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand' },
      { entry: 'Garde de la porte' },
    ]);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    await t.gm.target('Bretteur');
    await t.gm.click('[data-action="pdaDeclareNpcs"]', t.gm.tracker);
    const legends = [...t.gm.dialog().querySelectorAll('legend')].map((l) => text(l)).sort();
    expect(legends).toEqual(['Brigand', 'Garde de la porte']);
    expect(chosen(t.gm, `npc.${t.ids.Brigand}.weaponId`)).toBe('Dague');
    expect(chosen(t.gm, `npc.${t.ids.Brigand}.targetId`)).toBe('Bretteur');
    // The guard has no blade in hand: the GM picks a dodge for him.
    await t.gm.answerDialog({ [`npc.${t.ids['Garde de la porte']}.kind`]: 'dodge' });
    expect(text(t.gm.tracker.querySelector(`li${row(t, 'Brigand')} .pda-summary`))).toBe(
      'Attaquer au contact (Dague) → Bretteur',
    );
    expect(text(t.gm.tracker.querySelector(`li${row(t, 'Garde de la porte')} .pda-summary`))).toContain(
      'Esquive',
    );
    // Bruno sees only that they declared, never what (F-R5).
    expect(text(t.bruno.tracker.querySelector(`li${row(t, 'Brigand')} .pda-summary`))).not.toContain('Dague');
    expect(t.table.errors()).toEqual([]);
  });
});

describe('Slots that close themselves, a GM who can always move on (issue 46)', () => {
  it('F-R1 Bruno’s blow is his slot’s action: once the brigand took no defence and the damage is applied, the slot is done without “J’ai fini”', async () => {
    const t = await bretteurAndBrigand();
    await t.bruno.target('Brigand');
    await declare(t.bruno, t.ids.Bretteur!, {});
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    const current = () => text(t.bruno.tracker.querySelector('li.pda-slot.active .pda-name'));
    expect(current()).toBe('Bretteur');
    t.table.dice.push([100, 30]);
    await t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker);
    await t.bruno.answerDialog({});
    // The card still asks the brigand: the slot stays Bruno's.
    expect(current()).toBe('Bretteur');
    t.table.dice.push([6, 5], [4, 2]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(current()).not.toBe('Bretteur');
    const bretteurSlots = [...t.bruno.tracker.querySelectorAll('li.pda-slot')].filter(
      (li) => text(li.querySelector('.pda-name')) === 'Bretteur',
    );
    expect(bretteurSlots.map((li) => li.classList.contains('done'))).toContain(true);
    // The card keeps its undo.
    expect(t.gm.buttons(t.gm.lastMessage()).map((b) => b.label)).toContain('Annuler');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R1 “Round suivant” with a slot still open asks the GM, naming who has not acted, then moves on', async () => {
    const t = await bretteurAndBrigand();
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(text(t.gm.dialog())).toContain('N’ont pas encore agi : '.replace('’', "'"));
    expect(text(t.gm.dialog())).toMatch(/Brigand/);
    expect(text(t.gm.dialog())).toMatch(/Bretteur/);
    // Not now: the round stays.
    await t.gm.answerDialog({}, 'no');
    expect(text(t.bruno.tracker)).toContain('Round 1');
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    await t.gm.answerDialog({}, 'yes');
    expect(text(t.bruno.tracker)).toContain('Round 2');
    expect(t.gm.warnings).toEqual([]);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('One targeting rule (issue 46)', () => {
  it('F-R5 a blow declared with no foe and no T target: the slot’s attack offers the brigand, the only foe, ticked; no click is lost', async () => {
    const t = await bretteurAndBrigand();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': '',
    });
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    t.table.dice.push([100, 30]);
    await t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker);
    expect(t.bruno.warnings).toEqual([]);
    const offeredFoes = [...t.bruno.dialog().querySelectorAll<HTMLInputElement>('input[name="target"]')];
    expect(offeredFoes.map((i) => [text(i.closest('label')), i.checked])).toEqual([['Brigand', true]]);
    await t.bruno.answerDialog({});
    expect(text(t.gm.lastMessage())).toContain('Brigand');
    expect(text(t.gm.lastMessage())).toContain('Attaque 30 /');
  });
});

describe('A Fantasia death shows (issue 46)', () => {
  it('F-H1 the brigand cut down to −3 PV: the tracker marks him defeated, his token shows the skull, and he is not asked to declare next round', async () => {
    const t = await bretteurAndBrigand();
    await t.bruno.target('Brigand');
    await declare(t.bruno, t.ids.Bretteur!, {});
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    // A critical 1d6+1 twice (6, 6) and 1d4 (4), thick leather 2: 15 off 12 PV.
    t.table.dice.push([100, 3]);
    await t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker);
    await t.bruno.answerDialog({});
    t.table.dice.push([6, 6], [6, 6], [4, 4]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(t.bruno.actor('Brigand').system.pv.value).toBe(-3);
    expect(text(t.bruno.lastMessage())).toContain('PV 12 → -3. Il est mort (0 PV ou moins).');
    expect(t.bruno.game.combat.combatants.get(t.ids.Brigand).defeated).toBe(true);
    expect(t.bruno.token('Brigand').actor.statuses.has('dead')).toBe(true);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    if (t.gm.dialogs().length) await t.gm.answerDialog({}, 'yes');
    expect(t.gm.tracker.querySelector(`[data-action="pdaDeclare"]${row(t, 'Brigand')}`)).toBeNull();
    expect(t.table.errors()).toEqual([]);
  });

  it('F-H1 Bruno cannot drag the token of his Bretteur once the GM sets his PV to −1: the move is refused, saying he is dead', async () => {
    const t = await bretteurAndBrigand();
    const sheet = await t.gm.openSheet(t.gm.actor('Bretteur'));
    await t.gm.fill('input[name="system.pv.value"]', -1, sheet);
    const token = t.bruno.token('Bretteur');
    const x = token.x;
    try {
      await token.document.update({ x: x + 100 });
    } catch {
      // refused
    }
    await t.table.settle();
    expect(t.gm.token('Bretteur').x).toBe(x);
    expect(t.bruno.warnings.at(-1)).toBe('Bretteur est mort : il ne se déplace plus.');
  });
});

describe('The tracker explains itself (issue 46)', () => {
  it('S-R3 a Guerrier’s slot says in words why its low roll comes first, not only in the tooltip of its “*”', async () => {
    const table = await souffleTable([
      { name: 'Aude', owner: 'Alice', weapons: [LONG_SWORD], at: [1, 1] },
      {
        name: 'Basile',
        owner: 'Bruno',
        weapons: [LONG_SWORD],
        at: [2, 1],
        system: { disciplines: ['Guerrier'] },
      },
    ]);
    await table.startEncounter('Aude', 'Basile');
    await table.gm.openTracker();
    table.dice.push(8, 1);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    await table.gm.click('[data-action="pdaForcePasses"]', table.gm.tracker);
    const basile = [...table.gm.tracker.querySelectorAll('li.pda-slot')].find(
      (li) => text(li.querySelector('.pda-name')) === 'Basile',
    );
    expect(text(basile?.querySelector('.pda-order-note'))).toBe(
      '* Discipline Guerrier : agit avant les autres',
    );
  });
});
