/**
 * Issue 46, point 13: README's "Premier combat", followed word for word. The steps and the button
 * names are read from README.md itself (its numbered steps, the names in bold italics); the GM
 * clicks, on their own screen, the control carrying each name. A renamed button, a missing step
 * or a README that names a button the interface does not show fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** README's numbered steps of a section, each with the button names it writes in bold italics. */
function readmeSteps(heading: string): { text: string; buttons: string[] }[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`README has no section ${heading}`);
  const end = readme.indexOf('\n## ', start + heading.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const steps = section.split(/\n(?=\d+\. )/).filter((s) => /^\d+\. /.test(s));
  return steps.map((s) => {
    const flat = s.replace(/\s+/g, ' ');
    return { text: flat, buttons: [...flat.matchAll(/\*\*\*(.+?)\*\*\*/g)].map((m) => m[1]!) };
  });
}

/** The controls of `root` this person sees carrying `name` (their text, label or accessible name). */
function controlsNamed(root: Element, name: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, [role="button"], a[data-action]')].filter(
    (b) =>
      !b.closest('[hidden]') &&
      [text(b), b.dataset.label ?? '', b.getAttribute('aria-label') ?? ''].some((l) => l.trim() === name),
  );
}

async function clickNamed(seat: Seat, root: Element, name: string): Promise<void> {
  const [control] = controlsNamed(root, name);
  if (!control) throw new Error(`${seat.name} sees no control named “${name}”`);
  await seat.click(control);
}

