/**
 * Range and altitude at the table (F-M4, F-R9, F-R8): every shot measures the tokens when it is
 * made (elevation included), on the GM's side; the chase keeps its own gaps while a flyer climbs;
 * a bow in hand but not nocked is loosed in pass 3, as the round scheduled it.
 */
import { describe, expect, it } from 'vitest';
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

const RORQUE = 'Rorque stratosphérique';
const ARCHER = 'Aventurière arbalétrière';

const chase = (t: FantasiaTable): HTMLElement => t.gm.dom.querySelector<HTMLElement>('#pda-chase')!;
const pairText = (t: FantasiaTable): string => text(chase(t).querySelector('.pda-chase-pairs tbody'));

/** The GM climbs a runner of the chase tool by its Mouvement. */
async function climb(t: FantasiaTable, name: string): Promise<void> {
  const row = [...chase(t).querySelectorAll<HTMLElement>('tr[data-runner]')].find((r) =>
    text(r).includes(name),
  );
  if (!row) throw new Error(`no chase row for ${name}`);
  await t.gm.click(row.querySelector('[data-action="chaseClimb"]')!);
}

/** The GM ends every remaining slot, then opens the next round. */
async function finishRound(t: FantasiaTable): Promise<void> {
  while (!text(t.gm.tracker).includes('Tout le monde a agi')) {
    const end = t.gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
    if (end) await t.gm.click(end);
    else await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
  }
  await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
}

