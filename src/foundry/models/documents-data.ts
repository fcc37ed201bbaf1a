/** Small readers of document data shared by every ruleset's models and sheets. */

/** An embedded item as the models read it. */
export interface ItemLike {
  id?: string | null;
  type: string;
  name?: string | null;
  system: unknown;
}

/** A parent actor's items: Foundry's Collection exposes `contents`; a plain Map has `values()`. */
export function itemsOf<T = ItemLike>(parent: unknown): T[] {
  const items = (parent as { items?: { contents?: T[]; values?: () => Iterable<T> } } | null)?.items;
  if (!items) return [];
  if (Array.isArray(items.contents)) return [...items.contents];
  if (typeof items.values === 'function') return [...items.values()];
  return [...(items as unknown as Iterable<T>)];
}

/** A data model's stored source as a plain object (`toObject()`), or a shallow copy of plain data. */
export function plainSystem(system: unknown): Record<string, unknown> {
  const s = system as { toObject?: () => Record<string, unknown> };
  return typeof s?.toObject === 'function' ? s.toObject() : { ...(system as Record<string, unknown>) };
}

/** An item as every sheet context lists it. */
export interface SheetItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

/** A document's header fields for a sheet (with Foundry's default images). */
export function sheetHeader(doc: { id: string | null; name: string; img: string | null; type: string }): {
  id: string;
  name: string;
  img: string;
  type: string;
} {
  return { id: doc.id ?? '', name: doc.name, img: doc.img ?? 'icons/svg/mystery-man.svg', type: doc.type };
}

/** An embedded item as a sheet row: plain data, Foundry's default item image. */
export function sheetItemRow(item: {
  id: string | null;
  name: string;
  img: string | null;
  type: string;
  system: unknown;
}): SheetItemRow {
  return {
    id: item.id ?? '',
    name: item.name,
    img: item.img ?? 'icons/svg/item-bag.svg',
    type: item.type,
    system: plainSystem(item.system),
  };
}

/** One tab of a sheet's tab bar (templates/shared/tabs.hbs). */
export interface TabContext {
  id: string;
  group: string;
  label: string;
  icon: string;
  active: boolean;
  cssClass: string;
}

/**
 * The tab bar of a sheet: `ids` are [id, Font Awesome icon] in order, labels are
 * `<labelPrefix>.Tab.<id>`; the wanted tab is active when it exists, else the first.
 */
export function sheetTabs(
  ids: readonly (readonly [string, string])[],
  wanted: string | undefined,
  labelPrefix: string,
): Record<string, TabContext> {
  const active = ids.some(([id]) => id === wanted) ? (wanted as string) : (ids[0]?.[0] ?? '');
  return Object.fromEntries(
    ids.map(([id, icon]) => [
      id,
      {
        id,
        group: 'primary',
        label: `${labelPrefix}.Tab.${id}`,
        icon,
        active: id === active,
        cssClass: id === active ? 'active' : '',
      },
    ]),
  );
}
