/**
 * The front door of src/foundry/documents/: what files outside this folder may import.
 * Files inside the folder import each other directly, never this index.
 */

export { PasseDArmesActor } from './actor';
export { PasseDArmesItem } from './item';
export { PasseDArmesActiveEffect } from './active-effect';
