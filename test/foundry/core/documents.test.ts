import { describe, expect, it } from 'vitest';
import { PasseDArmesActor } from '../../../src/foundry/documents/actor';
import { PasseDArmesItem } from '../../../src/foundry/documents/item';
import { registerAllRulesets } from '../../../src/foundry/rulesets/all';
import { registerSettings } from '../../../src/foundry/settings';
import { world } from '../../fakes/foundry';

type DialogCall = { options: { types: string[]; folder?: string } };

describe('Actor and Item documents', () => {
  it('creating an actor or an item offers only the active ruleset’s types', async () => {
    registerAllRulesets();
    registerSettings();
    const create = (cls: unknown) =>
      (cls as { createDialog: (d: object, c: object, o: object) => Promise<DialogCall> }).createDialog(
        {},
        {},
        { folder: 'f1' },
      );
    expect((await create(PasseDArmesActor)).options).toEqual({ folder: 'f1', types: ['aventurier', 'pnj'] });
    world.settings.set('passe-d-armes.ruleset', 'souffle');
    expect((await create(PasseDArmesActor)).options.types).toEqual(['combattant', 'adversaire']);
    expect((await create(PasseDArmesItem)).options.types).toEqual(['arme-souffle', 'armure-souffle']);
    world.settings.set('passe-d-armes.ruleset', 'greyhawk');
    expect((await create(PasseDArmesItem)).options.types).toEqual(['arme-adnd']);
  });
});
