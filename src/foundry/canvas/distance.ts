/**
 * Distances on the scene, for rules that measure them (ranges, reach). Foundry measures between
 * token centres along the grid (`canvas.grid.measurePath`, in the scene's units, metres in these
 * worlds); a height difference (token elevation, same units) is added as the third side of the
 * triangle. Null when either token is not on the viewed scene: the caller asks the user then.
 */

interface TokenLike {
  readonly center?: { x: number; y: number };
  readonly document?: { elevation?: number; uuid?: string; actorId?: string | null };
}

interface CanvasLike {
  readonly grid?: { measurePath?(waypoints: { x: number; y: number }[]): { distance: number } };
  readonly tokens?: { readonly placeables: readonly TokenLike[] };
}

function canvasOf(): CanvasLike | null {
  return ((globalThis as { canvas?: unknown }).canvas ?? null) as CanvasLike | null;
}

/** The placeable of a token document uuid on the viewed scene. */
export function tokenByUuid(uuid: string): TokenLike | undefined {
  if (!uuid) return undefined;
  return canvasOf()?.tokens?.placeables.find((t) => t.document?.uuid === uuid);
}

/** The first token of an actor on the viewed scene. */
export function tokenOfActor(actorId: string | null | undefined): TokenLike | undefined {
  if (!actorId) return undefined;
  return canvasOf()?.tokens?.placeables.find((t) => t.document?.actorId === actorId);
}

/** Distance between two tokens, elevation included, in scene units; null when unknown. */
export function tokenDistance(a: TokenLike | undefined, b: TokenLike | undefined): number | null {
  const grid = canvasOf()?.grid;
  if (!a?.center || !b?.center || typeof grid?.measurePath !== 'function') return null;
  const flat = grid.measurePath([a.center, b.center]).distance;
  const rise = (b.document?.elevation ?? 0) - (a.document?.elevation ?? 0);
  const d = Math.hypot(flat, rise);
  return Number.isFinite(d) ? Math.round(d * 10) / 10 : null;
}
