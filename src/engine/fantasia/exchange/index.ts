/**
 * Fantasia's exchanges in the engine: the one-call pipeline the simulator and the bench use
 * (pipeline.ts) and the attack card's state machine (machine.ts) with its state, view and effects.
 */
export * from './pipeline';
export * from './state';
export * from './view';
export * from './effects';
export * from './defence';
export * from './steps';
export * from './fumbles';
export * from './open';
export * from './machine';
export * from './situation';
