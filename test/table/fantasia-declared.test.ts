/**
 * What was declared binds during the passes (F-R5, F-D1), for PNJ and Aventuriers alike, from
 * every entry point: the sheet's weapon button, a hotbar macro, the tracker's slot.
 */
import { describe, expect, it } from 'vitest';
import { attackFromSheet, declare, fantasiaTable, itemId, startFight, text } from './fantasia-table';

describe('declarations bind in the passes', () => {
  it('F-R5 a brigand who declared only "Autre" cannot strike from his sheet nor from a macro; the Bretteur who declared a blow can', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${dagger}"] [data-field="drawn"]`)!);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await declare(t.gm, t.ids.Brigand!, {
      'intents.0.kind': 'other',
      publicText: 'Il regarde autour de lui',
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    const cards = t.gm.messages().length;
    await attackFromSheet(t.gm, 'Brigand', dagger, 'Bretteur');
    expect(t.gm.warnings.join(' ')).toContain("Brigand n'a pas déclaré d'attaque ce round");
    // A hotbar macro of the same weapon goes the same way.
    const uuid = t.gm.actor('Brigand').items.get(dagger).uuid;
    const used = t.gm.game.passeDArmes.fantasia.useWeaponByUuid(uuid);
    await t.table.settle();
    if (t.gm.dialogs().length) await t.gm.answerDialog({});
    await used;
    await t.table.settle();
    expect(t.gm.warnings.filter((w) => w.includes("n'a pas déclaré d'attaque")).length).toBe(2);
    expect(t.gm.messages().length).toBe(cards);
    // The Bretteur declared his blow: from his sheet it goes.
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.gm.lastMessage())).toContain('Attaque 30 / 65 %');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R5 an Aventurier who declared a move cannot shoot from the sheet in the passes', async () => {
    const who = 'Aventurière arbalétrière';
    const t = await fantasiaTable([{ entry: who, owner: 'Alice' }, { entry: 'Brigand' }]);
    await startFight(t, [who, 'Brigand']);
    await declare(t.alice, t.ids[who]!, { 'intents.0.kind': 'move' });
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'other' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    const bolt = itemId(t.alice, who, 'Arbalète');
    const cards = t.gm.messages().length;
    await attackFromSheet(t.alice, who, bolt, 'Brigand');
    expect(t.alice.warnings.join(' ')).toContain(`${who} n'a pas déclaré d'attaque ce round`);
    expect(t.gm.messages().length).toBe(cards);
    expect(t.gm.actor(who).items.get(bolt).system.loaded).toBe(true);
  });
});

describe('messages that name a weapon', () => {
  it("F-R8 a bow not in hand and a sheathed dagger are named in words that fit either: « Arc : l'arme n'est pas en main »", async () => {
    const t = await fantasiaTable([
      { entry: 'Brigand', owner: 'Alice' },
      { entry: 'Bretteur', owner: 'Bruno' },
    ]);
    await startFight(t, ['Brigand', 'Bretteur']);
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    const bow = itemId(t.alice, 'Brigand', 'Arc');
    await declare(t.alice, t.ids.Brigand!, {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': bow,
      'intents.0.targetId': t.ids.Bretteur!,
    });
    expect(t.alice.warnings.join(' ')).toContain(
      "Arc : l'arme n'est pas en main ; dégainez-la d'abord (3e passe).",
    );
    expect(t.alice.warnings.join(' ')).not.toMatch(/Arc n'est pas/);
    const dagger = itemId(t.alice, 'Brigand', 'Dague');
    await attackFromSheet(t.alice, 'Brigand', dagger, 'Bretteur');
    expect(t.alice.warnings.join(' ')).toContain("Dague : l'arme n'est pas dégainée.");
  });
});
