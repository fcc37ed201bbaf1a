import { describe, expect, it } from 'vitest';
import { takeAction } from '../../../../src/engine/core/exchange';
import { RulesError } from '../../../../src/engine/core/errors';
import { DEFAULT_OPTIONS, WEAPONS } from '../../../../src/engine/souffle';
import {
  applyFighterEffects,
  openSouffleAttack,
  sheetAttackInput,
  souffleAttackExchange as machine,
  UNDO_CHANGED_KEY,
  type SouffleAttackState,
  type SouffleExchangeView,
} from '../../../../src/engine/souffle/exchange';
import { chasseur, dice, fighter, gardien, mace, none, side, sword, view } from './fixtures';

const ids = (step: string, state: SouffleAttackState, v: SouffleExchangeView) =>
  machine.actions(step, state, v).map((a) => `${a.id}${a.refused ? `!${a.refused.key}` : ''}`);

/** An attack card just rolled; `forceDone`: the attacker said he forces no more (S-AT2, issue 46). */
function opened(
  attacker = gardien(),
  weapons = [sword('s1'), sword('s2')],
  faces = [1, 7],
  forceDone = true,
) {
  const input = sheetAttackInput(attacker, weapons[0]!, weapons);
  const attack = openSouffleAttack(input, dice(...faces), DEFAULT_OPTIONS);
  const state: SouffleAttackState = {
    attackerName: attacker.name,
    weaponName: 'Épée longue',
    input,
    attack,
    souffleSpent: 0,
    undone: 0,
    ...(forceDone ? { forceDone } : {}),
  };
  return state;
}

