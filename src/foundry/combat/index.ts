import { templatePath } from '../constants';
import { PasseDArmesCombat, PasseDArmesCombatant, rememberCombatTurns } from './documents';
import { CombatRoundModel, CombatantRoundModel } from './models';
import { registerRoundQueries } from './service';
import { FOOTER_TEMPLATE, PasseDArmesCombatTracker, TRACKER_TEMPLATE } from './tracker';
import { registerRoundKeybindings } from './keybindings';
import { registerTurnSettings } from './turns';
import { registerVaultSetting } from './vault';

export {
  type AnyRoundAdapter,
  combatantById,
  type CombatantLike,
  type CombatLike,
  type DeclarationRequest,
  type DocumentReadiness,
  registerRoundAdapter,
  requesterFor,
  type RoundAdapter,
  roundAdapterFor,
} from './adapter';
export { attackTargets, type AttackTargets, combatOf, foesInFight, type TargetRef } from './attack-targets';
export { declarableTargets, markSelected, promptDeclarationForm, type FormOption } from './declare-dialog';
export { closeSlotsSpentBy } from './slot-close';
export { markCombatantsDefeated } from './defeated';
export { finishRoundJournal, finishRoundJournals, resumeRoundJournals } from './round-writes';
export { runRoundCommand, sendRoundCommand } from './service';
export {
  applyTransition,
  type DeclarationVault,
  hasSealedRound,
  readRoundState,
  registerDeclarationVault,
  writeRoundState,
} from './store';
export { refuseAttackOutOfTurn, turnOrderEnforced } from './turns';
export { readSecret, SECRET_SETTING, writeSecrets } from './vault';

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
  CONFIG.Combat.documentClass = PasseDArmesCombat;
  CONFIG.Combatant.documentClass = PasseDArmesCombatant;
  Object.assign(CONFIG.Combat.dataModels as Record<string, unknown>, { base: CombatRoundModel });
  Object.assign(CONFIG.Combatant.dataModels as Record<string, unknown>, { base: CombatantRoundModel });
  (CONFIG.ui as unknown as Record<string, unknown>).combat = PasseDArmesCombatTracker;
  registerRoundQueries();
  // The round and turn a GM last wrote, which a player's own write is reverted to.
  Hooks.once('ready', rememberCombatTurns);
  registerVaultSetting();
  registerTurnSettings();
  registerRoundKeybindings();
  void foundry.applications.handlebars.loadTemplates([...new Set(COMBAT_TEMPLATES)]);
}