describe('the crossbow against the Rorque', () => {
  it('F-M4 DEX 17 shoots before 16 in pass 1 and hits at 15 m; the Rorque climbs 20 m; in round 2 the bolt at 35 m is refused as out of range', async () => {
    const t = await fantasiaTable([{ entry: ARCHER, owner: 'Alice', at: [1, 1] }]);
    await t.table.importActor('fantasia-bestiaire', RORQUE);
    await t.table.placeToken(RORQUE, 1, 1, 15);
    await startFight(t, [ARCHER, RORQUE]);
    expect(text(t.alice.tracker)).toMatch(new RegExp(`17 ${ARCHER} 16 ${RORQUE}`));
    const bolt = itemId(t.alice, ARCHER, 'Arbalète');
    const shoot = {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': bolt,
      'intents.0.targetId': t.ids[RORQUE]!,
    };
    await declare(t.alice, t.ids[ARCHER]!, shoot);
    await declare(t.gm, t.ids[RORQUE]!, { 'intents.0.kind': 'move' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    expect(text(t.gm.tracker)).toContain('1re passe');
    // Ready before the fight, the bolt flies in pass 1: 20 under 60 %, 2d4+2 = 9, its hide takes 2.
    t.table.dice.push([100, 20]);
    await attackFromSlot(t.alice, RORQUE);
    expect(t.alice.warnings).toEqual([]);
    expect(text(t.alice.lastMessage())).toContain('Attaque 20 / 60 % Réussite');
    t.table.dice.push([4, 3], [4, 4]);
    await t.gm.press('Ne rien faire');
    expect(text(t.gm.lastMessage())).toContain('Arme 2d4+2 [3, 4] = 9 F-H2 Armure -2 F-H3 Dommages subis 7');
    await t.gm.press('Appliquer');
    expect(t.alice.actor(RORQUE).system.pv.value).toBe(10);
    await t.alice.click('li.active [data-action="pdaEndSlot"]', t.alice.tracker);

    // The Rorque flies off: the GM climbs it by its Mouvement (20) in the chase tool.
    await t.gm.click('[data-pda-chase]', t.gm.tracker);
    const roles = chase(t).querySelectorAll('select');
    await t.gm.fill(roles[0]!, 'pursuer');
    await t.gm.fill(roles[1]!, 'pursued');
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    expect(pairText(t)).toContain('Arbalète (30 m) : à portée, 15 m');
    await climb(t, RORQUE);
    expect(t.alice.token(RORQUE).document.elevation).toBe(35);
    expect(pairText(t)).toContain('Arbalète (30 m) : hors de portée, 35 m');

    // She reloads in passes 2 and 3; round 2, the loaded crossbow's pass-1 bolt is out of range.
    await finishRound(t);
    expect(t.gm.actor(ARCHER).items.get(bolt).system.loaded).toBe(true);
    await declare(t.alice, t.ids[ARCHER]!, shoot);
    await declare(t.gm, t.ids[RORQUE]!, { 'intents.0.kind': 'move' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    const cards = t.gm.messages().length;
    t.table.dice.push([100, 5]);
    await attackFromSlot(t.alice, RORQUE);
    expect(t.alice.warnings.join(' ')).toContain('Cible hors de portée : à 35 m, Arbalète porte à 30 m.');
    expect(t.gm.messages().length).toBe(cards);
    expect(t.gm.actor(RORQUE).system.pv.value).toBe(10);
    // Nothing was spent: the bolt is still in the crossbow.
    expect(t.gm.actor(ARCHER).items.get(bolt).system.loaded).toBe(true);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-M4 outside a tracked fight, a shot from the sheet at a flyer 35 m up is refused; at 25 m it is made', async () => {
    const t = await fantasiaTable([{ entry: ARCHER, owner: 'Alice', at: [1, 1] }]);
    await t.table.importActor('fantasia-bestiaire', RORQUE);
    const token = await t.table.placeToken(RORQUE, 1, 1, 35);
    const bolt = itemId(t.alice, ARCHER, 'Arbalète');
    const before = t.gm.messages().length;
    await attackFromSheet(t.alice, ARCHER, bolt, RORQUE);
    expect(t.alice.warnings.join(' ')).toContain('Cible hors de portée : à 35 m, Arbalète porte à 30 m.');
    expect(t.gm.messages().length).toBe(before);
    expect(t.gm.actor(ARCHER).items.get(bolt).system.loaded).toBe(true);
    // Lower, and 6 squares (9 m) away on the ground: √(9² + 20²) ≈ 21.9 m, within 30 m.
    await token.update({ elevation: 20, x: 700 });
    await t.table.settle();
    t.table.dice.push([100, 50]);
    await attackFromSheet(t.alice, ARCHER, bolt, RORQUE);
    expect(text(t.gm.lastMessage())).toContain('Attaque 50 / 60 %');
    expect(t.table.errors()).toEqual([]);
  });

  it("F-M4 the bow (80 m) at a flyer 12 m off and 80 m up (80.9 m) is refused, in the player's English", async () => {
    const t = await fantasiaTable([{ entry: 'Brigand', owner: 'Alice', at: [1, 1] }], {}, { Alice: 'en' });
    await t.table.importActor('fantasia-bestiaire', RORQUE);
    await t.table.placeToken(RORQUE, 9, 1, 80);
    const bow = itemId(t.alice, 'Brigand', 'Arc');
    const sheet = await t.alice.openSheet(t.alice.actor('Brigand'));
    await t.alice.click(sheet.querySelector(`tr[data-weapon-id="${bow}"] [data-field="drawn"]`)!);
    const before = t.gm.messages().length;
    await attackFromSheet(t.alice, 'Brigand', bow, RORQUE);
    expect(t.alice.warnings.join(' ')).toContain('Target out of range: 80.9 m away, Arc reaches 80 m.');
    expect(t.gm.messages().length).toBe(before);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('the chase keeps its gaps', () => {
  it('F-M4 a flyer climbing does not put back the gaps the rounds closed; Mesurer re-measures only the tokens that moved', async () => {
    const t = await fantasiaTable([
      { entry: 'Pasmagosaure', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [1 + 40 / 3, 1] },
    ]);
    // A gridless scene (the GM's scene configuration): a 20 m lead is no whole number of 1.5 m
    // squares, and a square grid counts whole squares.
    await t.gm.game.scenes.find((s: { active: boolean }) => s.active).update({ 'grid.type': 0 });
    await t.table.importActor('fantasia-bestiaire', RORQUE);
    await t.table.placeToken(RORQUE, 1, 1, 0);
    await t.table.startEncounter('Pasmagosaure', 'Bretteur', RORQUE);
    await t.gm.openTracker();
    await t.gm.click('[data-pda-chase]', t.gm.tracker);
    // Hostile tokens pursue: the Pasmagosaure (Mv 14) and the Rorque (Mv 20) run after the Bretteur (8).
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 20 m gagne 6 m');
    expect(pairText(t)).toContain(`${RORQUE} → Bretteur 20 m gagne 12 m`);
    await t.gm.click('[data-action="chaseRound"]', chase(t));
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 14 m');
    expect(pairText(t)).toContain(`${RORQUE} → Bretteur 8 m`);
    // The Rorque climbs 20 m: its own gap becomes √(8² + 20²) ≈ 21.5 m; the Pasmagosaure's stays 14 m.
    await climb(t, RORQUE);
    expect(t.gm.token(RORQUE).document.elevation).toBe(20);
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 14 m');
    expect(pairText(t)).toContain(`${RORQUE} → Bretteur 21.5 m`);
    // Mesurer with no token moved changes nothing.
    await t.gm.click('[data-action="chaseMeasure"]', chase(t));
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 14 m');
    expect(pairText(t)).toContain(`${RORQUE} → Bretteur 21.5 m`);
    // The GM drags the Pasmagosaure 6 m closer (4 squares): only its pair is measured again.
    await t.gm.token('Pasmagosaure').document.update({ x: 500 });
    await t.table.settle();
    await t.gm.click('[data-action="chaseMeasure"]', chase(t));
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 14 m');
    expect(pairText(t)).toContain(`${RORQUE} → Bretteur 21.5 m`);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('a bow in hand, not nocked, in the first round', () => {
  it('F-R9 the round schedules the shot in pass 3 and the card looses it there (nocking is part of the slot)', async () => {
    const t = await fantasiaTable([
      { entry: 'Brigand', owner: 'Alice', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [5, 1] },
    ]);
    const bow = itemId(t.alice, 'Brigand', 'Arc');
    const sheet = await t.alice.openSheet(t.alice.actor('Brigand'));
    const row = () => t.alice.dom.querySelector(`tr[data-weapon-id="${bow}"]`)!;
    await t.alice.click(sheet.querySelector(`tr[data-weapon-id="${bow}"] [data-field="drawn"]`)!);
    await t.alice.click(row().querySelector('[data-field="loaded"]')!);
    expect(t.gm.actor('Brigand').items.get(bow).system).toMatchObject({ drawn: true, loaded: false });
    await startFight(t, ['Brigand', 'Bretteur']);
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    await declare(t.alice, t.ids.Brigand!, {
      'intents.0.kind': 'shoot',
      'intents.0.weaponId': bow,
      'intents.0.targetId': t.ids.Bretteur!,
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    expect(text(t.gm.tracker)).toMatch(/3e passe.*Tirer/);
    // Nothing to do in passes 1 and 2: the GM moves on until her pass-3 slot is current.
    while (!t.alice.tracker.querySelector('li.active [data-action="pdaAttack"]')) {
      const end = t.gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
      if (end) await t.gm.click(end);
      else await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    }
    expect(text(t.gm.tracker)).toContain('3e passe');
    t.table.dice.push([100, 25]);
    await attackFromSlot(t.alice, 'Bretteur');
    expect(t.alice.warnings).toEqual([]);
    expect(text(t.gm.lastMessage())).toContain('Attaque 25 / 40 % Réussite');
    expect(t.table.errors()).toEqual([]);
  });
});
