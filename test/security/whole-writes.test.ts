/**
 * Writes that land whole (issue 12), at the table: a GM-side action whose writes are cut off
 * midway is finished, never applied twice; a retry of the old click is stale; with two GMs
 * connected only the active one decides; a player's accepted declaration is never silently
 * replaced by the GM forcing the passes at the same moment.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { attackFromSheet, fantasiaTable, itemId, text, type FantasiaTable } from '../table/fantasia-table';

/** Makes the server refuse one operation matching `when` (a lost connection, a server error). */
function failOnce(table: Table, when: (documentName: string, action: string) => boolean): () => boolean {
  const server = table.server as any;
  let failed = false;
  for (const action of ['update', 'create'] as const) {
    const original = server[action].bind(server);
    server[action] = async (userId: string, documentName: string, ...rest: unknown[]) => {
      if (!failed && when(documentName, action)) {
        failed = true;
        throw new Error('the server is unreachable');
      }
      return original(userId, documentName, ...rest);
    };
  }
  return () => failed;
}

/** The guard of the gate strikes Bruno's swordsman; Bruno's parry fails; the damage is rolled. */
async function woundedBretteur(players?: readonly string[], gms?: readonly string[]) {
  let t: FantasiaTable;
  if (gms) {
    const table = await Table.open({ ruleset: 'fantasia', gms, ...(players ? { players } : {}) });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Garde de la porte');
    await table.placeToken('Bretteur', 1, 1);
    await table.placeToken('Garde de la porte', 3, 1);
    t = {
      table,
      gm: table.gm,
      alice: table.seat('Alice'),
      bruno: table.seat('Bruno'),
      ids: {},
      combat: null,
    };
  } else t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Garde de la porte' }]);
  const sword = itemId(t.gm, 'Garde de la porte', 'Épée longue');
  t.table.dice.push([100, 30]);
  await attackFromSheet(t.gm, 'Garde de la porte', sword, 'Bretteur');
  t.table.dice.push([100, 90], [6, 5], [4, 3]);
  await t.bruno.press('Parer (Épée fantasque)');
  const damage = Number(/Dommages subis (\d+)/.exec(text(t.gm.lastMessage()))?.[1]);
  expect(damage).toBeGreaterThan(0);
  const pv = t.gm.actor('Bretteur').system.pv.value as number;
  const message = () => t.gm.game.messages.contents.at(-1);
  return { t, damage, pv, message };
}

const actorWrites = (table: Table, from: number) =>
  table.server.log.slice(from).filter((op) => op.documentName === 'Actor' && op.action === 'update');

/** A request written by hand into one's own User, as from the browser console; its answer. */
async function console(seat: Seat, id: string, name: string, data: Record<string, unknown>) {
  await seat.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await seat.table.settle();
  return seat.user.flags['passe-d-armes'].answers[id];
}

