import { setFantasiaRoundProvider } from '../rulesets/fantasia/cards/round-context';
import { templatePath } from '../constants';
import { combatRoundProvider } from '../rulesets/fantasia/round/chat-round';
import { PassedArmesCombat, PassedArmesCombatant } from './documents';
import { DECLARE_TEMPLATE } from '../rulesets/fantasia/round/adapter';
import { CombatRoundModel, CombatantRoundModel } from './models';
import { registerRoundQueries } from './service';
import { FOOTER_TEMPLATE, PassedArmesCombatTracker, TRACKER_TEMPLATE } from './tracker';

export { registerRoundAdapter } from './adapter';
export type { RoundAdapter, CombatLike, CombatantLike } from './adapter';

/** Templates of the combat UI, to preload. */
export const COMBAT_TEMPLATES = [
  TRACKER_TEMPLATE,
  FOOTER_TEMPLATE,
  DECLARE_TEMPLATE,
  templatePath('combat/declare.hbs'),
];

/**
 * Wires the round into Foundry (call at `init`): Combat and Combatant documents and data models,
 * the tracker, the GM-side query for players' commands and the round facts the Fantasia attack
 * card reads (chat-round.ts). Each ruleset's round adapter comes with its FoundryRuleset
 * (`roundAdapter`), registered by src/foundry/system.ts.
 */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = PassedArmesCombat as never;
  CONFIG.Combatant.documentClass = PassedArmesCombatant as never;
  Object.assign(CONFIG.Combat.dataModels as Record<string, unknown>, { base: CombatRoundModel });
  Object.assign(CONFIG.Combatant.dataModels as Record<string, unknown>, { base: CombatantRoundModel });
  (CONFIG.ui as unknown as Record<string, unknown>).combat = PassedArmesCombatTracker;
  registerRoundQueries();
  // The attack card reads declarations, parries, reloads and thrust memory from the round.
  setFantasiaRoundProvider(combatRoundProvider);
  void foundry.applications.handlebars.loadTemplates([...new Set(COMBAT_TEMPLATES)]);
}
