/**
 * Issue 29, Souffle's attack dialog asks only what matters: no manoeuvre is offered that was not
 * prepared by its own action (S-AT7), a prepared one is offered already chosen and applies; an
 * attack with no target is warned of before any dialog.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { text, WARRIOR } from './souffle-table';

async function duel() {
  const table = await Table.open({ ruleset: 'souffle' });
  await table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await table.placeToken(WARRIOR, 1, 1);
  await table.placeToken('Chasseur', 2, 1);
  return { table, alice: table.seat('Alice') };
}

/** Alice clicks the warrior's attack on the sheet; returns the dialog, or null when none opens. */
async function attackDialog(alice: Seat): Promise<HTMLElement | null> {
  const sheet = await alice.openSheet(alice.actor(WARRIOR));
  await alice.click(sheet.querySelector('[data-action="attack"]')!);
  return alice.dialogs().at(-1) ?? null;
}

const aims = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLOptionElement>('[name="aim"] option')].map((o) => [o.value, o.selected]);

describe('the Souffle attack dialog asks only what matters', () => {
  it('S-AT1 a plain long-sword attack: no manoeuvre offered, no context, and the card carries none', async () => {
    const { table, alice } = await duel();
    await alice.target('Chasseur');
    const dialog = (await attackDialog(alice))!;
    expect(aims(dialog)).toEqual([['', true]]);
    expect(dialog.querySelector<HTMLInputElement>('[name="context"]')!.value).toBe('0');
    table.dice.push([10, 3], [12, 8]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    const card = text(alice.lastMessage());
    expect(card).toContain("Niveau d'avantage +8");
    for (const rule of ['S-AT7', 'S-MN1', 'S-MN2', 'S-MN3']) expect(card).not.toContain(rule);
    expect(table.errors()).toEqual([]);
  });

  it('S-MN1 a feint prepared by its own action is offered already chosen, and the card counts it', async () => {
    const { table, alice } = await duel();
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    await alice.answerDialog({}, 'feinte');
    const dialog = (await attackDialog(alice))!;
    expect(aims(dialog)).toEqual([
      ['', false],
      ['feinte', true],
    ]);
    table.dice.push([10, 3], [12, 8]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(alice.lastMessage())).toContain('S-MN1');
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 an attack with no targeted token says how to target, and opens no dialog', async () => {
    const { table, alice } = await duel();
    const before = alice.messages().length;
    expect(await attackDialog(alice)).toBeNull();
    expect(alice.warnings.at(-1)).toBe(
      `Ciblez d'abord le jeton que ${WARRIOR} attaque : survolez-le sur la scène et appuyez sur T (ou clic droit sur le jeton, puis l'icône de cible). Relancez ensuite l'attaque.`,
    );
    expect(alice.messages().length).toBe(before);
    expect(table.errors()).toEqual([]);
  });
});
