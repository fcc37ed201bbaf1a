/**
 * Independent reading of the turn order of attacks (setting `attackTurnOrder`, on by default):
 * a player's attack outside their fighter's slot is refused with a warning saying when the turn
 * comes, nothing is posted or spent; in the fighter's slot it is accepted; the GM is never refused;
 * outside a fight an attack is free. Written from the seeds and RULES.md, through the harness only.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import {
  attackFromSheet,
  attackFromSlot,
  declare,
  fantasiaTable,
  itemId,
  startFight,
  text,
  type FantasiaTable,
} from './fantasia-table';
import { nextSlots, souffleRound, WARRIOR } from './souffle-table';

const SHOOTER = 'Aventurière arbalétrière'; // Alice, DEX 17, crossbow ready (pass 1)
const BRETTEUR = 'Bretteur'; // Bruno, DEX 15, melee (pass 2)
const BRIGAND = 'Brigand'; // GM's, DEX 13
const GARDE = 'Garde de la porte'; // GM's, DEX 11, long sword drawn

const cards = (seat: Seat): number => seat.messages().length;
const current = (t: FantasiaTable): string =>
  text(t.gm.tracker.querySelector('li.pda-slot.active .pda-name'));
const pv = (t: FantasiaTable, name: string): number => Number(t.gm.actor(name).system.pv.value);

/** Alice at 1,1; the Bretteur next to the Brigand (3,1 / 4,1); the fight started. */
async function fight(settings: Record<string, unknown> = {}): Promise<FantasiaTable> {
  const t = await fantasiaTable(
    [
      { entry: SHOOTER, owner: 'Alice', at: [1, 1] },
      { entry: BRETTEUR, owner: 'Bruno', at: [3, 1] },
      { entry: BRIGAND, at: [4, 1] },
      { entry: GARDE, at: [3, 2] },
    ],
    settings,
  );
  await startFight(t, [SHOOTER, BRETTEUR, BRIGAND, GARDE]);
  return t;
}

/**
 * The GM declares the guard's blow at the Bretteur; Alice a crossbow shot, Bruno a melee blow,
 * both at the Brigand (left undeclared); the GM opens the passes.
 */
async function toPasses(t: FantasiaTable, reloadAfter = true): Promise<void> {
  await declare(t.gm, t.ids[GARDE]!, {
    'intents.0.kind': 'melee',
    'intents.0.weaponId': itemId(t.gm, GARDE, 'Épée longue'),
    'intents.0.targetId': t.ids[BRETTEUR]!,
  });
  await declare(t.alice, t.ids[SHOOTER]!, {
    'intents.0.kind': 'shoot',
    'intents.0.weaponId': itemId(t.alice, SHOOTER, 'Arbalète'),
    'intents.0.targetId': t.ids[BRIGAND]!,
    'intents.0.reloadAfter': reloadAfter,
  });
  await declare(t.bruno, t.ids[BRETTEUR]!, {
    'intents.0.kind': 'melee',
    'intents.0.weaponId': itemId(t.bruno, BRETTEUR, 'Épée fantasque'),
    'intents.0.targetId': t.ids[BRIGAND]!,
  });
  await t.gm.click(
    t.gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
      t.gm.tracker.querySelector('[data-action="pdaForcePasses"]')!,
  );
}

async function moveTo(t: FantasiaTable, name: string): Promise<void> {
  for (let guard = 0; guard < 20 && current(t) !== name; guard++)
    await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
  expect(current(t)).toBe(name);
}

const brettBlow = (t: FantasiaTable) =>
  attackFromSheet(t.bruno, BRETTEUR, itemId(t.bruno, BRETTEUR, 'Épée fantasque'), BRIGAND);
const aliceShot = (t: FantasiaTable) =>
  attackFromSheet(t.alice, SHOOTER, itemId(t.alice, SHOOTER, 'Arbalète'), BRIGAND);

