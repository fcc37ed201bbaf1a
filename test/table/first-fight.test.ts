/**
 * Issue 27's first evening: the GM imports a ruleset's "first fight" Adventure from its compendium,
 * activates its scene and plays the first attack card to the applied damage using only what the
 * import created (the scene's tokens, the copied fighters, the journal's steps).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { declineForcing } from './souffle-forcing';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function imported(ruleset: 'fantasia' | 'greyhawk' | 'souffle') {
  const table = await Table.open({ ruleset });
  const gm = table.gm;
  const created = await table.importAdventure(`${ruleset}-premier-combat`);
  const scene = created.Scene![0];
  await table.activateScene(scene.name);
  const journal = gm.game.journal.get(scene.journal);
  return { table, gm, created, scene: gm.game.scenes.get(scene.id), journal };
}

/** Every page of the imported journal, enriched as Foundry shows it. */
async function journalLinks(gm: any, journal: any): Promise<string[]> {
  const ids: string[] = [];
  for (const page of journal.pages.contents) {
    const el = await gm.showJournalText(page.text.content);
    ids.push(...[...el.querySelectorAll('a[data-pda-rule]')].map((a: any) => a.dataset.pdaRule));
  }
  return ids;
}

const DREVIN = "Drevin, spécialiste de l'épée longue";

const WARRIOR = "Gardien du Waka'Hata";

const combatantId = (gm: any, name: string): string =>
  gm.game.combat.combatants.find((c: { name: string }) => c.name === name).id;

