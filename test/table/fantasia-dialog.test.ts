/**
 * Issue 29, Fantasia's dialogs ask only what matters: the declaration shows one intent and, for
 * each, only the fields its kind uses (a crossbow's reload for a crossbow shot only); the attack
 * dialog asks a thrust's situation only once a thrust is named; hidden fields are not sent; an
 * attack with no target is warned of before any dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { fantasiaTable, itemId, startFight, text } from './fantasia-table';
import { learn } from './fantasia-bottes-table';

const ARCHER = 'Aventurière arbalétrière';

/** The labels of the dialog's fields a person sees (those of hidden sections left out). */
function shownFields(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll<HTMLElement>('[name]')]
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => el.getAttribute('name') ?? '');
}

/** Alice clicks the declaration pen of her fighter in her tracker; returns the dialog. */
async function declaring(
  entry: string,
): Promise<{ t: Awaited<ReturnType<typeof fantasiaTable>>; dialog: HTMLElement }> {
  const t = await fantasiaTable([{ entry, owner: 'Alice' }, { entry: 'Brigand' }]);
  await startFight(t, [entry, 'Brigand']);
  await t.alice.click(`[data-action="pdaDeclare"][data-combatant-id="${t.ids[entry]}"]`, t.alice.tracker);
  return { t, dialog: t.alice.dialog() };
}

/** The intents the round holds for a combatant (the GM's sealed copy). */
function intentsOf(t: Awaited<ReturnType<typeof fantasiaTable>>, id: string): Record<string, unknown>[] {
  const stored = String(t.gm.game.combats.contents[0].system.sealed.declarations[id] ?? '');
  return stored ? (JSON.parse(stored) as { intents: Record<string, unknown>[] }).intents : [];
}

/** A click on the weapon's name on the sheet, as a player attacks; returns the dialog or null. */
async function attackDialog(seat: Seat, actor: string, weapon: string): Promise<HTMLElement | null> {
  const sheet = await seat.openSheet(seat.actor(actor));
  await seat.click(sheet.querySelector(`tr[data-weapon-id="${weapon}"] [data-action="useWeapon"]`)!);
  return seat.dialogs().at(-1) ?? null;
}

describe('the Fantasia declaration asks only what the intent uses', () => {
  it('F-R5 one intent at first, the sword in hand’s blow (issue 46); a sword blow asks a weapon and a target, never a held shot or a reload', async () => {
    const { t, dialog } = await declaring('Bretteur');
    // The form starts from the sword in hand: a blow with it, the second intent offered.
    expect((dialog.querySelector('[name="intents.0.kind"]') as HTMLSelectElement).value).toBe('melee');
    expect(shownFields(dialog)).toEqual([
      'intents.0.kind',
      'intents.0.weaponId',
      'intents.0.targetId',
      'intents.0.note',
      'intents.1.kind',
    ]);
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    // Nothing of a shot is sent with the blow, even a hold ticked while a shot was chosen: the
    // box goes out of sight with the shot, still ticked.
    await t.alice.fill('[name="intents.0.kind"]', 'shoot', dialog);
    await t.alice.fill('[name="intents.0.hold"]', true, dialog);
    await t.alice.fill('[name="intents.0.kind"]', 'melee', dialog);
    expect(shownFields(dialog)).not.toContain('intents.0.hold');
    expect(dialog.querySelector<HTMLInputElement>('[name="intents.0.hold"]')!.checked).toBe(true);
    await t.alice.answerDialog({ 'intents.0.weaponId': sword, 'intents.0.targetId': t.ids.Brigand! });
    expect(intentsOf(t, t.ids.Bretteur!)).toEqual([
      { kind: 'melee', weaponId: sword, targetId: t.ids.Brigand },
    ]);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-W5 a crossbow shot asks whether to hold it (unticked) and to reload after (ticked, the rule’s own default); unticked, it is sent', async () => {
    const { t, dialog } = await declaring(ARCHER);
    const crossbow = itemId(t.alice, ARCHER, 'Arbalète');
    await t.alice.fill('[name="intents.0.kind"]', 'shoot', dialog);
    await t.alice.fill('[name="intents.0.weaponId"]', crossbow, dialog);
    expect(shownFields(dialog)).toContain('intents.0.hold');
    expect(shownFields(dialog)).toContain('intents.0.reloadAfter');
    expect(dialog.querySelector<HTMLInputElement>('[name="intents.0.hold"]')!.checked).toBe(false);
    expect(dialog.querySelector<HTMLInputElement>('[name="intents.0.reloadAfter"]')!.checked).toBe(true);
    // The dagger is no crossbow: the reload question goes away.
    await t.alice.fill('[name="intents.0.weaponId"]', itemId(t.alice, ARCHER, 'Dague'), dialog);
    expect(shownFields(dialog)).not.toContain('intents.0.reloadAfter');
    await t.alice.fill('[name="intents.0.weaponId"]', crossbow, dialog);
    await t.alice.answerDialog({ 'intents.0.targetId': t.ids.Brigand!, 'intents.0.reloadAfter': false });
    expect(intentsOf(t, t.ids[ARCHER]!)).toEqual([
      { kind: 'shoot', weaponId: crossbow, targetId: t.ids.Brigand, reloadAfter: false },
    ]);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('the Fantasia attack dialog asks a thrust’s situation only for a thrust', () => {
  it('F-H1 a plain sword attack: no situation question shown, nothing ticked but the target, no modifier on the card', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await learn(t, 'Bretteur', 'Anti-parade');
    await t.alice.target('Brigand');
    const dialog = (await attackDialog(t.alice, 'Bretteur', itemId(t.alice, 'Bretteur', 'Épée fantasque')))!;
    // The questions are there for a thrust, out of sight until one is named.
    expect(dialog.querySelectorAll('[name^="situation."]').length).toBeGreaterThan(0);
    expect(shownFields(dialog).filter((n) => n.startsWith('situation.'))).toEqual([]);
    expect(
      [...dialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')].map((c) => c.name),
    ).toEqual(['target']);
    t.table.dice.push([100, 30]);
    await t.alice.answerDialog({});
    const card = text(t.alice.lastMessage());
    expect(card).toContain('Attaque 30 /');
    for (const rule of ['F-B3', 'F-D5']) expect(card).not.toContain(rule);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-B7 naming Anti-parade shows its situation questions; the initiative ticked, the thrust is rolled with its malus (F-B3)', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await learn(t, 'Bretteur', 'Anti-parade');
    await t.alice.target('Brigand');
    const dialog = (await attackDialog(t.alice, 'Bretteur', itemId(t.alice, 'Bretteur', 'Épée fantasque')))!;
    await t.alice.fill('[name="thrustId"]', 'antiParade', dialog);
    expect(shownFields(dialog)).toContain('situation.initiative');
    t.table.dice.push([100, 30]);
    await t.alice.answerDialog({ 'situation.initiative': true });
    const card = text(t.alice.lastMessage());
    expect(card).toContain('F-B3');
    expect(card).toContain('Anti-parade');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-H1 an attack with no targeted token says how to target, and opens no dialog', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    const before = t.alice.messages().length;
    expect(await attackDialog(t.alice, 'Bretteur', itemId(t.alice, 'Bretteur', 'Épée fantasque'))).toBeNull();
    expect(t.alice.warnings.at(-1)).toBe(
      "Ciblez d'abord le jeton que Bretteur attaque : survolez-le sur la scène et appuyez sur T (ou clic droit sur le jeton, puis l'icône de cible). Relancez ensuite l'attaque.",
    );
    expect(t.alice.messages().length).toBe(before);
    expect(t.table.errors()).toEqual([]);
  });
});
