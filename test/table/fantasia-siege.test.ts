/**
 * Siege engines at the table (F-S1, F-S2): an engine dragged from the compendium onto a sheet,
 * fired from the sheet at the user's targets with a crew named in a dialog; the GM opens the card
 * (its author), applies the damage to every man the engine struck and may undo it.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { fantasiaTable, text, type FantasiaTable } from './fantasia-table';

const GUNNER = 'Aventurière arbalétrière';

/** A plain soldier of the GM's, PV 12, no armour. */
async function soldier(t: FantasiaTable, name: string, col: number, row: number): Promise<void> {
  await t.table.createActor({
    name,
    type: 'pnj',
    system: { characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 10, DEX: 12, CHA: 10 }, pv: { value: 12 } },
  });
  await t.table.placeToken(name, col, row);
}

/** The GM gives an actor an engine from the compendium and sets its Art de la guerre. */
async function arm(t: FantasiaTable, actor: string, engine: string, skill: number): Promise<void> {
  const doc = t.gm.actor(actor);
  await t.gm.dragOnto(doc, t.table.packUuid('fantasia-engins', engine));
  const sheet = await t.gm.openSheet(doc);
  await t.gm.fill('[name="system.skills.artDeLaGuerre"]', skill, sheet);
}

/** A person targets the men, clicks Fire on the engine's row and names the crew in the dialog. */
async function fire(
  seat: Seat,
  actor: string,
  engine: string,
  targets: string[],
  crew: string[],
  extra: Record<string, string | number> = {},
): Promise<void> {
  await seat.target(...targets);
  const sheet = await seat.openSheet(seat.actor(actor));
  const row = [...sheet.querySelectorAll('tr[data-engine-id]')].find((r) => text(r).includes(engine));
  if (!row) throw new Error(`${actor}'s sheet lists no ${engine}`);
  await seat.click(row.querySelector('[data-action="fireEngine"]')!);
  await seat.answerDialog({
    ...(crew.length ? { crew: crew.map((n) => seat.actor(n).uuid) } : {}),
    ...extra,
  });
}

const pv = (t: FantasiaTable, name: string): number => t.gm.actor(name).system.pv.value as number;

