/**
 * Clauses of G-C1, G-D1 and G-D5 never played at the table before issue 24: carving initials and
 * cutting clothing (with the morale reaction by relative level the seed suggests), the optional
 * level check on a disarm (a world setting), and the morale check after an expert disarm.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, text } from './greyhawk-table';

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function duel(settings: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'greyhawk', settings });
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  return { table, alice, gm: table.gm };
}

describe('Called shots with a purpose and disarms by level', () => {
  it('G-C1 Drevin carves a letter on the orc: 1 point of damage, and the weaker orc is offered a morale check', async () => {
    const { table, alice, gm } = await duel();
    // Called shot −4: 18 + 2 STR + 1 spec − 4 = 17 ≥ 14 − 6.
    table.dice.push([20, 18]);
    const card = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'initials' }),
    );
    expect(card).toContain('−4 G-C1');
    expect(card).toMatch(/Lettre gravée : \S+ \(1 point de dégât\)\. G-C1/);
    // Drevin level 7 against a 1-HD orc: the weaker side checks its morale.
    expect(card).toContain('Adversaire plus faible : test de moral. G-C1');
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Orque').system.hp.value).toBe(5);
    expect([...gm.actor('Orque').statuses].some((st: string) => st.includes('carve'))).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('G-C1 cutting the orc’s clothing: no damage, the cut written on the orc, the same morale reaction', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([20, 18]);
    const card = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'clothing' }),
    );
    expect(card).toContain('Les vêtements sont tailladés. G-C1');
    expect(card).toContain('Adversaire plus faible : test de moral. G-C1');
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Orque').system.hp.value).toBe(6);
    expect([...gm.actor('Orque').statuses]).toContain('greyhawk-clothingCut');
    expect(table.errors()).toEqual([]);
  });

  it('G-D1 with the optional level check the orc keeps its axe on 1d20 ≤ 10 + 1 − 7 = 4; on a 12 it loses it', async () => {
    const { table, alice } = await duel({ greyhawkDisarmLevelCheck: true });
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm' });
    table.dice.push([20, 3]);
    await alice.press('Issue du désarmement');
    const kept = text(alice.lastMessage());
    expect(kept).toContain('Jet de prise 3 / 4');
    expect(kept).toContain('La victime garde son arme.');
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm' });
    table.dice.push([20, 12], [6, 4], [6, 3]);
    await alice.press('Issue du désarmement');
    const lost = text(alice.lastMessage());
    expect(lost).toContain('Jet de prise 12 / 4');
    expect(lost).not.toContain('La victime garde son arme.');
    expect(table.errors()).toEqual([]);
  });

  it('G-D1 the level check is off by default: no grip roll after a successful disarm', async () => {
    const { table, alice } = await duel();
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm' });
    table.dice.push([6, 4], [6, 3]);
    await alice.press('Issue du désarmement');
    expect(text(alice.lastMessage())).not.toContain('Jet de prise');
    expect(table.errors()).toEqual([]);
  });

  it('G-D5 an expert disarm that succeeds offers the GM a morale check for the victim', async () => {
    const { table, alice } = await duel();
    table.dice.push([20, 19]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'expertDisarm' });
    table.dice.push([20, 2]);
    await alice.press('Issue du désarmement expert');
    expect(text(alice.lastMessage())).toContain('Le MJ peut demander un test de moral à la victime. G-D5');
    expect(table.errors()).toEqual([]);
  });
});
