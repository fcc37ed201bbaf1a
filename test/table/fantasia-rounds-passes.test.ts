/**
 * Fantasia over several rounds (issue 45): missiles stay out of the melee pass (F-R9, F-R7), a
 * dodger may still parry (F-D1, F-D2), the unconscious declare nothing (F-U4), the end of a fight
 * (F-R1), a two-handed weapon parries without the shield (F-D4, F-W3), how rough a declaration is
 * (F-R5 ruling and its setting), and undoing a cut while a later one stands (F-H1).
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSheet,
  attackFromSlot,
  cardText,
  declarationRows,
  declare,
  fighter,
  gmClick,
  setItem,
  slotOrder,
  slots,
} from './fantasia-independent-kit';

/** Aline (Bretteur: épée fantasque 65, petit bouclier, Esquive 45) owned by `owner`, and a Garde. */
async function duel(owner = 'Bruno', settings: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'fantasia', settings });
  const aline = await fighter(table, 'Bretteur', 'Aline', {}, owner);
  const garde = await fighter(table, 'Garde de la porte', 'Garde');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Garde', 2, 1);
  return { table, gm: table.gm, player: table.seat(owner), aline, garde };
}

const warned = (seat: { warnings: string[] }) => seat.warnings.join(' ');

describe('missiles keep out of the melee pass', () => {
  it('F-R9 F-R7 Aline declared a sword blow; in her pass-2 slot her javelin is refused in words from the sheet and from a macro, and no card is posted', async () => {
    const { table, gm, player: bruno, aline } = await duel();
    await gm.dragOnto(aline, table.packUuid('fantasia-armes', 'Javelot'));
    await setItem(table, aline, 'Javelot', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    // A javelin is thrown, not swung: declared as a blow it is refused (it would land in pass 2).
    await declare(bruno, 'Aline', [{ kind: 'melee', weapon: 'Javelot', target: 'Garde' }]);
    expect(warned(bruno)).toContain('Javelot ne convient pas à cette action.');
    await declare(bruno, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    await bruno.target('Garde');
    const cards = gm.messages().length;
    await attackFromSheet(bruno, bruno.actor('Aline'), 'Javelot');
    expect(warned(bruno)).toContain("Javelot : une arme de jet ou de tir ne sert qu'en 1re ou 3e passe");
    const uuid = bruno.actor('Aline').items.getName('Javelot').uuid;
    const used = bruno.game.passeDArmes.fantasia.useWeaponByUuid(uuid);
    await table.settle();
    if (bruno.dialogs().length) await bruno.answerDialog({}, 'attack');
    await used;
    await table.settle();
    expect(bruno.warnings.filter((w) => w.includes('1re ou 3e passe')).length).toBe(2);
    expect(gm.messages().length).toBe(cards);
    expect(table.errors()).toEqual([]);
  });
});

describe('a dodger may also parry', () => {
  it('F-D1 F-D2 after a failed dodge (90 > 45) Aline still parries the same blow with her declared parry, and only once', async () => {
    const { table, gm, player: alice } = await duel('Alice');
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'dodge' }, { kind: 'parry', weapon: 'Épée fantasque' }]);
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Aline' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Garde', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(gm, 'Garde');
    table.dice.push([100, 90]);
    await alice.press('Esquiver');
    expect(cardText(gm.lastMessage())).toContain('Esquive ratée');
    const parry = alice.buttons().find((b) => b.label.startsWith('Parer (Épée fantasque)'));
    expect(parry?.enabled).toBe(true);
    expect(parry?.label).toContain('75 %');
    expect(alice.buttons().find((b) => b.label.startsWith('Esquiver'))).toBeUndefined();
    table.dice.push([100, 30]);
    await alice.press('Parer (Épée fantasque)');
    expect(cardText(gm.lastMessage())).toContain('Le coup est paré.');
    expect(gm.actor('Aline').system.pv.value).toBe(12);
    expect(table.errors()).toEqual([]);
  });
});

