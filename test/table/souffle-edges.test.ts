/**
 * Souffle at the edges of grapple, flight and defence (issue 43): who may parry, who rolls a
 * defence at all, how often a held fighter may try to escape, who strikes a runner, what a
 * défensif fighter may not do, and what a blow on a fighter already down shows.
 */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  attackFromSheet,
  cardButtons,
  type FighterSpec,
  LONG_SWORD,
  type Posture,
  sheetAction,
  souffleCards,
  souffleTable,
  startFight,
  text,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

// Aude (Alice) and Basile (GM, another disposition), each with a long sword: geste 1 + métier 1
// + sword 0 = level 2, one d12, +3 damage.
const AUDE: FighterSpec = { name: 'Aude', owner: 'Alice', weapons: [LONG_SWORD], at: [1, 1] };
const BASILE: FighterSpec = { name: 'Basile', owner: 'Bruno', weapons: [LONG_SWORD], at: [2, 1] };

async function pair(aude: Partial<FighterSpec> = {}, basile: Partial<FighterSpec> = {}): Promise<Table> {
  const table = await souffleTable([
    { ...AUDE, ...aude },
    { ...BASILE, ...basile },
  ]);
  await table.seat('Alice').target('Basile');
  return table;
}

/** Aude strikes Basile with her sword (d12 shows `die`): Bruno's card is the last one. */
async function strike(table: Table, die: number): Promise<HTMLElement> {
  await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, die]]);
  return table.seat('Bruno').lastMessage();
}

const button = (seat: Seat, label: string, message?: Element) =>
  seat.buttons(message).find((b) => b.label.startsWith(label));

/** The reason shown beside a disabled button of the card. */
function reasonOf(seat: Seat, label: string, message?: Element): string {
  const b = button(seat, label, message);
  return text(b?.el.closest('[data-pda-action-wrap]')?.querySelector('.pda-card__why'));
}

async function setState(table: Table, name: string, state: string): Promise<void> {
  await table.gm.actor(name).toggleStatusEffect(state, { active: true });
  await table.settle();
}