describe('Fantasia: attacks in the order of the passes', () => {
  it('F-R7 F-R6 a melee fighter attacking during pass 1 is refused with a warning naming him and when; in his own pass-2 slot he attacks', async () => {
    const t = await fight();
    await toPasses(t);
    expect(current(t)).toBe(SHOOTER); // pass 1: the ready crossbow first
    const before = cards(t.gm);
    const seen = cards(t.bruno);
    const warned = t.bruno.warnings.length;
    await brettBlow(t);
    expect(cards(t.gm)).toBe(before);
    expect(cards(t.bruno)).toBe(seen);
    const w = t.bruno.warnings.slice(warned);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain(BRETTEUR);
    expect(w[0]).toContain(SHOOTER); // whose turn it is now
    expect(w[0]).toMatch(/2|deuxième/i); // his turn comes in pass 2
    expect(pv(t, BRIGAND)).toBe(12);
    await moveTo(t, BRETTEUR);
    await brettBlow(t);
    expect(cards(t.gm)).toBe(before + 1);
    expect(t.bruno.warnings.length).toBe(warned + 1);
  });

  it('F-R5 F-R6 an attack while intents are still being declared is refused, the warning names the step, and nothing is spent', async () => {
    const t = await fight();
    const before = cards(t.gm);
    const warned = t.alice.warnings.length;
    await aliceShot(t);
    expect(cards(t.gm)).toBe(before);
    const w = t.alice.warnings.slice(warned);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain(SHOOTER);
    expect(w[0]).toMatch(/déclaration/i);
    expect(pv(t, BRIGAND)).toBe(12);
    // Nothing was spent: her crossbow is still loaded for her pass-1 shot.
    await toPasses(t);
    expect(current(t)).toBe(SHOOTER);
    const ready = cards(t.gm); // the GM's memo of NPC intents came meanwhile
    await aliceShot(t);
    expect(cards(t.gm)).toBe(ready + 1);
    expect(t.alice.warnings.length).toBe(warned + 1);
  });

  it('F-R9 a missile weapon is used once a round: a second shot in the same pass-1 slot posts no card', async () => {
    const t = await fight();
    await toPasses(t);
    const before = cards(t.gm);
    const slot = () => t.gm.tracker.querySelector('li.pda-slot.active')?.getAttribute('data-slot-id');
    const shotSlot = slot();
    await aliceShot(t);
    expect(cards(t.gm)).toBe(before + 1);
    const warned = t.alice.warnings.length;
    // If the shot spent her slot, which closed itself (issue 46), the GM gives it back.
    if (slot() !== shotSlot) await t.gm.click('[data-action="pdaPreviousSlot"]', t.gm.tracker);
    await aliceShot(t);
    expect(cards(t.gm)).toBe(before + 1);
    expect(t.alice.warnings.slice(warned).join(' ')).toContain('Arbalète'); // the weapon's own bar (unloaded)
  });

  it("F-R7 F-R1 one slot a round: once the Bretteur has attacked in his slot, his attack in the next fighter's slot is refused, the warning says his next turn is next round", async () => {
    const t = await fight();
    await toPasses(t);
    await moveTo(t, BRETTEUR);
    const before = cards(t.gm);
    await brettBlow(t);
    expect(cards(t.gm)).toBe(before + 1);
    await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    expect(current(t)).not.toBe(BRETTEUR);
    const warned = t.bruno.warnings.length;
    await brettBlow(t);
    expect(cards(t.gm)).toBe(before + 1);
    const w = t.bruno.warnings.slice(warned);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain(BRETTEUR);
    expect(w[0]).toMatch(/round suivant/);
  });

  it("F-R1 the GM is never refused: the gate guard (pass 2, DEX 11) attacks during Alice's pass-1 slot, and so does Bruno's Bretteur in the GM's hands", async () => {
    const t = await fight();
    await toPasses(t);
    expect(current(t)).toBe(SHOOTER);
    const before = cards(t.gm);
    const warned = t.gm.warnings.length;
    await attackFromSheet(t.gm, GARDE, itemId(t.gm, GARDE, 'Épée longue'), BRETTEUR);
    expect(cards(t.gm)).toBe(before + 1);
    await attackFromSheet(t.gm, BRETTEUR, itemId(t.gm, BRETTEUR, 'Épée fantasque'), BRIGAND);
    expect(t.gm.warnings.slice(warned)).toEqual([]);
    expect(cards(t.gm)).toBe(before + 2);
  });

  it("F-R6 a player cannot attack from the tracker with another player's slot; its owner can", async () => {
    const t = await fight();
    await toPasses(t);
    expect(current(t)).toBe(SHOOTER);
    const before = cards(t.gm);
    await t.bruno.target(BRIGAND);
    const button = t.bruno.tracker.querySelector('li.active [data-action="pdaAttack"]');
    // Bruno's tracker may offer no button there at all; if it does, pressing it posts nothing.
    if (button) {
      await t.bruno.click(button);
      if (t.bruno.dialogs().length) await t.bruno.answerDialog({});
    }
    expect(cards(t.gm)).toBe(before);
    expect(pv(t, BRIGAND)).toBe(12);
    // The same button on Alice's tracker is hers: it takes her shot.
    await attackFromSlot(t.alice, BRIGAND);
    expect(cards(t.gm)).toBe(before + 1);
  });

  it('F-R1 out of combat, and once the combat is ended, a player attacks freely', async () => {
    const t = await fantasiaTable([
      { entry: SHOOTER, owner: 'Alice', at: [1, 1] },
      { entry: BRETTEUR, owner: 'Bruno', at: [3, 1] },
      { entry: BRIGAND, at: [4, 1] },
    ]);
    const before = cards(t.gm);
    await brettBlow(t);
    expect(cards(t.gm)).toBe(before + 1);
    await startFight(t, [SHOOTER, BRETTEUR, BRIGAND]);
    await t.table.gm.game.combats.get(t.combat!.id).delete();
    await t.table.settle();
    const after = cards(t.gm);
    const warned = t.bruno.warnings.length;
    await brettBlow(t);
    expect(cards(t.gm)).toBe(after + 1);
    expect(t.bruno.warnings.length).toBe(warned);
  });

  it('F-R7 with the setting off, a melee attack during pass 1 is accepted', async () => {
    const t = await fight({ attackTurnOrder: false });
    await toPasses(t);
    expect(current(t)).toBe(SHOOTER);
    const before = cards(t.gm);
    await brettBlow(t);
    expect(cards(t.gm)).toBe(before + 1);
  });
});

