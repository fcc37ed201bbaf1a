/**
 * The one answer to "does this client write GM-only state?". Foundry's `game.users.activeGM` is
 * the one connected GM (a Gamemaster before an Assistant GM, "non-assistant if possible") that
 * workflows running on every client leave the work to. This client writes when it is that user:
 * a GM who is not the active GM (a second GM, an assistant while the GM is connected) asks like a
 * player does, and when no active GM is known (no GM connected, or the users are not loaded yet)
 * nobody writes: a request is refused with PDA.Error.NoGM, a hook does nothing (docs/rulings.md).
 */
export function isActiveGM(): boolean {
  const me = game.user;
  const active = game.users?.activeGM;
  return me?.isGM === true && active != null && active.id === me.id;
}

/** True when no GM is connected (or the users are not loaded yet): nobody decides. */
export function noActiveGM(): boolean {
  return game.users?.activeGM == null;
}
