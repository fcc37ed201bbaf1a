/**
 * Steps of the secret-thrust table tests: the GM teaches a fighter a botte and gives it a weapon by
 * dragging them from the compendiums onto its sheet, draws the weapon there, edits a sheet field.
 * Everything goes through the harness (via fantasia-table.ts).
 */
import { itemId, type FantasiaTable } from './fantasia-table';

/** The GM drags a botte from the "fantasia-bottes" compendium onto the actor's sheet. */
export async function learn(t: FantasiaTable, actor: string, botte: string): Promise<void> {
  await t.gm.dragOnto(t.gm.actor(actor), t.table.packUuid('fantasia-bottes', botte));
}

/** The GM drags a weapon from the "fantasia-armes" compendium onto the sheet and draws it. */
export async function arm(t: FantasiaTable, actor: string, weapon: string): Promise<string> {
  await t.gm.dragOnto(t.gm.actor(actor), t.table.packUuid('fantasia-armes', weapon));
  return draw(t, actor, weapon);
}

/** The GM draws a weapon the actor carries (the sheet's "drawn" toggle); returns its item id. */
export async function draw(t: FantasiaTable, actor: string, weapon: string): Promise<string> {
  const id = itemId(t.gm, actor, weapon);
  const item = t.gm.actor(actor).items.get(id);
  if (item.system.drawn) return id;
  const sheet = await t.gm.openSheet(t.gm.actor(actor));
  await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${id}"] [data-field="drawn"]`)!);
  return id;
}

/** The GM types a value in one of the actor sheet's fields (species, size…). */
export async function edit(
  t: FantasiaTable,
  actor: string,
  field: string,
  value: string | number,
): Promise<void> {
  const sheet = await t.gm.openSheet(t.gm.actor(actor));
  await t.gm.fill(`[name="${field}"]`, value, sheet);
}
