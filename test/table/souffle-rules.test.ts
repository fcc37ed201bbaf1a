/** Souffle rules met at the table from the sheet and the cards (S-R1, S-AT1, S-AT4, S-A3, S-A4, S-DF2, S-ST1). */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { declineForcing } from './souffle-forcing';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

async function duel() {
  const table = await Table.open({ ruleset: 'souffle' });
  const alice = table.seat('Alice');
  const bruno = table.seat('Bruno');
  await table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await table.placeToken(WARRIOR, 1, 1);
  await table.placeToken('Chasseur', 2, 1);
  await alice.target('Chasseur');
  await bruno.target(WARRIOR);
  const strike = async (values: Record<string, string | number>, dice: [number, number][]) => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push(...dice);
    await alice.answerDialog(values);
    return text(alice.lastMessage());
  };
  const shoot = async (values: Record<string, string | number>, dice: [number, number][]) => {
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    table.dice.push(...dice);
    await bruno.answerDialog(values);
    return text(bruno.lastMessage());
  };
  return { table, alice, bruno, strike, shoot };
}

describe('Souffle rules from the sheet', () => {
  it('S-AT1 a melee blow takes geste or vigueur with the métier: geste 2 gives +7 where vigueur 3 gave +8', async () => {
    const { strike } = await duel();
    const card = await strike({ characteristic: 'geste' }, [
      [8, 6],
      [12, 2],
    ]);
    expect(card).toContain("Niveau d'avantage +7");
    expect(card).toContain('le meilleur de 1d8 et 1d12 : [6], 2');
    expect(card).toContain('Geste 2');
    expect(card).toContain('Dégâts potentiels 9');
  });

  it('S-AT4 a shot adds geste or acuité and the métier to the die: geste 3 gives 5 + 3 + 3 = 11', async () => {
    const { shoot } = await duel();
    const card = await shoot({ characteristic: 'geste' }, [[10, 5]]);
    expect(card).toContain('Geste 3');
    expect(card).toContain('Dégâts potentiels 11');
  });

  it('S-A4 a context level typed in the dialog raises the attack: +8 and +1 = +9 (2d12 keep best)', async () => {
    const { strike } = await duel();
    const card = await strike({ characteristic: 'vigueur', context: 1 }, [
      [12, 4],
      [12, 9],
    ]);
    expect(card).toContain("Niveau d'avantage +9");
    expect(card).toContain('Dégâts potentiels 12');
  });

  it('S-A3 equipment from the compendium: an axe dragged on the sheet and held strikes with its +3 damage', async () => {
    const { table, bruno } = await duel();
    const hunter = bruno.actor('Chasseur');
    await bruno.dragOnto(hunter, table.packUuid('souffle-equipement', 'Hache'));
    const axe = hunter.items.getName('Hache').id;
    const sheet = await bruno.openSheet(hunter);
    await bruno.click(
      sheet.querySelector(`[data-item-id="${axe}"] [data-action="toggleItem"][data-field="equipped"]`)!,
    );
    expect(hunter.items.getName('Hache').system.equipped).toBe(true);
    const fresh = await bruno.openSheet(hunter);
    await bruno.click(fresh.querySelector(`[data-item-id="${axe}"] [data-action="attack"]`)!);
    // geste 3 + métier 3, the axe adds no level: +6 → 2d10 keep best.
    table.dice.push([10, 3], [10, 6]);
    await bruno.answerDialog({ characteristic: 'geste' });
    const card = text(bruno.lastMessage());
    expect(card).toContain("Niveau d'avantage +6");
    expect(card).toContain("Bonus d'arme +3");
    expect(card).toContain('Dégâts potentiels 9');
  });

  it('S-DF2 armour worn from the sheet gives the defence its level: studded leather +1, one d10', async () => {
    const { table, alice, bruno, strike } = await duel();
    const hunter = bruno.actor('Chasseur');
    await bruno.dragOnto(hunter, table.packUuid('souffle-equipement', 'Cuir clouté'));
    const armour = hunter.items.getName('Cuir clouté').id;
    const sheet = await bruno.openSheet(hunter);
    await bruno.click(
      sheet.querySelector(`[data-item-id="${armour}"] [data-action="toggleItem"][data-field="worn"]`)!,
    );
    await strike({ characteristic: 'vigueur' }, [
      [10, 1],
      [12, 7],
    ]);
    table.dice.push([10, 6]);
    await declineForcing(table);
    await bruno.press('Esquiver');
    const card = text(alice.lastMessage());
    expect(card).toMatch(/Niveau d'avantage \+1/);
    expect(card).toContain('Armure +1');
    expect(card).toContain('10 − 6 − 3 − 2 = 0');
  });

  it('S-ST1 a state ticked on the sheet counts: "sans défense" leaves the hunter no defence roll', async () => {
    const { table, alice, bruno, strike } = await duel();
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector('[data-action="toggleState"][data-state="sansDefense"]')!);
    expect(bruno.actor('Chasseur').statuses.has('sansDefense')).toBe(true);
    await strike({ characteristic: 'vigueur' }, [
      [10, 1],
      [12, 7],
    ]);
    const rolled = table.dice.rolled.length;
    await declineForcing(table);
    await bruno.press('Aucun jet de défense');
    expect(table.dice.rolled.length).toBe(rolled);
    const card = text(alice.lastMessage());
    expect(card).toContain('Aucun jet de défense');
    expect(card).toContain('10 − 0 − 3 − 2 = 5');
  });

  it('S-R1 a round runs initiative, postures, then actions; an attack goes attack, defence, damage', async () => {
    const { table, alice, bruno, strike } = await duel();
    const { gm } = table;
    await table.startEncounter(WARRIOR, 'Chasseur');
    for (const s of [gm, alice, bruno]) await s.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    expect(text(gm.tracker)).toContain('Round 1 Choix des postures');
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'prudent');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(text(gm.tracker)).toContain('Round 1 Actions');
    const card = await strike({ characteristic: 'vigueur' }, [
      [10, 1],
      [12, 7],
    ]);
    expect(card).toContain('Dégâts potentiels 10');
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await bruno.press('Parer');
    await gm.press('Appliquer');
    expect(text(alice.lastMessage())).toContain('Chasseur perd 2 souffle et 0 PV.');
    expect(table.errors()).toEqual([]);
  });
});
