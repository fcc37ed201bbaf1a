/**
 * A fourth independent reading of seed 003's posture and defence clauses (S-P1..S-P4, S-DF1,
 * S-DF3), played at the table: what a défensif fighter may not start, each posture's defence
 * level, a posture changed at the end of a turn, who still rolls a defence (épuisé, désarmé with a
 * shield, dodging unarmed), a shield against arrows, a state ticked between the blow and the
 * defence, and where the damage goes.
 * Written from the seed, the harness and the table kits only (no system code read).
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  LONG_BOW,
  LONG_SWORD,
  attackFromSheet,
  cardButtons,
  combatantId,
  declarePosture,
  duel,
  sheetAction,
  souffleCards,
  souffleTable,
  text,
  type DuelDefaults,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

const DEFAULTS: DuelDefaults = { weapon: LONG_SWORD, postures: { Aude: 'intrepide', Basile: 'prudent' } };

/** Aude swings her long sword at Basile: one d12 (level 2), damage = die + 3. */
async function audeStrikes(table: Table, d12: number): Promise<HTMLElement> {
  const alice = table.seat('Alice');
  await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [[12, d12]]);
  const card = table.seat('Bruno').lastMessage();
  expect(text(card)).toContain('Aude attaque');
  return card;
}

/** The card as Bruno sees it now (it is re-rendered after each press). */
const brunoCard = (table: Table): HTMLElement => table.seat('Bruno').lastMessage();
const actionCards = (table: Table, what: string): HTMLElement[] =>
  table.gm.messages().filter((m) => text(m).includes(what));