describe('siege engines', () => {
  it("F-S1 a catapult needs a crew of two or three and rolls the best Art de la guerre among them; a player is offered only players' characters as crew", async () => {
    const t = await fantasiaTable([
      { entry: GUNNER, owner: 'Alice', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 2] },
      { entry: 'Chef brigand', at: [1, 3] },
      { entry: 'Brigand', at: [20, 1] },
    ]);
    await arm(t, GUNNER, 'Catapulte', 25);
    await arm(t, 'Bretteur', 'Baliste', 40);
    // The sheet lists the engine with its damage and range and a Fire control.
    const sheet = await t.alice.openSheet(t.alice.actor(GUNNER));
    expect(text(sheet.querySelector('.pda-engins'))).toMatch(/Catapulte 5d6 300 m Tirer/);

    // The dialog offers the players' characters on the scene, never the GM's Chef brigand.
    const before = t.alice.messages().length;
    await t.alice.target('Brigand');
    await t.alice.click(sheet.querySelector('[data-action="fireEngine"]')!);
    const offered = text(t.alice.dialog());
    expect(offered).toContain('Servants (de 2 à 3, vous compris)');
    expect(offered).toContain('Bretteur');
    expect(offered).not.toContain('Chef brigand');
    // Alone she cannot work it: nothing is posted, the refusal says why.
    await t.alice.answerDialog({});
    expect(t.alice.warnings.join(' ')).toContain('Il faut de 2 à 3 servants (1 ici).');
    expect(t.alice.messages()).toHaveLength(before);

    // With Bruno's Bretteur (40 %) the crew rolls his skill: 35 succeeds where her 25 % would not.
    t.table.dice.push([100, 35], [6, 1], [6, 1], [6, 1], [6, 1], [6, 1]);
    await fire(t.alice, GUNNER, 'Catapulte', ['Brigand'], ['Bretteur']);
    const card = text(t.alice.lastMessage());
    expect(card).toContain('Catapulte : tir');
    expect(card).toMatch(/35 \/ 40 % Réussite/);
    expect(card).toContain('Aventurière arbalétrière 25 % F-S1 Bretteur ★ 40 %');
    expect(card).toContain("Bretteur (★) pointe l'engin");
    expect(card).toContain('Distance 28.5 m (portée 300 m)');
    // The GM wrote the card; only the GM sees its button.
    expect(t.gm.game.messages.contents.at(-1).author.id).toBe(t.gm.user.id);
    expect(t.alice.buttons().map((b) => b.label)).toEqual([]);
    expect(t.gm.buttons().map((b) => b.label)[0]).toContain('Appliquer les dommages');

    // A failed roll: the card says the shot misses, nobody is hurt, nothing to apply.
    t.table.dice.push([100, 80]);
    await fire(t.alice, GUNNER, 'Catapulte', ['Brigand'], ['Bretteur']);
    expect(text(t.gm.lastMessage())).toMatch(/80 \/ 40 % Échec.*personne n'est touché/);
    expect(t.gm.buttons()).toEqual([]);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-S2 a catapult deals 5d6 at the impact and 2d6 within 3 m, sparing a man 6 m away; the GM applies and undoes it', async () => {
    const t = await fantasiaTable([
      { entry: GUNNER, owner: 'Alice', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 2] },
      { entry: 'Brigand', at: [40, 1] },
      { entry: 'Chef brigand', at: [41, 2] },
      { entry: 'Garde de la porte', at: [44, 1] },
    ]);
    await arm(t, GUNNER, 'Catapulte', 60);
    // d100; 5d6 on the Brigand (20 − 2 leather); 2d6 on the Chef 2.1 m away (7 − 3 studded).
    t.table.dice.push([100, 30], [6, 6], [6, 5], [6, 4], [6, 3], [6, 2], [6, 3], [6, 4]);
    await fire(t.alice, GUNNER, 'Catapulte', ['Brigand', 'Chef brigand', 'Garde de la porte'], ['Bretteur']);
    const card = text(t.gm.lastMessage());
    expect(card).toContain('Brigand (impact, 5d6) 20 − 2 = 18');
    expect(card).toContain('Chef brigand (à proximité, 2d6) 7 − 3 = 4');
    expect(card).toContain('Garde de la porte épargné : trop loin de l');
    expect(pv(t, 'Brigand')).toBe(12);

    await t.gm.press('Appliquer les dommages');
    expect([pv(t, 'Brigand'), pv(t, 'Chef brigand'), pv(t, 'Garde de la porte')]).toEqual([-6, 10, 13]);
    expect(text(t.alice.lastMessage())).toContain('Dommages appliqués.');
    await t.gm.press('Annuler les dommages');
    expect([pv(t, 'Brigand'), pv(t, 'Chef brigand')]).toEqual([12, 14]);
    // Applied again, then someone heals the Brigand: the undo is refused with the reason.
    await t.gm.press('Appliquer les dommages');
    await t.gm.actor('Brigand').update({ 'system.pv.value': 3 });
    await t.table.settle();
    await t.gm.press('Annuler les dommages');
    expect(t.gm.warnings.join(' ')).toContain(
      "Les PV d'une victime ont changé depuis : annulation impossible.",
    );
    expect([pv(t, 'Brigand'), pv(t, 'Chef brigand')]).toEqual([3, 10]);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-S2 a ballista pierces the three nearest men in its line for 2d6+2 each; a fourth behind them and a man beside the line are spared', async () => {
    const t = await fantasiaTable([
      { entry: GUNNER, owner: 'Alice', at: [1, 5] },
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 6] },
    ]);
    for (const [n, col, row] of [
      ['Soldat A', 6, 5],
      ['Soldat B', 8, 5],
      ['Soldat C', 10, 5],
      ['Soldat D', 12, 5],
      ['Soldat E', 7, 8],
    ] as const)
      await soldier(t, n, col, row);
    await arm(t, GUNNER, 'Baliste', 60);
    t.table.dice.push([100, 10], [6, 1], [6, 1], [6, 2], [6, 2], [6, 3], [6, 3]);
    await fire(
      t.alice,
      GUNNER,
      'Baliste',
      ['Soldat E', 'Soldat C', 'Soldat D', 'Soldat A', 'Soldat B'],
      ['Bretteur'],
    );
    const card = text(t.gm.lastMessage());
    expect(card).toContain('Soldat A (sur la trajectoire, 2d6+2) 4 F-S2');
    expect(card).toContain('Soldat B (sur la trajectoire, 2d6+2) 6 F-S2');
    expect(card).toContain('Soldat C (sur la trajectoire, 2d6+2) 8 F-S2');
    expect(card).toContain('Soldat D épargné : le trait');
    expect(card).toContain('Soldat E épargné : hors de la trajectoire');
    await t.gm.press('Appliquer les dommages');
    expect(['A', 'B', 'C', 'D', 'E'].map((x) => pv(t, `Soldat ${x}`))).toEqual([8, 6, 4, 12, 12]);
  });

  it('F-S2 a kraf scalds everyone on its jet for 2d6+5 through armour and knocks them down; beyond 70 m the jet does not reach', async () => {
    const t = await fantasiaTable([
      { entry: GUNNER, owner: 'Alice', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 2] },
      { entry: 'Garde de la porte', at: [5, 1] },
      { entry: 'Brigand', at: [9, 1] },
      { entry: 'Chef brigand', at: [60, 1] },
    ]);
    await arm(t, GUNNER, 'Kraf', 60);
    t.table.dice.push([100, 10], [6, 3], [6, 3], [6, 1], [6, 1]);
    await fire(t.alice, GUNNER, 'Kraf', ['Brigand', 'Garde de la porte', 'Chef brigand'], ['Bretteur']);
    const card = text(t.gm.lastMessage());
    // The Garde's mail (5) does not help against steam.
    expect(card).toContain('Garde de la porte (sur la trajectoire, 2d6+5) 11 · projeté, à terre');
    expect(card).toContain('Brigand (sur la trajectoire, 2d6+5) 7 · projeté, à terre');
    expect(card).toContain('Chef brigand épargné : au-delà de la portée');
    await t.gm.press('Appliquer les dommages');
    expect(pv(t, 'Garde de la porte')).toBe(2);
    expect(t.bruno.actor('Brigand').system.states.fallen).toBe(true);
    expect(t.gm.actor('Chef brigand').system.states.fallen).toBe(false);
    await t.gm.press('Annuler les dommages');
    expect(t.gm.actor('Brigand').system.states.fallen).toBe(false);
    expect(pv(t, 'Brigand')).toBe(12);
  });

  it('F-S2 a bombarde strikes one target for 4d6 (ruling) and is refused beyond its 120 m or at two targets', async () => {
    const t = await fantasiaTable([
      { entry: 'Chef brigand', at: [1, 1] },
      { entry: 'Brigand', at: [1, 2] },
      { entry: GUNNER, owner: 'Alice', at: [70, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [90, 1] },
    ]);
    await arm(t, 'Chef brigand', 'Bombarde', 50);
    await fire(t.gm, 'Chef brigand', 'Bombarde', ['Bretteur'], ['Brigand']);
    expect(t.gm.warnings.join(' ')).toMatch(/Cible hors de portée : à 133\.5 m, Bombarde porte à 120 m/);
    await fire(t.gm, 'Chef brigand', 'Bombarde', [GUNNER, 'Bretteur'], ['Brigand']);
    expect(t.gm.warnings.join(' ')).toContain('Cet engin ne peut pas toucher 2 cibles (au plus 1).');
    t.table.dice.push([100, 20], [6, 4], [6, 4], [6, 4], [6, 4]);
    await fire(t.gm, 'Chef brigand', 'Bombarde', [GUNNER], ['Brigand']);
    expect(text(t.alice.lastMessage())).toContain('Aventurière arbalétrière (impact, 4d6) 16 − 2 = 14');
    await t.gm.press('Appliquer les dommages');
    expect(t.alice.actor(GUNNER).system.pv.value).toBe(-2);
  });
});
