/**
 * A whole Fantasia fight played as the table plays it: the GM imports the fighters from the
 * bestiary, Alice drags a bow from the compendium onto her sheet and draws it, the GM starts the
 * encounter, each person declares from their own tracker, the passes run, attacks go through
 * the chat cards, the GM applies and undoes damage, and round 2 follows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function declare(seat: Seat, combatantId: string, values: Record<string, string>): Promise<void> {
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${combatantId}"]`, seat.tracker);
  await seat.answerDialog(values);
}

/** The actions a person sees on their tracker (data-action names). */
const controls = (seat: Seat): string[] =>
  [...seat.tracker.querySelectorAll<HTMLElement>('[data-action]')].map((b) => b.dataset.action ?? '');

describe('a Fantasia fight at the table: GM, Alice (archer), Bruno (swordsman), one brigand', () => {
  let table: Table;
  let gm: Seat;
  let alice: Seat;
  let bruno: Seat;
  const ids: Record<string, string> = {};
  let bow = '';
  let sword = '';
  let dagger = '';

  beforeAll(async () => {
    table = await Table.open({ ruleset: 'fantasia' });
    gm = table.gm;
    alice = table.seat('Alice');
    bruno = table.seat('Bruno');
    await table.importActor('fantasia-bestiaire', 'Aventurière arbalétrière', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
  });

  it('Alice drags a bow from the compendium onto her sheet and draws it there', async () => {
    const archer = alice.actor('Aventurière arbalétrière');
    await alice.dragOnto(archer, table.packUuid('fantasia-armes', 'Arc'));
    const item = archer.items.getName('Arc');
    expect(item?.type).toBe('arme');
    bow = item.id;
    const sheet = await alice.openSheet(archer);
    const row = sheet.querySelector(`tr[data-weapon-id="${bow}"]`)!;
    expect(text(row)).toContain('Arc');
    await alice.click(row.querySelector('[data-action="toggleItem"][data-field="drawn"]')!);
    // Every client sees the bow drawn: the item is the one place its readiness lives.
    expect(gm.actor('Aventurière arbalétrière').items.get(bow).system.drawn).toBe(true);
    expect(bruno.actor('Aventurière arbalétrière').items.get(bow).system.drawn).toBe(true);
  });

  it('F-R2 the GM starts the encounter and the tracker orders everyone by DEX on every client', async () => {
    await table.placeToken('Aventurière arbalétrière', 2, 2);
    await table.placeToken('Bretteur', 5, 5);
    await table.placeToken('Brigand', 6, 5);
    const combat = await table.startEncounter('Aventurière arbalétrière', 'Bretteur', 'Brigand');
    for (const c of combat.combatants) ids[c.name] = c.id;
    sword = bruno.actor('Bretteur').items.getName('Épée fantasque').id;
    dagger = gm.actor('Brigand').items.getName('Dague').id;
    for (const s of [gm, alice, bruno]) await s.openTracker();
    expect(controls(alice)).not.toContain('pdaStartCombat');
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    for (const s of [gm, alice, bruno]) {
      expect(text(s.tracker)).toMatch(/17 Aventurière arbalétrière 15 Bretteur 13 Brigand/);
    }
  });

  it('F-R5 each person declares from their own tracker; players see only the PNJ public text', async () => {
    // Alice may declare for her archer only.
    expect(
      alice.tracker.querySelector(`[data-action="pdaDeclare"][data-combatant-id="${ids.Bretteur}"]`),
    ).toBeNull();
    await declare(alice, ids['Aventurière arbalétrière']!, {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': bow,
      'intents.0.targetId': ids.Brigand!,
    });
    await declare(bruno, ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': ids.Brigand!,
    });
    await declare(gm, ids.Brigand!, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': dagger,
      publicText: 'Le brigand porte la main à sa ceinture',
    });
    expect(text(alice.tracker)).toContain('Le brigand porte la main à sa ceinture');
    expect(text(alice.tracker)).not.toContain('Dague');
    expect(text(gm.tracker)).toContain('Dégainer / encocher (Dague)');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(text(gm.tracker)).toContain('1re passe');
  });

  it('F-R6 pass 1: Alice shoots from her slot; only the GM, owner of the brigand, picks its defence', async () => {
    await alice.target('Brigand');
    table.dice.push([100, 20]);
    await alice.click('[data-action="pdaAttack"]', alice.tracker);
    await alice.answerDialog({});
    const card = alice.lastMessage();
    expect(text(card)).toContain('Attaque 20 / 60 %');
    expect(alice.buttons(card)).toEqual([]);
    expect(bruno.buttons(bruno.lastMessage())).toEqual([]);
    const offered = gm.buttons(gm.lastMessage()).map((b) => [b.label.split(' —')[0], b.enabled]);
    expect(offered).toEqual([
      ['Parer', false],
      ['Esquiver', false],
      ['Ne rien faire', true],
    ]);
    // F-H4: no damage bonus at range; F-H3: the brigand's thick leather takes 2.
    table.dice.push([6, 5]);
    await gm.press('Ne rien faire');
    expect(text(gm.lastMessage())).toMatch(/Arme 1d6\+1 \[5\] = 6 F-H2 Armure -2 F-H3 Dommages subis 4/);
  });

  it('F-H3 the GM applies the damage, undoes it, applies it again: PV follow on every client', async () => {
    const brigand = () => alice.actor('Brigand');
    expect(brigand().system.pv.value).toBe(12);
    await gm.press('Appliquer');
    expect(brigand().system.pv.value).toBe(8);
    expect(text(alice.lastMessage())).toContain('PV 12 → 8');
    await gm.press('Annuler');
    expect(brigand().system.pv.value).toBe(12);
    await gm.press('Appliquer');
    expect(gm.actor('Brigand').system.pv.value).toBe(8);
    expect(table.errors()).toEqual([]);
  });

  it('F-R7 pass 2: Bruno strikes in melee with his damage bonus; F-R8 pass 3: the brigand draws', async () => {
    // Alice's shot applied, her slot closed itself (issue 46).
    expect(text(gm.tracker)).toContain('2e passe');
    await bruno.target('Brigand');
    table.dice.push([100, 30]);
    await bruno.click('[data-action="pdaAttack"]', bruno.tracker);
    await bruno.answerDialog({});
    // The brigand's dagger is still sheathed: no parry, and no dodge was declared.
    const offered = gm.buttons(gm.lastMessage());
    expect(offered.find((b) => b.label.startsWith('Parer'))?.enabled).toBe(false);
    table.dice.push([6, 4], [4, 3]);
    await gm.press('Ne rien faire');
    // 1d6+1 = 5, FOR 13 + TAI 12 gives +1d4 = 3, thick leather 2: 6.
    expect(text(gm.lastMessage())).toMatch(/Dommages subis 6/);
    await gm.press('Appliquer');
    expect(gm.actor('Brigand').system.pv.value).toBe(2);
    // His blow applied, his slot closed itself (issue 46).
    expect(text(gm.tracker)).toContain('3e passe');
    await gm.click('[data-action="pdaEndSlot"]', gm.tracker);
    expect(text(gm.tracker)).toContain('Tout le monde a agi');
  });

  it('F-R9 round 2: the bow shoots again in pass 1; F-R8 the dagger drawn in pass 3 attacks', async () => {
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    expect(text(gm.tracker)).toContain('Round 2');
    // The dagger drawn in pass 3 is in hand now, on the brigand's item, on every client.
    expect(bruno.actor('Brigand').items.get(dagger).system.drawn).toBe(true);
    await declare(alice, ids['Aventurière arbalétrière']!, {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': bow,
      'intents.0.targetId': ids.Brigand!,
    });
    await declare(bruno, ids.Bretteur!, { 'intents.0.kind': 'parry', 'intents.0.weaponId': sword });
    await declare(gm, ids.Brigand!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': dagger,
      'intents.0.targetId': ids.Bretteur!,
    });
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    table.dice.push([100, 90]);
    await alice.click('[data-action="pdaAttack"]', alice.tracker);
    await alice.answerDialog({});
    expect(alice.warnings).toEqual([]);
    expect(text(alice.lastMessage())).toContain('Attaque 90 / 60 %');
    // A miss asks nothing more: her slot closed itself (issue 46).
  });

  it('F-D2 round 2, pass 2: the brigand stabs Bruno, who parries with his sword (F-D4 shield +10 %)', async () => {
    // Bruno's parry slot comes first; he ends it, then the GM plays the brigand's attack.
    while (!text(gm.tracker).includes('Attaquer au contact En cours')) {
      const end = gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
      if (!end) break;
      await gm.click(end);
    }
    await gm.target('Bretteur');
    table.dice.push([100, 10]);
    await gm.click('li.active [data-action="pdaAttack"]', gm.tracker);
    await gm.answerDialog({});
    expect(alice.buttons(alice.lastMessage())).toEqual([]);
    const parry = bruno.buttons(bruno.lastMessage()).find((b) => b.label.startsWith('Parer'));
    expect(parry?.enabled).toBe(true);
    table.dice.push([100, 15]);
    await bruno.press('Parer');
    expect(text(gm.lastMessage())).toMatch(
      /Défense 15 \/ 75 % Réussite Parade \(Épée fantasque\) 65 % F-D2 Bouclier \+10 % F-D4/,
    );
    expect(text(alice.lastMessage())).toContain('Le coup est paré.');
    expect(bruno.actor('Bretteur').system.pv.value).toBe(12);
    expect(table.errors()).toEqual([]);
  });
});