describe('S-P4 the défensif posture: nothing but defence and the basic move', () => {
  it('S-P4 a défensif fighter cannot aim (Viser is an action): no aim card, no aim stored', async () => {
    const table = await duel({}, {}, { Aude: 'defensif' }, DEFAULTS);
    const alice = table.seat('Alice');
    const before = souffleCards(table.gm).length;
    await sheetAction(alice, 'Aude', '[data-action="aim"]');
    if (alice.dialogs().length) await alice.answerDialog({}, 'viser');
    expect(table.seat('Alice').warnings.at(-1)).toContain('Défensif');
    expect(souffleCards(table.gm).length).toBe(before);
    expect(actionCards(table, 'se prépare')).toEqual([]);
    expect(alice.actor('Aude').getFlag('passe-d-armes', 'souffleAim')).toBeFalsy();
  });

  it('S-P4 a défensif fighter cannot grapple', async () => {
    const table = await duel({}, {}, { Aude: 'defensif' }, DEFAULTS);
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="grapple"]');
    expect(table.seat('Alice').warnings.at(-1)).toContain('Défensif');
    expect(actionCards(table, 'tente une prise')).toEqual([]);
    expect(table.gm.actor('Basile').statuses.has('agrippe')).toBe(false);
  });

  it('S-P4 a disarmed défensif fighter cannot pick his weapon up (a short action)', async () => {
    const table = await duel({}, {}, { Aude: 'defensif' }, DEFAULTS);
    await sheetAction(table.gm, 'Aude', '[data-action="toggleState"][data-state="desarme"]');
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="pickUp"]');
    expect(table.seat('Alice').warnings.at(-1)).toContain('Défensif');
    expect(table.gm.actor('Aude').statuses.has('desarme')).toBe(true);
  });

  it('S-P4 a défensif fighter gets no attack from the tracker row either', async () => {
    const table = await duel({}, {}, { Aude: 'defensif' }, DEFAULTS);
    const alice = table.seat('Alice');
    const button = alice.tracker.querySelector<HTMLElement>('[data-action="pdaAttack"]');
    if (button) {
      await alice.click(button);
      if (alice.dialogs().length) await alice.answerDialog({}, 'attack');
    }
    expect(actionCards(table, 'Aude attaque')).toEqual([]);
  });

  it('S-P4 a défensif defender parries at +2 (no shield, no armour: level 2, one d12)', async () => {
    const table = await duel({}, {}, { Basile: 'defensif' }, DEFAULTS);
    await audeStrikes(table, 9);
    table.dice.push([12, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    const card = text(brunoCard(table));
    expect(card).toMatch(/Défense Parer S-DF1 Niveau d'avantage \+2/);
    // 12 − 5 − 2 − 1 = 4.
    expect(card).toContain('12 − 5 − 2 − 1 = 4');
  });

  it('S-P2 an intrépide defender dodges at −2', async () => {
    const table = await duel({}, {}, { Basile: 'intrepide' }, DEFAULTS);
    await audeStrikes(table, 9);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver', brunoCard(table));
    expect(text(brunoCard(table))).toMatch(/Défense Esquiver S-DF1 Niveau d'avantage [−-]2/);
  });
});

describe('S-P2 / S-P3 actions per round', () => {
  it('S-P2 an intrépide fighter strikes twice in her two slots of one round; a third blow is refused', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    const gm = table.gm;
    await audeStrikes(table, 3);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await audeStrikes(table, 4);
    expect(actionCards(table, 'Aude attaque').length).toBe(2);
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue');
    expect(actionCards(table, 'Aude attaque').length).toBe(2);
  });

  it('S-P3 a prudent fighter strikes once a round, and again the next round', async () => {
    const table = await duel({}, {}, { Aude: 'prudent' }, DEFAULTS);
    const gm = table.gm;
    await audeStrikes(table, 3);
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue');
    expect(actionCards(table, 'Aude attaque').length).toBe(1);
    // Both slots closed, next round: Aude acts first again.
    for (let i = 0; i < 2; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    if (gm.tracker.querySelector('[data-action="pdaStartPasses"]'))
      await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await audeStrikes(table, 5);
    expect(actionCards(table, 'Aude attaque').length).toBe(2);
  });
});

describe('S-P1 changing posture', () => {
  it('S-P1 an intrépide fighter turns défensif at the end of her turn: a blow later that round meets her +2 defence', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    const gm = table.gm;
    const alice = table.seat('Alice');
    await audeStrikes(table, 3);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    // Her last slot: she acts, then changes her posture.
    await audeStrikes(table, 4);
    await sheetAction(alice, 'Aude', '[data-action="setPosture"][data-posture="defensif"]');
    expect(table.gm.actor('Aude').system.posture).toBe('defensif');
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    // Basile's turn: he strikes Aude.
    const bruno = table.seat('Bruno');
    await bruno.target('Aude');
    await attackFromSheet(bruno, 'Basile', 'Épée longue', {}, [[12, 9]]);
    table.dice.push([12, 5]);
    await declineForcing(table);
    await alice.press('Parer', alice.lastMessage());
    expect(text(alice.lastMessage())).toMatch(/Défense Parer S-DF1 Niveau d'avantage \+2/);
  });

  it('S-P1 a player cannot change posture during another fighter’s turn', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    // Aude's turn: Bruno tries to switch Basile to défensif.
    await sheetAction(table.seat('Bruno'), 'Basile', '[data-action="setPosture"][data-posture="defensif"]');
    expect(table.gm.actor('Basile').system.posture).toBe('prudent');
  });
});

describe('S-DF1 who may still roll a defence', () => {
  it('S-DF1 an épuisé defender (no souffle left) still rolls his defence die', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="epuise"]');
    await audeStrikes(table, 9);
    const before = table.dice.rolled.length;
    table.dice.push([10, 7], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver', brunoCard(table));
    expect(table.dice.rolled.length).toBe(before + 2);
    expect(text(brunoCard(table))).toContain('12 − 4 − 2 − 1 = 5');
  });

  it('S-DF1 a disarmed defender who still holds a shield parries with it', async () => {
    const table = await duel(
      {},
      { armours: [{ name: 'Rondache', kind: 'bouclier', defence: 1 }] },
      {},
      DEFAULTS,
    );
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="desarme"]');
    await audeStrikes(table, 9);
    table.dice.push([10, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    const card = text(brunoCard(table));
    expect(card).toMatch(/Défense Parer/);
    // Shield +1: one d10.
    expect(card).toContain('12 − 6 − 2 − 1 = 3');
  });

  it('S-DF1 a disarmed defender can still dodge ("libre de ses mouvements")', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="desarme"]');
    await audeStrikes(table, 9);
    table.dice.push([10, 8], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver', brunoCard(table));
    expect(text(brunoCard(table))).toContain('12 − 5 − 2 − 1 = 4');
  });

  it('S-DF1 an arrow against a shield carried but not worn: no parry, nothing rolled', async () => {
    const table = await duel(
      { weapons: [LONG_BOW], at: [1, 1] },
      { armours: [{ name: 'Rondache', kind: 'bouclier', defence: 1, worn: false }], at: [6, 1] },
      {},
      DEFAULTS,
    );
    const bruno = table.seat('Bruno');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', { characteristic: 'acuite' });
    expect(text(brunoCard(table))).toContain('Aude attaque');
    const before = table.dice.rolled.length;
    const parry = bruno.buttons(brunoCard(table)).find((b) => b.label.includes('Parer'));
    if (parry?.enabled) await bruno.click(parry.el);
    expect(text(brunoCard(table))).not.toMatch(/Défense Parer/);
    expect(table.dice.rolled.length).toBe(before);
  });

  it('S-DF1 an arrow against a shield worn: the parry is allowed and counts the shield (+1, one d10)', async () => {
    const table = await duel(
      { weapons: [LONG_BOW], at: [1, 1] },
      { armours: [{ name: 'Rondache', kind: 'bouclier', defence: 1 }], at: [6, 1] },
      {},
      DEFAULTS,
    );
    const bruno = table.seat('Bruno');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', { characteristic: 'acuite' });
    table.dice.push([10, 2]);
    await declineForcing(table);
    await bruno.press('Parer', brunoCard(table));
    const card = text(brunoCard(table));
    expect(card).toMatch(/Défense Parer S-DF1 Niveau d'avantage \+1/);
    expect(card).toContain('Bouclier +1');
  });

  it('S-DF1 pris au dépourvu: no defence die; the blow loses only défense and ½ métier', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="prisAuDepourvu"]');
    await audeStrikes(table, 7);
    const before = table.dice.rolled.length;
    await declineForcing(table);
    const labels = cardButtons(table.gm, table.gm.lastMessage());
    const noRoll = labels.find((l) => l.includes('Aucun jet'));
    if (noRoll) await table.gm.press(noRoll, table.gm.lastMessage());
    else await table.seat('Bruno').press('Parer', brunoCard(table));
    expect(table.dice.rolled.length).toBe(before);
    expect(text(table.gm.lastMessage())).toContain('10 − 0 − 2 − 1 = 7');
  });

  it('S-DF1 sans défense ticked after the blow is rolled but before the defence: no defence die either', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    await audeStrikes(table, 7);
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="sansDefense"]');
    const before = table.dice.rolled.length;
    await declineForcing(table);
    const labels = cardButtons(table.gm, table.gm.lastMessage());
    const noRoll = labels.find((l) => l.includes('Aucun jet'));
    if (noRoll) await table.gm.press(noRoll, table.gm.lastMessage());
    else await table.seat('Bruno').press('Parer', brunoCard(table));
    expect(table.dice.rolled.length).toBe(before);
    expect(text(table.gm.lastMessage())).toContain('10 − 0 − 2 − 1 = 7');
  });
});

