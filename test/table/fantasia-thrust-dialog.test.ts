/**
 * The attack dialog offers only the secret thrusts this weapon and situation allow, and says why
 * the others are not possible (F-B7, F-B1); a refusal that still comes says in words what is
 * missing, in French and in English, never an internal id.
 */
import { describe, expect, it } from 'vitest';
import { attackFromSheet, declare, fantasiaTable, itemId, startFight, text } from './fantasia-table';
import { learn } from './fantasia-bottes-table';

const ARCHER = 'Aventurière arbalétrière';

describe('the thrusts a swordsman is offered', () => {
  it('F-B7 in a tracked round, without the initiative, Anti-parade is not offered and the dialog says why; a crossbow thrust is not offered with a sword', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: ARCHER, owner: 'Alice' },
    ]);
    await learn(t, 'Bretteur', 'Anti-parade');
    await learn(t, 'Bretteur', "L'Aveugle prescient");
    await learn(t, 'Bretteur', "Ruade S'Raal");
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await startFight(t, ['Bretteur', ARCHER]);
    // DEX 17 acts before 15: the swordsman does not have the initiative over the archer.
    await declare(t.alice, t.ids[ARCHER]!, { 'intents.0.kind': 'other' });
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids[ARCHER]!,
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    // The archer's pass-2 slot first; the GM moves on to the swordsman's (issue 29: an attack is
    // taken in the fighter's own slot).
    await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    expect(text(t.gm.tracker.querySelector('li.pda-slot.active .pda-name'))).toBe('Bretteur');
    await t.bruno.target(ARCHER);
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    await t.bruno.click(sheet.querySelector(`tr[data-weapon-id="${sword}"] [data-action="useWeapon"]`)!);
    const dialog = t.bruno.dialog();
    const options = [...dialog.querySelectorAll<HTMLOptionElement>('[name="thrustId"] option')].map((o) =>
      text(o),
    );
    expect(options).toEqual(['Aucune botte', 'Désarmement (-10 %)', 'Étranglement (-5 %)']);
    const refused = text(dialog.querySelector('.pda-attack-dialog__unavailable'));
    expect(refused).toContain("Anti-parade (-15 %) — il manque : avoir l'initiative");
    expect(refused).toContain("L'Aveugle prescient (-15 %) — pas avec cette arme");
    expect(refused).toContain("Ruade S'Raal (-15 %) — pas avec cette arme");
    expect(refused).not.toMatch(/antiParade|hasInitiative|aveuglePrescient/);
    await t.bruno.answerDialog({}, 'cancel');
    expect(t.table.errors()).toEqual([]);
  });

  it("F-B7 outside a tracked round the initiative is asked; left unticked, Anti-parade is refused in words, in the player's English", async () => {
    const t = await fantasiaTable(
      [{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }],
      {},
      { Bruno: 'en' },
    );
    await learn(t, 'Bretteur', 'Anti-parade');
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    const cards = t.gm.messages().length;
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'antiParade' });
    expect(t.bruno.warnings.join(' ')).toContain(
      'Thrust Parry-breaker not possible; missing: have the initiative.',
    );
    expect(t.gm.messages().length).toBe(cards);
    expect(t.bruno.warnings.join(' ')).not.toMatch(/antiParade|hasInitiative/);
    expect(t.table.errors()).toEqual([]);
  });
});
