/**
 * Issue 46, point 5 (S-AT2, docs/rulings.md "Forcing comes before the defence"): the attacker
 * forces right after the roll, so the defender's Parer and Esquiver wait for the attacker's
 * choice (disabled, with the reason), and the card says whose choice comes next. Before, both
 * were offered at once and a defence pressed first made the forcing vanish silently.
 */
import { describe, expect, it } from 'vitest';
import { souffleDuel, text, WARRIOR } from './souffle-table';
import type { Seat } from '../harness/table';
import { forgeClick, lastCardId } from './damage-rights-kit';

function button(seat: Seat, label: string) {
  return seat.buttons(seat.lastMessage()).find((b) => b.label.startsWith(label));
}

function reason(seat: Seat, label: string): string {
  const b = button(seat, label)?.el;
  return text(b?.closest('[data-pda-action-wrap]')?.querySelector('.pda-card__reason'));
}

/** Alice's warrior strikes Bruno's hunter: 1d10 1, 1d12 7 → 7 + 3 = 10, room to force 5. */
async function strike() {
  const duel = await souffleDuel();
  const { table, alice } = duel;
  await alice.target('Chasseur');
  const sheet = await alice.openSheet(alice.actor(WARRIOR));
  await alice.click(sheet.querySelector('[data-action="attack"]')!);
  table.dice.push([10, 1], [12, 7]);
  await alice.answerDialog({ characteristic: 'vigueur' });
  return duel;
}

describe('S-AT2 the defence waits for the forcing (issue 46)', () => {
  it('S-AT2 Bruno sees Parer and Esquiver waiting for Alice, the card says it is her choice; she forces +1, then « Ne plus forcer », and his dodge meets the forced blow', async () => {
    const { table, alice, bruno, gm } = await strike();
    for (const label of ['Parer', 'Esquiver']) {
      expect(button(bruno, label)?.enabled).toBe(false);
      expect(reason(bruno, label)).toContain(`${WARRIOR} peut encore forcer son coup`);
    }
    const next = `À ${WARRIOR} : forcer ou non ce coup ; Chasseur choisit sa défense ensuite.`;
    for (const seat of [alice, bruno, gm]) expect(text(seat.lastMessage())).toContain(next);
    // A dodge sent anyway from Bruno's console is refused by the GM: the blow is not resolved.
    expect(await forgeClick(table, bruno, lastCardId(gm), 'esquive')).toMatchObject({
      ok: false,
      key: 'PDA.Souffle.Chat.WaitForce',
    });
    expect(text(gm.lastMessage())).not.toContain('Défense Esquiver');
    const souffle = alice.actor(WARRIOR).system.souffle.value as number;
    await alice.press('Forcer +1 souffle');
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(souffle - 1);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 11');
    // Still room: Bruno still waits; Alice says she is done.
    expect(button(bruno, 'Esquiver')?.enabled).toBe(false);
    await alice.press('Ne plus forcer');
    expect(text(bruno.lastMessage())).not.toContain(next);
    expect(alice.buttons(alice.lastMessage()).some((b) => b.label.startsWith('Forcer'))).toBe(false);
    table.dice.push([10, 2], [10, 3]);
    await bruno.press('Esquiver');
    // The forced 11 is what the dodge meets.
    expect(text(gm.lastMessage())).toMatch(/Dégâts − dé − défense − ½ métier 11 − /);
    expect(table.errors()).toEqual([]);
  });

  it('S-AT2 « Ne pas forcer » at once lets Bruno defend against the rolled 10, and the souffle stays', async () => {
    const { table, alice, bruno, gm } = await strike();
    const souffle = alice.actor(WARRIOR).system.souffle.value as number;
    await alice.press('Ne pas forcer');
    expect(button(bruno, 'Parer')?.enabled).toBe(true);
    expect(button(bruno, 'Esquiver')?.enabled).toBe(true);
    table.dice.push([10, 2], [10, 3]);
    await bruno.press('Esquiver');
    expect(text(gm.lastMessage())).toMatch(/Dégâts − dé − défense − ½ métier 10 − /);
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(souffle);
    expect(table.errors()).toEqual([]);
  });
});
