import type { Vec3 } from '../../../engine/fantasia/movement';

/**
 * Token positions on the viewed scene in the scene's units (metres in Fantasia worlds), for rules
 * that measure shapes rather than one distance (a siege engine's line or splash, a chase): x and y
 * from the token's centre over the grid size, z from its elevation (F-M4). Undefined when the
 * token is not on the viewed scene; the caller falls back to what the user entered.
 */

export interface PointToken {
  readonly center?: { x: number; y: number };
  readonly document?: {
    elevation?: number;
    uuid?: string;
    actorId?: string | null;
    update?(changes: Record<string, unknown>): Promise<unknown>;
  };
  readonly actor?: { uuid?: string } | null;
}

interface CanvasLike {
  readonly grid?: { size?: number; distance?: number };
  readonly tokens?: { readonly placeables: readonly PointToken[] };
}

function canvasOf(): CanvasLike | null {
  return ((globalThis as { canvas?: unknown }).canvas ?? null) as CanvasLike | null;
}

/** The placeable of a token uuid on the viewed scene, else the first token of the actor. */
export function tokenFor(tokenUuid: string, actorUuid: string): PointToken | undefined {
  const placeables = canvasOf()?.tokens?.placeables ?? [];
  if (tokenUuid) {
    const found = placeables.find((t) => t.document?.uuid === tokenUuid);
    if (found) return found;
  }
  return placeables.find((t) => t.actor?.uuid === actorUuid);
}

/** A token's position in metres (z: elevation), or undefined off the viewed scene. */
export function pointOf(token: PointToken | undefined): Vec3 | undefined {
  const grid = canvasOf()?.grid;
  const size = Number(grid?.size ?? 0);
  const distance = Number(grid?.distance ?? 0);
  if (!token?.center || !(size > 0) || !(distance > 0)) return undefined;
  return {
    x: (token.center.x / size) * distance,
    y: (token.center.y / size) * distance,
    z: Number(token.document?.elevation ?? 0) || 0,
  };
}
