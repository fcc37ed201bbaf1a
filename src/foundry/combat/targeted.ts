import type { CombatLike, CombatantLike } from './adapter';
/** The combatant of a fight the person targets on the scene (Foundry’s T): declaration forms start from it. */

interface TargetedToken {
  readonly document?: { readonly uuid?: string };
  readonly actor?: { readonly uuid?: string } | null;
}

/** The combatant of `combat` whose token this user targets (Foundry's T), if exactly one is. */
export function targetedCombatant(combat: CombatLike): string | undefined {
  const targets = [...((game.user?.targets ?? []) as Iterable<TargetedToken>)];
  const ids = new Set<string>();
  for (const target of targets) {
    for (const c of combat.combatants as Iterable<CombatantLike & { token?: { uuid?: string } | null }>) {
      const token = c.token?.uuid;
      if (c.id && token && token === target.document?.uuid) ids.add(c.id);
    }
  }
  return ids.size === 1 ? [...ids][0] : undefined;
}
