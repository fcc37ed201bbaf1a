import { templatePath } from '../constants';
import { PassedArmesCombat, PassedArmesCombatant } from './documents';
import { CombatRoundModel, CombatantRoundModel } from './models';
import { registerRoundQueries } from './service';
import { FOOTER_TEMPLATE, PassedArmesCombatTracker, TRACKER_TEMPLATE } from './tracker';
import { registerVaultKeeper } from './vault';

export { registerRoundAdapter } from './adapter';
export type { RoundAdapter, CombatLike, CombatantLike } from './adapter';

/** Templates of the combat UI, to preload. */
export const COMBAT_TEMPLATES = [
  TRACKER_TEMPLATE,
  FOOTER_TEMPLATE,
  templatePath('combat/combatant-controls.hbs'),
];

/**
 * Wires the round into Foundry (call at `init`): Combat and Combatant documents and data models,
 * the tracker and the GM-side query for players' commands. Each ruleset's round adapter comes
 * with its FoundryRuleset (`roundAdapter`), registered by src/foundry/system.ts; what a ruleset's
 * cards read from the round is hooked up by the ruleset's own `setup`.
 */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = PassedArmesCombat;
  CONFIG.Combatant.documentClass = PassedArmesCombatant;
  Object.assign(CONFIG.Combat.dataModels as Record<string, unknown>, { base: CombatRoundModel });
  Object.assign(CONFIG.Combatant.dataModels as Record<string, unknown>, { base: CombatantRoundModel });
  (CONFIG.ui as unknown as Record<string, unknown>).combat = PassedArmesCombatTracker;
  registerRoundQueries();
  registerVaultKeeper();
  void foundry.applications.handlebars.loadTemplates([...new Set(COMBAT_TEMPLATES)]);
}
