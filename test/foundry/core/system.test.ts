import { describe, expect, it } from 'vitest';
import { initSystem } from '../../../src/foundry/system';
import { FakeActor, resetFoundry, world } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- reading the fake CONFIG */
const g = globalThis as any;

describe('system init', () => {
  it('registers every ruleset’s data models, the card, the tracker and the settings', () => {
    initSystem();
    expect(Object.keys(g.CONFIG.Actor.dataModels).sort()).toEqual(
      ['adversaire', 'aventurier', 'combattant', 'guerrier-adnd', 'monstre-adnd', 'pnj'].sort(),
    );
    expect(g.CONFIG.ChatMessage.dataModels.carte).toBeDefined();
    expect(g.CONFIG.ui.combat).toBeDefined();
    expect(world.settingConfigs.get('passe-d-armes.ruleset')).toMatchObject({
      default: 'fantasia',
      requiresReload: true,
      choices: {
        fantasia: 'PDA.Ruleset.fantasia',
        greyhawk: 'PDA.Ruleset.greyhawk',
        souffle: 'PDA.Ruleset.souffle',
      },
    });
  });

  it('switching the ruleset from Fantasia to Souffle and back loses no actor’s data', () => {
    initSystem();
    const hero = new FakeActor({
      name: 'Aldo',
      type: 'aventurier',
      system: { characteristics: { FOR: 14, CON: 12, TAI: 11, INT: 13, DEX: 17, CHA: 10 } },
    });
    const fighter = new FakeActor({ name: 'Ysolde', type: 'combattant', system: {} });
    const stored = [hero.toObject(), fighter.toObject()];
    for (const ruleset of ['souffle', 'fantasia']) {
      resetFoundry();
      world.settings.set('passe-d-armes.ruleset', ruleset);
      initSystem();
      const reloaded = stored.map((data) => new FakeActor(data).toObject());
      expect(reloaded).toEqual(stored);
    }
    expect((stored[0]!.system as any).characteristics.DEX).toBe(17);
  });
});
