/**
 * Issue 13's "done when": an archer, a crossbowwoman and an arquebusier over four rounds, every
 * draw, shot, reload and incident played through the tracker and the cards (the sheet only for
 * the Bricolage repair roll), nothing ticked by hand. Readiness is read from the items, where it
 * lives.
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

const XBOW = 'Aventurière arbalétrière';
const CHEF = 'Chef brigand';
const ARCHER = 'Brigand';

/** The GM ends every remaining slot; the round ends with everyone having acted. */
async function finishPasses(t: FantasiaTable): Promise<void> {
  while (!text(t.gm.tracker).includes('Tout le monde a agi')) {
    const end = t.gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
    if (end) await t.gm.click(end);
    else await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
  }
}

/**
 * The owner of the current slot ends it from their tracker, unless its card spent it and it closed
 * itself (issue 46: a shot, once its card asks nothing more).
 */
async function endSlot(seat: Seat, name?: string): Promise<void> {
  const active = seat.tracker.querySelector('li.pda-slot.active');
  if (name && text(active?.querySelector('.pda-name')) !== name) return;
  await seat.click('li.active [data-action="pdaEndSlot"]', seat.tracker);
}

describe('three shooters over four rounds', () => {
  it('F-W5 F-W6 F-R9 F-R8 F-H7 an archer, a crossbowwoman and an arquebusier draw, shoot, reload and meet their incidents through the tracker and the cards', async () => {
    const t = await fantasiaTable([
      { entry: XBOW, owner: 'Bruno' },
      { entry: CHEF },
      { entry: ARCHER, owner: 'Alice' },
    ]);
    // The Chef brigand carries an arquebus (FOR 15: he can hold it alone), still slung.
    await t.gm.dragOnto(t.gm.actor(CHEF), t.table.packUuid('fantasia-armes', 'Arquebuse'));
    const gun = itemId(t.gm, CHEF, 'Arquebuse');
    const bolt = itemId(t.bruno, XBOW, 'Arbalète');
    const bow = itemId(t.alice, ARCHER, 'Arc');
    const item = (actor: string, id: string) => t.gm.actor(actor).items.get(id).system;
    const pv = () => t.gm.actor(CHEF).system.pv.value as number;
    await startFight(t, [XBOW, CHEF, ARCHER]);
    const shoot = (weaponId: string, target: string) => ({
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': weaponId,
      'intents.0.targetId': t.ids[target]!,
    });
    const draw = (weaponId: string) => ({ 'intents.0.kind': 'draw', 'intents.0.weaponId': weaponId });
    expect(item(ARCHER, bow)).toMatchObject({ drawn: false });
    expect(item(CHEF, gun)).toMatchObject({ drawn: false, loaded: true });

    // Round 1. Initiative by DEX: crossbowwoman 17, Chef 14, archer 13. Her crossbow was ready
    // before the fight: she shoots in pass 1 and winds it in passes 2 and 3 (F-W5); the others
    // draw in pass 3, no attack this round (F-R8, F-R9).
    await declare(t.bruno, t.ids[XBOW]!, shoot(bolt, CHEF));
    await declare(t.gm, t.ids[CHEF]!, draw(gun));
    await declare(t.alice, t.ids[ARCHER]!, draw(bow));
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    t.table.dice.push([100, 90]);
    await attackFromSlot(t.bruno, CHEF);
    expect(text(t.bruno.lastMessage())).toMatch(/Attaque 90 \/ 60 % Échec/);
    await endSlot(t.bruno, XBOW);
    expect(text(t.gm.tracker)).toMatch(/2e passe.*Recharger/);
    expect(text(t.gm.tracker)).toMatch(/3e passe.*Dégainer/);
    await finishPasses(t);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(item(XBOW, bolt)).toMatchObject({ drawn: true, loaded: true });
    expect(item(ARCHER, bow)).toMatchObject({ drawn: true, loaded: true });
    expect(item(CHEF, gun)).toMatchObject({ drawn: true, loaded: true });

    // Round 2: all three shoot in pass 1, in DEX order.
    await declare(t.bruno, t.ids[XBOW]!, shoot(bolt, CHEF));
    await declare(t.gm, t.ids[CHEF]!, shoot(gun, XBOW));
    await declare(t.alice, t.ids[ARCHER]!, shoot(bow, CHEF));
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    // The crossbow fumbles (98): the GM picks the jammed mechanism (F-H7).
    t.table.dice.push([100, 98]);
    await attackFromSlot(t.bruno, CHEF);
    await t.gm.press('Mécanisme');
    expect(t.bruno.actor(XBOW).statuses.has('jammed')).toBe(true);
    await endSlot(t.bruno, XBOW);
    // The arquebus misses (80 against 5 %); the Chance roll fails (90 against 55) and the
    // incident table reads 60: too little powder, the ball drops after 2 or 3 m (F-W6).
    t.table.dice.push([100, 80]);
    await attackFromSlot(t.gm, XBOW);
    expect(text(t.gm.lastMessage())).toMatch(/Attaque 80 \/ 5 % Échec/);
    t.table.dice.push([100, 90], [100, 60]);
    await t.gm.press('Jet de Chance');
    expect(text(t.bruno.lastMessage())).toContain('Pas assez de poudre');
    expect(item(CHEF, gun)).toMatchObject({ loaded: false });
    await endSlot(t.gm, CHEF);
    // The arrow hits (25 against 40 %): 1d6+1 = 6, studded leather 3.
    t.table.dice.push([100, 25]);
    await attackFromSlot(t.alice, CHEF);
    t.table.dice.push([6, 5]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toContain('Dommages subis 3');
    await t.gm.press('Appliquer');
    expect(pv()).toBe(11);
    await endSlot(t.alice, ARCHER);
    // The arquebus's reload time is rolled when the round ends: 1d4+3 = 4 rounds.
    t.table.dice.push([4, 1]);
    await finishPasses(t);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(item(CHEF, gun)).toMatchObject({ drawn: true, loaded: false, reloadRoundsLeft: 4 });
    expect(item(ARCHER, bow)).toMatchObject({ drawn: true, loaded: true });
    expect(t.bruno.actor(XBOW).statuses.has('jammed')).toBe(true);

    // Between rounds she repairs the mechanism: Bricolage 10 against 35 %, 1d2 = 1 round.
    const sheet = await t.bruno.openSheet(t.bruno.actor(XBOW));
    t.table.dice.push([100, 10], [2, 1]);
    await t.bruno.click(sheet.querySelector('[data-action="repairWeapon"]')!);
    expect(text(t.bruno.lastMessage())).toContain("l'arme servira de nouveau dans 1 round");

    // Round 3: a jammed crossbow cannot be declared for a shot; she dodges. The Chef rams powder
    // and ball (one round of the countdown); the archer shoots.
    await declare(t.bruno, t.ids[XBOW]!, shoot(bolt, CHEF));
    expect(t.bruno.warnings.join(' ')).toContain(
      "Arbalète : l'arme est inutilisable (brisée, enrayée ou perdue).",
    );
    await declare(t.bruno, t.ids[XBOW]!, { 'intents.0.kind': 'dodge' });
    await declare(t.gm, t.ids[CHEF]!, { 'intents.0.kind': 'reload', 'intents.0.weaponId': gun });
    await declare(t.alice, t.ids[ARCHER]!, shoot(bow, CHEF));
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    // The arrow hits (30): 1d6+1 = 5, 2 through the leather.
    t.table.dice.push([100, 30]);
    await attackFromSlot(t.alice, CHEF);
    t.table.dice.push([6, 4]);
    await t.gm.press('Ne rien faire');
    await t.gm.press('Appliquer');
    expect(pv()).toBe(9);
    // The arrow spent her slot, which closed itself (issue 46): the GM gives it back.
    await t.gm.click('[data-action="pdaPreviousSlot"]', t.gm.tracker);
    // Once a round (F-R9): a second arrow from her sheet is refused and posts nothing.
    const cards = t.gm.messages().length;
    await attackFromSheet(t.alice, ARCHER, bow, CHEF);
    expect(t.alice.warnings.join(' ')).toContain('Brigand a déjà tiré ou lancé ce round');
    expect(t.gm.messages().length).toBe(cards);
    await endSlot(t.alice, ARCHER);
    expect(text(t.gm.tracker)).toMatch(/2e passe.*Recharger/);
    await finishPasses(t);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(item(CHEF, gun)).toMatchObject({ loaded: false, reloadRoundsLeft: 3 });
    expect(t.gm.actor(XBOW).statuses.has('jammed')).toBe(false);

    // Round 4: the crossbow shoots again and hits (20): 2d4+2 = 9, 6 through the leather; the
    // Chef's countdown goes on; the archer misses (70).
    await declare(t.bruno, t.ids[XBOW]!, shoot(bolt, CHEF));
    await declare(t.gm, t.ids[CHEF]!, { 'intents.0.kind': 'reload', 'intents.0.weaponId': gun });
    await declare(t.alice, t.ids[ARCHER]!, shoot(bow, CHEF));
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    t.table.dice.push([100, 20]);
    await attackFromSlot(t.bruno, CHEF);
    t.table.dice.push([4, 3], [4, 4]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toContain('Dommages subis 6');
    await t.gm.press('Appliquer');
    expect(pv()).toBe(3);
    await endSlot(t.bruno, XBOW);
    t.table.dice.push([100, 70]);
    await attackFromSlot(t.alice, CHEF);
    expect(text(t.alice.lastMessage())).toMatch(/Attaque 70 \/ 40 % Échec/);
    await endSlot(t.alice, ARCHER);
    await finishPasses(t);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(item(XBOW, bolt)).toMatchObject({ drawn: true, loaded: true });
    expect(item(ARCHER, bow)).toMatchObject({ drawn: true, loaded: true });
    expect(item(CHEF, gun)).toMatchObject({ loaded: false, reloadRoundsLeft: 2 });
    expect(t.table.dice.pending).toBe(0);
    expect(t.table.errors()).toEqual([]);
  });
});
