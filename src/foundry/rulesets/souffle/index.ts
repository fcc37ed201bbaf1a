import { templatePath } from '../../constants';
import type { FoundryRuleset } from '../types';
import { AdversaireModel, CombattantModel } from './models/actors';
import { ArmeSouffleModel, ArmureSouffleModel } from './models/items';
import { registerSouffleSettings } from './settings';
import { AdversaireSheet, SouffleActorSheet, SouffleItemSheet } from './sheets/actor-sheet';

/**
 * Souffle for Foundry: actor types combattant and adversaire, item types arme-souffle and
 * armure-souffle (armour or shield), their sheets and world settings. Rules live in
 * src/engine/souffle; this folder only adapts them.
 */
/** Templates the sheets include as partials (`{{> "…"}}`): loaded once at init. */
export const SOUFFLE_PARTIALS = ['characteristics', 'metiers', 'posture', 'states', 'equipment'].map((p) =>
  templatePath(`souffle/actor/${p}.hbs`),
);

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
  registerSettings: registerSouffleSettings,
  init() {
    void foundry.applications.handlebars.loadTemplates(SOUFFLE_PARTIALS);
  },
};

export default souffleRuleset;