describe('Souffle attack exchange', () => {
  it('S-AT3/S-DF3 level 8 (1, 7), forced by 5; parried 15 − 4 − 5 − 2 = 4; applied 3 souffle then 1 PV; undone', () => {
    let g = gardien();
    let c = chasseur();
    let state = opened(g, undefined, undefined, false);
    expect(state.attack).toMatchObject({ level: 8, die: 7, weaponDamage: 3, potential: 10, maxForce: 5 });
    let v = view(side(g, [sword('s1'), sword('s2')]), side(c, [sword('c1')]));
    // S-AT2 (issue 46): the defence waits while the attacker may still force.
    const wait = 'PDA.Souffle.Chat.WaitForce';
    expect(ids('attack', state, v)).toEqual([
      'force1',
      'forceMax',
      'noForce',
      `parade!${wait}`,
      `esquive!${wait}`,
      'position',
    ]);
    expect(machine.actions('attack', state, v).map((a) => a.side)).toEqual([
      'attacker',
      'attacker',
      'attacker',
      'defender',
      'defender',
      'gm',
    ]);

    // S-AT2: the attacker forces to the cap; the souffle comes off the attacker, absolute.
    const forced = takeAction(machine, 'attack', state, v, 'forceMax', 'attacker', none());
    expect(forced.state.attack).toMatchObject({ forced: 5, potential: 15, maxForce: 0 });
    expect(forced.effects).toEqual([
      { type: 'resource', fighter: 'attacker', resource: 'souffle', from: 10, to: 5 },
    ]);
    g = applyFighterEffects(g, 'attacker', forced.effects);
    state = forced.state;
    v = view(side(g), side(c, [sword('c1')]));
    // S-AT2: the d12 at its cap: no forcing offered at all.
    expect(ids('attack', state, v)[0]).toBe('parade');

    // The defender's side parries: défensif +2, one d12 showing 4.
    expect(() => takeAction(machine, 'attack', state, v, 'parade', 'attacker', dice(4))).toThrow(
      expect.objectContaining({ key: 'PDA.Error.CardNotYours' }),
    );
    const parried = takeAction(machine, 'attack', state, v, 'parade', 'defender', dice(4));
    expect(parried.step).toBe('defended');
    expect(parried.state.defence?.result).toMatchObject({ die: 4, defense: 5, halfMetier: 2, taken: 4 });
    expect(parried.effects).toEqual([]);
    state = parried.state;

    // Only the GM applies.
    expect(machine.actions('defended', state, v).map((a) => [a.id, a.side])).toEqual([['apply', 'gm']]);
    expect(() => takeAction(machine, 'defended', state, v, 'apply', 'defender', none())).toThrow(RulesError);
    const applied = takeAction(machine, 'defended', state, v, 'apply', 'gm', none());
    expect(applied.step).toBe('applied');
    expect(applied.state.applied).toMatchObject({ toSouffle: 3, toPv: 1 });
    expect(applied.effects).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'souffle', from: 3, to: 0 },
      { type: 'resource', fighter: 'defender', resource: 'pv', from: 10, to: 9 },
      { type: 'wounds', fighter: 'defender', from: [], to: [1] },
      { type: 'condition', fighter: 'defender', status: 'epuise', on: true },
      { type: 'condition', fighter: 'defender', status: 'fatigue', on: true },
    ]);
    c = applyFighterEffects(c, 'defender', applied.effects);
    v = view(side(g), side(c, [sword('c1')]));
    state = applied.state;

    expect(ids('applied', state, v)).toEqual(['undo']);
    const undone = takeAction(machine, 'applied', state, v, 'undo', 'gm', none());
    expect(undone.step).toBe('defended');
    expect(undone.state.undone).toBe(1);
    expect(undone.state.applied).toBeUndefined();
    const back = applyFighterEffects(c, 'defender', undone.effects);
    expect(back).toEqual(chasseur());
  });

  it('S-DF3 undo is refused with the reason once the target took later damage; nothing is written', () => {
    const g = gardien();
    let c = chasseur({ souffle: { value: 0, max: 10 }, defense: 1 });
    const state0 = opened(g);
    const v0 = view(side(g), side(c, [sword('c1')]));
    const dodged = takeAction(machine, 'attack', state0, v0, 'esquive', 'defender', dice(1, 1));
    const applied = takeAction(machine, 'defended', dodged.state, v0, 'apply', 'gm', none());
    c = applyFighterEffects(c, 'defender', applied.effects);
    const hurt = c.pv.value;
    // Another card hits the Chasseur for 2 more PV.
    const later = { ...c, pv: { ...c.pv, value: hurt - 2 }, wounds: [...c.wounds, 2] };
    const v = view(side(g), side(later, [sword('c1')]));
    const undo = machine.actions('applied', applied.state, v).find((a) => a.id === 'undo');
    expect(undo?.refused).toMatchObject({
      rule: 'S-DF3',
      key: UNDO_CHANGED_KEY,
      data: { name: 'Chasseur', field: 'pv.value', now: String(hurt - 2), wrote: String(hurt) },
    });
    expect(() => takeAction(machine, 'applied', applied.state, v, 'undo', 'gm', none())).toThrow(
      expect.objectContaining({ key: UNDO_CHANGED_KEY }),
    );
    // Back to what the action left, the undo is open again.
    const ok = machine.actions('applied', applied.state, view(side(g), side(c, [sword('c1')])));
    expect(ok.find((a) => a.id === 'undo')?.refused).toBeUndefined();
  });

  it('S-DF1 a shot cannot be parried without a shield made for it; the dodge stays open', () => {
    const archer = fighter('Archer', { acuite: 3 });
    const bow = { ...WEAPONS.arcCourt!, id: 'bow' };
    const state = opened(archer, [bow], [5, 5]);
    const v = view(side(archer, [bow]), side(chasseur()));
    expect(ids('attack', state, v)).toEqual([
      'parade!PDA.Error.SouffleParryMissile',
      'esquive',
      'position',
      'seen',
    ]);
    const shielded = view(
      side(archer, [bow]),
      side(chasseur(), [], { shield: { id: 'ecu', defence: 2, parriesMissiles: true } }),
    );
    expect(ids('attack', state, shielded)).toEqual(['parade', 'esquive', 'position', 'seen']);
  });

  it('S-MN2 a failed test disarms on apply; a luck point cancels it; one undo restores PV, state and luck', () => {
    const g = gardien({ metiers: {} });
    let c = fighter('Chasseur', { geste: 1, acuite: 1, chance: 1, posture: 'prudent' });
    const input = { ...sheetAttackInput(g, sword('s1'), [sword('s1')]), aim: 'desarmer' as const };
    const attack = openSouffleAttack(input, dice(3, 6), DEFAULT_OPTIONS);
    expect(attack).toMatchObject({ level: 4, potential: 9 });
    let state: SouffleAttackState = {
      attackerName: 'Gardien',
      weaponName: '',
      input,
      attack,
      souffleSpent: 0,
      undone: 0,
      forceDone: true,
    };
    let v = view(side(g), side(c, [sword('c1')]));
    state = takeAction(machine, 'attack', state, v, 'esquive', 'defender', dice(3, 5)).state;
    expect(state.defence?.result.taken).toBe(4);
    // Apply waits for the test.
    expect(ids('defended', state, v)).toEqual(['test', 'apply!PDA.Souffle.Chat.TestFirst']);
    const tested = takeAction(machine, 'defended', state, v, 'test', 'defender', dice(2, 3, 4, 5));
    expect(tested.state.test).toMatchObject({ kind: 'desarmer', effect: true });
    const applied = takeAction(machine, 'defended', tested.state, v, 'apply', 'gm', none());
    expect(applied.effects).toContainEqual({
      type: 'condition',
      fighter: 'defender',
      status: 'desarme',
      on: true,
    });
    c = applyFighterEffects(c, 'defender', applied.effects);
    v = view(side(g), side(c, [sword('c1')]));
    expect(ids('applied', applied.state, v)).toEqual(['undo', 'luck']);
    const lucky = takeAction(machine, 'applied', applied.state, v, 'luck', 'defender', none());
    expect(lucky.effects).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'chance', from: 1, to: 0 },
      { type: 'condition', fighter: 'defender', status: 'desarme', on: false },
    ]);
    c = applyFighterEffects(c, 'defender', lucky.effects);
    v = view(side(g), side(c, [sword('c1')]));
    expect(ids('applied', lucky.state, v)).toEqual(['undo']);
    const undone = takeAction(machine, 'applied', lucky.state, v, 'undo', 'gm', none());
    const back = applyFighterEffects(c, 'defender', undone.effects);
    expect(back).toMatchObject({ chance: 1, pv: { value: 10 }, states: [] });
  });

  it('S-MN3 a knock-out against a normal defence is refused with the reason; apply stays open', () => {
    const g = gardien();
    const input = { ...sheetAttackInput(g, mace('m'), [mace('m')]), aim: 'assommer' as const };
    const attack = openSouffleAttack(input, dice(3, 6), DEFAULT_OPTIONS);
    const v = view(side(g), side(fighter('Chasseur', { posture: 'prudent' }), [sword('c1')]));
    const state = takeAction(
      machine,
      'attack',
      { attackerName: 'Gardien', weaponName: '', input, attack, souffleSpent: 0, undone: 0, forceDone: true },
      v,
      'parade',
      'defender',
      dice(3, 5),
    ).state;
    expect(ids('defended', state, v)).toEqual(['test!PDA.Error.SouffleKnockOutConditions', 'apply']);
  });

  it('S-MN3 a knock-out lands with its rounds; undo wakes the target', () => {
    const g = gardien();
    const input = { ...sheetAttackInput(g, mace('m'), [mace('m')]), aim: 'assommer' as const };
    const attack = openSouffleAttack(input, dice(6, 6), DEFAULT_OPTIONS);
    let c = fighter('Brute', {
      souffle: { value: 0, max: 10 },
      states: ['sansDefense'],
      vigueur: 1,
      geste: 1,
      acuite: 1,
    });
    const v = view(side(g), side(c, [sword('c1')]));
    let state: SouffleAttackState = {
      attackerName: 'Gardien',
      weaponName: '',
      input,
      attack,
      souffleSpent: 0,
      undone: 0,
      forceDone: true,
    };
    state = takeAction(machine, 'attack', state, v, 'encaisser', 'defender', none()).state;
    const taken = state.defence!.result.taken;
    expect(taken).toBeGreaterThan(0);
    state = takeAction(
      machine,
      'defended',
      state,
      v,
      'test',
      'defender',
      dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    ).state;
    expect(state.test).toMatchObject({ kind: 'assommer', effect: true, rounds: taken });
    const applied = takeAction(machine, 'defended', state, v, 'apply', 'gm', none());
    expect(applied.effects).toContainEqual({
      type: 'condition',
      fighter: 'defender',
      status: 'assomme',
      on: true,
      rounds: taken,
    });
    c = applyFighterEffects(c, 'defender', applied.effects);
    expect(c.assommeRounds).toBe(taken);
    const undone = takeAction(
      machine,
      'applied',
      applied.state,
      view(side(g), side(c, [sword('c1')])),
      'undo',
      'gm',
      none(),
    );
    expect(applyFighterEffects(c, 'defender', undone.effects).states).toEqual(['sansDefense']);
  });

  it('a deleted defender refuses the defence and the apply, naming them', () => {
    const state = opened();
    const v = view(side(gardien()), undefined, { defenderName: 'Chasseur' });
    expect(machine.actions('attack', state, v).find((a) => a.id === 'parade')?.refused).toMatchObject({
      key: 'PDA.Chat.Gone.Actor',
      data: { name: 'Chasseur' },
    });
  });
});
