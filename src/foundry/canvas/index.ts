/**
 * The front door of src/foundry/canvas/: what files outside this folder may import.
 * Files inside the folder import each other directly, never this index.
 */

export { tokenByUuid, tokenDistance, tokenOfActor } from './distance';
export { movedBy, registerSeenPlaces, seenPlaces, type Place } from './seen';
export { movesToken } from './moves';
export { registerSides, sideOf } from './sides';
