import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { declare, GM, nextSlot, startPasses, startRound } from '../../../src/engine/round';
import { fantasiaRound, type FantasiaRoundState } from '../../../src/engine/fantasia/round';
import { weaponFired, withReadinessChange } from '../../../src/foundry/rulesets/fantasia/round/chat-round';
import { crossbow, fighter, sword } from '../../engine/round/fixtures';

/** The crossbowman's shot (pass 1) is done; the orc's melee is current. */
function afterShot(): FantasiaRoundState {
  let s = startRound(
    fantasiaRound,
    [fighter('xbow', 'pc', 15, [crossbow()]), fighter('orc', 'npc', 12, [sword()])],
    new ScriptedDice([]),
  );
  s = declare(
    fantasiaRound,
    s,
    'xbow',
    { intents: [{ kind: 'shoot', weaponId: 'crossbow', targetId: 'orc', reloadAfter: false }] },
    GM,
  );
  s = declare(fantasiaRound, s, 'orc', { intents: [{ kind: 'melee', weaponId: 'sword' }] }, GM);
  return nextSlot(fantasiaRound, startPasses(fantasiaRound, s, { by: GM }), GM);
}

describe('round readiness changes from the attack card', () => {
  it('F-W5 a crossbow fired on a card is unloaded; the shot already spent stays spent', () => {
    const s = afterShot();
    expect(s.budgets.xbow?.missile?.used).toBe(1);
    const owner = { gm: false as const, owns: ['xbow'] };
    const after = weaponFired(s, 'xbow', 'crossbow', owner);
    expect(after.readiness.xbow?.weapons.crossbow).toEqual({ ready: true, loaded: false });
    expect(after.budgets.xbow?.missile?.used).toBe(1);
    expect(after.slots).toBe(s.slots);
  });

  it('F-W6 too much powder sets the doubled countdown without touching the budgets', () => {
    const s = afterShot();
    const after = withReadinessChange(s, 'xbow', 'crossbow', { kind: 'powderDoubled', rounds: 12 });
    expect(after.readiness.xbow?.weapons.crossbow).toEqual({
      ready: true,
      loaded: false,
      reloadRoundsLeft: 12,
    });
    expect(after.budgets).toBe(s.budgets);
  });
});
