import { fantasiaAttackCardFlow } from './cards/start';
import { installFantasiaFallenMarks } from './round/fallen-marks';
import { fantasiaPreUpdateToken, registerFantasiaMoveWatch } from './token-moves';
import { fantasiaResistanceFlow } from './cards/resistance-flow';
import { registerResistanceQuery } from './cards/resistance';
import { registerRepairQuery } from './rolls';
import { fantasiaSiegeFlow } from './siege/flow';
import { openChase } from './chase/app';
import { decorateTracker } from './chase/tracker';
import { combatRoundProvider } from './round/chat-round';
import { DECLARE_NPCS_TEMPLATE, DECLARE_TEMPLATE, fantasiaRoundAdapter } from './round/adapter';
import { setFantasiaRoundProvider } from './cards/round-context';
import { fantasiaDeclarationVault } from './round/secrets';
import { registerDeclarationVault } from '../../combat';
import { templatePath } from '../../constants';
import type { FoundryRuleset } from '../types';
import { fantasiaPreCreateItem } from './drop';
import { fantasiaHotbarDrop, useWeaponByUuid } from './hotbar';
import { fantasiaActorModels } from './models/actors';
import { fantasiaItemModels } from './models/items';
import { registerFantasiaSettings } from './settings';
import { AventurierSheet, PnjSheet } from './sheets/actor-sheet';
import { FantasiaItemSheet } from './sheets/item-sheet';
import { configureTokens, FANTASIA_TOKEN_ATTRIBUTES } from './status-effects';

export { FANTASIA_ACTOR_TYPES, FantasiaActorModel, AventurierModel, PnjModel } from './models/actors';
export {
  FANTASIA_ITEM_TYPES,
  ArmeModel,
  ArmureModel,
  BouclierModel,
  BotteModel,
  EnginModel,
} from './models/items';
export { fantasiaOptionsFromSettings, damageBonusMode, FANTASIA_SETTINGS } from './settings';
export { rollSkill } from './rolls';
export { fantasiaHotbarDrop, useWeaponByUuid } from './hotbar';
export { fantasiaPreCreateItem, checkFantasiaItem } from './drop';
export { FANTASIA_STATUS_EFFECTS, FANTASIA_TOKEN_ATTRIBUTES } from './status-effects';

/** Partials the Fantasia templates include, and the item bodies (loaded once at init). */
export const FANTASIA_PARTIALS = [
  'shared/tabs.hbs',
  'shared/item-header.hbs',
  'shared/field.hbs',
  'shared/description.hbs',
  'fantasia/actor/header.hbs',
  'fantasia/actor/characteristics.hbs',
  'fantasia/actor/skills.hbs',
  'fantasia/actor/weapons.hbs',
  'fantasia/actor/protection.hbs',
  'fantasia/actor/bottes.hbs',
  'fantasia/actor/states.hbs',
  'fantasia/actor/engins.hbs',
  // Item bodies are swapped by type (FantasiaItemSheet._configureRenderParts): preload them all.
  'fantasia/item/arme.hbs',
  'fantasia/item/armure.hbs',
  'fantasia/item/bouclier.hbs',
  'fantasia/item/botte.hbs',
  'fantasia/item/engin.hbs',
].map(templatePath);

/** Foundry registration of the Fantasia ruleset. */
export const fantasiaRuleset: FoundryRuleset = {
  id: 'fantasia',
  label: 'PDA.Ruleset.fantasia',
  actorModels: fantasiaActorModels,
  itemModels: fantasiaItemModels,
  actorSheets: [
    { types: ['aventurier'], sheetClass: AventurierSheet, label: 'PDA.FantasiaUI.Sheet.aventurier' },
    { types: ['pnj'], sheetClass: PnjSheet, label: 'PDA.FantasiaUI.Sheet.pnj' },
  ],
  itemSheets: [
    {
      types: ['arme', 'armure', 'bouclier', 'botte', 'engin'],
      sheetClass: FantasiaItemSheet,
      label: 'PDA.FantasiaUI.Sheet.item',
    },
  ],
  tokenAttributes: FANTASIA_TOKEN_ATTRIBUTES,
  roundAdapter: fantasiaRoundAdapter,
  cardFlows: [fantasiaAttackCardFlow, fantasiaResistanceFlow, fantasiaSiegeFlow],
  registerSettings: registerFantasiaSettings,
  setup() {
    // The attack card reads declarations, parries, reloads and thrust memory from the round.
    setFantasiaRoundProvider(combatRoundProvider);
    // F-R5: a PNJ's exact declaration stays on the GMs' clients (round/secrets.ts).
    registerDeclarationVault('fantasia', fantasiaDeclarationVault);
    // F-T1 on its own: the GM rolls and posts the card on the user's request (every world).
    registerResistanceQuery();
    registerRepairQuery();
    // Fantasia sheets serve compendium entries and actors kept from an earlier ruleset in every
    // world, so their partials load whatever the active ruleset.
    void foundry.applications.handlebars.loadTemplates([
      DECLARE_TEMPLATE,
      DECLARE_NPCS_TEMPLATE,
      ...FANTASIA_PARTIALS,
    ]);
  },
  init() {
    configureTokens();
    Hooks.on('preCreateItem', fantasiaPreCreateItem);
    // F-B7, F-U3, F-W5: a fighter who cannot move keeps its token where it is.
    Hooks.on('preUpdateToken', fantasiaPreUpdateToken);
    // F-B7/F-W5 on the active GM's client too: a move that skipped the mover's check is put back.
    registerFantasiaMoveWatch();
    Hooks.on('hotbarDrop', fantasiaHotbarDrop);
    // F-H1: a fighter whose PV put it out of the fight is marked defeated, its token shows it.
    installFantasiaFallenMarks();
    // F-M1..F-M4: the chase tool's button and each fighter's Mouvement now on the tracker.
    Hooks.on('renderCombatTracker', decorateTracker);
    // Macros call the system through `game.passeDArmes` (see hotbar.ts).
    const g = game as unknown as { passeDArmes?: Record<string, unknown> };
    g.passeDArmes = { ...(g.passeDArmes ?? {}), fantasia: { useWeaponByUuid, openChase } };
  },
};