describe('Souffle: attacks in initiative order after the postures', () => {
  /** Alice clicks "Attaquer" on her long sword's row (the Souffle sheet), targeting the hunter. */
  const swing = async (s: Seat): Promise<void> => {
    await s.target('Chasseur');
    const sheet = await s.openSheet(s.actor(WARRIOR));
    const button = [...sheet.querySelectorAll<HTMLElement>('[data-action="attack"]')].find((b) =>
      b.dataset.tooltip?.includes('Épée longue ('),
    );
    if (!button) throw new Error('no attack button for the long sword');
    await s.click(button);
    if (s.dialogs().length) await s.answerDialog({});
  };

  it('S-R1 an attack before the postures are chosen is refused and names the step', async () => {
    const duel = await souffleRound(null);
    const before = cards(duel.gm);
    const warned = duel.alice.warnings.length;
    await swing(duel.alice);
    expect(cards(duel.gm)).toBe(before);
    const w = duel.alice.warnings.slice(warned);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain(WARRIOR);
    expect(w[0]).toMatch(/posture/i);
    expect(Number(duel.gm.actor('Chasseur').system.pv.value)).toBe(10);
  });

  it('S-R3 S-R1 S-P3 the hunter rolled higher: the warrior attacking in his turn is refused naming him and saying when her turn comes; in her own turn one action (Prudent), a second is refused', async () => {
    const duel = await souffleRound(['prudent', 'prudent'], [4, 9]);
    const before = cards(duel.gm);
    const warned = duel.alice.warnings.length;
    await swing(duel.alice);
    expect(cards(duel.gm)).toBe(before);
    const w = duel.alice.warnings.slice(warned);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain(WARRIOR);
    expect(w[0]).toContain('Chasseur');
    // ... and says when her turn comes (next, after the hunter's).
    expect(w[0]).toMatch(/viendra ensuite, dans l.ordre d.initiative/);
    expect(Number(duel.gm.actor('Chasseur').system.pv.value)).toBe(10);
    await nextSlots(duel.gm, 1);
    await swing(duel.alice);
    expect(cards(duel.gm)).toBe(before + 1);
    await swing(duel.alice);
    expect(cards(duel.gm)).toBe(before + 1);
  });
});
