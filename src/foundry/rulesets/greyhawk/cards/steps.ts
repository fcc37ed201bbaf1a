/**
 * The Greyhawk cards' engine side moved to src/engine/greyhawk/exchange (the attacker's part, the
 * follow-up, the apply and undo as a state machine); re-exported for the card modules.
 */
export * from '../../../../engine/greyhawk/exchange/choices';
export { firstPart, followUp, isMissileUse, validate } from '../../../../engine/greyhawk/exchange/parts';
