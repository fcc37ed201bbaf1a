/**
 * Issue 29: Souffle has the entry points of the other rulesets (an attack button on the slot in
 * the tracker, a labelled attack button on the sheet's weapon row), and an attack before the
 * postures or outside the fighter's slot is refused from each of them and from a hand-written
 * request to the GM, saying when the turn comes; nothing is posted, nothing is spent. Then one
 * player attack from the posture to the applied damage is counted: at most 5 actions for the
 * player, 3 for the GM.
 */
import { describe, expect, it } from 'vitest';
import { Counter } from './action-counter';
import { Table, type Seat } from '../harness/table';
import { brigand, souffleRound, text, WARRIOR } from './souffle-table';

const bow = (bruno: Seat): string => bruno.actor('Chasseur').items.getName('Arc court').id;

/** Bruno clicks his bow's labelled attack button on the sheet. */
async function sheetShot(bruno: Seat): Promise<HTMLElement> {
  await bruno.target(WARRIOR);
  const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
  const button = sheet.querySelector<HTMLElement>(`[data-item-id="${bow(bruno)}"] [data-action="attack"]`)!;
  await bruno.click(button);
  return button;
}

/** Bruno's request to open an attack card, written by hand (no client-side check). */
async function rawShot(table: Table, bruno: Seat): Promise<unknown> {
  await bruno.user.update({
    'flags.passe-d-armes.requests.outOfTurn': {
      name: 'souffle.open',
      data: {
        flow: 'souffle.attack',
        actorUuid: bruno.actor('Chasseur').uuid,
        itemId: bow(bruno),
        targets: [{ actorUuid: bruno.actor(WARRIOR).uuid }],
        combatId: bruno.game.combat.id,
        mode: 'public',
        choices: { characteristic: 'acuite', metier: 0, aim: '', context: 0 },
      },
    },
  });
  await table.settle();
  return bruno.user.flags['passe-d-armes'].answers.outOfTurn;
}

describe('Souffle: the attack entry points and out-of-turn attacks', () => {
  it('S-R1 before the postures the hunter’s sheet attack and a raw request are refused: postures first', async () => {
    const { table, gm, bruno } = await souffleRound(null);
    const cards = gm.messages().length;
    const button = await sheetShot(bruno);
    // The weapon row's button says what it does.
    expect(text(button)).toBe('Attaquer');
    expect(button.dataset.tooltip).toBe('Attaquer avec Arc court (une action courte)');
    expect(bruno.dialogs()).toEqual([]);
    expect(bruno.warnings.at(-1)).toBe(
      "Chasseur ne peut pas encore agir : chacun choisit d'abord sa posture. Son tour viendra à l'étape " +
        "des actions, dans l'ordre d'initiative.",
    );
    expect(await rawShot(table, bruno)).toMatchObject({ ok: false, key: 'PDA.Error.SouffleBeforeActions' });
    expect(gm.messages().length).toBe(cards);
    // The prompt names the control of the posture step.
    expect(text(bruno.tracker.querySelector('.pda-round-prompt'))).toContain('« Choisir la posture »');
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 in the warrior’s slot the hunter’s sheet and raw request are refused, his slot has no attack button; in his slot it attacks', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['prudent', 'prudent']);
    expect(text(bruno.tracker.querySelector('.pda-round-prompt'))).toBe(
      `Au tour de ${WARRIOR} : « Attaquer » sur sa ligne, puis « J'ai fini ».`,
    );
    expect(alice.tracker.querySelector('li.active [data-action="pdaAttack"]')).not.toBeNull();
    expect(bruno.tracker.querySelector('[data-action="pdaAttack"]')).toBeNull();
    const cards = gm.messages().length;
    await sheetShot(bruno);
    expect(bruno.dialogs()).toEqual([]);
    expect(bruno.warnings.at(-1)).toBe(
      `Ce n'est pas le tour de Chasseur : c'est au tour de ${WARRIOR}.` +
        " Celui de Chasseur viendra ensuite, dans l'ordre d'initiative ; attaquez alors depuis sa ligne du suivi de combat.",
    );
    expect(await rawShot(table, bruno)).toMatchObject({ ok: false, key: 'PDA.Error.SouffleNotYourTurn' });
    expect(gm.messages().length).toBe(cards);
    expect(text(gm.tracker)).toContain('Chasseur Action courte En attente Prudent ○');
    // The warrior's turn ends; the hunter's slot attacks from the tracker.
    await alice.click('li.active [data-action="pdaEndSlot"]', alice.tracker);
    await bruno.target(WARRIOR);
    await bruno.click('li.active [data-action="pdaAttack"]', bruno.tracker);
    expect(bruno.dialogs()).toHaveLength(1);
    table.dice.push([10, 5]);
    await bruno.answerDialog({}, 'attack');
    expect(gm.messages().length).toBe(cards + 1);
    expect(text(gm.tracker)).toContain('Chasseur Attaque');
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 the sample warrior’s two swords are told apart on the sheet', async () => {
    const { alice } = await souffleRound(null);
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    const names = [...sheet.querySelectorAll('table.weapons [data-action="editItem"]')].map((b) => text(b));
    expect(names).toEqual(['Épée longue', 'Épée longue (main gauche)']);
  });
});

