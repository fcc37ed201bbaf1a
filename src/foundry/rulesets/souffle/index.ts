import { configuredStatusEffects, setStatusEffects } from '../../compat';
import { templatePath } from '../../constants';
import {
  registerDepartureHooks,
  registerSouffleOpenQuery,
  souffleCardFlows,
  startSouffleAttack,
} from './cards';
import { installWeaponMacros, type WeaponMacroKind } from '../../weapon-macros';
import { registerConditionHooks } from './round/conditions';
import { souffleRoundAdapter, POSTURE_DIALOG_TEMPLATE, setSouffleSlotAttack } from './round/adapter';
import { startSouffleSlotAttack } from './round/slot-attack';
import type { FoundryRuleset } from '../types';
import { AdversaireModel, CombattantModel } from './models/actors';
import { ArmeSouffleModel, ArmureSouffleModel } from './models/items';
import { onRenderTokenHUD, POSTURE_STATUS_EFFECTS, registerPostureQuery } from './posture';
import { registerSouffleSettings } from './settings';
import { registerLadderMenu } from './ladder-form';
import { SOUFFLE_STATE_STATUS_EFFECTS } from './states';
import { AdversaireSheet, SouffleActorSheet, SouffleItemSheet } from './sheets/actor-sheet';

/**
 * Souffle for Foundry: actor types combattant and adversaire, item types arme-souffle and
 * armure-souffle (armour or shield), their sheets and world settings, the round adapter (round/)
 * and the card flows (cards/). Rules live in src/engine/souffle; this folder only adapts them.
 */
/** Templates the sheets include as partials (`{{> "…"}}`): loaded once at init. */
export const SOUFFLE_PARTIALS = [
  ...['characteristics', 'metiers', 'posture', 'states', 'equipment'].map((p) =>
    templatePath(`souffle/actor/${p}.hbs`),
  ),
  templatePath('souffle/combat/row.hbs'),
  POSTURE_DIALOG_TEMPLATE,
  templatePath('souffle/chat/attack-dialog.hbs'),
  templatePath('souffle/chat/flee-dialog.hbs'),
];

export const souffleRuleset: FoundryRuleset = {
  id: 'souffle',
  label: 'PDA.Ruleset.souffle',
  actorModels: { combattant: CombattantModel, adversaire: AdversaireModel },
  itemModels: { 'arme-souffle': ArmeSouffleModel, 'armure-souffle': ArmureSouffleModel },
  actorSheets: [
    { types: ['combattant'], sheetClass: SouffleActorSheet, label: 'PDA.Souffle.Sheet.Combattant' },
    { types: ['adversaire'], sheetClass: AdversaireSheet, label: 'PDA.Souffle.Sheet.Adversaire' },
  ],
  itemSheets: [
    {
      types: ['arme-souffle', 'armure-souffle'],
      sheetClass: SouffleItemSheet,
      label: 'PDA.Souffle.Sheet.Item',
    },
  ],
  roundAdapter: souffleRoundAdapter,
  cardFlows: souffleCardFlows,
  tokenAttributes: { primary: 'pv', bar: ['pv', 'souffle'], value: [] },
  registerSettings() {
    registerSouffleSettings();
    registerLadderMenu();
  },
  setup() {
    // Souffle sheets open in every world (compendiums, actors kept from an earlier ruleset).
    void foundry.applications.handlebars.loadTemplates(SOUFFLE_PARTIALS);
    // A posture click must reach the GM in every world, not only in Souffle ones.
    registerPostureQuery();
    // Souffle cards are opened by the GM on a player's request (cards/request.ts).
    registerSouffleOpenQuery();
    // S-R1: the tracker's attack button on a slot.
    setSouffleSlotAttack(startSouffleSlotAttack);
  },
  init() {
    // Token badge of each posture (S-P1) and each S-ST1 state after core's statuses: a new list,
    // assigned once (a state is the effect carrying its status, states.ts).
    setStatusEffects([
      ...configuredStatusEffects(),
      ...POSTURE_STATUS_EFFECTS,
      ...SOUFFLE_STATE_STATUS_EFFECTS,
    ]);
    Hooks.on('renderTokenHUD', onRenderTokenHUD);
    // S-AT6: a token moved out of a foe's reach asks the GM for the opportunity card.
    registerDepartureHooks();
    // S-AT7: an aim prepared in a combat ends with it.
    registerConditionHooks();
    // A weapon dragged to the hotbar attacks as the sheet's button does; macros call the system
    // through `game.passeDArmes` (weapon-macros.ts).
    installWeaponMacros(SOUFFLE_MACROS);
  },
};

/** Souffle's weapons on the hotbar. */
const SOUFFLE_MACROS: WeaponMacroKind = {
  api: 'souffle',
  weaponTypes: ['arme-souffle'],
  use: (actor, weaponId) => startSouffleAttack(actor, weaponId),
};

export default souffleRuleset;
