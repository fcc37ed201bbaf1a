/**
 * Movement at the table (F-M1 to F-M4): the Mouvement now on the sheet and the tracker, and the
 * GM's chase tool opened from the combat tracker: gaps measured between tokens (elevation as
 * altitude), metres gained each round, sprint rounds counted against CON, the gap closing.
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, text, type FantasiaTable } from './fantasia-table';

/** The GM puts the fighters in an encounter and opens the chase tool from the tracker. */
async function openChase(t: FantasiaTable, names: string[]): Promise<HTMLElement> {
  await t.table.startEncounter(...names);
  await t.gm.openTracker();
  await t.gm.click('[data-pda-chase]', t.gm.tracker);
  const win = t.gm.dom.querySelector<HTMLElement>('#pda-chase');
  if (!win) throw new Error('no chase window');
  return win;
}

const chase = (t: FantasiaTable): HTMLElement => t.gm.dom.querySelector<HTMLElement>('#pda-chase')!;
const pairText = (t: FantasiaTable): string => text(chase(t).querySelector('.pda-chase-pairs tbody'));
const runnerRow = (t: FantasiaTable, name: string): string =>
  text([...chase(t).querySelectorAll('tbody tr')].find((r) => text(r.querySelector('th')) === name) ?? null);

describe('movement and chases', () => {
  it('F-M1 Casse-pied halves the Mouvement and Faucheuse stops it: the number shows on the sheet, the tracker and the chase tool', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 1] },
      { entry: 'Brigand', at: [4, 1] },
    ]);
    // A human runs 8 m a round.
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    expect((sheet.querySelector('[name="system.mouvement"]') as HTMLInputElement).value).toBe('8');
    expect(sheet.querySelector('.pda-mv-now')).toBeNull();
    // The GM ticks the broken foot on the sheet; the Brigand is mown down (token HUD status).
    const gmSheet = await t.gm.openSheet(t.gm.actor('Bretteur'));
    await t.gm.fill('[name="system.states.halfMovement"]', true, gmSheet);
    await t.gm.actor('Brigand').toggleStatusEffect('cannotMove', { active: true });
    await t.table.settle();
    const after = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    expect(text(after.querySelector('.pda-mv-now'))).toBe('Mouvement actuel 4');

    const win = await openChase(t, ['Bretteur', 'Brigand']);
    expect(text(t.gm.tracker)).toContain('Mv 4 (÷ 2, fiche 8)');
    expect(text(t.gm.tracker)).toContain('Mv 0 (immobilisé, fiche 8)');
    await t.bruno.openTracker();
    expect(text(t.bruno.tracker)).toContain('Mv 4 (÷ 2, fiche 8)');
    expect(text(t.bruno.tracker)).not.toContain('Mv 0');
    expect(t.bruno.tracker.querySelector('[data-pda-chase]')).toBeNull();
    const setup = text(win.querySelector('.pda-chase-setup'));
    expect(setup).toMatch(/Bretteur 4 \(÷ 2, fiche 8\) 12/);
    expect(setup).toMatch(/Brigand 0 \(immobilisé, fiche 8\) 11/);
    // The Brigand flees; the Bretteur, slowed, still gains 4 m a round on a man who cannot move.
    await t.gm.fill(win.querySelectorAll('select')[0]!, 'pursuer');
    await t.gm.fill(win.querySelectorAll('select')[1]!, 'pursued');
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    expect(pairText(t)).toContain('Bretteur → Brigand 4.5 m gagne 4 m rattrape dans 2 rounds');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-M2 the Pasmagosaure (Mv 14) gains 6 m a round on humans (Mv 8) and closes a 20 m lead in 4 rounds', async () => {
    const t = await fantasiaTable([
      { entry: 'Pasmagosaure', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [1 + 40 / 3, 1] },
      { entry: 'Aventurière arbalétrière', owner: 'Alice', at: [1 + 40 / 3, 1] },
    ]);
    // A gridless scene (the GM's scene configuration): a 20 m lead is no whole number of 1.5 m
    // squares, and a square grid counts whole squares.
    await t.gm.game.scenes.find((s: { active: boolean }) => s.active).update({ 'grid.type': 0 });
    await openChase(t, ['Pasmagosaure', 'Bretteur', 'Aventurière arbalétrière']);
    // Hostile tokens pursue, the players' characters flee, by default.
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 20 m gagne 6 m rattrape dans 4 rounds');
    expect(pairText(t)).toContain('Pasmagosaure → Aventurière arbalétrière 20 m gagne 6 m');
    const gaps: string[] = [];
    for (let r = 1; r <= 3; r++) {
      await t.gm.click('[data-action="chaseRound"]', chase(t));
      gaps.push(text(chase(t).querySelector('.pda-chase-pairs tbody tr td')));
    }
    expect(gaps).toEqual(['14 m', '8 m', '2 m']);
    expect(pairText(t)).toContain('rattrape dans 1 round');
    await t.gm.click('[data-action="chaseRound"]', chase(t));
    expect(text(chase(t).querySelector('.pda-chase-round'))).toBe('Poursuite : round 4');
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 0 m gagne 6 m rattrapé au round 4');
    expect(text(chase(t).querySelector('.pda-chase-events'))).toContain('Pasmagosaure rattrape Bretteur !');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-M2 outside a combat the GM opens the chase tool from a macro for the controlled tokens; a player is refused', async () => {
    const t = await fantasiaTable([
      { entry: 'Pasmagosaure', at: [1, 1] },
      { entry: 'Bretteur', owner: 'Bruno', at: [9, 1] },
    ]);
    const Macro = t.gm.client.CONFIG.Macro.documentClass;
    const macro = await Macro.create({
      name: 'Poursuite',
      command: 'await game.passeDArmes.fantasia.openChase();',
    });
    await t.table.settle();
    for (const name of ['Pasmagosaure', 'Bretteur']) t.gm.token(name).control({ releaseOthers: false });
    await macro.execute();
    await t.table.settle();
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    expect(pairText(t)).toContain('Pasmagosaure → Bretteur 12 m gagne 6 m rattrape dans 2 rounds');
    await t.bruno.game.passeDArmes.fantasia.openChase();
    await t.table.settle();
    expect(t.bruno.warnings.join(' ')).toContain('Seul le MJ mène une poursuite.');
    expect(t.bruno.dom.querySelector('#pda-chase')).toBeNull();
  });

  it('F-M3 nobody sprints longer than their CON: the Brigand (CON 11) tires after 11 rounds and the Bretteur (CON 12) catches him in the 12th; ending the chase resets the counts', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 1] },
      { entry: 'Brigand', at: [3, 1] },
    ]);
    await openChase(t, ['Bretteur', 'Brigand']);
    const win = chase(t);
    const selects = win.querySelectorAll('select');
    await t.gm.fill(selects[0]!, 'pursuer');
    await t.gm.fill(selects[1]!, 'pursued');
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    // Same speed: the 3 m gap holds until the Brigand's breath runs out.
    expect(pairText(t)).toContain('Bretteur → Brigand 3 m gagne 0 m rattrape dans 12 rounds');
    for (let r = 1; r <= 10; r++) await t.gm.click('[data-action="chaseRound"]', chase(t));
    expect(runnerRow(t, 'Brigand')).toContain('10 / 11 rounds — encore 1 round à fond');
    expect(t.gm.actor('Brigand').system.states.sprintRounds).toBe(10);
    await t.gm.click('[data-action="chaseRound"]', chase(t));
    expect(text(chase(t).querySelector('.pda-chase-events'))).toContain(
      "Brigand s'épuise : il ne peut plus courir à fond.",
    );
    expect(runnerRow(t, 'Brigand')).toContain('11 / 11 rounds — épuisé : moitié du Mouvement');
    expect(pairText(t)).toContain('3 m gagne 4 m rattrape dans 1 round');
    await t.gm.click('[data-action="chaseRound"]', chase(t));
    expect(pairText(t)).toContain('rattrapé au round 12');
    // The sprint count lives on the actors; the end of the chase clears it.
    expect(t.bruno.actor('Bretteur').system.states.sprintRounds).toBe(12);
    await t.gm.click('[data-action="chaseEnd"]', chase(t));
    expect(t.gm.dom.querySelector('#pda-chase')).toBeNull();
    expect(t.gm.actor('Brigand').system.states.sprintRounds).toBe(0);
    expect(t.gm.actor('Bretteur').system.states.sprintRounds).toBe(0);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-M4 the Rorque (Mv 20) 15 m above the crossbow climbs to 35 m and is out of its 30 m range', async () => {
    const who = 'Aventurière arbalétrière';
    const t = await fantasiaTable([{ entry: who, owner: 'Alice', at: [1, 1] }]);
    await t.table.importActor('fantasia-bestiaire', 'Rorque stratosphérique');
    await t.table.placeToken('Rorque stratosphérique', 1, 1, 15);
    await openChase(t, [who, 'Rorque stratosphérique']);
    const selects = chase(t).querySelectorAll('select');
    await t.gm.fill(selects[0]!, 'pursuer');
    await t.gm.fill(selects[1]!, 'pursued');
    await t.gm.click('[data-action="chaseStart"]', chase(t));
    expect(pairText(t)).toContain(`${who} → Rorque stratosphérique 15 m`);
    expect(pairText(t)).toContain('Arbalète (30 m) : à portée, 15 m');
    expect(runnerRow(t, 'Rorque stratosphérique')).toContain('15 m');
    // The GM makes it fly up by its Mouvement: the token rises 20 m for everyone.
    const row = [...chase(t).querySelectorAll<HTMLElement>('tr[data-runner]')].find((r) =>
      text(r).includes('Rorque'),
    )!;
    await t.gm.click(row.querySelector('[data-action="chaseClimb"]')!);
    expect(t.alice.token('Rorque stratosphérique').document.elevation).toBe(35);
    expect(pairText(t)).toContain(`${who} → Rorque stratosphérique 35 m`);
    expect(pairText(t)).toContain('Arbalète (30 m) : hors de portée, 35 m');
    expect(t.table.errors()).toEqual([]);
  });
});
