/**
 * Issue 42, point 2: a fact that binds a fighter is one only the GM writes (docs/trust.md, "Facts
 * that bind a fighter"). Each test is the bound player's own console write, and the rules read
 * the fact as the GM left it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { fantasiaTable, itemId, startFight } from '../table/fantasia-table';

describe('facts that bind a fighter are the GM’s', () => {
  it('F-R10 Bruno clears the surprise mark from his own Combatant before the start: his sword is still sheathed', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand'], async () => {
      await t.gm.click(
        `[data-action="pdaToggleSurprised"][data-combatant-id="${t.ids.Bretteur}"]`,
        t.gm.tracker,
      );
      // Bruno's console: his own Combatant, which Foundry lets him write.
      const mine = t.bruno.game.combats.get(t.combat!.id).combatants.get(t.ids.Bretteur);
      await mine.update({ system: { surprised: false } }).catch(() => undefined);
      // Nor may he write the Combat's copy.
      await t.bruno.game.combats
        .get(t.combat!.id)
        .update({ system: { surprised: [] } })
        .catch(() => undefined);
      await t.table.settle();
    });
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    expect(t.bruno.actor('Bretteur').items.get(sword).system.drawn).toBe(false);
  });
});

type Ruleset = 'fantasia' | 'souffle' | 'greyhawk';
const FIGHTER: Record<Ruleset, [string, string]> = {
  fantasia: ['fantasia-bestiaire', 'Bretteur'],
  souffle: ['souffle-combattants', "Gardien du Waka'Hata"],
  greyhawk: ['greyhawk-bestiaire', "Drevin, spécialiste de l'épée longue"],
};

/** Alice's fighter, on which the GM has set `status` (as a card action would). */
async function bound(ruleset: Ruleset, status: string) {
  const table = await Table.open({ ruleset });
  const [pack, name] = FIGHTER[ruleset];
  await table.importActor(pack, name, 'Alice');
  await table.placeToken(name, 1, 1);
  await table.gm.actor(name).toggleStatusEffect(status, { active: true });
  await table.settle();
  const alice = table.seat('Alice');
  const effect = () => alice.actor(name).effects.find((e: any) => [...(e.statuses ?? [])].includes(status));
  expect(effect()).toBeDefined();
  return { table, alice, name, effect };
}

const HELD: [Ruleset, string, string][] = [
  ['souffle', 'agrippe', 'S-GR1 grabbed'],
  ['souffle', 'assomme', 'S-ST1 knocked out'],
  ['souffle', 'desarme', 'S-ST1 disarmed'],
  ['fantasia', 'cannotMove', 'F-B7 cannot move'],
  ['fantasia', 'reloading', 'F-W5 reloading'],
  ['fantasia', 'fallen', 'F-H5 fallen'],
  ['fantasia', 'disarmed', 'F-H7 disarmed'],
  ['greyhawk', 'greyhawk-prone', 'G-C1 prone'],
  ['greyhawk', 'greyhawk-disarmed', 'G-C1 disarmed'],
];

describe('a condition on a player’s fighter is the GM’s', () => {
  for (const [ruleset, status, what] of HELD) {
    it(`${what}: Alice deletes, then disables, her fighter’s "${status}" effect from the console; the GM’s client puts it back`, async () => {
      const { table, alice, name, effect } = await bound(ruleset, status);
      // The raw call a console makes: no sheet, no HUD, no check of her own client.
      await alice.actor(name).deleteEmbeddedDocuments('ActiveEffect', [effect().id]);
      await table.settle();
      expect([...table.gm.actor(name).statuses]).toContain(status);
      expect([...alice.actor(name).statuses]).toContain(status);
      // The socket call a console makes to alter it (the server call with her user id).
      const id = effect().id;
      await (table.server as any).update(
        alice.client.userId,
        'ActiveEffect',
        [{ _id: id, disabled: true, statuses: [] }],
        {
          documentName: 'Actor',
          id: alice.actor(name).id,
        },
      );
      await table.settle();
      expect([...table.gm.actor(name).statuses]).toContain(status);
      expect(table.gm.actor(name).effects.get(id)?.disabled).toBe(false);
      // Through her own client (the HUD, a sheet, an honest script): refused there, with a reason.
      const Effect = alice.client.CONFIG.ActiveEffect.documentClass;
      await Effect.updateDocuments([{ _id: id, disabled: true }], { parent: alice.actor(name) });
      await table.settle();
      expect(table.gm.actor(name).effects.get(id)?.disabled).toBe(false);
      expect(alice.warnings.join(' ')).toMatch(/Seul le MJ/);
    });
  }

  it('S-AT7 Alice gives her own fighter a prepared aim from the console: the GM’s client removes it', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const [pack, name] = FIGHTER.souffle;
    await table.importActor(pack, name, 'Alice');
    const alice = table.seat('Alice');
    const Effect = alice.client.CONFIG.ActiveEffect.documentClass;
    await Effect.createDocuments([{ name: 'Visée', statuses: ['vise'] }], { parent: alice.actor(name) });
    await table.settle();
    expect([...table.gm.actor(name).statuses]).not.toContain('vise');
  });
});
