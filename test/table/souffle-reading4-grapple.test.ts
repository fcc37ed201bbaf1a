/**
 * A fourth independent reading of seed 003's grapple clauses (S-GR1), played at the table: who is
 * grabbed without a roll, what an opposed tie does, the free hand, the size and the reach a hold
 * needs, what a held fighter can and cannot do, and what changes once she is free again.
 * Written from the seed, the harness and the table kits only (no system code read).
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  CLUB,
  attackFromSheet,
  LONG_SWORD,
  cardButtons,
  sheetAction,
  souffleTable,
  startFight,
  text,
  type FighterSpec,
  type Posture,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

const DAGGER = { name: 'Dague', category: 'legere', advantage: 1, damage: 1 } as const;

/**
 * Aude (Alice) against Basile (Bruno, an adversary's side is not needed for a hold) and the GM's
 * Cyr, all in a row: Aude (1,1), Basile (2,1), Cyr (3,1). Aude acts first (9), Basile (5), Cyr (2).
 */
async function grappleTable(
  over: { Aude?: Partial<FighterSpec>; Basile?: Partial<FighterSpec>; Cyr?: Partial<FighterSpec> } = {},
  postures: { Aude?: Posture; Basile?: Posture; Cyr?: Posture } = {},
): Promise<Table> {
  const table = await souffleTable([
    { name: 'Aude', owner: 'Alice', weapons: [DAGGER], at: [1, 1], ...over.Aude },
    { name: 'Basile', owner: 'Bruno', weapons: [CLUB], at: [2, 1], ...over.Basile },
    { name: 'Cyr', type: 'adversaire', weapons: [LONG_SWORD], at: [3, 1], ...over.Cyr },
  ]);
  await startFight(table, ['Aude', 'Basile', 'Cyr'], [9, 5, 2], {
    Aude: postures.Aude ?? 'intrepide',
    Basile: postures.Basile ?? 'intrepide',
    Cyr: postures.Cyr ?? 'prudent',
  });
  return table;
}

/** Alice targets Basile and presses Lutter on Aude's sheet with these d4s pinned. */
async function audeGrapples(table: Table, dice: readonly (number | [number, number])[] = []): Promise<void> {
  const alice = table.seat('Alice');
  await alice.target('Basile');
  table.dice.push(...dice);
  await sheetAction(alice, 'Aude', '[data-action="grapple"]');
}

const statuses = (table: Table, name: string): string[] => [...table.gm.actor(name).statuses];
const grappleCards = (table: Table): HTMLElement[] =>
  table.gm.messages().filter((m) => text(m).includes('tente une prise'));

