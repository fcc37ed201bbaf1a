import { canonical } from './canonical';

/**
 * Undo writes back the values a document had before an action. That is only right while the
 * document still holds what the action wrote: after later damage, a healed wound or another
 * card's change, writing the old values back would erase that change. Every ruleset's undo
 * compares the target's current values with the values its action wrote, and refuses (a reason
 * on the card, PDA.Chat.Undo.TargetChanged) when one differs.
 */

export const UNDO_CHANGED = 'PDA.Chat.Undo.TargetChanged';

/** The first value that is no longer what the action wrote. */
export interface UndoConflict {
  /** Dotted path in the document's system data ('pv.value', 'conditions.prone'). */
  readonly field: string;
  readonly now: string;
  readonly wrote: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  const s = value === undefined ? '—' : typeof value === 'string' ? value : canonical(value);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/**
 * Compares what an action wrote (`wrote`, nested system changes) with the current values, leaf
 * by leaf; arrays and other values are compared whole (key order ignored). Undefined when every
 * written value is still there.
 */
export function undoConflict(current: unknown, wrote: unknown, path = ''): UndoConflict | undefined {
  if (isPlainObject(wrote)) {
    const here = isPlainObject(current) ? current : {};
    for (const [key, value] of Object.entries(wrote)) {
      const conflict = undoConflict(
        Object.prototype.hasOwnProperty.call(here, key) ? here[key] : undefined,
        value,
        path ? `${path}.${key}` : key,
      );
      if (conflict) return conflict;
    }
    return undefined;
  }
  if (canonical(current ?? null) === canonical(wrote ?? null)) return undefined;
  return { field: path, now: shown(current), wrote: shown(wrote) };
}

/** The card's reason for a refused undo. */
export function undoRefusal(
  name: string,
  conflict: UndoConflict,
): { key: string; data: Record<string, string> } {
  return { key: UNDO_CHANGED, data: { name, ...conflict } };
}
