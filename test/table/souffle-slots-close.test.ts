/**
 * Issue 46, point 2 for Souffle (S-R2, S-P1): a short action is spent when its card opens; once
 * that card has nothing left to answer, its slot closes itself and the fighter's next short
 * action is current, with no « J'ai fini » to press. The turn's last slot stays open: the fighter
 * may still change posture at the end of the turn (S-P1) before « J'ai fini ».
 */
import { describe, expect, it } from 'vitest';
import { declineForcing } from './souffle-forcing';
import { souffleRound, text, WARRIOR } from './souffle-table';

async function strike(t: Awaited<ReturnType<typeof souffleRound>>) {
  const { table, alice, bruno, gm } = t;
  const sheet = await alice.openSheet(alice.actor(WARRIOR));
  await alice.click(sheet.querySelector('[data-action="attack"]')!);
  table.dice.push([10, 1], [12, 7]);
  await alice.answerDialog({ characteristic: 'vigueur' });
  await declineForcing(table);
  table.dice.push([10, 2], [10, 1]);
  await bruno.press('Esquiver');
  await gm.press('Appliquer');
}

describe('S-R2 Souffle slots close themselves (issue 46)', () => {
  it("S-R2 the intrépide warrior's first blow, once applied, closes its slot by itself; the second blow's slot stays open for the turn's end (S-P1)", async () => {
    const t = await souffleRound(['intrepide', 'prudent']);
    const { alice, gm } = t;
    await alice.target('Chasseur');
    expect(text(gm.tracker)).toContain(`${WARRIOR} Action courte En cours Intrépide ○○`);
    await strike(t);
    // No « J'ai fini »: the first slot is done, the second short action is current.
    expect(text(gm.tracker)).toContain(
      `${WARRIOR} Attaque Fait Intrépide ●○ 9 ${WARRIOR} Action courte En cours`,
    );
    await strike(t);
    // The last one stays current: the posture may still change at the turn's end.
    expect(text(gm.tracker)).toContain(`${WARRIOR} Attaque En cours`);
    expect(alice.tracker.querySelector('li.active [data-action="pdaEndSlot"]')).not.toBeNull();
    expect(t.table.errors()).toEqual([]);
  });
});