describe('Souffle: who may parry (S-DF1)', () => {
  it('S-DF1 S-MN2 a disarmed fighter with no shield cannot parry a sword: Parer is refused in words, the dodge stays', async () => {
    const table = await pair();
    await setState(table, 'Basile', 'desarme');
    const bruno = table.seat('Bruno');
    await strike(table, 5);
    await declineForcing(table);
    expect(button(bruno, 'Parer')?.enabled).toBe(false);
    expect(reasonOf(bruno, 'Parer')).toContain('Basile n’a ni arme en main ni bouclier');
    expect(button(bruno, 'Esquiver')?.enabled).toBe(true);
    // With a shield worn the disarmed fighter parries again.
    await table.gm
      .actor('Basile')
      .createEmbeddedDocuments('Item', [
        { name: 'Écu', type: 'armure-souffle', system: { kind: 'bouclier', defence: 1, worn: true } },
      ]);
    await table.settle();
    await strike(table, 5);
    await declineForcing(table);
    expect(button(bruno, 'Parer')?.enabled).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('S-DF1 a fighter with bare hands only cannot parry a sword either', async () => {
    const table = await pair({}, { weapons: [] });
    const bruno = table.seat('Bruno');
    await strike(table, 5);
    await declineForcing(table);
    expect(button(bruno, 'Parer')?.enabled).toBe(false);
    expect(reasonOf(bruno, 'Parer')).toContain('Basile n’a ni arme en main ni bouclier');
    table.dice.push([10, 3], [10, 6]);
    await declineForcing(table);
    await bruno.press('Esquiver');
    expect(text(bruno.lastMessage())).toContain('Esquive');
  });

  it('S-DF1 a defenceless fighter gets no defence buttons that roll nothing: they say why, and « Aucun jet de défense » takes the blow', async () => {
    const table = await pair();
    await setState(table, 'Basile', 'sansDefense');
    const bruno = table.seat('Bruno');
    await strike(table, 5);
    for (const label of ['Parer', 'Esquiver']) {
      expect(button(bruno, label)?.enabled).toBe(false);
      expect(reasonOf(bruno, label)).toContain('Basile est sans défense : aucun jet de défense.');
    }
    const rolled = table.dice.rolled.length;
    await declineForcing(table);
    await bruno.press('Aucun jet de défense');
    expect(table.dice.rolled.length).toBe(rolled);
    const card = text(bruno.lastMessage());
    expect(card).toContain('Aucun jet de défense');
    // 5 + 3 − 0 − défense 2 − ½ métier 1 = 5.
    expect(card).toContain('8 − 0 − 2 − 1 = 5');
  });
});

describe('Souffle: a flight asks for a defence (S-FL1)', () => {
  it('S-FL1 S-DF1 a vulnérable runner, flanked, rolls no defence: only her défense counts against the threshold', async () => {
    const table = await pair();
    await setState(table, 'Aude', 'vulnerable');
    const alice = table.seat('Alice');
    // Were the dice rolled, 2d10 keep the worse would give 9: 9 + 2 ≥ 8, away.
    table.dice.push([10, 9], [10, 9]);
    const rolled = table.dice.rolled.length;
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    await alice.answerDialog({ situation: 'tenaille', threshold: 8 });
    expect(table.dice.rolled.length).toBe(rolled);
    const card = text(alice.lastMessage());
    expect(card).toContain('Aucun jet de défense');
    expect(card).toContain('0 + 2 = 2');
    expect(card).toContain("Aude ne s'échappe pas");
  });

  it('S-FL1 S-AT6 the opportunity blow goes to the adjacent foe, never to the companion the runner targeted', async () => {
    const table = await souffleTable([
      AUDE,
      { name: 'Clotilde', owner: 'Bruno', weapons: [LONG_SWORD], at: [1, 2] },
      { name: 'Brigand', weapons: [LONG_SWORD], at: [2, 1] },
    ]);
    const alice = table.seat('Alice');
    const gm = table.gm;
    await alice.target('Clotilde');
    table.dice.push([10, 1], [10, 1]);
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    await alice.answerDialog({ situation: 'tenaille', threshold: 8 });
    expect(text(alice.lastMessage())).toContain('Loin de Brigand');
    await gm.press("Attaque d'opportunité");
    const offer = gm.lastMessage();
    expect(cardButtons(gm, offer)).toEqual(['Brigand frappe']);
    expect(table.seat('Bruno').buttons(table.seat('Bruno').lastMessage())).toEqual([]);
  });

  it('S-P4 S-AT6 a défensif foe is not offered the opportunity blow: défensif allows only defence and the base move', async () => {
    const table = await souffleTable([AUDE, { name: 'Brigand', weapons: [LONG_SWORD], at: [2, 1] }]);
    await startFight(table, ['Aude', 'Brigand'], [9, 2], { Aude: 'prudent', Brigand: 'defensif' });
    const alice = table.seat('Alice');
    await alice.target('Brigand');
    const gm = table.gm;
    table.dice.push([10, 1], [10, 1]);
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    await alice.answerDialog({ situation: 'tenaille', threshold: 8 });
    await gm.press("Attaque d'opportunité");
    const offer = gm.lastMessage();
    const before = souffleCards(gm).length;
    expect(button(gm, 'Brigand frappe', offer)?.enabled).toBe(false);
    expect(reasonOf(gm, 'Brigand frappe', offer)).toContain(
      'Brigand est en posture défensive : rien d’autre que la défense et son déplacement de base.',
    );
    expect(souffleCards(gm).length).toBe(before);
  });
});

describe('Souffle: a hold and its escapes (S-GR1)', () => {
  /** The hold's card as Alice's chat log shows it now. */
  const holdCard = (table: Table): HTMLElement =>
    souffleCards(table.seat('Alice')).find((m) => text(m).includes('tente une prise'))!;

  /** Basile (Bruno, first) grabs Aude (Alice); both intrépide. Returns the hold card (Alice's). */
  async function held(): Promise<{ table: Table; hold: HTMLElement }> {
    const table = await pair({}, { system: { vigueur: 1 } });
    const postures: Record<string, Posture> = { Aude: 'intrepide', Basile: 'intrepide' };
    await startFight(table, ['Aude', 'Basile'], [2, 9], postures);
    const bruno = table.seat('Bruno');
    await bruno.target('Aude');
    // 1d4 + vigueur each: 4 + 1 = 5 against 1 + 1 = 2.
    table.dice.push([4, 4], [4, 1]);
    await sheetAction(bruno, 'Basile', '[data-action="grapple"]');
    await table.gm.press('Appliquer');
    expect(table.gm.actor('Aude').statuses.has('agrippe')).toBe(true);
    return { table, hold: holdCard(table) };
  }

  const nextSlots = async (table: Table, n: number) => {
    for (let i = 0; i < n; i++) await table.gm.click('[data-action="pdaNextSlot"]', table.gm.tracker);
  };

  it('S-GR1 S-R1 out of her turn the escape is refused before any die is rolled, and says whose turn it is', async () => {
    const { table, hold } = await held();
    const alice = table.seat('Alice');
    expect(button(alice, 'Se dégager', hold)?.enabled).toBe(false);
    expect(reasonOf(alice, 'Se dégager', hold)).toContain("c'est au tour de Basile");
  });

  it('S-GR1 a held fighter tries to escape on each of her turns while the hold lasts, a failed try (a tie) included', async () => {
    const { table } = await held();
    const alice = table.seat('Alice');
    const gm = table.gm;
    await nextSlots(table, 2);
    // Her turn: 2 + 1 = 3 against 2 + 1 = 3, a tie: still held.
    table.dice.push([4, 2], [4, 2]);
    await alice.press('Se dégager', holdCard(table));
    expect(text(holdCard(table))).toContain('Toujours tenu (3 contre 3).');
    expect(alice.actor('Aude').statuses.has('agrippe')).toBe(true);
    // Round 2: Basile's turn first, then hers, where the card offers the escape again.
    await nextSlots(table, 2);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(button(alice, 'Se dégager', holdCard(table))?.enabled).toBe(false);
    await nextSlots(table, 2);
    expect(button(alice, 'Se dégager', holdCard(table))?.enabled).toBe(true);
    table.dice.push([4, 4], [4, 1]);
    await alice.press('Se dégager', holdCard(table));
    expect(text(holdCard(table))).toContain('Dégagé (5 contre 2).');
    expect(alice.actor('Aude').statuses.has('agrippe')).toBe(false);
    expect(table.errors()).toEqual([]);
  });

  it('S-GR1 a holder does not walk off with the hold: the move is refused in words; she lets go from the card, then moves', async () => {
    const { table } = await held();
    const bruno = table.seat('Bruno');
    const token = bruno.token('Basile').document;
    await token.update({ y: 500 }).catch(() => undefined);
    await table.settle();
    expect(bruno.warnings.at(-1)).toBe(
      "Basile tient Aude : pas question de s'éloigner en gardant la prise. Lâchez-la d'abord (« Lâcher la prise » sur la carte de la prise).",
    );
    expect(table.gm.token('Basile').document.y).toBe(100);
    await bruno.press(
      'Lâcher la prise',
      souffleCards(bruno).find((m) => text(m).includes('tente une prise')),
    );
    expect(table.gm.actor('Aude').statuses.has('agrippe')).toBe(false);
    expect(text(holdCard(table))).toContain('Basile lâche la prise : Aude est libre.');
    await bruno.token('Basile').document.update({ y: 500 });
    await table.settle();
    expect(table.gm.token('Basile').document.y).toBe(500);
  });

  it('S-GR1 a held fighter pressing Lutter against her own holder is refused and pointed to Se dégager (ruling)', async () => {
    const { table } = await held();
    const alice = table.seat('Alice');
    await nextSlots(table, 2);
    await alice.target('Basile');
    const before = souffleCards(alice).length;
    const rolled = table.dice.rolled.length;
    await sheetAction(alice, 'Aude', '[data-action="grapple"]');
    expect(alice.warnings.at(-1)).toBe(
      'Aude est tenu(e) par Basile : on ne prend pas en lutte qui vous tient. Pour vous libérer, « Se dégager » sur la carte de la prise.',
    );
    expect(souffleCards(alice).length).toBe(before);
    expect(table.dice.rolled.length).toBe(rolled);
    expect(table.gm.actor('Basile').statuses.has('agrippe')).toBe(false);
  });
});

describe('Souffle: what a blow did (S-DF3, S-AT2)', () => {
  it('S-DF3 a blow on a fighter already at 0 PV says it landed, that the fighter is down, and offers no Appliquer (nothing would change)', async () => {
    const table = await pair({}, { system: { pv: { value: 0, max: 10 }, souffle: { value: 0, max: 10 } } });
    const bruno = table.seat('Bruno');
    await strike(table, 5);
    table.dice.push([10, 1], [10, 1]);
    await declineForcing(table);
    await bruno.press('Esquiver');
    // Issue 46: applying would change nothing (0 souffle, 0 PV left): no Appliquer, the card says why.
    expect(cardButtons(table.gm, table.gm.lastMessage()).some((l) => l.startsWith('Appliquer'))).toBe(false);
    const card = text(bruno.lastMessage());
    expect(card).toContain('Rien à appliquer : ce coup ne change ni le souffle ni les PV de Basile.');
    expect(card).toContain(
      'Basile est déjà à terre (0 PV) : les 4 dégâts du coup ne lui retirent plus rien.',
    );
    expect(card).toContain("Basile est à terre (0 PV) : la suite est à l'appréciation du MJ.");
  });

  it('S-AT2 a blow whose die sits at its cap shows no Forcer button at all', async () => {
    const table = await pair();
    await strike(table, 12);
    const alice = table.seat('Alice');
    expect(cardButtons(alice, alice.lastMessage()).some((l) => l.startsWith('Forcer'))).toBe(false);
  });
});
