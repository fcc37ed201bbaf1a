export type { Dice } from './port';
export { SeededDice } from './seeded';
export { ScriptedDice, type ScriptedDie } from './scripted';
export * from './formula';
