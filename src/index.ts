// Entry point of the Passe d'armes system: it only wires Foundry hooks to the adapter layer.
import { initSystem, readySystem } from './foundry/system';
import { registerQuenchSuite } from './quench/smoke';

Hooks.once('init', initSystem);
Hooks.once('ready', readySystem);
// The in-Foundry smoke suite: registers only when the Quench module announces itself.
registerQuenchSuite();
