import { isActiveGM } from '../active-gm';

/**
 * Where the active GM last saw each token: one record for every rule a move triggers (Fantasia's
 * F-B7/F-W5 put-back, Souffle's held move S-GR1 and opportunity blow S-AT6), so that such a rule is
 * checked on the GM's client after the move lands, whoever moved and whatever their own client
 * ran: the move's start is the GM's record, not something the mover's client kept. It is filled
 * at `ready` from every scene's tokens (a GM reload included), then by each creation and move.
 *
 * Each token keeps its place and the place before its last move, so every watcher of one move,
 * in whatever order the hooks run, reads the same start (`before`).
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

const placeOf = (doc: TokenPlaced): Place => ({ x: Math.round(doc.x ?? 0), y: Math.round(doc.y ?? 0) });
const samePlace = (a: Place, b: Place): boolean => a.x === b.x && a.y === b.y;

interface Entry {
  readonly now: Place;
  readonly before?: Place;
  /** Where a move the GM put back landed: seen there again, the token is still held at `now`. */
  readonly refused?: Place;
}

export class SeenPlaces {
  readonly #places = new Map<string, Entry>();

  /** Brings the record to the token's place: a token found elsewhere moved from its last place. */
  #sync(doc: TokenPlaced): Entry | undefined {
    if (!doc.id) return undefined;
    const here = placeOf(doc);
    const entry = this.#places.get(doc.id);
    if (!entry) return undefined;
    if (entry.refused && samePlace(entry.refused, here)) return entry;
    if (!samePlace(entry.now, here)) this.#places.set(doc.id, { now: here, before: entry.now });
    return this.#places.get(doc.id);
  }

  /** Where the GM saw the token before its latest move (undefined when it never saw it). */
  before(doc: TokenPlaced): Place | undefined {
    return this.#sync(doc)?.before;
  }

  /**
   * A move the GM puts back: the token's place stays `place` (the next move, a second raw step
   * included, is measured from it, not from where the refused move landed).
   */
  hold(doc: TokenPlaced, place: Place): void {
    if (!doc.id) return;
    this.#places.set(doc.id, { now: place, before: place, refused: placeOf(doc) });
  }

  remember(doc: TokenPlaced): void {
    if (!doc.id) return;
    if (!this.#sync(doc)) this.#places.set(doc.id, { now: placeOf(doc) });
  }

  /** Every token of every scene, as the world loads (the active GM only). */
  rememberAll(): void {
    if (!isActiveGM()) return;
    for (const scene of game.scenes ?? []) for (const token of scene.tokens) this.remember(token);
  }
}

/** The one record of the GM's client (see above). */
export const seenPlaces = new SeenPlaces();
let registered = false;

/** Registers the record's hooks once (any ruleset's move watcher calls it at init). */
export function registerSeenPlaces(): void {
  if (registered) return;
  registered = true;
  Hooks.once('ready', () => seenPlaces.rememberAll());
  Hooks.on('createToken', (doc: TokenPlaced) => {
    if (isActiveGM()) seenPlaces.remember(doc);
  });
}

/** True when the change moves the token. */
export const movedBy = (changed: Record<string, unknown>): boolean => 'x' in changed || 'y' in changed;
