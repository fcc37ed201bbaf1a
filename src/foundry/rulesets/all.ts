/**
 * The one place where rulesets plug in: each ruleset's folder exports its FoundryRuleset, and this
 * file registers it. Adding a ruleset is one import and one line here.
 */
import { fantasiaRuleset } from './fantasia';
import { greyhawkRuleset } from './greyhawk';
import { registerRuleset } from './registry';
import { souffleRuleset } from './souffle';
import type { AventurierModel, PnjModel } from './fantasia/models/actors';
import type { ArmeModel, ArmureModel, BouclierModel, BotteModel, EnginModel } from './fantasia/models/items';
import type { GuerrierAdndModel, MonstreAdndModel } from './greyhawk/models/actors';
import type { ArmeAdndModel } from './greyhawk/models/items';
import type { AdversaireModel, CombattantModel } from './souffle/models/actors';
import type { ArmeSouffleModel, ArmureSouffleModel } from './souffle/models/items';

let registered = false;

export function registerAllRulesets(): void {
  if (registered) return;
  registered = true;
  registerRuleset(fantasiaRuleset);
  registerRuleset(greyhawkRuleset);
  registerRuleset(souffleRuleset);
}

// Each ruleset's document subtypes, so `actor.system` and `item.system` say what they hold. Every
// ruleset's models are registered in every world (src/foundry/system.ts), hence all of them here.
declare module 'fvtt-types/configuration' {
  interface DataModelConfig {
    Actor: {
      aventurier: typeof AventurierModel;
      pnj: typeof PnjModel;
      'guerrier-adnd': typeof GuerrierAdndModel;
      'monstre-adnd': typeof MonstreAdndModel;
      combattant: typeof CombattantModel;
      adversaire: typeof AdversaireModel;
    };
    Item: {
      arme: typeof ArmeModel;
      armure: typeof ArmureModel;
      bouclier: typeof BouclierModel;
      botte: typeof BotteModel;
      engin: typeof EnginModel;
      'arme-adnd': typeof ArmeAdndModel;
      'arme-souffle': typeof ArmeSouffleModel;
      'armure-souffle': typeof ArmureSouffleModel;
    };
  }
}
