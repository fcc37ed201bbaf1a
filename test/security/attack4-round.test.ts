/**
 * Red team, round 4 (issue 42): the round under the stricter reading, where any player may write
 * `round`/`turn` of any Combat and initiative, flags, defeated and system of any Combatant, and may
 * patch her own client's document classes from the console. And token moves after the GM reloads.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { conditionsOf, startRound, text as gtext } from '../table/greyhawk-table';
import { declare, fantasiaTable, startFight, text, type FantasiaTable } from '../table/fantasia-table';
import { souffleRound, WARRIOR } from '../table/souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function fantasiaRound(): Promise<FantasiaTable> {
  const t = await fantasiaTable([
    { entry: 'Bretteur', owner: 'Bruno' },
    { entry: 'Brigand' },
    { entry: 'Garde de la porte', owner: 'Alice' },
  ]);
  await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
  return t;
}

/** A client's own copy of its document classes, patched at the console: no _preUpdate veto. */
function patchOutPreUpdate(seat: FantasiaTable['gm'], documentName: string): void {
  const cls = seat.client.CONFIG[documentName].documentClass;
  cls.prototype._preUpdate = async () => undefined;
}

const trackerRows = (seat: FantasiaTable['gm']): string[] =>
  [...seat.tracker.querySelectorAll('li')].map((li) => text(li)).filter(Boolean);

describe('attack4 round: Combat round and turn', () => {
  it('A4-R01 F-R1 Alice patches out her client’s Combat veto and jumps the round and turn: the GM’s round is written back', async () => {
    const t = await fantasiaRound();
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    await t.gm.click(
      t.gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
        t.gm.tracker.querySelector('[data-action="pdaForcePasses"]')!,
    );
    const gmCombat = t.gm.game.combats.get(t.combat!.id);
    const before = { round: gmCombat.round, turn: gmCombat.turn, rows: trackerRows(t.gm) };
    patchOutPreUpdate(t.alice, 'Combat');
    const combat = t.alice.game.combats.get(t.combat!.id);
    await combat.update({ round: before.round + 4, turn: 2 }).catch(() => null);
    await t.table.settle();
    const after = t.gm.game.combats.get(t.combat!.id);
    expect([after.round, after.turn]).toEqual([before.round, before.turn]);
    await t.gm.openTracker();
    expect(trackerRows(t.gm)).toEqual(before.rows);
  });

  it('A4-R02 S-R1 Alice patches out the veto and moves the Souffle turn past the hunter’s slot: the GM writes it back', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    const gmCombat = duel.gm.game.combat;
    const before = { round: gmCombat.round, turn: gmCombat.turn };
    patchOutPreUpdate(duel.alice, 'Combat');
    await duel.alice.game.combat.update({ turn: (before.turn ?? 0) + 2 }).catch(() => null);
    await duel.alice.game.combat.update({ round: before.round + 1 }).catch(() => null);
    await duel.table.settle();
    expect([duel.gm.game.combat.round, duel.gm.game.combat.turn]).toEqual([before.round, before.turn]);
  });

  it('A4-R03 G-I1 Alice patches out the veto and sends three turn changes at once: the GM’s turn holds', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', "Drevin, spécialiste de l'épée longue", 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    const combat = await table.startEncounter("Drevin, spécialiste de l'épée longue", 'Orque');
    await startRound(table);
    const gm = table.gm;
    if (gm.tracker.querySelector('[data-action="pdaForcePasses"]'))
      await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const before = { round: gm.game.combats.get(combat.id).round, turn: gm.game.combats.get(combat.id).turn };
    const alice = table.seat('Alice');
    patchOutPreUpdate(alice, 'Combat');
    const mine = alice.game.combats.get(combat.id);
    await Promise.all([1, 2, 3].map((n) => mine.update({ turn: n }).catch(() => null)));
    await table.settle();
    const after = gm.game.combats.get(combat.id);
    expect([after.round, after.turn]).toEqual([before.round, before.turn]);
  });
});

