/** The attack's choices and results live in the engine exchange; re-exported for the cards. */
export * from '../../../../engine/greyhawk/exchange/choices';
