/**
 * Issue 24's "done when" fight: a level-3 fighter a player builds on an empty sheet, against the
 * compendium's manticore, through the tracker's attack buttons. Card by card: the manticore's own
 * THAC0 and damage per attack (claw, claw, bite), no STR line and no two-weapon line; the fighter's
 * slots at level 3 as PHB table 34 gives them, with the seed's INT rule (G-W1).
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function declare(seat: Seat, id: string, values: Record<string, string | boolean>): Promise<void> {
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, seat.tracker);
  await seat.answerDialog(values);
}

/** The tracker's slot rows of a combatant, as the people at the table read them. */
export function trackerSlots(
  seat: Seat,
  combatantId: string,
): { pass: number; order: string; action: string }[] {
  return [...seat.tracker.querySelectorAll(`.pda-slot[data-combatant-id="${combatantId}"]`)].map(
    (li: any) => ({
      pass: Number(li.closest('[data-pass]')?.dataset.pass),
      order: text(li.querySelector('.pda-order')).trim(),
      action: text(li.querySelector('.pda-action')).trim(),
    }),
  );
}

describe('Issue 24: a level-3 fighter against the manticore', () => {
  it('G-W1 G-G3 G-ST4 Gord built on the sheet (8 slots at level 3) meets the manticore: THAC0 13, claw 1d3, claw 1d3, bite 1d8, nothing added', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.createActor(
      {
        name: 'Gord',
        type: 'guerrier-adnd',
        system: { abilities: { str: 16, strPercent: 0, dex: 14, int: 12 }, proficiencies: [] },
      },
      'Alice',
    );
    const sheet = await alice.openSheet(alice.actor('Gord'));
    await alice.fill('[data-class-level="fighter"]', 3, sheet);
    await alice.click('[data-tab="weapons"]', sheet);
    const el = () => alice.actor('Gord').sheet.element;
    // Level 3: 4 + 1 (level 3, PHB table 34) + 3 (INT 12, weapons only for a fighter, G-W1).
    expect(text(el().querySelector('[data-stat="slots-left"]'))).toContain('8 / 8');
    await alice.fill('[data-input="learn"]', 'longSword', el());
    await alice.click('[data-action="learnProficiency"]', el());
    expect(text(el().querySelector('[data-stat="slots-left"]'))).toContain('7 / 8');
    await alice.dragOnto(alice.actor('Gord'), table.packUuid('greyhawk-armes', 'Épée longue'));
    const row = [...el().querySelectorAll('tr[data-item-id]')].find((r: any) =>
      r.textContent?.includes('Épée longue'),
    );
    await alice.click('[data-action="equip"]', row as Element);
    expect(alice.actor('Gord').items.find((i: any) => i.name === 'Épée longue').system.equipped).toBe(true);

    await table.importActor('greyhawk-bestiaire', 'Manticore');
    await table.placeToken('Gord', 0, 0);
    await table.placeToken('Manticore', 1, 0);
    const combat = await table.startEncounter('Gord', 'Manticore');
    const ids: Record<string, string> = {};
    for (const c of combat.combatants.contents) ids[c.name] = c.id;
    for (const s of [gm, alice]) await s.openTracker();
    // d10s: Gord 3, the manticore 2 (its claws' speed 1 puts it first).
    table.dice.push([10, 3], [10, 2]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await declare(alice, ids.Gord!, { action: 'attack', targetId: ids.Manticore! });
    await declare(gm, ids.Manticore!, { action: 'attack', targetId: ids.Gord! });
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    // The tracker shows the manticore's three attacks this round, Gord's one.
    expect(trackerSlots(alice, ids.Manticore!).length).toBe(3);
    expect(trackerSlots(alice, ids.Gord!).length).toBe(1);

    const cards: string[] = [];
    // Claw 2, claw 3 (a d3 is a halved d6), bite 7; Gord's sword 1d12 5 on a huge foe (+1 STR 16).
    const rolls = [
      [
        [20, 15],
        [6, 4],
      ],
      [
        [20, 16],
        [6, 6],
      ],
      [
        [20, 17],
        [8, 7],
      ],
    ] as const;
    for (let step = 0; step < 10 && cards.length < 4; step++) {
      const mine = alice.tracker.querySelector('[data-action="pdaAttack"]');
      const theirs = gm.tracker.querySelector(
        '.pda-slot.active[data-combatant-id="' + ids.Manticore + '"] [data-action="pdaAttack"]',
      );
      if (theirs) {
        const r = rolls[cards.filter((c) => c.startsWith('M')).length]!;
        table.dice.push(...(r as any));
        await gm.click(theirs);
        await gm.answerDialog({});
        cards.push('M' + text(gm.lastMessage()));
      } else if (mine) {
        table.dice.push([20, 14], [12, 5]);
        await alice.click(mine);
        await alice.answerDialog({});
        cards.push('G' + text(alice.lastMessage()));
      }
      await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    }
    const manticore = cards.filter((c) => c.startsWith('M'));
    expect(manticore).toHaveLength(3);
    // Its entry's THAC0 13 against Gord's AC 10 (no armour): 3 needed.
    for (const card of manticore) {
      expect(card).toContain('TAC0 13 − CA 10 = 3');
      expect(card).toContain('Touché');
      expect(card).not.toContain('Force');
      expect(card).not.toContain('G-ST4');
      expect(card).not.toContain('Main principale');
    }
    expect(manticore[0]).toContain('Griffe droite');
    expect(manticore[0]).toMatch(/Dés 1d3 : 2 Dégâts 2 /);
    expect(manticore[1]).toContain('Griffe gauche');
    expect(manticore[1]).toMatch(/Dés 1d3 : 3 Dégâts 3 /);
    expect(manticore[2]).toContain('Morsure');
    expect(manticore[2]).toMatch(/Dés 1d8 : 7 Dégâts 7 /);
    const gord = cards.find((c) => c.startsWith('G'));
    // Fighter 3: THAC0 18 against the manticore's AC 4.
    expect(gord).toContain('TAC0 18 − CA 4 = 14');
    expect(gord).toMatch(/Dés 1d12 : 5 Force \+1 Dégâts 6 /);
    expect(table.errors()).toEqual([]);
  });
});
