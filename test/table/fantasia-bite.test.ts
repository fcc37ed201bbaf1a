/**
 * The central effect of each rule, played where a weak test only touched its edge (issue 23):
 * a hit's damage rolled and applied (F-H2), no damage bonus on a missile hit (F-H4), an
 * undeclared dodge refused (F-D1), Lutte's immobilise and throw (F-U3), the knock-out's outcome
 * (F-U4), the thrust named only at resolution (F-B2), mastery played (F-B6), a spell placed by INT
 * in pass 2 (F-R7).
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
  type FantasiaTable,
} from './fantasia-table';

const ARCHER = 'Aventurière arbalétrière';
const card = (t: FantasiaTable): string => text(t.gm.lastMessage());

/** Bruno (Bretteur) against the GM's Brigand in a tracked fight: Bruno declares `kind` with `weapon`. */
async function brawl(kind: string, weapon: string, brigand = 'other'): Promise<FantasiaTable> {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
  await startFight(t, ['Bretteur', 'Brigand']);
  await declare(t.bruno, t.ids.Bretteur!, {
    'intents.0.kind': kind,
    'intents.0.weaponId': weapon,
    'intents.0.targetId': t.ids.Brigand!,
  });
  // A parry with no weapon named: the form starts with the weapon in hand (issue 46).
  await declare(t.gm, t.ids.Brigand!, {
    'intents.0.kind': brigand,
    ...(brigand === 'parry' ? { 'intents.0.weaponId': '' } : {}),
  });
  await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
  return t;
}

describe('hits and damage', () => {
  it('F-H2 a bolt that hits rolls 2d4+2 (3 and 4: 9), the brigand’s leather takes 2, and Appliquer takes 7 PV', async () => {
    const t = await fantasiaTable([{ entry: ARCHER, owner: 'Alice' }, { entry: 'Brigand' }]);
    const crossbow = itemId(t.alice, ARCHER, 'Arbalète');
    t.table.dice.push([100, 20]);
    await attackFromSheet(t.alice, ARCHER, crossbow, 'Brigand');
    t.table.dice.push([4, 3], [4, 4]);
    await t.gm.press('Ne rien faire');
    expect(card(t)).toMatch(/Arme 2d4\+2 \[3, 4\] = 9 F-H2 Armure -2 F-H3 Dommages subis 7/);
    expect(t.gm.actor('Brigand').system.pv.value).toBe(12);
    await t.gm.press('Appliquer');
    expect(t.alice.actor('Brigand').system.pv.value).toBe(5);
  });

  it('F-H4 the chief (FOR 15, TAI 14: +1d4) adds his bonus to a sword cut but not to an arrow', async () => {
    const t = await fantasiaTable([{ entry: 'Chef brigand' }, { entry: 'Bretteur', owner: 'Bruno' }]);
    const chef = t.gm.actor('Chef brigand');
    await t.gm.dragOnto(chef, t.table.packUuid('fantasia-armes', 'Arc'));
    const bow = itemId(t.gm, 'Chef brigand', 'Arc');
    const sheet = await t.gm.openSheet(chef);
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${bow}"] [data-field="drawn"]`)!);
    // The arrow: 1d6+1 [5] = 6, no bonus rolled or shown; the Bretteur wears no armour.
    t.table.dice.push([100, 10]);
    await attackFromSheet(t.gm, 'Chef brigand', bow, 'Bretteur');
    t.table.dice.push([6, 5]);
    await t.bruno.press('Ne rien faire');
    expect(t.table.dice.pending).toBe(0);
    expect(card(t)).toContain('Dommages subis 6');
    expect(card(t)).not.toContain('Bonus aux dommages');
    await t.gm.press('Appliquer');
    expect(t.bruno.actor('Bretteur').system.pv.value).toBe(6);
    // The sword cut adds it: 1d6+1 [2] = 3, + 1d4 [4].
    const sword = itemId(t.gm, 'Chef brigand', 'Épée courte');
    const again = await t.gm.openSheet(t.gm.actor('Chef brigand'));
    await t.gm.click(again.querySelector(`tr[data-weapon-id="${sword}"] [data-field="drawn"]`)!);
    t.table.dice.push([100, 10]);
    await attackFromSheet(t.gm, 'Chef brigand', sword, 'Bretteur');
    t.table.dice.push([6, 2], [4, 4]);
    await t.bruno.press('Ne rien faire');
    expect(card(t)).toMatch(/Bonus aux dommages 1d4 \[4\] = 4 F-H4/);
    expect(card(t)).toContain('Dommages subis 7');
    expect(t.table.errors()).toEqual([]);
  });
});

describe('dodging', () => {
  it('F-D1 the brigand who declared a parry, not a dodge, may not dodge on the card; the reason says so', async () => {
    const t = await brawl('melee', '', 'parry');
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(offered(t.gm)).toContainEqual(['Esquiver', false]);
    expect(card(t)).toContain('Esquive non annoncée dans les intentions');
    expect(t.gm.buttons().find((b) => b.label.startsWith('Esquiver'))?.enabled).toBe(false);
  });
});

