import { describe, expect, it } from 'vitest';
import { RulesError } from '../../../../src/engine/core/errors';
import { STEP, type FantasiaCombatant } from '../../../../src/engine/fantasia';
import { fighter, W } from '../helpers';
import { Exchange } from './helpers';

const aldo = (over: Partial<FantasiaCombatant> = {}) =>
  fighter({ id: 'aldo', skills: { armesDeMelee: 60 }, ...over });
const brute = (over: Partial<FantasiaCombatant> = {}) =>
  fighter({ id: 'brute', skills: { armesDeMelee: 50, esquive: 40 }, ...over });

function refusal(x: Exchange, id: string) {
  const a = x.action(id);
  return a?.refused ? { rule: a.refused.rule, key: a.refused.key } : undefined;
}

describe('the attack exchange, step by step', () => {
  it('F-H1 F-D2 F-H2 attack → failed parry → damage → apply → undo, with the effects of each step', () => {
    const x = new Exchange(aldo(), brute(), 'epeeLongue', [30]);
    expect(x.step).toBe(STEP.defence);
    const parry = x.action('parry.epeeLongue');
    expect(parry).toMatchObject({ side: 'defender', label: { data: { percent: 50 } } });
    expect(x.actions().map((a) => a.id)).toEqual(['parry.epeeLongue', 'dodge', 'none']);
    // 90 against 50: the parry fails, spends the round's parry; 1d6+2 with a 4 = 6.
    expect(x.take('parry.epeeLongue', 'defender', [90, 4])).toEqual([
      { type: 'parrySpent', fighter: 'defender' },
    ]);
    expect(x.step).toBe(STEP.damage);
    expect(x.state.damage?.total).toBe(6);
    expect(x.actions().map((a) => [a.id, a.side])).toEqual([['apply', 'defender']]);
    const applied = x.take('apply', 'defender');
    expect(applied).toEqual([{ type: 'resource', fighter: 'defender', resource: 'pv', from: 12, to: 6 }]);
    expect(x.undo).toEqual([{ type: 'resource', fighter: 'defender', resource: 'pv', from: 6, to: 12 }]);
    expect(x.defender.pv.value).toBe(6);
    expect(x.step).toBe(STEP.applied);
    x.take('undo', 'defender');
    expect(x.defender.pv.value).toBe(12);
    expect(x.step).toBe(STEP.damage);
    expect(x.state.undone).toBe(1);
  });

  it('F-D2 a parry that holds stops the blow: the exchange is done, nothing lands', () => {
    const x = new Exchange(aldo(), brute(), 'epeeLongue', [30]);
    x.take('parry.epeeLongue', 'defender', [20]);
    expect(x.step).toBe(STEP.done);
    expect(x.defender.pv.value).toBe(12);
    expect(x.actions()).toEqual([]);
  });

  it('F-D2 the second parry of a round is refused with its rule, the first spends it', () => {
    const x = new Exchange(
      aldo(),
      brute(),
      'epeeLongue',
      [30],
      {},
      {
        facts: { dodgeDeclared: false, attackDeclared: false, parriedThisRound: true },
      },
    );
    expect(refusal(x, 'parry.epeeLongue')).toEqual({ rule: 'F-D2', key: 'PDA.Fantasia.Refusal.ParryUsed' });
    expect(() => x.take('parry.epeeLongue', 'defender', [20])).toThrow(RulesError);
    expect(x.step).toBe(STEP.defence);
  });

  it('F-D1 a dodge needs a declared dodge; declared, it stops the blow', () => {
    const refused = new Exchange(aldo(), brute(), 'epeeLongue', [30]);
    expect(refusal(refused, 'dodge')).toEqual({ rule: 'F-D1', key: 'PDA.Fantasia.Refusal.DodgeNotDeclared' });
    const x = new Exchange(
      aldo(),
      brute(),
      'epeeLongue',
      [30],
      {},
      {
        facts: { dodgeDeclared: true, attackDeclared: false, parriedThisRound: false },
      },
    );
    expect(x.action('dodge')?.refused).toBeUndefined();
    expect(x.take('dodge', 'defender', [35])).toEqual([]);
    expect(x.step).toBe(STEP.done);
  });

  it('only the defending side (or the GM) chooses the defence', () => {
    const x = new Exchange(aldo(), brute(), 'epeeLongue', [30]);
    expect(() => x.take('none', 'attacker', [])).toThrow('PDA.Error.CardNotYours');
    x.take('none', 'gm', [4]);
    expect(x.state.damage?.total).toBe(6);
  });

  it('F-H5 after a later wound the undo gives back only this cut (issue 45); after a heal to the maximum it is refused, with the field', () => {
    const x = new Exchange(aldo(), brute(), 'epeeLongue', [30]);
    x.take('none', 'defender', [4]);
    const before = x.defender.pv.value;
    x.take('apply', 'defender');
    const cut = before - x.defender.pv.value;
    x.defender = { ...x.defender, pv: { ...x.defender.pv, value: 2 } };
    expect(x.action('undo')?.refused).toBeUndefined();
    x.take('undo', 'defender');
    expect(x.defender.pv.value).toBe(2 + cut);

    const y = new Exchange(aldo(), brute(), 'epeeLongue', [30]);
    y.take('none', 'defender', [4]);
    y.take('apply', 'defender');
    y.defender = { ...y.defender, pv: { ...y.defender.pv, value: y.defender.pv.max } };
    const undo = y.action('undo');
    expect(undo?.refused).toMatchObject({ key: 'PDA.Chat.Undo.TargetChanged', data: { field: 'pv.value' } });
    expect(() => y.take('undo', 'defender')).toThrow(RulesError);
    expect(y.defender.pv.value).toBe(y.defender.pv.max);
  });

  it('F-H6 a fumble lists the seed options for the GM; lost balance is a timed state of two rounds', () => {
    const x = new Exchange(aldo(), brute(), 'epeeLongue', [99]);
    expect(x.step).toBe(STEP.fumble);
    expect(x.actions().map((a) => [a.id, a.side])).toEqual([
      ['fumble.weaponBreaks', 'gm'],
      ['fumble.loseBalance', 'gm'],
      ['fumble.hitFriend', 'gm'],
    ]);
    expect(() => x.take('fumble.loseBalance', 'attacker', [90])).toThrow('PDA.Error.CardNotYours');
    // 90 against DEX 12 × 3 = 36: the attacker falls and loses its next attack.
    const effects = x.take('fumble.loseBalance', 'gm', [90]);
    expect(effects).toContainEqual(
      expect.objectContaining({ type: 'condition', status: 'skipNextAttack', on: true, rounds: 2 }),
    );
    expect(x.attacker.states).toMatchObject({ fallen: true, skipNextAttack: true });
    expect(x.step).toBe(STEP.done);
  });

  it('F-H6 a fumble on a friend needs the friend the GM targets, then goes on to the damage', () => {
    const x = new Exchange(aldo(), brute(), 'epeeLongue', [99]);
    expect(() => x.take('fumble.hitFriend', 'gm', [])).toThrow('PDA.Error.CardNeedFriend');
    x.view = { ...x.view, friend: { combatant: fighter({ id: 'friend' }), name: 'Ami' } };
    x.take('fumble.hitFriend', 'gm', [3]);
    expect(x.step).toBe(STEP.damage);
    expect(x.state.fumble?.friendName).toBe('Ami');
    expect(x.state.damage?.total).toBe(5);
  });

  it('F-W6 a missed arquebus shot asks the shooter for the Chance roll', () => {
    const shooter = aldo({
      skills: { armesAFeu: 40 },
      weapons: [W.arquebuse],
      characteristics: { FOR: 15, CON: 12, TAI: 12, INT: 12, DEX: 12, CHA: 10 },
    });
    const x = new Exchange(shooter, brute(), 'arquebuse', [80]);
    expect(x.step).toBe(STEP.mishap);
    expect(x.actions().map((a) => [a.id, a.side, a.rule])).toEqual([['chance', 'attacker', 'F-W6']]);
    x.take('chance', 'attacker', [10]);
    expect(x.step).toBe(STEP.done);
    expect(x.state.mishap?.chance.success).toBe(true);
  });

  it('F-W2 the whip wraps and trips; the victim may pull or slip once a round', () => {
    const whipper = aldo({ weapons: [W.fouet] });
    const x = new Exchange(whipper, brute(), 'fouet', [30], { whip: 'trip' }, { round: 3, startRound: 3 });
    // No defence: 1d3 (2), then FOR 12 vs TAI 12 at 50 %: 40 trips.
    x.take('none', 'defender', [2, 40]);
    x.take('apply', 'defender');
    expect(x.defender.states).toMatchObject({ fallen: true, entangled: { by: 'aldo', weaponId: 'fouet' } });
    expect(x.action('whipPull')).toMatchObject({ side: 'defender', rule: 'F-W2' });
    // DEX 12 vs FOR 12 at 50 %: 80 fails, still wrapped.
    x.take('whipSlip', 'defender', [80]);
    expect(x.defender.states.entangled).toBeDefined();
    expect(refusal(x, 'whipPull')).toEqual({ rule: 'F-W2', key: 'PDA.Chat.Reason.OncePerRound' });
    expect(refusal(x, 'whipSlip')).toEqual({ rule: 'F-W2', key: 'PDA.Chat.Reason.OncePerRound' });
    x.view = { ...x.view, round: 4 };
    expect(x.action('whipSlip')?.refused).toBeUndefined();
    x.take('whipSlip', 'defender', [20]);
    expect(x.defender.states.entangled).toBeUndefined();
    expect(x.action('whipPull')).toBeUndefined();
  });

  it('F-U3 a strangling hold: the escape and the squeeze wait for the next round, once each a round', () => {
    const wrestler = aldo({ skills: { lutte: 60 }, weapons: [W.lutte] });
    const x = new Exchange(
      wrestler,
      brute(),
      'lutte',
      [30],
      { lutte: 'strangle' },
      { round: 2, startRound: 2 },
    );
    x.take('none', 'defender', []);
    expect(x.state.hold).toMatchObject({ kind: 'strangle', success: true });
    x.take('apply', 'defender');
    expect(x.defender.states.strangled).toEqual({ by: 'aldo' });
    expect(refusal(x, 'lutteEscape')).toEqual({ rule: 'F-U3', key: 'PDA.Chat.Reason.HoldNextRound' });
    expect(x.action('lutteStrangle')).toMatchObject({ side: 'attacker' });
    x.view = { ...x.view, round: 3 };
    // Asphyxia 2d3 (each d3 read from a d6): 4 and 4 give 2 + 2.
    expect(() => x.take('lutteStrangle', 'defender', [4, 4])).toThrow('PDA.Error.CardNotYours');
    x.take('lutteStrangle', 'attacker', [4, 4]);
    expect(x.defender.pv.value).toBe(8);
    expect(refusal(x, 'lutteStrangle')).toEqual({ rule: 'F-U3', key: 'PDA.Chat.Reason.OncePerRound' });
    // FOR 12 vs FOR 12 at 50 %: 30 breaks free.
    x.take('lutteEscape', 'defender', [30]);
    expect(x.defender.states.strangled).toBeUndefined();
    expect(x.actions().map((a) => a.id)).toEqual(['undo']);
  });

  it('F-B5 F-B6 a thrust that lands earns a cross and is remembered against this foe', () => {
    const master = aldo({
      skills: { armesDeMelee: 70 },
      weapons: [W.epeeFantasque],
      thrusts: [{ thrustId: 'desarmement', crosses: 0 }],
    });
    const x = new Exchange(master, brute({ pv: { value: 14, max: 14 } }), 'epeeFantasque', [30], {
      thrustId: 'desarmement',
    });
    const effects = x.take('none', 'defender', [3]);
    expect(effects).toEqual([
      { type: 'crosses', fighter: 'attacker', thrustId: 'desarmement', from: 0, to: 1 },
      { type: 'memory', from: [], to: ['aldo|brute|desarmement'] },
    ]);
    expect(x.state.thrustPlaced).toBe(true);
  });

  it('F-B7 the disarm offered after Désarmement is a GM action, taken once, undone with the damage', () => {
    const master = aldo({
      skills: { armesDeMelee: 70 },
      weapons: [W.epeeFantasque],
      characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 12, DEX: 15, CHA: 10 },
      thrusts: [{ thrustId: 'desarmement', crosses: 0 }],
    });
    const x = new Exchange(master, brute({ pv: { value: 14, max: 14 } }), 'epeeFantasque', [30], {
      thrustId: 'desarmement',
    });
    x.take('none', 'defender', [3]);
    x.take('apply', 'defender');
    expect(x.defender.pv.value).toBe(10);
    expect(x.action('offer.disarm')).toMatchObject({ side: 'gm', rule: 'F-W2' });
    expect(() => x.take('offer.disarm', 'defender', [45])).toThrow('PDA.Error.CardNotYours');
    x.take('offer.disarm', 'gm', [45]);
    expect(x.defender.states.disarmed).toEqual({ weaponId: 'epeeLongue' });
    expect(refusal(x, 'offer.disarm')).toEqual({ rule: 'F-W2', key: 'PDA.Chat.Reason.OfferTaken' });
    x.take('undo', 'defender');
    expect(x.defender.pv.value).toBe(14);
    expect(x.defender.states.disarmed).toBeUndefined();
  });

  it("F-B7 Désarmement placed on a parry binds the attacker's weapon for one round", () => {
    const parrier = brute({
      skills: { armesDeMelee: 70 },
      weapons: [W.epeeFantasque],
      thrusts: [{ thrustId: 'desarmement', crosses: 0 }],
    });
    const x = new Exchange(aldo(), parrier, 'epeeLongue', [30]);
    const placed = x.action('parry.epeeFantasque.desarmement');
    // 70 − 10 (the thrust's malus).
    expect(placed).toMatchObject({ side: 'defender', label: { data: { percent: 60 } } });
    const effects = x.take('parry.epeeFantasque.desarmement', 'defender', [40]);
    expect(x.step).toBe(STEP.done);
    expect(effects).toContainEqual(
      expect.objectContaining({
        type: 'condition',
        fighter: 'attacker',
        status: 'weaponBound',
        on: true,
        rounds: 1,
      }),
    );
    expect(x.attacker.states.weaponBound).toEqual({ weaponId: 'epeeLongue' });
  });
});
