import { isActiveGM } from '../active-gm';

/**
 * Where the active GM last saw each token (scene tokens at `ready`, then every creation and
 * update), so that a rule a move triggers is checked on the GM's client after the move lands,
 * whoever moved and whatever their own client ran: the move's start is the GM's record, not
 * something the mover's client kept.
 */
export interface Place {
  readonly x: number;
  readonly y: number;
}

interface TokenPlaced {
  readonly id?: string | null;
  readonly x?: number;
  readonly y?: number;
}

export class SeenPlaces {
  readonly #places = new Map<string, Place>();

  /** Where the GM saw the token before this change (undefined when it never saw it). */
  before(doc: TokenPlaced): Place | undefined {
    return doc.id ? this.#places.get(doc.id) : undefined;
  }

  remember(doc: TokenPlaced): void {
    if (doc.id) this.#places.set(doc.id, { x: Math.round(doc.x ?? 0), y: Math.round(doc.y ?? 0) });
  }

  /** Every token of every scene, as the world loads (the active GM only). */
  rememberAll(): void {
    if (!isActiveGM()) return;
    for (const scene of game.scenes ?? [])
      for (const token of (scene as unknown as { tokens?: Iterable<TokenPlaced> }).tokens ?? [])
        this.remember(token);
  }
}

/** True when the change moves the token. */
export const movedBy = (changed: Record<string, unknown>): boolean => 'x' in changed || 'y' in changed;
