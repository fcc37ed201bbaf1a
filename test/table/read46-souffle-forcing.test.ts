/**
 * Independent reader, issue 46 point 5 (S-AT2, docs/rulings.md "Forcing comes before the
 * defence"): situations the implementers' tests do not play — a die at its cap, no souffle left,
 * forcing up to the cap, a shot, an NPC attacker, a third player.
 */
import { describe, expect, it } from 'vitest';
import { brigand, souffleDuel, text, WARRIOR } from './souffle-table';
import type { Seat } from '../harness/table';
import { forgeClick, lastCardId } from './damage-rights-kit';

function button(seat: Seat, label: string) {
  return seat.buttons(seat.lastMessage()).find((b) => b.label.startsWith(label));
}
const FORCE_LABELS = ['Forcer', 'Ne pas forcer', 'Ne plus forcer'];
function forcingButtons(seat: Seat): string[] {
  return seat
    .buttons(seat.lastMessage())
    .filter((b) => b.enabled && FORCE_LABELS.some((l) => b.label.startsWith(l)))
    .map((b) => b.label);
}

/** Alice's warrior strikes Bruno's hunter with the given d10 and d12 (S-AT3: best die + 3). */
async function strike(d10: number, d12: number, souffle?: number) {
  const duel = await souffleDuel();
  const { table, alice, gm } = duel;
  if (souffle !== undefined) await gm.actor(WARRIOR).update({ 'system.souffle.value': souffle });
  await alice.target('Chasseur');
  const sheet = await alice.openSheet(alice.actor(WARRIOR));
  await alice.click(sheet.querySelector('[data-action="attack"]')!);
  table.dice.push([10, d10], [12, d12]);
  await alice.answerDialog({ characteristic: 'vigueur' });
  return duel;
}

describe('S-AT2 forcing before the defence, read again', () => {
  it('S-AT2 a d12 at 12 leaves no room to force: no forcing offered and Bruno may defend at once', async () => {
    const { table, alice, bruno } = await strike(1, 12);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 15');
    expect(forcingButtons(alice)).toEqual([]);
    expect(button(bruno, 'Parer')?.enabled).toBe(true);
    expect(button(bruno, 'Esquiver')?.enabled).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('S-AT2 a warrior with 0 souffle cannot force: Bruno is not kept waiting', async () => {
    const { table, alice, bruno } = await strike(1, 7, 0);
    expect(forcingButtons(alice)).toEqual([]);
    expect(button(bruno, 'Esquiver')?.enabled).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('S-AT2 a warrior with 2 souffle forces twice (10 → 12, souffle 2 → 0) and Bruno may then defend without « Ne plus forcer »', async () => {
    const { table, alice, bruno, gm } = await strike(1, 7, 2);
    const labels = forcingButtons(alice);
    expect(labels.some((l) => l.startsWith('Forcer +3'))).toBe(false);
    await alice.press('Forcer +1 souffle');
    await alice.press('Forcer +1 souffle');
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(0);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 12');
    expect(forcingButtons(alice).filter((l) => l.startsWith('Forcer'))).toEqual([]);
    expect(button(bruno, 'Esquiver')?.enabled).toBe(true);
    table.dice.push(2, 3);
    await bruno.press('Esquiver');
    expect(text(gm.lastMessage())).toMatch(/Dégâts − dé − défense − ½ métier 12 − /);
    expect(table.errors()).toEqual([]);
  });

  it('S-AT2 forcing the whole room (+5 then nothing more): 10 → 15, five souffle spent, Bruno defends against 15 with no extra click', async () => {
    const { table, alice, bruno, gm } = await strike(1, 7);
    const souffle = alice.actor(WARRIOR).system.souffle.value as number;
    await alice.press('Forcer +5 souffle');
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(souffle - 5);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 15');
    expect(forcingButtons(alice)).toEqual([]);
    expect(button(bruno, 'Parer')?.enabled).toBe(true);
    table.dice.push(2, 3);
    await bruno.press('Esquiver');
    expect(text(gm.lastMessage())).toMatch(/Dégâts − dé − défense − ½ métier 15 − /);
    expect(table.errors()).toEqual([]);
  });

  it('S-AT2 while Alice may still force, Bruno has no enabled defence at all (Parer, Esquiver, Aucun jet de défense)', async () => {
    const { bruno } = await strike(1, 7);
    const enabled = bruno
      .buttons(bruno.lastMessage())
      .filter((b) => b.enabled)
      .map((b) => b.label);
    expect(enabled.filter((l) => /Parer|Esquiver|Aucun jet/.test(l))).toEqual([]);
  });

  it('S-AT2 only the attacker side sees the forcing: Bruno (defender) and Carla (neither) see no « Ne pas forcer »', async () => {
    const { alice, bruno } = await strike(1, 7);
    expect(forcingButtons(alice)).toContain('Ne pas forcer');
    expect(forcingButtons(bruno)).toEqual([]);
  });

  it("S-AT2 a shot is never forced (« Au contact uniquement »): Alice may dodge the hunter's arrow at once", async () => {
    const { table, alice, bruno } = await souffleDuel();
    await table.gm.token('Chasseur').document.update({ x: 3000, y: 100 });
    await bruno.target(WARRIOR);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    table.dice.push([10, 5]);
    await bruno.answerDialog({ characteristic: 'acuite' });
    expect(forcingButtons(bruno)).toEqual([]);
    expect(button(alice, 'Esquiver')?.enabled).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it("S-AT2 the GM's brigand strikes Alice: her defence waits for the GM, who alone sees « Ne pas forcer »; then she may dodge", async () => {
    const { table, alice, bruno, gm } = await souffleDuel();
    await table.createActor(brigand());
    await table.placeToken('Brigand', 1, 2);
    await gm.target(WARRIOR);
    const sheet = await gm.openSheet(gm.actor('Brigand'));
    await gm.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push(2, 2, 2);
    await gm.answerDialog({ characteristic: 'vigueur' });
    expect(forcingButtons(gm)).toContain('Ne pas forcer');
    for (const seat of [alice, gm])
      expect(text(seat.lastMessage())).toContain(
        `À Brigand : forcer ou non ce coup ; ${WARRIOR} choisit sa défense ensuite.`,
      );
    expect(forcingButtons(alice)).toEqual([]);
    expect(forcingButtons(bruno)).toEqual([]);
    expect(button(alice, 'Esquiver')?.enabled).toBe(false);
    // Alice's dodge sent from her console before the GM chose is refused.
    expect(await forgeClick(table, alice, lastCardId(gm), 'esquive')).toMatchObject({ ok: false });
    expect(text(gm.lastMessage())).not.toContain('Défense Esquiver');
    await gm.press('Ne pas forcer');
    expect(button(alice, 'Esquiver')?.enabled).toBe(true);
    expect(table.errors()).toEqual([]);
  });
});