describe('Lutte and the knock-out', () => {
  it('F-U4 a declared Bagarre knock-out: 1d3 [3] + 1d4 [4] = 7 against 12 PV is 25 %; 20 wins: unconscious for CON (11) hours, ⌊7 ÷ 3⌋ = 2 PV lost', async () => {
    const t = await brawl('knockout', 'bagarre');
    t.table.dice.push([100, 20]);
    await attackFromSlot(t.bruno, 'Brigand', { knockOut: true });
    // 1d3 is a d6 halved: 6 gives 3.
    t.table.dice.push([6, 6], [4, 4], [100, 20]);
    await t.gm.press('Ne rien faire');
    expect(card(t)).toContain('25 %');
    if (t.gm.buttons().some((b) => b.label.startsWith('Appliquer') && b.enabled))
      await t.gm.press('Appliquer');
    const brigand = t.alice.actor('Brigand');
    expect(brigand.system.pv.value).toBe(10);
    expect(brigand.system.states.unconscious).toBe(true);
    expect(brigand.system.states.unconsciousHours).toBe(11);
  });

  it('F-U3 Lutte immobilises on FOR 13 against FOR 12 (55 %) and throws down on a plain success', async () => {
    const t = await brawl('melee', 'lutte', 'melee');
    t.table.dice.push([100, 10]);
    await attackFromSheet(t.bruno, 'Bretteur', 'lutte', 'Brigand', { lutte: 'immobilise' });
    // The hold is the FOR/FOR roll, no blow: 50 under 55 %.
    t.table.dice.push([100, 50]);
    await t.gm.press('Ne rien faire');
    expect(card(t)).toContain('55 %');
    expect(card(t)).toContain('La cible est immobilisée');
    if (t.gm.buttons().some((b) => b.label.startsWith('Appliquer') && b.enabled))
      await t.gm.press('Appliquer');
    expect(t.gm.actor('Brigand').system.states.immobilisedBy).not.toBe('');
    // The held brigand cannot strike back.
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings.join(' ')).toContain('Brigand est immobilisé et ne peut pas attaquer.');
    // A throw needs only the Lutte success.
    const u = await brawl('melee', 'lutte');
    u.table.dice.push([100, 15]);
    await attackFromSheet(u.bruno, 'Bretteur', 'lutte', 'Brigand', { lutte: 'throw' });
    await u.gm.press('Ne rien faire');
    expect(u.table.dice.pending).toBe(0);
    expect(card(u)).toContain('La cible est jetée au sol');
    if (u.gm.buttons().some((b) => b.label.startsWith('Appliquer') && b.enabled))
      await u.gm.press('Appliquer');
    expect(u.gm.actor('Brigand').system.states.fallen).toBe(true);
  });
});

describe('secret thrusts', () => {
  it('F-B2 the declaration says only "a blow"; the thrust is named in the attack dialog at resolution and shown on the card then', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand', owner: 'Alice' },
    ]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await t.bruno.click(`[data-action="pdaDeclare"][data-combatant-id="${t.ids.Bretteur}"]`, t.bruno.tracker);
    // The declaration has no field for a thrust.
    expect(t.bruno.dialog().querySelector('[name*="thrust" i]')).toBeNull();
    await t.bruno.answerDialog({
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await declare(t.alice, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    expect(text(t.alice.tracker)).not.toContain('Étranglement');
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    t.table.dice.push([100, 40]);
    await attackFromSlot(t.bruno, 'Brigand', { thrustId: 'etranglement' });
    expect(text(t.alice.lastMessage())).toContain('Botte annoncée : Étranglement.');
    // 65 − 5.
    expect(text(t.alice.lastMessage())).toMatch(/Attaque 40 \/ 60 % Réussite/);
  });

  it('F-B6 the fifth cross of Étranglement (−5 %) makes Bruno its master: his next one rolls at 65, the guard still parries at −5', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand' },
      { entry: 'Garde de la porte' },
    ]);
    const botte = t.gm.actor('Bretteur').items.getName('Étranglement');
    await botte.update({ 'system.crosses': 4 });
    await t.table.settle();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'etranglement' });
    expect(card(t)).toMatch(/Attaque 30 \/ 60 % Réussite/);
    t.table.dice.push([6, 3], [4, 1]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(t.bruno.actor('Bretteur').items.getName('Étranglement').system.crosses).toBe(5);
    // Mastered: no malus for him; the guard's parry keeps it (50 + shield 10 − 5 = 55: 57 fails).
    t.table.dice.push([100, 63]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Garde de la porte', { thrustId: 'etranglement' });
    expect(card(t)).toMatch(/Attaque 63 \/ 65 % Réussite/);
    t.table.dice.push([100, 57]);
    await t.gm.press('Parer');
    expect(card(t)).toMatch(/Défense 57 \/ 55 % Échec/);
  });
});

describe('casting', () => {
  it('F-R7 a spell is cast in pass 2 by INT: the archer (DEX 17, INT 13) casts after the Bretteur (DEX 15) strikes, though her DEX comes first', async () => {
    const t = await fantasiaTable([
      { entry: ARCHER, owner: 'Alice' },
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand' },
    ]);
    await startFight(t, [ARCHER, 'Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.alice, t.ids[ARCHER]!, { 'intents.0.kind': 'cast', 'intents.0.note': 'Boule de feu' });
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'other' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    const slots = [...t.gm.tracker.querySelectorAll<HTMLElement>('li[data-slot-id]')].map((li) => text(li));
    const strike = slots.findIndex((s) => s.includes('Bretteur') && s.includes('Attaquer'));
    const cast = slots.findIndex((s) => s.includes(ARCHER) && s.includes('sort'));
    expect(strike).toBeGreaterThanOrEqual(0);
    expect(cast).toBeGreaterThan(strike);
    // Placed by her INT (13), not her DEX (17), among the pass-2 slots.
    expect(slots[cast]).toMatch(/^13 /);
    expect(slots[strike]).toMatch(/^15 /);
    expect(text(t.gm.tracker)).toMatch(/2e passe.*15 Bretteur.*13 Aventurière arbalétrière Lancer un sort/);
  });
});
