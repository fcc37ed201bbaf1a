/**
 * Marks defeated every combatant of `actor` in the world's combats that is not already: the
 * round drops their slots (PasseDArmesCombatant#_onUpdate). Returns whether any was marked, so
 * the ruleset puts its status on the actor only once. The caller decides, by its ruleset's rule,
 * that the actor is out of the fight, and runs on the active GM's client.
 */
interface DefeatableCombatant {
  readonly actor?: { readonly uuid?: string } | null;
  readonly defeated?: boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
}

export async function markCombatantsDefeated(actor: { readonly uuid?: string }): Promise<boolean> {
  const combats = (game.combats as unknown as { contents?: { combatants: Iterable<DefeatableCombatant> }[] })
    ?.contents;
  let marked = false;
  for (const combat of combats ?? [])
    for (const c of combat.combatants) {
      const same = c.actor === actor || (actor.uuid !== undefined && c.actor?.uuid === actor.uuid);
      if (!same || c.defeated) continue;
      await c.update({ defeated: true });
      marked = true;
    }
  return marked;
}
