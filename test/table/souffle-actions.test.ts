/** Souffle at the table: the posture's action budget spent by what players do (S-R2, S-P2, S-P3). */
import { beforeAll, describe, expect, it } from 'vitest';
import { nextSlots, souffleRound, text, WARRIOR } from './souffle-table';
import { Table, type Seat } from '../harness/table';
import { declineForcing } from './souffle-forcing';

describe('a Souffle round where every action spends the posture budget', () => {
  let table: Table;
  let gm: Seat;
  let alice: Seat;
  let bruno: Seat;

  beforeAll(async () => {
    ({ table, gm, alice, bruno } = await souffleRound(['intrepide', 'prudent'], [9, 4]));
  });

  it('S-R2 an attack card posted from the sheet spends a short action at once: the pips show one left', async () => {
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 10');
    // The warrior's current slot now names the attack; the pips: one spent, one left.
    expect(text(gm.tracker)).toContain("Gardien du Waka'Hata Attaque En cours Intrépide ●○");
    expect(text(bruno.tracker)).toContain("Gardien du Waka'Hata Attaque En cours Intrépide ●○");
  });

  it('S-DF1 the defence stays free: the hunter parries and his single action is still there', async () => {
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await bruno.press('Parer');
    expect(text(bruno.lastMessage())).toContain('10 − 3 − 3 − 2 = 2');
    expect(text(gm.tracker)).toContain('Chasseur Action courte En attente Prudent ○');
  });

  it('S-P2 the second attack spends the intrépide warrior’s last action; a third is refused with the reason and posts nothing', async () => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 2], [12, 3]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(gm.tracker)).toContain(
      "Gardien du Waka'Hata Attaque En cours Intrépide ●● 9 Gardien du Waka'Hata Attaque En attente",
    );
    const before = alice.messages().length;
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    // Refused before any dialog opens.
    expect(alice.dialogs()).toEqual([]);
    expect(alice.messages().length).toBe(before);
    expect(alice.warnings.at(-1)).toBe(
      "Plus assez d'actions en posture Intrépide : « Attaque » coûte 1 action courte, il en reste 0. Attendez le round suivant ou choisissez une action moins coûteuse.",
    );
  });

  it('S-P3 the prudent hunter has one action in his own turn: his shot spends it, then an aim is refused', async () => {
    await bruno.target(WARRIOR);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    // The warrior (9) still holds the turn: the hunter (4) waits for his.
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    expect(bruno.warnings.at(-1)).toBe(
      "Ce n'est pas le tour de Chasseur : c'est au tour de Gardien du Waka'Hata." +
        " Celui de Chasseur viendra ensuite, dans l'ordre d'initiative ; attaquez alors depuis sa ligne du suivi de combat.",
    );
    // The GM closes the warrior's two slots: the hunter's turn.
    await nextSlots(gm, 2);
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    table.dice.push([10, 5]);
    await bruno.answerDialog({ characteristic: 'acuite' });
    expect(text(gm.tracker)).toContain('Chasseur Attaque En cours Prudent ●');
    const before = bruno.messages().length;
    await bruno.click(sheet.querySelector('[data-action="aim"]')!);
    // Refused before the aim dialog asks anything.
    expect(bruno.dialogs()).toEqual([]);
    expect(bruno.messages().length).toBe(before);
    expect(bruno.warnings.at(-1)).toContain('il en reste 0');
  });

  it('S-R2 closing the slots in the tracker afterwards does not spend the same actions twice', async () => {
    const budgets = () =>
      Object.fromEntries(
        gm.game.combat.combatants.map((c: { id: string; name: string }) => [
          c.name,
          JSON.parse(gm.game.combat.system.sealed.budgets[c.id] as string) as unknown,
        ]),
      );
    for (let i = 0; i < 3; i++) {
      const next = gm.tracker.querySelector<HTMLButtonElement>('[data-action="pdaNextSlot"]');
      if (!next || next.disabled) break;
      await gm.click(next);
    }
    const tracker = text(gm.tracker);
    expect(tracker).toContain("Gardien du Waka'Hata Attaque Fait Intrépide ●●");
    expect(tracker).toContain('Chasseur Attaque Fait Prudent ●');
    // What the round holds: two spent of two, one of one; not four and two.
    expect(budgets()).toEqual({
      [WARRIOR]: { actions: { max: 2, used: 2 } },
      Chasseur: { actions: { max: 1, used: 1 } },
    });
    expect(table.errors()).toEqual([]);
  });
});
