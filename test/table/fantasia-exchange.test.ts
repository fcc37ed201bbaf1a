/**
 * The attack exchange's limits at the table (issue 11, issue 13): a knock-out is offered only when
 * it was declared (F-U4), a Lutte hold's escape and squeeze wait for the next round and come once
 * a round (F-U3), a whip's escape once a round (F-W2). The engine's exchange decides each; the
 * people see it on the dialog and the card.
 */
import { describe, expect, it } from 'vitest';
import {
  attackFromSheet,
  declare,
  fantasiaTable,
  offered,
  startFight,
  text,
  type FantasiaTable,
} from './fantasia-table';

/** Bruno (Bretteur) and the GM's Brigand in a tracked fight, Bruno declaring `kind` barehanded. */
async function brawl(kind: string, weaponId: string): Promise<FantasiaTable> {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
  await startFight(t, ['Bretteur', 'Brigand']);
  await declare(t.bruno, t.ids.Bretteur!, {
    'intents.0.kind': kind,
    'intents.0.weaponId': weaponId,
    'intents.0.targetId': t.ids.Brigand!,
  });
  await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'parry', 'intents.0.weaponId': '' });
  await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
  return t;
}

/** Opens the attack dialog from the sheet and returns whether it offers the knock-out box. */
async function dialogOffersKnockOut(t: FantasiaTable, weaponRow: string): Promise<boolean> {
  await t.bruno.target('Brigand');
  const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
  await t.bruno.click(sheet.querySelector(`tr[data-weapon-id="${weaponRow}"] [data-action="useWeapon"]`)!);
  return t.bruno.dialog().querySelector('[name="knockOut"]') !== null;
}

describe('F-U4 the knock-out is offered only when declared', () => {
  it('F-U4 a brawler who declared a plain blow gets no knock-out box; one who declared a knock-out does', async () => {
    const plain = await brawl('melee', 'bagarre');
    expect(await dialogOffersKnockOut(plain, 'bagarre')).toBe(false);
    const declared = await brawl('knockout', 'bagarre');
    expect(await dialogOffersKnockOut(declared, 'bagarre')).toBe(true);
  });

  it('F-U4 the declared knock-out reaches the card; without the declaration the blow is a plain one', async () => {
    const declared = await brawl('knockout', 'bagarre');
    expect(await dialogOffersKnockOut(declared, 'bagarre')).toBe(true);
    declared.table.dice.push([100, 20]);
    await declared.bruno.answerDialog({ knockOut: true });
    expect(text(declared.gm.lastMessage())).toContain("Intention d'assommer.");
    const plain = await brawl('melee', 'bagarre');
    expect(await dialogOffersKnockOut(plain, 'bagarre')).toBe(false);
    plain.table.dice.push([100, 20]);
    await plain.bruno.answerDialog({});
    expect(text(plain.gm.lastMessage())).toContain('Attaque 20 /');
    expect(text(plain.gm.lastMessage())).not.toContain("Intention d'assommer.");
  });
});

/** The GM ends every slot left and starts the next round; everyone declares again. */
async function nextRound(t: FantasiaTable, declareAgain: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const end = t.gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
    if (!end) break;
    await t.gm.click(end);
  }
  await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
  await declareAgain();
  await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
}

/** Each button's label (up to its reason) with whether it is enabled, as `seat` sees the card. */
function states(t: FantasiaTable, seat = t.gm): Record<string, boolean> {
  return Object.fromEntries(offered(seat).map(([label, on]) => [label.replace(/ F-[A-Z]\d+$/, ''), on]));
}

describe('F-U3 a Lutte hold: escape and squeeze from the next round, once each a round', () => {
  it('F-U3 Bruno strangles the brigand; the escape waits for round 2, then comes once a round', async () => {
    const t = await brawl('melee', 'lutte');
    t.table.dice.push([100, 10]);
    await attackFromSheet(t.bruno, 'Bretteur', 'lutte', 'Brigand', { lutte: 'strangle' });
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(t.gm.actor('Brigand').system.states.strangledBy).not.toBe('');
    expect(states(t)).toMatchObject({ 'Se dégager (FOR/FOR)': false, 'Étrangler (un round)': false });
    expect(text(t.gm.lastMessage())).toContain('Possible à partir du round suivant.');
    await nextRound(t, async () => {
      await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'other' });
      await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'other' });
    });
    // Round 2: Bruno squeezes (2d3 from two halved d6: 2 + 1), the brigand tries to break free.
    t.table.dice.push([6, 3], [6, 2]);
    await t.bruno.press('Étrangler (un round)');
    expect(t.gm.actor('Brigand').system.pv.value).toBe(9);
    // The brigand's FOR 12 vs Bruno's FOR 13 at 45 %: 70 fails, the hold stays.
    t.table.dice.push([100, 70]);
    await t.gm.press('Se dégager (FOR/FOR)');
    expect(t.gm.actor('Brigand').system.states.strangledBy).not.toBe('');
    expect(states(t)).toMatchObject({ 'Se dégager (FOR/FOR)': false, 'Étrangler (un round)': false });
    expect(text(t.gm.lastMessage())).toContain('Déjà fait ce round.');
  });
});

describe('F-W2 a whip escape once a round', () => {
  it('F-W2 the wrapped swordsman tries to slip free once in a round; the next round he may again', async () => {
    const t = await fantasiaTable([{ entry: 'Chef brigand' }, { entry: 'Bretteur', owner: 'Bruno' }]);
    const whip = t.gm.actor('Chef brigand').items.getName('Fouet').id as string;
    const sheet = await t.gm.openSheet(t.gm.actor('Chef brigand'));
    await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${whip}"] [data-field="drawn"]`)!);
    await startFight(t, ['Chef brigand', 'Bretteur']);
    const declareBoth = async () => {
      await declare(t.gm, t.ids['Chef brigand']!, {
        'intents.0.kind': 'melee',
        'intents.0.weaponId': whip,
        'intents.0.targetId': t.ids.Bretteur!,
      });
      await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'other' });
    };
    await declareBoth();
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.gm, 'Chef brigand', whip, 'Bretteur', { whip: 'trip' });
    // 1d3 + 1d4, then the trip fails (FOR 15 vs TAI 12, 65 %: 90).
    t.table.dice.push([6, 2], [4, 1], [100, 90]);
    await t.bruno.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(t.bruno.actor('Bretteur').system.states.entangledBy).not.toBe('');
    // DEX 15 vs FOR 15: 50 %; 80 fails.
    t.table.dice.push([100, 80]);
    await t.bruno.press('Se dégager (DEX/FOR)');
    expect(states(t, t.bruno)).toMatchObject({
      'Se dégager (DEX/FOR)': false,
      'Arracher le fouet (FOR/FOR)': false,
    });
    expect(text(t.bruno.lastMessage())).toContain('Déjà fait ce round.');
    await nextRound(t, declareBoth);
    t.table.dice.push([100, 20]);
    await t.bruno.press('Se dégager (DEX/FOR)');
    expect(t.bruno.actor('Bretteur').system.states.entangledBy).toBe('');
  });
});
