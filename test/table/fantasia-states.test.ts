/**
 * States that end by themselves (issue 13): lost balance (F-H6), a jammed crossbow (F-H7) and a
 * weapon bound by Désarmement (F-B7) are Active Effects carrying a token status, shown on the
 * sheet with their rounds left and ended by the Fantasia round when they run out.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import {
  attackFromSheet,
  declare,
  fantasiaTable,
  itemId,
  finishRound,
  startFight,
  text,
  toOwnSlot,
  type FantasiaTable,
} from './fantasia-table';

/** Everyone dodges, the passes run out, the GM opens the next round from the tracker. */
async function quietRound(t: FantasiaTable, seats: Record<string, Seat>): Promise<void> {
  for (const [name, seat] of Object.entries(seats))
    await declare(seat, t.ids[name]!, { 'intents.0.kind': 'dodge' });
  await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
  while (!text(t.gm.tracker).includes('Tout le monde a agi'))
    await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
  await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
}

const statesBox = async (seat: Seat, actor: string): Promise<string> =>
  text((await seat.openSheet(seat.actor(actor))).querySelector('.pda-states'));

describe('states that end by themselves', () => {
  it('F-H6 lost balance shows on the token and the sheet, bars the next round, and ends after it', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    // Attacks are taken in the fighter's own slot (issue 29).
    await toOwnSlot(t, t.bruno, 'Bretteur', {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    t.table.dice.push([100, 99]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    t.table.dice.push([100, 60]); // 60 against DEX 15 × 3 = 45: he falls too
    await t.gm.press('Perte');
    // One effect carries the status: every client's actor has it, the sheet shows it with its length.
    for (const seat of [t.gm, t.alice, t.bruno])
      expect(seat.actor('Bretteur').statuses.has('skipNextAttack')).toBe(true);
    const effect = t.gm.actor('Bretteur').effects.contents[0];
    expect(effect.duration).toMatchObject({ rounds: 2, startRound: 1 });
    expect(await statesBox(t.bruno, 'Bretteur')).toContain(
      "Déséquilibré (pas d'attaque) — rounds restants : 2",
    );
    expect(t.bruno.actor('Bretteur').system.states).not.toHaveProperty('skipNextAttack');

    await finishRound(t);
    // Round 2: still off balance, so the attack is refused on the card.
    expect(t.bruno.actor('Bretteur').statuses.has('skipNextAttack')).toBe(true);
    expect(await statesBox(t.bruno, 'Bretteur')).toContain('— rounds restants : 1');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    expect(t.bruno.warnings.join(' ')).toMatch(/équilibre/i);

    await quietRound(t, { Bretteur: t.bruno, Brigand: t.gm });
    // Round 3: the round ended it everywhere; he attacks again.
    for (const seat of [t.gm, t.bruno]) expect(seat.actor('Bretteur').statuses.size).toBe(0);
    expect(await statesBox(t.bruno, 'Bretteur')).not.toContain('Déséquilibré');
    await toOwnSlot(t, t.bruno, 'Bretteur', {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.bruno.lastMessage())).toMatch(/Attaque 30 \/ 65 % Réussite/);
  });

  it('F-H7 a jammed crossbow is repaired from the sheet by a Bricolage roll and works again once the rounds it takes are over', async () => {
    const t = await fantasiaTable([
      { entry: 'Aventurière arbalétrière', owner: 'Alice' },
      { entry: 'Brigand' },
    ]);
    const who = 'Aventurière arbalétrière';
    await startFight(t, [who, 'Brigand']);
    const bolt = itemId(t.alice, who, 'Arbalète');
    await toOwnSlot(t, t.alice, who, {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': bolt,
      'intents.0.targetId': t.ids.Brigand!,
    });
    t.table.dice.push([100, 98]);
    await attackFromSheet(t.alice, who, bolt, 'Brigand');
    await t.gm.press('Mécanisme');
    expect(t.alice.actor(who).statuses.has('jammed')).toBe(true);
    expect(await statesBox(t.alice, who)).toContain('Arme enrayée (Arbalète)');

    // A failed Bricolage roll changes nothing; the button stays.
    let sheet = await t.alice.openSheet(t.alice.actor(who));
    t.table.dice.push([100, 90]);
    await t.alice.click(sheet.querySelector('[data-action="repairWeapon"]')!);
    expect(text(t.alice.lastMessage())).toMatch(/Bricolage 90/);
    expect(t.gm.actor(who).effects.contents[0].duration.rounds ?? null).toBeNull();

    // A success: the repair takes 1d2 rounds (here 1).
    sheet = await t.alice.openSheet(t.alice.actor(who));
    t.table.dice.push([100, 10], [2, 1]);
    await t.alice.click(sheet.querySelector('[data-action="repairWeapon"]')!);
    expect(text(t.alice.lastMessage())).toContain("l'arme servira de nouveau dans 1 round");
    expect(await statesBox(t.alice, who)).toContain('Arme enrayée (Arbalète) — rounds restants : 1');
    sheet = await t.alice.openSheet(t.alice.actor(who));
    expect(sheet.querySelector('[data-action="repairWeapon"]')).toBeNull();

    await finishRound(t);
    expect(t.gm.actor(who).statuses.has('jammed')).toBe(false);
    expect(await statesBox(t.alice, who)).not.toContain('enrayée');
  });

  it("F-B7 Désarmement binds the foe's weapon for the round; the next round frees it", async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const gmSheet = await t.gm.openSheet(t.gm.actor('Brigand'));
    await t.gm.click(gmSheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await toOwnSlot(
      t,
      t.bruno,
      'Bretteur',
      { 'intents.0.kind': 'melee', 'intents.0.weaponId': sword, 'intents.0.targetId': t.ids.Brigand! },
      () =>
        declare(t.gm, t.ids.Brigand!, {
          'intents.0.kind': 'melee',
          'intents.0.weaponId': dagger,
          'intents.0.targetId': t.ids.Bretteur!,
        }),
    );
    t.table.dice.push([100, 20]); // 20 against 65 − 10
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'desarmement' });
    t.table.dice.push([6, 2], [4, 1]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    const brigand = t.gm.actor('Brigand');
    expect(brigand.statuses.has('weaponBound')).toBe(true);
    expect(brigand.effects.contents[0].duration).toMatchObject({ rounds: 1, startRound: 1 });
    expect(await statesBox(t.gm, 'Brigand')).toContain('Arme liée (Dague) — rounds restants : 1');
    // The bound dagger cannot strike this round.
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings.join(' ')).toMatch(/Dague/);

    await finishRound(t);
    expect(t.gm.actor('Brigand').statuses.has('weaponBound')).toBe(false);
    expect(await statesBox(t.gm, 'Brigand')).not.toContain('Arme liée');
  });
});
