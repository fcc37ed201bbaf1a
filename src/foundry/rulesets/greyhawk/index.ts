import { templatePath } from '../../constants';
import { greyhawkCardFlows, startGreyhawkAttack } from './cards';
import { installWeaponMacros, type WeaponMacroKind } from '../../weapon-macros';
import { installGreyhawkStatuses } from './conditions';
import './models/migration';
import { greyhawkParryFlows, installParries } from './parries';
import { registerRealignQuery } from './shields/realign';
import type { FoundryRuleset } from '../types';
import { GREYHAWK_ACTOR_TYPES, GuerrierAdndModel, MonstreAdndModel } from './models/actors';
import { ArmeAdndModel, GREYHAWK_ITEM_TYPES } from './models/items';
import { greyhawkRoundAdapter } from './round/adapter';
import { greyhawkInitiativeVault } from './round/slot-attack';
import { registerDeclarationVault } from '../../combat';
import { installOutOfFight } from './round/out-of-fight';
import { registerGreyhawkSettings } from './settings';
import { GreyhawkActorSheet, GreyhawkWeaponSheet } from './sheets/actor-sheet';

/** Templates the Greyhawk sheets include as partials (`{{> "…"}}`): loaded once at setup. */
export const GREYHAWK_PARTIALS = ['abilities', 'weapon-table'].map((p) =>
  templatePath(`greyhawk/actor/${p}.hbs`),
);

/** The Greyhawk ruleset (AD&D 2e with the options of "Les Maraudeurs de Greyhawk"). */
export const greyhawkRuleset: FoundryRuleset = {
  id: 'greyhawk',
  label: 'PDA.Ruleset.greyhawk',
  actorModels: { 'guerrier-adnd': GuerrierAdndModel, 'monstre-adnd': MonstreAdndModel },
  itemModels: { 'arme-adnd': ArmeAdndModel },
  actorSheets: [
    { types: [...GREYHAWK_ACTOR_TYPES], sheetClass: GreyhawkActorSheet, label: 'PDA.Greyhawk.Sheet.Actor' },
  ],
  itemSheets: [
    { types: [...GREYHAWK_ITEM_TYPES], sheetClass: GreyhawkWeaponSheet, label: 'PDA.Greyhawk.Sheet.Weapon' },
  ],
  // Greyhawk actors count hit points in `hp`: their tokens get that bar by default.
  tokenAttributes: { primary: 'hp', bar: ['hp'], value: [] },
  registerSettings: registerGreyhawkSettings,
  roundAdapter: greyhawkRoundAdapter,
  cardFlows: [...greyhawkCardFlows, ...greyhawkParryFlows],
  setup() {
    // Greyhawk sheets open in every world (compendiums, actors kept from an earlier ruleset).
    void foundry.applications.handlebars.loadTemplates(GREYHAWK_PARTIALS);
    // G-D3 the sheet's realign button asks the GM (every world, like the sheets).
    registerRealignQuery();
    // The sealed d10 stays on the GMs' clients until the declarations close.
    registerDeclarationVault('greyhawk', greyhawkInitiativeVault);
  },
  init() {
    // The lasting conditions are token statuses (after core's), carried by Active Effects.
    installGreyhawkStatuses();
    installParries();
    // 0 hit points or below: out of the fight, on the tracker too.
    installOutOfFight();
    // A weapon dragged to the hotbar attacks as the sheet's button does; macros call the system
    // through `game.passeDArmes` (weapon-macros.ts).
    installWeaponMacros(GREYHAWK_MACROS);
  },
};

/** Greyhawk's weapons on the hotbar. */
const GREYHAWK_MACROS: WeaponMacroKind = {
  api: 'greyhawk',
  weaponTypes: ['arme-adnd'],
  use: (actor, weaponId) => startGreyhawkAttack(actor, weaponId),
};

export { ArmeAdndModel, GuerrierAdndModel, MonstreAdndModel, greyhawkRoundAdapter };