describe('the first fight, imported in one click', () => {
  it('F-R6 Fantasia: the ambush at the ford imports a scene in metres, four tokens on two sides and a guide; its first bolt is applied', async () => {
    const { table, gm, scene, journal, created } = await imported('fantasia');
    expect(scene.active).toBe(true);
    expect(scene.grid.units).toBe('m');
    expect(created.Actor!.map((a: any) => a.name).sort()).toEqual(
      ['Aventurière arbalétrière', 'Bretteur', 'Brigand', 'Chef brigand'].sort(),
    );
    const sides = scene.tokens.contents.map((t: any) => [t.name, t.disposition, t.actor?.name]);
    expect(sides).toContainEqual(['Bretteur', 1, 'Bretteur']);
    expect(sides).toContainEqual(['Chef brigand', -1, 'Chef brigand']);
    const links = await journalLinks(gm, journal);
    for (const id of ['F-R2', 'F-R5', 'F-R6', 'F-H1', 'F-D2', 'F-H3', 'F-R1']) expect(links).toContain(id);

    // Step 1: start the encounter with the scene's tokens.
    const combat = await table.startEncounter(
      'Aventurière arbalétrière',
      'Bretteur',
      'Brigand',
      'Chef brigand',
    );
    expect(combat.combatants.contents.every((c: any) => c.tokenId)).toBe(true);
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    // Step 2: declarations.
    const crossbow = gm.actor('Aventurière arbalétrière').items.getName('Arbalète').id;
    const sword = gm.actor('Bretteur').items.getName('Épée fantasque').id;
    const declare = async (name: string, values: Record<string, string>) => {
      await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${combatantId(gm, name)}"]`, gm.tracker);
      await gm.answerDialog(values);
    };
    await declare('Aventurière arbalétrière', {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': crossbow,
      'intents.0.targetId': combatantId(gm, 'Chef brigand'),
    });
    await declare('Bretteur', {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': combatantId(gm, 'Brigand'),
    });
    await declare('Brigand', { 'intents.0.kind': 'dodge' });
    await declare('Chef brigand', { 'intents.0.kind': 'dodge' });
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    // Steps 3–4: pass 1, the loaded crossbow shoots at the chief.
    await gm.target('Chef brigand');
    table.dice.push([100, 20]);
    await gm.click('[data-action="pdaAttack"]', gm.tracker);
    if (gm.dialogs().length) await gm.answerDialog({});
    expect(text(gm.lastMessage())).toMatch(/Attaque 20 \/ \d+ %/);
    // Step 5: no defence against a bolt but a shield; step 6: the GM applies the damage.
    // Crossbow 2d4+2 (3 and 4), no damage bonus at range, studded leather 3: 9 − 3 = 6.
    expect(gm.actor('Chef brigand').system.pv.value).toBe(14);
    table.dice.push([4, 3], [4, 4]);
    await gm.press('Ne rien faire');
    expect(text(gm.lastMessage())).toContain('Dommages subis 6');
    await gm.press('Appliquer');
    expect(gm.actor('Chef brigand').system.pv.value).toBe(8);
    expect(table.errors()).toEqual([]);
  });

  it('G-S2 Greyhawk: the orc patrol imports with its guide; the first long-sword blow is applied to the orc', async () => {
    const { table, gm, scene, journal } = await imported('greyhawk');
    expect(scene.tokens.contents.map((t: any) => t.actor?.name).sort()).toEqual(
      ["Drevin, spécialiste de l'épée longue", 'Gnoll', 'Kael, archer spécialiste', 'Orque'].sort(),
    );
    const links = await journalLinks(gm, journal);
    for (const id of ['G-F1', 'G-PA4', 'G-S2', 'G-S3', 'G-PA1']) expect(links).toContain(id);
    await table.startEncounter(DREVIN, 'Kael, archer spécialiste', 'Orque', 'Gnoll');
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await gm.target('Orque');
    const sheet = await gm.openSheet(gm.actor(DREVIN));
    const tab = sheet.querySelector('[data-tab="weapons"]');
    if (tab) await gm.click(tab);
    const row = [...gm.actor(DREVIN).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
      r.textContent?.includes('Épée longue'),
    );
    table.dice.push([20, 15], [8, 1]);
    await gm.click('[data-action="attack"]', row as Element);
    await gm.answerDialog({});
    const card = gm.lastMessage();
    // d20 15 + STR 2 + specialist 1 = 18 hits AC 6; 1d8 1 + STR 3 + specialist 2 = 6.
    expect(text(card)).toContain('Total 18');
    expect(text(card)).toContain('Spécialisation +2 G-S2 Dégâts 6');
    expect(card.querySelector('a[data-pda-rule="G-S2"]')).not.toBeNull();
    expect(gm.actor('Orque').system.hp.value).toBe(6);
    await gm.press('Appliquer', card);
    expect(gm.actor('Orque').system.hp.value).toBe(0);
    expect(table.errors()).toEqual([]);
  });

  it("S-R1 Souffle: the Waka'Hata duel imports with its guide; a round runs postures, then the first blow, the parry and the damage", async () => {
    const { table, gm, scene, journal } = await imported('souffle');
    expect(scene.tokens.contents.map((t: any) => [t.actor?.name, t.disposition])).toEqual([
      [WARRIOR, 1],
      ['Chasseur', -1],
    ]);
    const links = await journalLinks(gm, journal);
    for (const id of ['S-R3', 'S-P1', 'S-AT1', 'S-DF1', 'S-DF3']) expect(links).toContain(id);
    await table.startEncounter(WARRIOR, 'Chasseur');
    await gm.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    expect(text(gm.tracker)).toContain('Round 1 Choix des postures');
    for (const name of [WARRIOR, 'Chasseur']) {
      await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${combatantId(gm, name)}"]`, gm.tracker);
      await gm.answerDialog({}, 'prudent');
    }
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await gm.target('Chasseur');
    const sheet = await gm.openSheet(gm.actor(WARRIOR));
    await gm.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await gm.answerDialog({ characteristic: 'vigueur' });
    expect(text(gm.lastMessage())).toContain('Dégâts potentiels 10');
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await gm.press('Parer');
    const souffle = gm.actor('Chasseur').system.souffle.value;
    await gm.press('Appliquer');
    expect(text(gm.lastMessage())).toContain('Chasseur perd 2 souffle et 0 PV.');
    expect(gm.actor('Chasseur').system.souffle.value).toBe(souffle - 2);
    expect(table.errors()).toEqual([]);
  });
});
