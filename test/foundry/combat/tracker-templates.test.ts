import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { registerRuleHelpers } from '../../../src/foundry/rules/links';
import { beforeEach, describe, expect, it } from 'vitest';
import { declare, GM, nextSlot, startPasses, startRound } from '../../../src/engine/round';
import { fantasiaRound, type FantasiaRoundState } from '../../../src/engine/fantasia/round';
import {
  declarationFormContext,
  fantasiaRoundAdapter,
} from '../../../src/foundry/rulesets/fantasia/round/adapter';
import { buildTrackerView, type CombatantInfo } from '../../../src/foundry/combat/view';
import { registerCombat } from '../../../src/foundry/combat';
import { ScriptedDice } from '../../../src/engine/dice';
import { bow, crossbow, fighter, sword } from '../../engine/round/fixtures';
import { translations } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
const g = globalThis as any;

const template = (name: string) =>
  Handlebars.compile(readFileSync(new URL(`../../../templates/combat/${name}`, import.meta.url), 'utf8'));

// The system's helpers (registered at init) and the row controls the tracker includes as a partial
// (registerCombat loads it in Foundry).
registerRuleHelpers(Handlebars);
Handlebars.registerPartial(
  'systems/passe-d-armes/templates/combat/combatant-controls.hbs',
  readFileSync(new URL('../../../templates/combat/combatant-controls.hbs', import.meta.url), 'utf8'),
);

const count = (html: string, pattern: RegExp): number => (html.match(pattern) ?? []).length;

function midRound(): FantasiaRoundState {
  let s = startRound(
    fantasiaRound,
    [
      fighter('archer', 'pc', 15, [bow()]),
      fighter('orc', 'npc', 12, [sword()]),
      fighter('xbow', 'npc', 11, [crossbow()]),
      fighter('sam', 'pc', 10, [sword({ id: 'sword', ready: false })]),
    ],
    new ScriptedDice([]),
  );
  s = declare(
    fantasiaRound,
    s,
    'archer',
    { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'orc' }] },
    GM,
  );
  s = declare(
    fantasiaRound,
    s,
    'orc',
    { intents: [{ kind: 'melee', weaponId: 'sword' }], publicText: 'charge' },
    GM,
  );
  s = declare(fantasiaRound, s, 'xbow', { intents: [{ kind: 'shoot', weaponId: 'crossbow' }] }, GM);
  s = declare(fantasiaRound, s, 'sam', { intents: [{ kind: 'draw', weaponId: 'sword' }] }, GM);
  return startPasses(fantasiaRound, s, { by: GM });
}

const infos = (state: FantasiaRoundState): CombatantInfo[] =>
  Object.values(state.combatants).map((c) => ({
    id: c.id,
    name: c.name,
    img: `img/${c.id}.webp`,
    hidden: false,
  }));

beforeEach(() => {
  translations.data = JSON.parse(
    readFileSync(new URL('../../../lang/parts/round.fr.json', import.meta.url), 'utf8'),
  );
});

