/**
 * What each fighter declared last, as this client's declaration forms remember it: a form starts
 * from it and the tracker offers to declare the same again in one click (issue 46). A convenience
 * of this screen only, kept for the session: nothing of the round reads it, and the round's own
 * state (the declarations on the Combat documents) stays where it is.
 */
interface Remembered {
  readonly round: number;
  readonly declaration: unknown;
}

const memory = new Map<string, Remembered>();
const key = (combatId: string, combatantId: string): string => `${combatId}.${combatantId}`;

/** Remembers a declaration this client sent for `combatantId` in `round`. */
export function rememberDeclaration(
  combatId: string,
  combatantId: string,
  round: number,
  declaration: unknown,
): void {
  memory.set(key(combatId, combatantId), { round, declaration });
}

/** The declaration this client sent for `combatantId` in an earlier round than `round`. */
export function lastDeclaration(combatId: string, combatantId: string, round: number): unknown {
  const remembered = memory.get(key(combatId, combatantId));
  return remembered && remembered.round < round ? remembered.declaration : undefined;
}