describe('S-GR1 the grapple, read from the seed', () => {
  it.each([
    ['pris au dépourvu', 'prisAuDepourvu'],
    ['épuisé', 'epuise'],
    ['assommé', 'assomme'],
  ])('S-GR1 a %s target is grabbed automatically: no opposed d4 is rolled', async (_label, state) => {
    const table = await grappleTable();
    await sheetAction(table.gm, 'Basile', `[data-action="toggleState"][data-state="${state}"]`);
    expect(statuses(table, 'Basile')).toContain(state);
    const before = table.dice.rolled.length;
    await audeGrapples(table);
    // "est automatiquement agrippé": no roll at all.
    expect(table.dice.rolled.slice(before).filter((d) => d.faces === 4)).toEqual([]);
    const card = grappleCards(table).at(-1);
    expect(card, 'a grapple card is posted').toBeTruthy();
    expect(text(card)).toContain('Basile est agrippé(e)');
    await table.gm.press('Appliquer la prise', card);
    expect(statuses(table, 'Basile')).toContain('agrippe');
    expect(table.errors()).toEqual([]);
  });

  it('S-GR1 a tie on the opposed roll is no hold: "si le score de l’attaquant est supérieur"', async () => {
    const table = await grappleTable();
    // Same vigueur (1): 3 + 1 against 3 + 1.
    await audeGrapples(table, [
      [4, 3],
      [4, 3],
    ]);
    const card = grappleCards(table).at(-1)!;
    expect(text(card)).toContain('Basile échappe à la prise');
    expect(cardButtons(table.gm, card).some((b) => b.includes('Appliquer la prise'))).toBe(false);
    expect(statuses(table, 'Basile')).not.toContain('agrippe');
  });

  it('S-GR1 a two-handed weapon in hand leaves no free hand: the grapple is refused, nothing rolled', async () => {
    const table = await grappleTable({
      Aude: {
        weapons: [{ name: 'Épée à deux mains', category: 'lourde', advantage: 1, damage: 4, hands: 2 }],
      },
    });
    const before = table.dice.rolled.length;
    await audeGrapples(table);
    expect(grappleCards(table)).toEqual([]);
    expect(table.dice.rolled.length).toBe(before);
    expect(table.seat('Alice').warnings.at(-1)).toContain('main libre');
  });

  it('S-GR1 two one-handed weapons in hand leave no free hand either', async () => {
    const table = await grappleTable({ Aude: { weapons: [DAGGER, { ...DAGGER, name: 'Main-gauche' }] } });
    await audeGrapples(table);
    expect(grappleCards(table)).toEqual([]);
    expect(table.seat('Alice').warnings.at(-1)).toContain('main libre');
  });

  it('S-GR1 one weapon in hand and the other hand free: the grapple goes ahead', async () => {
    const table = await grappleTable();
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    expect(text(grappleCards(table).at(-1))).toContain('Basile est agrippé(e)');
  });

  it('S-GR1 a human cannot take a giant in a hold ("un nain ne pourra pas prendre un géant")', async () => {
    const table = await grappleTable({ Basile: { system: { size: 4 } } });
    await audeGrapples(table);
    expect(grappleCards(table)).toEqual([]);
    expect(table.seat('Alice').warnings.at(-1)).toContain('carrure');
  });

  it('S-GR1 "au contact uniquement": a target four squares (6 m) away cannot be grabbed, nothing rolled', async () => {
    const table = await grappleTable({ Basile: { at: [5, 1] }, Cyr: { at: [8, 1] } });
    const before = table.dice.rolled.length;
    await audeGrapples(table);
    expect(grappleCards(table)).toEqual([]);
    expect(table.dice.rolled.length).toBe(before);
    expect(statuses(table, 'Basile')).not.toContain('agrippe');
  });

  it('S-GR1 a held fighter cannot flee, whatever situation her player picks in the dialog', async () => {
    const table = await grappleTable();
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    await table.gm.press('Appliquer la prise', grappleCards(table).at(-1));
    const bruno = table.seat('Bruno');
    await bruno.target('Aude');
    await sheetAction(bruno, 'Basile', '[data-action="flee"]');
    if (bruno.dialogs().length) await bruno.answerDialog({ situation: 'libre' }, 'flee');
    const fled = table.gm.messages().some((m) => text(m).includes("Basile s'échappe"));
    expect(fled).toBe(false);
    expect(statuses(table, 'Basile')).toContain('agrippe');
    expect(table.gm.token('Basile').document.x).toBe(200);
  });

  it('S-GR1 a second hold on a fighter already held is refused, nothing rolled', async () => {
    const table = await grappleTable({}, { Cyr: 'intrepide' });
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    await table.gm.press('Appliquer la prise', grappleCards(table).at(-1));
    const gm = table.gm;
    await gm.target('Basile');
    const cards = grappleCards(table).length;
    const before = table.dice.rolled.length;
    await sheetAction(gm, 'Cyr', '[data-action="grapple"]');
    expect(gm.warnings.at(-1)).toContain('déjà agrippée');
    expect(grappleCards(table).length).toBe(cards);
    expect(table.dice.rolled.length).toBe(before);
  });

  it('S-GR1 the escape is "mains nues (1d4) + vigueur" on both sides: vigueur 3 (1 + 3) beats vigueur 1 (2 + 1)', async () => {
    const table = await grappleTable({ Basile: { system: { vigueur: 3 } } });
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    const gm = table.gm;
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    // Aude's two slots are closed: Basile's turn.
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    const bruno = table.seat('Bruno');
    const card = bruno.messages().find((m) => text(m).includes('tente une prise'))!;
    table.dice.push([4, 1], [4, 2]);
    await bruno.press('Se dégager', card);
    const all = text(gm.messages().at(-1)) + text(grappleCards(table).at(-1));
    expect(all).toContain('Dégagé');
    expect(statuses(table, 'Basile')).not.toContain('agrippe');
  });

  it('S-GR1 once free again the fighter moves her token and rolls her defence as before', async () => {
    const table = await grappleTable();
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    const gm = table.gm;
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    const bruno = table.seat('Bruno');
    table.dice.push([4, 4], [4, 1]);
    await bruno.press(
      'Se dégager',
      bruno.messages().find((m) => text(m).includes('tente une prise'))!,
    );
    expect(statuses(table, 'Basile')).not.toContain('agrippe');
    // The GM's Cyr strikes Basile: Basile parries with his club and a defence die is rolled.
    await gm.target('Basile');
    const sheet = await gm.openSheet(gm.actor('Cyr'));
    table.dice.push([12, 6]);
    await gm.click(sheet.querySelector('[data-action="attack"]')!);
    if (gm.dialogs().length) await gm.answerDialog({}, 'attack');
    await declineForcing(table);
    const attack = bruno.lastMessage();
    expect(text(attack)).toContain('Cyr attaque');
    const before = table.dice.rolled.length;
    await bruno.press('Parer', attack);
    expect(table.dice.rolled.length).toBeGreaterThan(before);
    expect(text(bruno.lastMessage())).toMatch(/Défense Parer/);
    // And his token leaves its square (a plain move on the canvas).
    await bruno.token('Basile').document.update({ y: 300 });
    await table.settle();
    expect(gm.token('Basile').document.y).toBe(300);
  });

  it('S-GR1 a held fighter struck by a third fighter gets no defence die: damage − défense − ½ métier only', async () => {
    const table = await grappleTable();
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    const gm = table.gm;
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    await gm.target('Basile');
    const sheet = await gm.openSheet(gm.actor('Cyr'));
    // Long sword at level 2: one d12, 8 + 3 = 11.
    table.dice.push([12, 8]);
    await gm.click(sheet.querySelector('[data-action="attack"]')!);
    if (gm.dialogs().length) await gm.answerDialog({}, 'attack');
    const bruno = table.seat('Bruno');
    const attack = bruno.lastMessage();
    expect(text(attack)).toContain('Dégâts potentiels 11');
    // Whatever the card offers, the outcome: 11 − 0 − 2 − 1 = 8, no die.
    const before = table.dice.rolled.length;
    await declineForcing(table);
    const labels = cardButtons(gm, gm.lastMessage());
    const noRoll = labels.find((l) => l.includes('Aucun jet'));
    if (noRoll) await gm.press(noRoll, gm.lastMessage());
    else await bruno.press('Esquiver', attack);
    expect(table.dice.rolled.length).toBe(before);
    expect(text(gm.lastMessage())).toContain('11 − 0 − 2 − 1 = 8');
  });
  it('S-GR1 an automatic hold still needs a free hand: an épuisé target, an attacker with a two-handed weapon', async () => {
    const table = await grappleTable({
      Aude: {
        weapons: [{ name: 'Épée à deux mains', category: 'lourde', advantage: 1, damage: 4, hands: 2 }],
      },
    });
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="epuise"]');
    await audeGrapples(table);
    expect(grappleCards(table)).toEqual([]);
    expect(statuses(table, 'Basile')).not.toContain('agrippe');
  });

  it('S-GR1 the GM undoes an applied hold: the fighter is free again and her token moves', async () => {
    const table = await grappleTable();
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    const gm = table.gm;
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    expect(statuses(table, 'Basile')).toContain('agrippe');
    await gm.press('Annuler', grappleCards(table).at(-1));
    expect(statuses(table, 'Basile')).not.toContain('agrippe');
    await table.seat('Bruno').token('Basile').document.update({ y: 400 });
    await table.settle();
    expect(gm.token('Basile').document.y).toBe(400);
  });

  it('S-GR1 / S-AT6 a held fighter’s refused token move provokes no opportunity card from the adjacent foe', async () => {
    const table = await grappleTable({ Cyr: { at: [3, 1] } });
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    const gm = table.gm;
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    const before = gm.messages().length;
    await table.seat('Bruno').token('Basile').document.update({ y: 600 });
    await table.settle();
    expect(gm.token('Basile').document.y).toBe(100);
    expect(
      gm
        .messages()
        .slice(before)
        .filter((m) => text(m).includes("Attaque d'opportunité")),
    ).toEqual([]);
  });
  it('S-GR1 the hold lasts into round 2: the holder strikes with her dagger and the held fighter rolls no defence', async () => {
    const table = await grappleTable();
    const gm = table.gm;
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    // Round 1 ends: Aude's two slots, Basile's two, Cyr's one.
    for (let i = 0; i < 5; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    if (gm.tracker.querySelector('[data-action="pdaStartPasses"]'))
      await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(text(gm.tracker)).toContain('Round 2');
    expect(statuses(table, 'Basile')).toContain('agrippe');
    const alice = table.seat('Alice');
    await alice.target('Basile');
    await attackFromSheet(alice, 'Aude', 'Dague');
    const card = table.seat('Bruno').lastMessage();
    expect(text(card)).toContain('Aude attaque');
    const before = table.dice.rolled.length;
    await declineForcing(table);
    const noRoll = cardButtons(gm, gm.lastMessage()).find((l) => l.includes('Aucun jet'));
    if (noRoll) await gm.press(noRoll, gm.lastMessage());
    else {
      const b = table
        .seat('Bruno')
        .buttons(card)
        .find((x) => x.label.includes('Parer'));
      if (b?.enabled) await table.seat('Bruno').click(b.el);
    }
    expect(table.dice.rolled.length).toBe(before);
    expect(text(gm.lastMessage())).toMatch(/ − 0 − 2 − 1 = /);
  });

  it('S-GR1 a hold needs contact: once the holder walks four squares off, the held fighter is no longer stuck', async () => {
    const table = await grappleTable();
    const gm = table.gm;
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    await table.seat('Alice').token('Aude').document.update({ x: 100, y: 500 });
    await table.settle();
    const aude = gm.token('Aude').document;
    const stillHolding = Math.abs(aude.y - 100) <= 100 && Math.abs(aude.x - 200) <= 100;
    // Either the holder's move was refused (she keeps the hold) or the hold is over.
    expect(stillHolding || !statuses(table, 'Basile').includes('agrippe')).toBe(true);
  });

  it('S-GR1 a knocked-out (assommé) holder holds nothing: the held fighter may walk away', async () => {
    const table = await grappleTable({ Cyr: { at: [8, 8] } });
    const gm = table.gm;
    await audeGrapples(table, [
      [4, 4],
      [4, 1],
    ]);
    await gm.press('Appliquer la prise', grappleCards(table).at(-1));
    await sheetAction(gm, 'Aude', '[data-action="toggleState"][data-state="assomme"]');
    await table.seat('Bruno').token('Basile').document.update({ y: 500 });
    await table.settle();
    expect(gm.token('Basile').document.y).toBe(500);
  });

  it('S-GR1 / S-P2 an intrépide fighter who already attacked in her first slot cannot grapple in her second', async () => {
    const table = await grappleTable();
    const alice = table.seat('Alice');
    await alice.target('Basile');
    await attackFromSheet(alice, 'Aude', 'Dague');
    await table.gm.click('[data-action="pdaNextSlot"]', table.gm.tracker);
    await audeGrapples(table);
    expect(grappleCards(table)).toEqual([]);
    expect(alice.warnings.at(-1)).toContain('Lutte');
  });
});