describe('combat tracker templates (real Handlebars)', () => {
  it('F-R6 F-R7 F-R8 shows the round, the step and three labelled passes with the current slot highlighted', () => {
    const state = nextSlot(fantasiaRound, midRound(), GM); // archer done; pass 1 goes on with the crossbow
    const view = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state,
      combatants: infos(state),
      viewer: GM,
      hasCombat: true,
    });
    const html = template('tracker.hbs')(view);
    expect(html).toContain('Round 1');
    expect(html).toContain('1re passe : armes prêtes à tirer');
    expect(count(html, /<section class="pda-pass/g)).toBe(3);
    expect(count(html, /class="combatant pda-slot [a-z]+ active"/g)).toBe(1);
    expect(html).toMatch(/pda-slot current active" data-slot-id="1\.1"[^>]*data-combatant-id="xbow"/);
    expect(html).toMatch(/pda-slot done" data-slot-id="1\.0"/);
    expect(count(html, /data-status="waiting"/g)).toBe(4);
    expect(html).toContain('fa-solid fa-bullseye');
    // The GM may end any current slot and amend the declarations still ahead.
    expect(count(html, /data-action="pdaEndSlot"/g)).toBe(1);
    expect(count(html, /data-action="pdaDeclare"/g)).toBe(4);

    const footer = template('footer.hbs')(view);
    for (const action of ['pdaPreviousSlot', 'pdaNextSlot', 'pdaNextPass', 'pdaNextRound', 'pdaEndCombat']) {
      expect(footer).toContain(`data-action="${action}"`);
    }
    expect(footer).not.toContain('pdaStartPasses');
  });

  it('F-R5 a player sees waiting PNJ actions hidden and ends only their own slot', () => {
    const state = midRound(); // archer's shot is current
    const player = { gm: false as const, owns: ['archer'] };
    const view = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state,
      combatants: infos(state),
      viewer: player,
      hasCombat: true,
    });
    const html = template('tracker.hbs')(view);
    expect(html).toContain('Intention cachée'); // the orc's waiting melee
    expect(html).not.toMatch(/data-combatant-id="orc"[^]*?Attaquer au contact/);
    expect(count(html, /data-action="pdaEndSlot"/g)).toBe(1);
    expect(template('footer.hbs')(view)).not.toContain('data-action');
  });

  it('F-R5 during declarations a player declares from their own row, in initiative order', () => {
    const state = startRound(
      fantasiaRound,
      [fighter('archer', 'pc', 15, [bow()]), fighter('orc', 'npc', 16, [sword()])],
      new ScriptedDice([]),
    );
    const player = { gm: false as const, owns: ['archer'] };
    let view = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state,
      combatants: infos(state),
      viewer: player,
      hasCombat: true,
    });
    let html = template('tracker.hbs')(view);
    expect(html).toContain('Déclarations d&#x27;intentions');
    expect(html).toContain('Au tour de orc de déclarer.');
    expect(count(html, /data-action="pdaDeclare"/g)).toBe(0);
    const s2 = declare(
      fantasiaRound,
      state,
      'orc',
      { intents: [{ kind: 'move' }], publicText: 'recule' },
      GM,
    );
    view = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state: s2,
      combatants: infos(s2),
      viewer: player,
      hasCombat: true,
    });
    html = template('tracker.hbs')(view);
    expect(html).toMatch(/data-action="pdaDeclare" data-combatant-id="archer"/);
    expect(html).toContain('recule');
    expect(html).not.toContain('Se déplacer');
    const gmView = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state: s2,
      combatants: infos(s2),
      viewer: GM,
      hasCombat: true,
    });
    expect(template('footer.hbs')(gmView)).toContain('data-action="pdaForcePasses"');
  });

  it('F-R10 before the start the GM sees the combatants and marks who is caught by surprise', () => {
    const combatants: CombatantInfo[] = [
      { id: 'a', name: 'Aline', img: '', hidden: false, surprised: true },
      { id: 'b', name: 'Brute', img: '', hidden: true },
    ];
    const gmView = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state: null,
      combatants,
      viewer: GM,
      hasCombat: true,
    });
    const html = template('tracker.hbs')(gmView);
    expect(count(html, /data-action="pdaToggleSurprised"/g)).toBe(2);
    expect(html).toMatch(/pda-row surprised" data-combatant-id="a"/);
    expect(html).toContain('Pris par surprise');
    expect(template('footer.hbs')(gmView)).toContain('data-action="pdaStartCombat"');
    const playerView = buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state: null,
      combatants,
      viewer: { gm: false, owns: [] },
      hasCombat: true,
    });
    const playerHtml = template('tracker.hbs')(playerView);
    expect(playerHtml).not.toContain('pdaToggleSurprised');
    expect(playerHtml).not.toContain('Brute'); // hidden combatant
  });

  it('F-R5 the declaration dialog offers the intents, weapons, targets and, for a PNJ, the public text', () => {
    const state = startRound(
      fantasiaRound,
      [fighter('orc', 'npc', 12, [sword(), bow()]), fighter('hero', 'pc', 11)],
      new ScriptedDice([]),
    );
    const context = declarationFormContext({
      state,
      combatant: state.combatants.orc!,
      readiness: state.readiness.orc!,
      current: { intents: [{ kind: 'melee', weaponId: 'sword', targetId: 'hero' }] },
      gm: true,
    });
    const html = template('../fantasia/combat/declare.hbs')(context);
    expect(count(html, /<fieldset class="pda-intent"/g)).toBe(3);
    expect(html).toContain('name="intents.0.kind"');
    expect(html).toMatch(/<option value="melee" selected>/);
    expect(html).toMatch(/<option value="hero" selected>hero<\/option>/);
    expect(html).toContain('name="publicText"');
  });

  it('F-R1 the tracker part context carries the round view of the viewed combat', async () => {
    const { PasseDArmesCombatTracker } = await import('../../../src/foundry/combat/tracker');
    const { FakeRoundCombat, FakeRoundCombatant } = await import('./fakes');
    const { registerRoundAdapter } = await import('../../../src/foundry/combat/adapter');
    const { runRoundCommand } = await import('../../../src/foundry/combat/service');
    registerRoundAdapter(fantasiaRoundAdapter);
    const combat = new FakeRoundCombat([
      new FakeRoundCombatant({ id: 'a', name: 'Aline', kind: 'aventurier', dex: 14 }),
      new FakeRoundCombatant({ id: 'b', name: 'Brute', kind: 'pnj', dex: 9 }),
    ]);
    await runRoundCommand(combat, GM, { kind: 'start' }, async () => ({ value: 1, roll: null }));
    const tracker = new PasseDArmesCombatTracker() as any;
    Object.defineProperty(tracker, 'viewed', { value: combat });
    const context = await tracker._preparePartContext('tracker', {}, {});
    expect(context).toMatchObject({
      started: true,
      round: 1,
      declaring: true,
      stepLabel: "Déclarations d'intentions",
    });
    expect(context.rows.map((r: { name: string }) => r.name)).toEqual(['Aline', 'Brute']);
  });

  it('registerCombat sets the documents, data models and tracker, and exposes no query', () => {
    registerCombat();
    expect(g.CONFIG.ui.combat?.name).toBe('PasseDArmesCombatTracker');
    expect(g.CONFIG.Combat.documentClass.name).toBe('PasseDArmesCombat');
    expect(g.CONFIG.Combatant.documentClass.name).toBe('PasseDArmesCombatant');
    const model = new g.CONFIG.Combat.dataModels.base({});
    expect(model.toObject()).toMatchObject({ step: '', slotIndex: -1, slots: [], order: [], out: [] });
    const combatant = new g.CONFIG.Combatant.dataModels.base({});
    expect(combatant.toObject()).toMatchObject({
      declaration: '',
      readiness: '',
      budgets: '',
      surprised: false,
    });
    // Requests travel as attested User writes: nothing a player could call directly is exposed.
    expect(g.CONFIG.queries['passe-d-armes.round.command']).toBeUndefined();
  });
});
