/**
 * The undo check every ruleset's card uses; it lives in the engine (src/engine/core/undo.ts) so
 * that engine exchanges refuse a stale undo themselves.
 */
export { UNDO_CHANGED, type UndoConflict, undoConflict, undoRefusal } from '../../engine/core/undo';