describe('S-DF3 where the damage goes', () => {
  it('S-DF3 a blow that the defence stops entirely costs nothing (no negative damage)', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    // 1 + 3 = 4 potential; 4 − 3 − 2 − 1 < 0.
    await audeStrikes(table, 1);
    table.dice.push([10, 3], [10, 9]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    const apply = table.gm.buttons(table.gm.lastMessage()).find((b) => b.label.includes('Appliquer'));
    if (apply?.enabled) await table.gm.click(apply.el);
    const basile = table.gm.actor('Basile');
    expect(basile.system.souffle.value).toBe(10);
    expect(basile.system.pv.value).toBe(10);
    expect(basile.statuses.has('fatigue')).toBe(false);
  });

  it('S-DF3 souffle 3 against 8 damage: souffle to 0, the other 5 off PV, fatigué ticked', async () => {
    const table = await duel({}, { system: { souffle: { value: 3, max: 10 } } }, {}, DEFAULTS);
    // 9 + 3 = 12: 12 − 1 − 2 − 1 = 8.
    await audeStrikes(table, 9);
    table.dice.push([10, 1], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    expect(text(brunoCard(table))).toContain('12 − 1 − 2 − 1 = 8');
    await table.gm.press('Appliquer', table.gm.lastMessage());
    const basile = table.gm.actor('Basile');
    expect(basile.system.souffle.value).toBe(0);
    expect(basile.system.pv.value).toBe(5);
    expect(basile.statuses.has('fatigue')).toBe(true);
  });

  it('S-DF3 an épuisé defender absorbs nothing with his souffle: the damage goes straight to PV', async () => {
    const table = await duel({}, { system: { souffle: { value: 0, max: 10 } } }, {}, DEFAULTS);
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="epuise"]');
    await audeStrikes(table, 5);
    table.dice.push([10, 2], [10, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver', brunoCard(table));
    // 8 − 2 − 2 − 1 = 3.
    expect(text(brunoCard(table))).toContain('8 − 2 − 2 − 1 = 3');
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(table.gm.actor('Basile').system.pv.value).toBe(7);
  });
  it('S-DF3 the sheet circles the lost PV: after an 8-PV wound, eight boxes are marked lost', async () => {
    const table = await duel({}, { system: { souffle: { value: 0, max: 10 } } }, {}, DEFAULTS);
    await audeStrikes(table, 9);
    table.dice.push([10, 1], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    // 12 − 1 − 2 − 1 = 8 … souffle 0: all on PV.
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(table.gm.actor('Basile').system.pv.value).toBe(2);
    const sheet = await table.seat('Bruno').openSheet(table.seat('Bruno').actor('Basile'));
    expect(sheet.querySelectorAll('.pv-boxes .box.lost').length).toBe(8);
  });

  it('S-DF3 two blows in a row: the first empties souffle (épuisé), the second goes wholly to PV', async () => {
    const table = await duel({}, { system: { souffle: { value: 4, max: 10 } } }, {}, DEFAULTS);
    const gm = table.gm;
    await audeStrikes(table, 5);
    table.dice.push([10, 1], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    // 8 − 1 − 2 − 1 = 4: souffle 4 → 0, no PV.
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Basile').system.souffle.value).toBe(0);
    expect(gm.actor('Basile').system.pv.value).toBe(10);
    expect(gm.actor('Basile').statuses.has('epuise')).toBe(true);
    // The first blow's slot closed itself (issue 46): Aude's second action is current.
    await audeStrikes(table, 5);
    table.dice.push([10, 1], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Basile').system.pv.value).toBe(6);
    expect(gm.actor('Basile').statuses.has('fatigue')).toBe(true);
  });

  it('S-DF3 undoing a blow that spilled onto PV gives back souffle and PV and clears fatigué and épuisé', async () => {
    const table = await duel({}, { system: { souffle: { value: 3, max: 10 } } }, {}, DEFAULTS);
    const gm = table.gm;
    await audeStrikes(table, 9);
    table.dice.push([10, 1], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Basile').system.pv.value).toBe(5);
    await gm.press('Annuler', gm.lastMessage());
    const basile = gm.actor('Basile');
    expect(basile.system.souffle.value).toBe(3);
    expect(basile.system.pv.value).toBe(10);
    expect(basile.statuses.has('fatigue')).toBe(false);
    expect(basile.statuses.has('epuise')).toBe(false);
  });
});

describe('S-DF1 / S-P1 more edges', () => {
  it('S-DF1 an unconscious (assommé) defender is not aware of the blow: no defence die', async () => {
    const table = await duel({}, {}, {}, DEFAULTS);
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="assomme"]');
    await audeStrikes(table, 7);
    const before = table.dice.rolled.length;
    await declineForcing(table);
    const labels = cardButtons(table.gm, table.gm.lastMessage());
    const noRoll = labels.find((l) => l.includes('Aucun jet'));
    if (noRoll) await table.gm.press(noRoll, table.gm.lastMessage());
    else {
      const b = table.gm.buttons(table.gm.lastMessage()).find((x) => x.label.includes('Esquiver'));
      if (b?.enabled) await table.gm.click(b.el);
    }
    expect(table.dice.rolled.length).toBe(before);
    expect(text(table.gm.lastMessage())).toContain('10 − 0 − 2 − 1 = 7');
  });

  it('S-P1 a prudent fighter who turns intrépide at the end of her turn gets no second action that round', async () => {
    const table = await duel({}, {}, { Aude: 'prudent' }, DEFAULTS);
    await audeStrikes(table, 3);
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="setPosture"][data-posture="intrepide"]');
    expect(table.gm.actor('Aude').system.posture).toBe('intrepide');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue');
    expect(actionCards(table, 'Aude attaque').length).toBe(1);
  });
  it('S-DF1 a fighter the GM marked surprised in the tracker is pris au dépourvu in round 1: no defence die', async () => {
    const table = await souffleTable([
      { name: 'Aude', owner: 'Alice', weapons: [LONG_SWORD], at: [1, 1] },
      { name: 'Basile', owner: 'Bruno', weapons: [LONG_SWORD], at: [2, 1] },
    ]);
    await table.startEncounter('Aude', 'Basile');
    const gm = table.gm;
    for (const seat of table.seats.values()) await seat.openTracker();
    await gm.click(
      `[data-action="pdaToggleSurprised"][data-combatant-id="${combatantId(gm, 'Basile')}"]`,
      gm.tracker,
    );
    table.dice.push(9, 2);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await declarePosture(table, 'Aude', 'intrepide');
    if (
      gm.tracker.querySelector(`[data-action="pdaDeclare"][data-combatant-id="${combatantId(gm, 'Basile')}"]`)
    )
      await declarePosture(table, 'Basile', 'prudent');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await table.seat('Alice').target('Basile');
    await audeStrikes(table, 7);
    const before = table.dice.rolled.length;
    await declineForcing(table);
    const noRoll = cardButtons(gm, gm.lastMessage()).find((l) => l.includes('Aucun jet'));
    if (noRoll) await gm.press(noRoll, gm.lastMessage());
    else {
      const b = table
        .seat('Bruno')
        .buttons(brunoCard(table))
        .find((x) => x.label.includes('Parer'));
      if (b?.enabled) await table.seat('Bruno').click(b.el);
    }
    expect(table.dice.rolled.length).toBe(before);
    expect(text(gm.lastMessage())).toContain(' − 0 − 2 − 1 = ');
  });

  it('S-DF3 a blow bigger than the PV left: PV stop at 0 and the card says the fighter is down', async () => {
    const table = await duel(
      {},
      { system: { souffle: { value: 0, max: 10 }, pv: { value: 3, max: 10 } } },
      {},
      DEFAULTS,
    );
    await audeStrikes(table, 9);
    table.dice.push([10, 1], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer', brunoCard(table));
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(table.gm.actor('Basile').system.pv.value).toBe(0);
    expect(text(table.gm.lastMessage())).toContain('à terre');
  });
  it('S-P3 a prudent fighter attacks from her tracker row, then the sheet’s second attack that round is refused', async () => {
    const table = await duel({}, {}, { Aude: 'prudent' }, DEFAULTS);
    const alice = table.seat('Alice');
    table.dice.push([12, 4]);
    await alice.click('[data-action="pdaAttack"]', alice.tracker);
    if (alice.dialogs().length) await alice.answerDialog({}, 'attack');
    expect(actionCards(table, 'Aude attaque').length).toBe(1);
    await attackFromSheet(alice, 'Aude', 'Épée longue');
    expect(actionCards(table, 'Aude attaque').length).toBe(1);
  });
});