describe('the unconscious declare nothing', () => {
  it('F-U4 Aline knocked out in round 1 declares nothing in round 2: the form says why, and the passes start without her and give her no slot', async () => {
    const { table, gm, player: alice } = await duel('Alice');
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    // The Garde's club knocked her out (as Appliquer writes it on the card).
    await gm
      .actor('Aline')
      .update({ 'system.states.unconscious': true, 'system.states.unconsciousHours': 12 });
    await table.settle();
    await endAllSlots(table);
    await gmClick(table, 'pdaNextRound');
    await alice.openTracker();
    const button = [...alice.tracker.querySelectorAll<HTMLElement>('.pda-declarations li')]
      .find((li) => li.querySelector('.pda-name')?.textContent?.trim() === 'Aline')
      ?.querySelector<HTMLElement>('[data-action="pdaDeclare"]');
    expect(button).toBeTruthy();
    await alice.click(button!);
    expect(cardText(alice.dialog())).toContain('Aline a perdu connaissance');
    await alice.answerDialog({ 'intents.0.kind': 'melee' });
    expect(warned(alice)).toContain('Aline a perdu connaissance');
    expect(declarationRows(alice).find((r) => r.name === 'Aline')?.declared).toBe(false);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    expect(slotOrder(gm).join(' ')).not.toContain('Aline');
    expect(slotOrder(gm)).toEqual(['2:Garde:Autre action']);
    expect(table.errors()).toEqual([]);
  });
});

/** The GM closes every slot left ("J'ai fini" where offered, else "next"). */
async function endAllSlots(table: Table): Promise<void> {
  const gm = table.gm;
  await gm.openTracker();
  for (let i = 0; i < 30; i++) {
    const current = slots(gm).find((s) => s.status === 'current');
    if (!current) break;
    const end = current.el.querySelector('[data-action="pdaEndSlot"]');
    if (end) await gm.click(end);
    else await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
  }
}

describe('the end of a fight', () => {
  it('F-R1 with the only Aventurier knocked out, the tracker says nobody on her side can fight and offers to end the fight; a new round stays the GM’s choice', async () => {
    const { table, gm, player: alice } = await duel('Alice');
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await gm
      .actor('Aline')
      .update({ 'system.states.unconscious': true, 'system.states.unconsciousHours': 12 });
    await table.settle();
    await endAllSlots(table);
    await gm.openTracker();
    const prompt = gm.tracker.querySelector('.pda-round-prompt')?.textContent ?? '';
    expect(prompt).toContain("Plus aucun Aventurier n'est en état de combattre");
    expect(prompt).toContain('Terminer le combat');
    expect(gm.tracker.querySelector('[data-action="pdaEndCombat"]')).toBeTruthy();
    expect(gm.tracker.querySelector('[data-action="pdaNextRound"]')).toBeTruthy();
    await alice.openTracker();
    expect(alice.tracker.textContent).toContain("Plus aucun Aventurier n'est en état de combattre");
    expect(table.errors()).toEqual([]);
  });
});

describe('a two-handed weapon and the shield', () => {
  it('F-D4 F-W3 the Garde parrying with his two-handed lance gets no shield bonus (Armes d’hast 40), with his sword he does (50 + 10)', async () => {
    const { table, gm, player: alice, garde } = await duel('Alice');
    await setItem(table, garde, 'Lance', { 'system.drawn': true });
    await alice.target('Garde');
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    const lance = gm.buttons().find((b) => b.label.startsWith('Parer (Lance)'));
    const sword = gm.buttons().find((b) => b.label.startsWith('Parer (Épée longue)'));
    expect(lance?.label).toContain('40 %');
    expect(sword?.label).toContain('60 %');
    table.dice.push([100, 45]);
    await gm.press('Parer (Lance)');
    expect(cardText(gm.lastMessage())).not.toContain('Le coup est paré.');
    expect(table.errors()).toEqual([]);
  });
});

/** Aline (Alice) declared a blow at the Brigand; the Garde stands by her too. */
async function melee3(settings: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'fantasia', settings });
  const aline = await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  await fighter(table, 'Brigand', 'Brigand');
  await fighter(table, 'Garde de la porte', 'Garde');
  await table.placeToken('Aline', 2, 2);
  await table.placeToken('Brigand', 3, 2);
  await table.placeToken('Garde', 2, 3);
  await table.startEncounter('Aline', 'Brigand', 'Garde');
  await gmClick(table, 'pdaStartCombat');
  const gm = table.gm;
  const alice = table.seat('Alice');
  await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Brigand' }]);
  await declare(gm, 'Brigand', [{ kind: 'other' }]);
  await declare(gm, 'Garde', [{ kind: 'other' }]);
  await gmClick(table, 'pdaStartPasses');
  await advanceTo(table, 'Aline', 'Attaquer');
  return { table, gm, alice, aline };
}