describe('README, first fight, word for word', () => {
  it('F-R1 the GM follows the French steps through the imported ambush: start, declare, resolve, attack, defend, apply, end, next round', async () => {
    const steps = readmeSteps('## Premier combat');
    expect(steps).toHaveLength(12);
    const step = (n: number) => steps[n - 1]!;
    const names = (n: number) => step(n).buttons;

    // 1. The world's ruleset, with the setting's name as Configure Settings shows it.
    const table = await Table.open({ ruleset: 'fantasia' });
    const gm = table.gm;
    const rulesetSetting = gm.game.settings.settings.get('passe-d-armes.ruleset');
    expect(step(1).text).toContain(`Passe d'armes → ${gm.game.i18n.localize(rulesetSetting.name)}`);
    // 2. The adventure, by its compendium's label.
    const pack = gm.game.packs.get('passe-d-armes.fantasia-premier-combat');
    expect(step(2).text).toContain(`« ${pack.metadata.label} »`);
    const created = await table.importAdventure('fantasia-premier-combat');
    await table.activateScene(created.Scene![0].name);
    // 3. The bestiary named is the ruleset's, and so is the actor type to make from scratch.
    expect(step(3).text).toContain(
      `« ${gm.game.packs.get('passe-d-armes.fantasia-bestiaire').metadata.label} »`,
    );
    expect(step(3).text).toContain(`*${gm.game.i18n.localize('TYPES.Actor.aventurier')}* (Fantasia)`);
    // 6. Target.
    await gm.target('Chef brigand');
    // 7. The encounter, then the tracker's start button.
    const fighters = ['Aventurière arbalétrière', 'Bretteur', 'Brigand', 'Chef brigand'];
    const combat = await table.startEncounter(...fighters);
    await gm.openTracker();
    expect(names(7)).toEqual(['Commencer le combat']);
    await clickNamed(gm, gm.tracker, names(7)[0]!);
    // 8. Each row's declare button.
    const id = (name: string) => combat.combatants.find((c: any) => c.name === name).id;
    const declareButton = (name: string) =>
      controlsNamed(gm.tracker, names(8)[0]!).find((b) => b.dataset.combatantId === id(name));
    const declarations: Record<string, Record<string, string>> = {
      'Aventurière arbalétrière': {
        'intents.0.kind': 'shoot',
        'intents.0.weaponId': gm.actor('Aventurière arbalétrière').items.getName('Arbalète').id,
        'intents.0.targetId': id('Chef brigand'),
      },
      Bretteur: { 'intents.0.kind': 'dodge' },
      Brigand: { 'intents.0.kind': 'dodge' },
      'Chef brigand': { 'intents.0.kind': 'dodge' },
    };
    for (const name of fighters) {
      const button = declareButton(name);
      if (!button) continue; // declared in initiative order: the next row's button comes once this one is done
      await gm.click(button);
      await gm.answerDialog(declarations[name]!);
    }
    for (const name of fighters) {
      const button = declareButton(name);
      if (!button) continue;
      await gm.click(button);
      await gm.answerDialog(declarations[name]!);
    }
    // 9. Resolve the passes.
    expect(names(9)).toEqual(['Résoudre les passes']);
    await clickNamed(gm, gm.tracker, names(9)[0]!);
    // 10. Attack from the current row.
    expect(names(10)[0]).toBe('Attaquer');
    table.dice.push([100, 20]);
    await clickNamed(gm, gm.tracker.querySelector('.pda-slot[data-status="current"]')!, names(10)[0]!);
    if (gm.dialogs().length) await gm.answerDialog({});
    const card = gm.lastMessage();
    expect(text(card)).toMatch(/Attaque 20 \/ \d+ %/);
    // 11. A bolt: no parry or dodge, "Ne rien faire"; then apply the damage.
    const defences = names(11);
    expect(defences).toEqual(
      expect.arrayContaining(['Esquiver', 'Parer', 'Ne rien faire', 'Appliquer les dégâts']),
    );
    table.dice.push([4, 3], [4, 4]);
    await clickNamed(gm, card, 'Ne rien faire');
    await clickNamed(gm, gm.lastMessage(), 'Appliquer les dégâts');
    expect(gm.actor('Chef brigand').system.pv.value).toBe(8);
    // 12. "J'ai fini" on each row whose turn it is, then the next round.
    const [done, nextRound] = names(12);
    expect([done, nextRound]).toEqual(["J'ai fini", 'Round suivant']);
    // Every row of the round ends its turn (the GM may end any), pass after pass.
    for (let i = 0; i < 20; i++) {
      const current = gm.tracker.querySelector('.pda-slot[data-status="current"]');
      if (current && controlsNamed(current, done!).length) await clickNamed(gm, current, done!);
      else if (controlsNamed(gm.tracker, 'Passe suivante').length)
        await clickNamed(gm, gm.tracker, 'Passe suivante');
      else break;
    }
    await clickNamed(gm, gm.tracker, nextRound!);
    expect(gm.game.combats.get(combat.id).round).toBe(2);
    expect(table.errors()).toEqual([]);
  });

  it('F-R1 the English steps name the English buttons: each bold-italic name is a label of the English interface', () => {
    const fr = readmeSteps('## Premier combat');
    const en = readmeSteps('## First fight');
    expect(en).toHaveLength(fr.length);
    const english = JSON.parse(readFileSync(new URL('../../lang/en.json', import.meta.url), 'utf8'));
    const french = JSON.parse(readFileSync(new URL('../../lang/fr.json', import.meta.url), 'utf8'));
    const labels = (tree: unknown, out = new Set<string>()): Set<string> => {
      if (typeof tree === 'string') out.add(tree);
      else if (tree && typeof tree === 'object') for (const v of Object.values(tree)) labels(v, out);
      return out;
    };
    const enLabels = labels(english);
    const frLabels = labels(french);
    // Steps 7 to 12 name the buttons to press.
    for (const s of en.slice(6)) expect(s.buttons.length, s.text).toBeGreaterThan(0);
    for (const s of en) for (const name of s.buttons) expect(enLabels, name).toContain(name);
    for (const s of fr) for (const name of s.buttons) expect(frLabels, name).toContain(name);
    // The same buttons in both languages, step by step.
    expect(en.map((s) => s.buttons.length)).toEqual(fr.map((s) => s.buttons.length));
  });
});
