/**
 * Issue 29: an attack outside the fighter's slot is refused in Fantasia from every entry point
 * (the sheet's weapon row, a hotbar macro, a hand-written request to the GM), with a message that
 * says when the fighter's turn comes; nothing is posted and nothing is spent. Out of combat the
 * sheet attacks as before. Then one player attack from the declaration to the applied damage is
 * counted: at most 5 actions for the player and 3 for the GM, each of which visibly acts.
 */
import { describe, expect, it } from 'vitest';
import { Counter } from './action-counter';
import {
  attackFromSheet,
  declare,
  fantasiaTable,
  itemId,
  startFight,
  text,
  type FantasiaTable,
} from './fantasia-table';

/** Bruno's Bretteur (DEX 8) and the GM's Brigand (DEX 13, first in the passes). */
async function slowBretteur(): Promise<FantasiaTable> {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
  const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
  await t.bruno.fill('input[name="system.characteristics.DEX"]', 8, sheet);
  await startFight(t, ['Bretteur', 'Brigand']);
  return t;
}

/** Bruno's request to open an attack card, written by hand (no client-side check). */
async function rawAttack(t: FantasiaTable, sword: string): Promise<unknown> {
  const bretteur = t.bruno.actor('Bretteur');
  const brigand = t.bruno.actor('Brigand');
  await t.bruno.user.update({
    'flags.passe-d-armes.requests.outOfTurn': {
      name: 'card.open',
      data: {
        flow: 'fantasia.attack',
        actorUuid: bretteur.uuid,
        itemId: sword,
        targets: [{ actorUuid: brigand.uuid }],
        combatId: t.combat!.id,
        mode: 'public',
        choices: { cover: 0, thrustId: '', knockOut: false, whip: '', lutte: '' },
      },
    },
  });
  await t.table.settle();
  return t.bruno.user.flags['passe-d-armes'].answers.outOfTurn;
}

describe('Fantasia: attacks outside the fighter’s slot', () => {
  it('F-R1 during the declarations the sheet, a macro and a raw request are refused: the turn comes in the passes', async () => {
    const t = await slowBretteur();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    const cards = t.gm.messages().length;
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(t.bruno.dialogs()).toEqual([]);
    expect(t.bruno.warnings.at(-1)).toBe(
      "Bretteur ne peut pas encore attaquer : le round en est à l'étape « Déclarations d'intentions ». " +
        "Son tour viendra ensuite, dans l'ordre d'initiative ; " +
        'attaquez alors depuis sa ligne du suivi de combat.',
    );
    // The weapon's hotbar macro goes the same way.
    const uuid = t.bruno.actor('Bretteur').items.get(sword).uuid;
    await t.bruno.game.passeDArmes.fantasia.useWeaponByUuid(uuid);
    await t.table.settle();
    expect(t.bruno.warnings.filter((w) => w.includes('ne peut pas encore attaquer'))).toHaveLength(2);
    // Past the client: the GM refuses the request itself.
    expect(await rawAttack(t, sword)).toMatchObject({ ok: false, key: 'PDA.Error.Turn.NotYet' });
    expect(t.gm.messages().length).toBe(cards);
    // Nothing was spent: after the brigand (DEX 13), Bruno still declares his blow.
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    expect(text(t.gm.tracker)).toContain('Bretteur');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R7 in the brigand’s pass-2 dodge slot Bruno’s sheet and raw request are refused, naming the brigand and Bruno’s pass; his slot waits, then attacks', async () => {
    const t = await slowBretteur();
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    const active = () => text(t.gm.tracker.querySelector('li.pda-slot.active .pda-name'));
    expect(active()).toBe('Brigand');
    // The prompt names whose turn it is and the control to click.
    expect(text(t.bruno.tracker.querySelector('.pda-round-prompt'))).toBe(
      "Au tour de Brigand : « J'ai fini » sur sa ligne une fois son action jouée.",
    );
    // Bruno's waiting slot offers no attack button.
    expect(t.bruno.tracker.querySelector('[data-action="pdaAttack"]')).toBeNull();
    const cards = t.gm.messages().length;
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(t.bruno.dialogs()).toEqual([]);
    expect(t.bruno.warnings.at(-1)).toBe(
      "Ce n'est pas le tour de Bretteur : c'est au tour de Brigand. Celui de Bretteur viendra pendant " +
        '« 2e passe : mêlée, déplacements, sorts » ; attaquez alors depuis sa ligne du suivi de combat.',
    );
    expect(await rawAttack(t, sword)).toMatchObject({ ok: false, key: 'PDA.Error.Turn.Later' });
    expect(t.gm.messages().length).toBe(cards);
    // The GM plays the brigand's turn and closes it; Bruno's slot is current and attacks.
    await t.gm.click('li.pda-slot.active [data-action="pdaEndSlot"]', t.gm.tracker);
    expect(active()).toBe('Bretteur');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(t.gm.messages().length).toBe(cards + 1);
    expect(text(t.gm.lastMessage())).toContain('Attaque 30 /');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R1 with the world setting “Attacks in the round’s order” off, the sheet attacks during the declarations', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }], {
      attackTurnOrder: false,
    });
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.gm.lastMessage())).toContain('Attaque 30 /');
  });

  it('F-R1 out of combat the sheet attacks as before', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.gm.lastMessage())).toContain('Attaque 30 /');
  });
});

describe('Fantasia: one player attack, counted', () => {
  it('F-R1 from the declaration to the applied damage: 5 actions for Bruno, 3 for the GM, none silent', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const bruno = new Counter(t.bruno);
    const gm = new Counter(t.gm);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    const row = `[data-combatant-id="${t.ids.Bretteur}"]`;
    expect(text(t.bruno.tracker.querySelector('.pda-round-prompt'))).toContain('« Déclarer »');
    await bruno.act('declare', () => t.bruno.click(`[data-action="pdaDeclare"]${row}`, t.bruno.tracker));
    await bruno.act('confirm the declaration', () =>
      t.bruno.answerDialog({
        'intents.0.kind': 'melee',
        'intents.0.weaponId': sword,
        'intents.0.targetId': t.ids.Brigand!,
      }),
    );
    // The brigand's intent is the GM's to give or skip: the GM resolves without it.
    await gm.act('resolve the passes', () =>
      t.gm.click(
        t.gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
          t.gm.tracker.querySelector('[data-action="pdaForcePasses"]')!,
      ),
    );
    expect(text(t.bruno.tracker.querySelector('li.pda-slot.active .pda-name'))).toBe('Bretteur');
    t.table.dice.push([100, 30]);
    await bruno.act('attack from the slot', () =>
      t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker),
    );
    await bruno.act('confirm the attack', () => t.bruno.answerDialog({}));
    expect(text(t.gm.lastMessage())).toContain('Attaque 30 /');
    t.table.dice.push([6, 5], [4, 2]);
    await gm.act('the brigand does not defend', () => t.gm.press('Ne rien faire'));
    const pv = t.gm.actor('Brigand').system.pv.value;
    await gm.act('apply the damage', () => t.gm.press('Appliquer'));
    expect(t.gm.actor('Brigand').system.pv.value).toBeLessThan(pv);
    // The blow applied, the slot closed itself (issue 46): no "J'ai fini".
    expect(text(t.bruno.tracker.querySelector('li.pda-slot.active .pda-name'))).not.toBe('Bretteur');
    expect(bruno.count).toBeLessThanOrEqual(5);
    expect(gm.count).toBeLessThanOrEqual(3);
    expect(t.table.errors()).toEqual([]);
  });
});