describe('Souffle: one player attack, counted', () => {
  it('S-R1 from the posture to the applied damage: 6 actions for Alice (her forcing choice, issue 46), 3 for the GM, none silent', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const gmSeat = table.gm;
    const aliceSeat = table.seat('Alice');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.createActor(brigand());
    await table.placeToken(WARRIOR, 1, 1);
    const thug = await table.placeToken('Brigand', 2, 1);
    await thug.update({ disposition: -1 });
    await table.startEncounter(WARRIOR, 'Brigand');
    for (const s of [gmSeat, aliceSeat]) await s.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gmSeat.click('[data-action="pdaStartCombat"]', gmSeat.tracker);
    const alice = new Counter(aliceSeat);
    const gm = new Counter(gmSeat);
    await alice.act('choose posture', () => aliceSeat.click('[data-action="pdaDeclare"]', aliceSeat.tracker));
    await alice.act('prudent', () => aliceSeat.answerDialog({}, 'prudent'));
    // The brigand keeps the GM's default posture: the GM moves on to the actions.
    await gm.act('resolve', () =>
      gmSeat.click(
        gmSeat.tracker.querySelector('[data-action="pdaStartPasses"]') ??
          gmSeat.tracker.querySelector('[data-action="pdaForcePasses"]')!,
      ),
    );
    // No token targeted: the slot's attack offers the warrior's foe.
    await alice.act('attack from the slot', () =>
      aliceSeat.click('li.active [data-action="pdaAttack"]', aliceSeat.tracker),
    );
    table.dice.push([10, 1], [12, 7]);
    await alice.act('confirm the attack', () =>
      aliceSeat.answerDialog({ characteristic: 'vigueur' }, 'attack'),
    );
    expect(text(gmSeat.lastMessage())).toContain('Brigand');
    // The action is spent: the slot offers to close itself, and the prompt says so.
    expect(text(aliceSeat.tracker.querySelector('.pda-round-prompt'))).toBe(
      `${WARRIOR} a joué son action : « J'ai fini » sur sa ligne passe au suivant.`,
    );
    expect(aliceSeat.tracker.querySelector('li.active [data-action="pdaEndSlot"]')?.classList).toContain(
      'pda-ready',
    );
    // S-AT2 (issue 46): the brigand's defence waits for Alice's forcing choice.
    await alice.act('does not force', () => aliceSeat.press('Ne pas forcer'));
    table.dice.push([10, 2], [10, 1]);
    await gm.act('the brigand parries', () => gmSeat.press('Parer'));
    const left = () => gmSeat.actor('Brigand').system.souffle.value + gmSeat.actor('Brigand').system.pv.value;
    const before = left();

    await gm.act('apply the damage', () => gmSeat.press('Appliquer'));
    // S-DF3: the 6 points come off the brigand's souffle first.
    expect(left()).toBe(before - 6);
    await alice.act('end the slot', () =>
      aliceSeat.click('li.active [data-action="pdaEndSlot"]', aliceSeat.tracker),
    );
    expect(alice.count).toBeLessThanOrEqual(6);
    expect(gm.count).toBeLessThanOrEqual(3);
    expect(table.errors()).toEqual([]);
  });
});