describe('attack4 round: other fighters’ Combatants', () => {
  it('A4-R04 F-R3 Alice marks the GM’s Brigand defeated from the console: he keeps his place in the round', async () => {
    const t = await fantasiaRound();
    const brigand = t.alice.game.combats.get(t.combat!.id).combatants.get(t.ids.Brigand);
    await brigand.update({ defeated: true }).catch(() => null);
    await t.table.settle();
    const gmCombat = t.gm.game.combats.get(t.combat!.id);
    expect(gmCombat.combatants.get(t.ids.Brigand)).toBeDefined();
    expect(text(t.gm.tracker)).toContain('Brigand');
  });

  it('A4-R05 F-R3 Alice marks Bruno’s Bretteur defeated: he keeps his place and may still declare', async () => {
    const t = await fantasiaRound();
    const bretteur = t.alice.game.combats.get(t.combat!.id).combatants.get(t.ids.Bretteur);
    await bretteur.update({ defeated: true }).catch(() => null);
    await t.table.settle();
    expect(t.gm.game.combats.get(t.combat!.id).combatants.get(t.ids.Bretteur)).toBeDefined();
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    expect(t.gm.game.combats.get(t.combat!.id).system.sealed.declarations[t.ids.Bretteur!]).toContain(
      'dodge',
    );
  });

  it('A4-R06 F-R4 Alice rewrites the Brigand’s Combatant initiative once the passes run: the GM’s order of slots is unchanged', async () => {
    const t = await fantasiaRound();
    await t.gm.click(
      t.gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
        t.gm.tracker.querySelector('[data-action="pdaForcePasses"]')!,
    );
    await t.gm.openTracker();
    const before = trackerRows(t.gm);
    const combatants = t.alice.game.combats.get(t.combat!.id).combatants;
    await combatants
      .get(t.ids.Brigand)
      .update({ initiative: -99 })
      .catch(() => null);
    await combatants
      .get(t.ids['Garde de la porte'])
      .update({ initiative: 99 })
      .catch(() => null);
    await t.table.settle();
    await t.gm.openTracker();
    expect(trackerRows(t.gm)).toEqual(before);
  });

  it('A4-R07 F-R5 Alice writes markup and a forged declaration into the Brigand’s Combatant system: the GM’s tracker shows neither', async () => {
    const t = await fantasiaRound();
    const brigand = t.alice.game.combats.get(t.combat!.id).combatants.get(t.ids.Brigand);
    await brigand
      .update({
        system: {
          publicText: '<img id="pwn-r" src=x>FORGED',
          declaration: JSON.stringify({ intents: [{ kind: 'dodge', note: 'FORGED' }] }),
          intents: [{ kind: 'dodge' }],
        },
        flags: { 'passe-d-armes': { declaration: 'FORGED', surprised: true } },
      })
      .catch(() => null);
    await t.table.settle();
    await t.gm.openTracker();
    expect(t.gm.dom.getElementById('pwn-r')).toBeNull();
    expect(text(t.gm.tracker)).not.toContain('FORGED');
  });

  it('A4-R08 S-I1 Alice rewrites the hunter’s Combatant initiative mid-round: the Souffle slots keep the GM’s order', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    await duel.gm.openTracker();
    const before = trackerRows(duel.gm);
    const hunter = duel.alice.game.combat.combatants.find((c: any) => c.name === 'Chasseur');
    await hunter.update({ initiative: 30 }).catch(() => null);
    await duel.table.settle();
    await duel.gm.openTracker();
    expect(trackerRows(duel.gm)).toEqual(before);
  });

  it('A4-R09 G-I1 Alice rewrites the orc’s Combatant initiative after the reveal: Greyhawk’s slot order is unchanged', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const DREVIN = "Drevin, spécialiste de l'épée longue";
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    const combat = await table.startEncounter(DREVIN, 'Orque');
    await startRound(table);
    const gm = table.gm;
    if (gm.tracker.querySelector('[data-action="pdaForcePasses"]'))
      await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const rows = () => [...gm.tracker.querySelectorAll('li')].map((li) => gtext(li).trim()).filter(Boolean);
    const before = rows();
    const orc = table
      .seat('Alice')
      .game.combats.get(combat.id)
      .combatants.find((c: any) => c.name === 'Orque');
    await orc.update({ initiative: 1 }).catch(() => null);
    await table.settle();
    await gm.openTracker();
    expect(rows()).toEqual(before);
    expect(conditionsOf(gm.actor(DREVIN))).toBeDefined();
  });
});

describe('attack4 round: token moves after the GM reloads', () => {
  it('A4-R10 F-B7 the GM reloads; Bruno’s Bretteur cannot move; he drags his raw token: the GM puts it back', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await t.gm.actor('Bretteur').toggleStatusEffect('cannotMove', { active: true });
    await t.table.settle();
    const gm = await t.table.reload('MJ');
    const token = t.bruno.token('Bretteur').document;
    const [x, y] = [token.x, token.y];
    (t.bruno.client as any).hooks.delete('preUpdateToken');
    await token.update({ x: x + 500 });
    await t.table.settle();
    expect([gm.token('Bretteur').document.x, gm.token('Bretteur').document.y]).toEqual([x, y]);
  });

  it('A4-R11 S-AT6 the GM reloads; Bruno steps his hunter out of the warrior’s reach with his hooks off: the opportunity card is posted', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    await duel.gm.token('Chasseur').document.update({ disposition: -1 });
    await duel.table.settle();
    await duel.table.reload('MJ');
    const before = duel.alice.messages().length;
    for (const h of ['preUpdateToken', 'updateToken']) (duel.bruno.client as any).hooks.delete(h);
    await duel.bruno.token('Chasseur').document.update({ x: 500 });
    await duel.table.settle();
    const posted = duel.alice.messages().slice(before).map(text);
    expect(posted.some((s) => s.includes("Attaque d'opportunité contre Chasseur"))).toBe(true);
  });

  it('A4-R12 S-AT6 Bruno steps out of reach and back in one tick with his hooks off: the GM still offers the blow', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    await duel.gm.token('Chasseur').document.update({ disposition: -1 });
    await duel.table.settle();
    const before = duel.alice.messages().length;
    for (const h of ['preUpdateToken', 'updateToken']) (duel.bruno.client as any).hooks.delete(h);
    const token = duel.bruno.token('Chasseur').document;
    await Promise.all([token.update({ x: 500 }), token.update({ x: 600, y: 400 })]);
    await duel.table.settle();
    const posted = duel.alice.messages().slice(before).map(text);
    expect(posted.some((s) => s.includes("Attaque d'opportunité contre Chasseur"))).toBe(true);
    expect(duel.gm.actor(WARRIOR)).toBeDefined();
  });
});
