/**
 * The front door of src/foundry/dice/: what files outside this folder may import.
 * Files inside the folder import each other directly, never this index.
 */

export { showRollsToAll } from './dice-so-nice';
export { type DieRoller, foundryDieRoller, withFoundryDice } from './roll-dice';