describe('how rough a declaration is (ruling F-R5)', () => {
  it('F-R5 by default the declared blow at the Brigand may strike the Garde who stepped in: her slot offers him and the card is against him', async () => {
    const { table, gm, alice } = await melee3();
    table.dice.push([100, 10]);
    await attackFromSlot(alice, 'Aline', { target: [gm.actor('Garde').uuid] });
    expect(cardText(gm.lastMessage())).toContain('Garde');
    expect(cardText(gm.lastMessage())).not.toContain('Brigand');
    expect(gm.buttons().some((b) => b.label.startsWith('Parer (Épée longue)'))).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('F-R5 by default the declared action binds: Aline who declared a throw cannot swing her sword in its place', async () => {
    const { table, gm, player: alice, aline } = await duel('Alice');
    await gm.dragOnto(aline, table.packUuid('fantasia-armes', 'Javelot'));
    await setItem(table, aline, 'Javelot', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'throw', weapon: 'Javelot', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Lancer');
    await alice.target('Garde');
    const cards = gm.messages().length;
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(warned(alice)).toContain('Aline a déclaré un lancer, pas un coup au contact');
    expect(gm.messages().length).toBe(cards);
  });

  it('F-R5 with the setting "action and target bind", the slot offers only the Brigand, and a sheet blow with T on the Garde still strikes the declared Brigand', async () => {
    const { table, gm, alice } = await melee3({ fantasiaDeclarationBinds: 'actionAndTarget' });
    await alice.openTracker();
    const slot = slots(alice).find((s) => s.status === 'current' && s.name === 'Aline');
    await alice.click(slot!.el.querySelector('[data-action="pdaAttack"]')!);
    const offered = [...alice.dialog().querySelectorAll<HTMLInputElement>('[name="target"]')].map(
      (i) => i.value,
    );
    expect(offered).toEqual([gm.actor('Brigand').uuid]);
    await alice.answerDialog({}, 'cancel');
    // Issue 46's one targeting rule: the declared foe comes first, whatever T says.
    await alice.target('Garde');
    const cards = gm.messages().length;
    table.dice.push([100, 90]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(gm.messages().length).toBe(cards + 1);
    expect(cardText(gm.lastMessage())).toContain('Brigand');
    expect(cardText(gm.lastMessage())).not.toContain('Garde');
    // The same blow asked from Alice's console at the Garde: the GM's client refuses it in words.
    const aline = alice.actor('Aline');
    const sword = aline.items.find((i: { name: string }) => i.name === 'Épée fantasque');
    const before = gm.messages().length;
    await alice.user.update({
      'flags.passe-d-armes.requests.forged1': {
        name: 'card.open',
        data: {
          flow: 'fantasia.attack',
          actorUuid: aline.uuid,
          itemId: sword.id,
          targets: [{ actorUuid: gm.actor('Garde').uuid }],
          mode: 'public',
          choices: { cover: 0, thrustId: '', knockOut: false, whip: '', lutte: '' },
        },
      },
    });
    await table.settle();
    const answer = alice.user.flags['passe-d-armes']?.answers?.forged1;
    expect(answer?.ok).not.toBe(true);
    expect(JSON.stringify(answer)).toContain('Brigand');
    expect(gm.messages().length).toBe(before);
  });
});

describe('undoing a cut while a later one stands', () => {
  it('F-H1 two cuts on the Garde (6 then 4 PV): the first card’s Annuler gives back its own 6 PV while the later cut stands, then the second gives back its 4', async () => {
    const { table, gm, player: alice } = await duel('Alice');
    await alice.target('Garde');
    // Épée fantasque 1d6+1 and Aline's 1d4 bonus (FOR 13 + TAI 12); the Garde's mail takes 5.
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    table.dice.push([6, 6], [4, 4]);
    await gm.press('Ne rien faire');
    await gm.press('Appliquer');
    const first = gm.lastMessage();
    const start = 13;
    const afterFirst = gm.actor('Garde').system.pv.value;
    expect(afterFirst).toBe(7);
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    table.dice.push([6, 5], [4, 3]);
    await gm.press('Ne rien faire');
    await gm.press('Appliquer');
    const afterSecond = gm.actor('Garde').system.pv.value;
    expect(afterSecond).toBe(3);
    const second = gm.lastMessage();
    const undoFirst = gm.buttons(first).find((b) => b.label === 'Annuler');
    expect(undoFirst?.enabled).toBe(true);
    await gm.click(undoFirst!.el);
    expect(gm.actor('Garde').system.pv.value).toBe(9);
    await gm.press('Annuler', second);
    expect(gm.actor('Garde').system.pv.value).toBe(start);
    expect(table.errors()).toEqual([]);
  });
});
