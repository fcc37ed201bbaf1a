// Entry point of the Passe d'armes system: it only wires Foundry hooks to the adapter layer.
import { initSystem, readySystem } from './foundry/system';

Hooks.once('init', initSystem);
Hooks.once('ready', readySystem);
