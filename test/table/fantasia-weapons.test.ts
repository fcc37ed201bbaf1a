/** Fantasia weapons, unarmed fighting and fumbles at the table (F-W*, F-U*, F-H6–F-H9, F-M1). */
import { describe, expect, it } from 'vitest';
import { attackFromSheet, fantasiaTable, itemId, offered, text } from './fantasia-table';

const skillOf = (sheet: HTMLElement, label: string): string => {
  const m = new RegExp(`${label} \\(lancer le dé\\) (\\d+)%`).exec(text(sheet));
  return m?.[1] ?? '';
};

describe('a fresh Aventurier sheet', () => {
  it('F-W1 F-W3 F-W4 shows each combat skill at its base; F-M1 a human moves 8', async () => {
    const t = await fantasiaTable([]);
    await t.table.createActor({ name: 'Nouvelle', type: 'aventurier' }, 'Alice');
    const sheet = await t.alice.openSheet(t.alice.actor('Nouvelle'));
    expect(skillOf(sheet, 'Armes de mêlée')).toBe('25');
    expect(skillOf(sheet, "Armes d'hast")).toBe('20');
    expect(skillOf(sheet, 'Armes de lancer')).toBe('20');
    expect(skillOf(sheet, 'Armes de tir')).toBe('15');
    expect(skillOf(sheet, 'Armes à feu')).toBe('5');
    expect(skillOf(sheet, 'Bagarre')).toBe('50');
    expect(skillOf(sheet, 'Lutte')).toBe('20');
    expect(sheet.querySelector<HTMLInputElement>('input[name="system.mouvement"]')?.value).toBe('8');
  });

  it('F-W7 a weapon dragged from the compendium shows its dice, skill, hands and range', async () => {
    const t = await fantasiaTable([]);
    await t.table.createActor({ name: 'Nouvelle', type: 'aventurier' }, 'Alice');
    const actor = t.alice.actor('Nouvelle');
    await t.alice.dragOnto(actor, t.table.packUuid('fantasia-armes', 'Arbalète'));
    const bolt = actor.items.getName('Arbalète');
    const sheet = await t.alice.openSheet(bolt);
    const field = (name: string) =>
      sheet.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
    expect(field('system.damage')).toBe('2d4+2');
    expect(field('system.skill')).toBe('armesDeTir');
    expect(field('system.hands')).toBe('2');
    expect(field('system.range')).toBe('30');
  });
});

describe('unarmed blows', () => {
  it('F-U1 Bagarre deals 1d3 plus the damage bonus', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Garde de la porte' }]);
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', 'bagarre', 'Garde de la porte');
    // The d3 is a halved d6 (5 → 3); the damage bonus 1d4 → 2; mail takes 5 (none get through).
    t.table.dice.push([6, 5], [4, 2]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toMatch(/Arme 1d3 \[3\] = 3 F-H2 Bonus aux dommages 1d4 \[2\] = 2 F-H4/);
  });

  it('F-U2 Lutte deals 2d3, each a halved d6', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    t.table.dice.push([100, 10]);
    await attackFromSheet(t.bruno, 'Bretteur', 'lutte', 'Brigand');
    t.table.dice.push([6, 1], [6, 6], [4, 1]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toMatch(/Arme 2d3 \[1, 3\] = 4/);
  });
});

describe('fumbles', () => {
  it("F-H6 a melee fumble gives the GM the seed's three outcomes; lost balance fails DEX×3 and fells the attacker", async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 99]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(offered(t.bruno)).toEqual([]);
    expect(offered(t.gm).map(([l]) => l.replace(/ F-H\d/, ''))).toEqual([
      "L'arme se brise",
      "Perte d'équilibre (DEX×3 ou chute, pas d'attaque au round suivant)",
      'Touche un allié',
    ]);
    t.table.dice.push([100, 60]);
    await t.gm.press('Perte');
    expect(text(t.bruno.lastMessage())).toContain('60 / 45 % Échec');
    const bretteur = t.bruno.actor('Bretteur');
    expect([bretteur.system.states.fallen, bretteur.statuses.has('skipNextAttack')]).toEqual([true, true]);
  });

  it('F-H7 a crossbow fumble: the GM may jam the mechanism', async () => {
    const t = await fantasiaTable([
      { entry: 'Aventurière arbalétrière', owner: 'Alice' },
      { entry: 'Brigand' },
    ]);
    const bolt = itemId(t.alice, 'Aventurière arbalétrière', 'Arbalète');
    t.table.dice.push([100, 98]);
    await attackFromSheet(t.alice, 'Aventurière arbalétrière', bolt, 'Brigand');
    expect(offered(t.gm).map(([l]) => l.replace(/ F-H\d/, ''))).toEqual([
      'Touche un allié',
      'Mécanisme enrayé (Bricolage, 1 à 2 rounds)',
    ]);
    await t.gm.press('Mécanisme');
    const jam = t.alice.actor('Aventurière arbalétrière').effects.contents[0];
    expect([[...jam.statuses], jam.flags['passe-d-armes'].timed.weaponId]).toEqual([['jammed'], bolt]);
  });

  it('F-H9 the GM widens the fumble range in the settings and a 92 becomes a fumble', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    // A player cannot change a world setting; the GM's change reaches every client.
    await expect(
      t.bruno.game.settings.set('passe-d-armes', 'fantasiaFumbleRange', '50-00'),
    ).rejects.toThrow();
    await t.gm.game.settings.set('passe-d-armes', 'fantasiaFumbleRange', '91-00');
    expect(t.bruno.game.settings.get('passe-d-armes', 'fantasiaFumbleRange')).toBe('91-00');
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 92]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.bruno.lastMessage())).toContain('Attaque 92 / 65 % Maladresse');
  });
});

describe('the whip', () => {
  it('F-W2 a lash that lands wraps the foe and then trips them (FOR vs TAI on the resistance table)', async () => {
    const t = await fantasiaTable([{ entry: 'Chef brigand' }, { entry: 'Bretteur', owner: 'Bruno' }]);
    const whip = itemId(t.gm, 'Chef brigand', 'Fouet');
    const sheet = await t.gm.openSheet(t.gm.actor('Chef brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${whip}"] [data-field="drawn"]`)!);
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.gm, 'Chef brigand', whip, 'Bretteur', { whip: 'trip' });
    // The lash: 1d3 (a halved d6) and the chief's damage bonus 1d4, then the trip roll.
    t.table.dice.push([6, 2], [4, 1], [100, 20]);
    await t.bruno.press('Ne rien faire');
    // FOR 15 against TAI 12 on the resistance table (F-T1): 65 %.
    expect(text(t.gm.lastMessage())).toMatch(/Fouet 20 \/ 15 vs 12 → 65 % Réussite La cible tombe\. F-W2/);
    await t.gm.press('Appliquer');
    expect(t.bruno.actor('Bretteur').system.states.fallen).toBe(true);
  });
});

describe('a brawling fumble', () => {
  it('F-H8 a Bagarre fumble gives the GM narrative outcomes to pick; a fall lands on the brawler', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    t.table.dice.push([100, 99]);
    await attackFromSheet(t.bruno, 'Bretteur', 'bagarre', 'Brigand');
    expect(offered(t.bruno)).toEqual([]);
    const choices = offered(t.gm);
    expect(choices.length).toBe(3);
    expect(choices.every(([, on]) => on)).toBe(true);
    await t.gm.press(choices[0]![0]);
    expect(t.bruno.actor('Bretteur').system.states.fallen).toBe(true);
  });
});