describe('an action cut off midway is finished, never applied twice', () => {
  it('the card fails after the wound is written: the old click is stale, finishing writes nothing twice', async () => {
    const { t, damage, pv, message } = await woundedBretteur();
    const revision = message().system.revision as number;
    // The server drops the card's update that follows the actor's.
    let actorWritten = false;
    const failed = failOnce(t.table, (doc) => {
      if (doc === 'Actor') actorWritten = true;
      return doc === 'ChatMessage' && actorWritten;
    });
    await t.bruno.press('Appliquer');
    expect(failed()).toBe(true);
    expect(t.bruno.warnings.join(' ')).toMatch(/inattendue|imprévue|Unexpected|erreur/i);
    // The wound landed once; the card holds its journal and only offers to finish the action.
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - damage);
    expect(message().system.revision).toBe(revision + 1);
    expect(message().system.journal.writes).toHaveLength(1);
    const seen = t.bruno.buttons();
    expect(seen.find((b) => b.label.includes('Terminer'))?.enabled).toBe(true);
    expect(seen.filter((b) => !b.label.includes('Terminer')).every((b) => !b.enabled)).toBe(true);

    // Bruno's client retries the click it made (same revision): stale, nothing applied again.
    const from = t.table.server.log.length;
    const retry = await console(t.bruno, 'retry1', 'card.action', {
      messageId: message().id,
      actionId: 'apply',
      revision,
    });
    expect(retry).toMatchObject({ ok: false, key: 'PDA.Error.CardStale' });
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - damage);

    // Finishing the action writes only the card: the wound is already there.
    await t.bruno.press('Terminer');
    expect(actorWrites(t.table, from)).toHaveLength(0);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - damage);
    expect(message().system.journal.writes ?? []).toHaveLength(0);
    // The card goes on as if nothing happened: the undo is there and restores the PV.
    await t.gm.press('Annuler');
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv);
    // Finishing twice is not possible: the button is gone, a forged request is refused.
    const again = await console(t.bruno, 'again1', 'card.action', {
      messageId: message().id,
      actionId: 'pda.resume',
      revision: message().system.revision,
    });
    expect(again).toMatchObject({ ok: false });
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv);
  });

  it('the wound itself fails to land: the PV are untouched, finishing the action writes it once', async () => {
    const { t, damage, pv, message } = await woundedBretteur();
    const failed = failOnce(t.table, (doc) => doc === 'Actor');
    await t.bruno.press('Appliquer');
    expect(failed()).toBe(true);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv);
    expect(message().system.journal.writes).toHaveLength(1);
    const from = t.table.server.log.length;
    await t.gm.press('Terminer');
    expect(actorWrites(t.table, from)).toHaveLength(1);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - damage);
    expect(t.bruno.actor('Bretteur').system.pv.value).toBe(pv - damage);
    expect(text(t.bruno.lastMessage())).not.toContain('Terminer');
    // Only the injected failure was reported.
    expect(
      t.table
        .errors()
        .map(String)
        .filter((e) => !e.includes('unreachable')),
    ).toEqual([]);
  });

  it('a stale or future revision is refused and writes nothing', async () => {
    const { t, pv, message } = await woundedBretteur();
    const revision = message().system.revision as number;
    const from = t.table.server.log.length;
    for (const [i, r] of [revision - 1, revision + 1, revision + 50].entries()) {
      const answer = await console(t.bruno, `stale${i}`, 'card.action', {
        messageId: message().id,
        actionId: 'apply',
        revision: r,
      });
      expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.CardStale' });
    }
    expect(actorWrites(t.table, from)).toHaveLength(0);
    expect(t.table.server.log.slice(from).some((op) => op.documentName === 'ChatMessage')).toBe(false);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv);
  });
});

describe('two GMs connected', () => {
  it('both press Appliquer on the same revision at once: the wound lands once, written by the active GM', async () => {
    const { t, damage, pv } = await woundedBretteur(undefined, ['MJ', 'MJ2']);
    const second = t.table.seat('MJ2');
    const from = t.table.server.log.length;
    const button = (seat: Seat) => seat.buttons().find((b) => b.label.includes('Appliquer'))!.el;
    const [a, b] = [button(t.gm), button(second)];
    // Both clicks before either client hears of the other.
    a.dispatchEvent(new t.gm.client.window.MouseEvent('click', { bubbles: true }));
    b.dispatchEvent(new second.client.window.MouseEvent('click', { bubbles: true }));
    await t.table.settle();
    await t.table.settle();
    const writes = actorWrites(t.table, from);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.userId).toBe(t.gm.user.id);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - damage);
    // The second GM's click was a request on a revision that had moved on.
    expect(second.warnings.join(' ')).toMatch(/a changé|changed/i);
    const cards = t.table.server.log
      .slice(from)
      .filter((op) => op.documentName === 'ChatMessage' && op.action === 'update');
    expect(new Set(cards.map((op) => op.userId))).toEqual(new Set([t.gm.user.id]));
  });

  it('the second GM’s round command is decided by the active GM', async () => {
    const table = await Table.open({ ruleset: 'fantasia', gms: ['MJ', 'MJ2'] });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const second = table.seat('MJ2');
    await second.openTracker();
    const from = table.server.log.length;
    await second.click('[data-action="pdaStartCombat"]', second.tracker);
    const combatWrites = table.server.log
      .slice(from)
      .filter((op) => op.documentName === 'Combat' || op.documentName === 'Combatant');
    expect(combatWrites.length).toBeGreaterThan(0);
    expect(new Set(combatWrites.map((op) => op.userId))).toEqual(new Set([table.gm.user.id]));
    expect(table.gm.game.combats.get(combat.id).system.step).toBe('declaration');
  });
});

