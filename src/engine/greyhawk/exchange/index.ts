/**
 * Greyhawk's exchanges as engine state machines (src/engine/core/exchange.ts): the attack card's
 * attacker part, manoeuvre follow-ups, called shots, apply and undo. The Foundry cards only
 * translate them (src/foundry/rulesets/greyhawk/cards).
 */
export * from './choices';
export * from './view';
export * from './machine';
export { firstPart, followUp, isMissileUse, validate } from './parts';
export { impossibleChoices, type ImpossibleChoices, type RefusedChoice } from './offered';
