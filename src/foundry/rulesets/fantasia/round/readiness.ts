import type { FantasiaReadiness, WeaponReadiness } from '../../../../engine/fantasia/round';
import type { CombatantLike, DocumentReadiness } from '../../../combat';

/**
 * A Fantasia weapon's readiness lives on its item: `drawn` (in hand), `loaded` (nocked, spanned,
 * charged) and the arquebus's `reloadRoundsLeft`. The round reads it from the items and writes
 * what the passes change back to them; the sheet and the attack card read the same fields. Bare
 * hands (Bagarre, Lutte) have no item and are always at hand.
 */

interface ArmeSystem {
  drawn: boolean;
  loaded: boolean;
  reloadRoundsLeft: number | null;
}

interface ItemLike {
  id: string | null;
  type: string;
  system: unknown;
}

function weaponItems(combatant: CombatantLike): ItemLike[] {
  const items = (combatant.actor?.items ?? []) as Iterable<ItemLike>;
  return [...items].filter((i) => i.type === 'arme' && i.id);
}

function readinessOfItem(system: ArmeSystem): WeaponReadiness {
  const left = system.reloadRoundsLeft;
  return {
    ready: Boolean(system.drawn),
    loaded: Boolean(system.loaded),
    ...(typeof left === 'number' && left > 0 ? { reloadRoundsLeft: left } : {}),
  };
}

/** The item update that stores `readiness`, or null when the item already holds it. */
export function weaponReadinessUpdate(
  system: ArmeSystem,
  readiness: WeaponReadiness,
): Record<string, unknown> | null {
  const left =
    readiness.reloadRoundsLeft && readiness.reloadRoundsLeft > 0 ? readiness.reloadRoundsLeft : null;
  const next = { drawn: readiness.ready, loaded: readiness.loaded, reloadRoundsLeft: left };
  const same =
    Boolean(system.drawn) === next.drawn &&
    Boolean(system.loaded) === next.loaded &&
    (system.reloadRoundsLeft ?? null) === next.reloadRoundsLeft;
  return same ? null : next;
}

export const fantasiaDocumentReadiness: DocumentReadiness<FantasiaReadiness> = {
  read(combatant) {
    const weapons: Record<string, WeaponReadiness> = {};
    for (const item of weaponItems(combatant)) weapons[item.id!] = readinessOfItem(item.system as ArmeSystem);
    return { weapons };
  },
  writes(combatant, readiness) {
    const updates: Record<string, unknown>[] = [];
    for (const item of weaponItems(combatant)) {
      const wanted = readiness.weapons[item.id!];
      if (!wanted) continue;
      const system = weaponReadinessUpdate(item.system as ArmeSystem, wanted);
      if (system) updates.push({ _id: item.id, system });
    }
    return updates;
  },
};
