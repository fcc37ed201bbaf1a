import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { beforeEach, describe, expect, it } from 'vitest';
import { declare, GM, nextSlot, startPasses, startRound } from '../../../src/engine/round';
import { fantasiaRound, type FantasiaRoundState } from '../../../src/engine/fantasia/round';
import { ScriptedDice } from '../../../src/engine/dice';
import { fantasiaRoundAdapter } from '../../../src/foundry/rulesets/fantasia/round/adapter';
import { slotAttackOf } from '../../../src/foundry/rulesets/fantasia/round/slot-attack';
import { buildTrackerView, type CombatantInfo } from '../../../src/foundry/combat/view';
import { bow, club, fighter, sword } from '../../engine/round/fixtures';
import { translations } from '../../fakes/foundry';
import { registerRuleHelpers } from '../../../src/foundry/rules/links';

// The system registers its template helpers (pdaTip among them) on Handlebars at init.
registerRuleHelpers(Handlebars as never);
const tracker = Handlebars.compile(
  readFileSync(new URL('../../../templates/combat/tracker.hbs', import.meta.url), 'utf8'),
);
const attackButtons = (html: string): number => (html.match(/data-action="pdaAttack"/g) ?? []).length;

function round(): FantasiaRoundState {
  let s = startRound(
    fantasiaRound,
    [
      fighter('archer', 'pc', 15, [bow()]),
      fighter('orc', 'npc', 12, [club()]),
      fighter('sam', 'pc', 10, [sword()]),
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
    { intents: [{ kind: 'knockout', weaponId: 'club', targetId: 'sam' }] },
    GM,
  );
  s = declare(fantasiaRound, s, 'sam', { intents: [{ kind: 'move' }] }, GM);
  return startPasses(fantasiaRound, s, { by: GM });
}

const infos = (state: FantasiaRoundState): CombatantInfo[] =>
  Object.values(state.combatants).map((c) => ({ id: c.id, name: c.name, img: '', hidden: false }));

function html(state: FantasiaRoundState, viewer: Parameters<typeof buildTrackerView>[0]['viewer']): string {
  return tracker(
    buildTrackerView({
      adapter: fantasiaRoundAdapter,
      state,
      combatants: infos(state),
      viewer,
      hasCombat: true,
    }),
  );
}

beforeEach(() => {
  translations.data = JSON.parse(
    readFileSync(new URL('../../../lang/parts/round.fr.json', import.meta.url), 'utf8'),
  );
});

describe('the current attack slot starts its card', () => {
  it('F-R6 the current shot shows an attack button to its owner and the GM, to nobody else', () => {
    const state = round();
    expect(attackButtons(html(state, { gm: false, owns: ['archer'] }))).toBe(1);
    expect(attackButtons(html(state, GM))).toBe(1);
    expect(attackButtons(html(state, { gm: false, owns: ['sam'] }))).toBe(0);
    expect(html(state, GM)).toContain('aria-label="Attaquer : ouvrir la carte d&#x27;attaque déclarée"');
    expect(slotAttackOf(state, '1.0')).toEqual({
      combatantId: 'archer',
      action: 'shoot',
      weaponId: 'bow',
      targetId: 'orc',
      knockOut: false,
    });
  });

  it('F-U4 a knock-out slot carries the declared weapon and target with the knock-out pre-set', () => {
    const state = nextSlot(fantasiaRound, round(), GM);
    const slot = state.slots[state.slotIndex];
    expect(slot?.action).toBe('knockout');
    expect(slotAttackOf(state, slot?.id ?? '')).toEqual({
      combatantId: 'orc',
      action: 'knockout',
      weaponId: 'club',
      targetId: 'sam',
      knockOut: true,
    });
    // Not the current slot, or not an attack: nothing to start.
    expect(slotAttackOf(state, '1.0')).toBeUndefined();
    const moving = nextSlot(fantasiaRound, state, GM);
    const move = moving.slots[moving.slotIndex];
    expect(move?.action).toBe('move');
    expect(slotAttackOf(moving, move?.id ?? '')).toBeUndefined();
    expect(attackButtons(html(moving, GM))).toBe(0);
  });
});