describe('a declaration and the GM forcing the passes at the same moment', () => {
  it('the accepted declaration is in the schedule, or Bruno is told it was refused: never silently lost', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const combat = await t.table.startEncounter('Bretteur', 'Brigand');
    for (const s of [t.gm, t.bruno]) await s.openTracker();
    await t.gm.click('[data-action="pdaStartCombat"]', t.gm.tracker);
    const bretteur = combat.combatants.find((c: any) => c.name === 'Bretteur').id;
    await t.bruno.click(`[data-action="pdaDeclare"][data-combatant-id="${bretteur}"]`, t.bruno.tracker);
    const dialog = t.bruno.dialog();
    const kind = dialog.querySelector<HTMLSelectElement>('[name="intents.0.kind"]')!;
    kind.value = 'dodge';
    const send = dialog.querySelector<HTMLButtonElement>('[data-dialog-button]')!;
    const force = t.gm.tracker.querySelector<HTMLButtonElement>('[data-action="pdaForcePasses"]')!;
    expect(force).not.toBeNull();
    // Bruno sends his declaration and the GM forces the passes before either write lands.
    send.dispatchEvent(new t.bruno.client.window.MouseEvent('click', { bubbles: true }));
    force.dispatchEvent(new t.gm.client.window.MouseEvent('click', { bubbles: true }));
    for (let i = 0; i < 3; i++) await t.table.settle();
    const stored = t.gm.game.combats.get(combat.id);
    const declaration = stored.system.sealed.declarations[bretteur] as string;
    const slots = (stored.system.slots as any[]).filter((s) => s.combatantId === bretteur);
    expect(stored.system.step).not.toBe('declaration');
    if (declaration.includes('dodge')) {
      // Accepted: the schedule was built with it.
      expect(t.bruno.warnings).toEqual([]);
      expect(slots.length).toBeGreaterThan(0);
    } else {
      // Refused: Bruno saw why; the forced passes gave him the default of an undeclared fighter.
      expect(t.bruno.warnings.length).toBeGreaterThan(0);
      expect(declaration).not.toContain('dodge');
    }
    expect(t.table.errors()).toEqual([]);
  });

  it('the declaration accepted first is kept when the GM forces the passes right after', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const combat = await t.table.startEncounter('Bretteur', 'Brigand');
    for (const s of [t.gm, t.bruno]) await s.openTracker();
    await t.gm.click('[data-action="pdaStartCombat"]', t.gm.tracker);
    const bretteur = combat.combatants.find((c: any) => c.name === 'Bretteur').id;
    // Bruno's request is on its way (written to his User) when the GM clicks.
    const pending = t.bruno.user.update({
      'flags.passe-d-armes.requests.decl1': {
        name: 'round.command',
        data: {
          combatId: combat.id,
          command: { kind: 'declare', combatantId: bretteur, declaration: { intents: [{ kind: 'dodge' }] } },
        },
      },
    });
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    await pending;
    for (let i = 0; i < 3; i++) await t.table.settle();
    const answer = t.bruno.user.flags['passe-d-armes'].answers.decl1;
    const stored = t.gm.game.combats.get(combat.id);
    const declaration = stored.system.sealed.declarations[bretteur] as string;
    if (answer.ok) expect(declaration).toContain('dodge');
    else expect(declaration).not.toContain('dodge');
    expect(answer.ok || typeof answer.key === 'string').toBe(true);
  });
});
