import { describe, expect, it } from 'vitest';
import { RulesError } from '../../../../src/engine/core/errors';
import { d20, d3, fighter, w } from '../fixtures';
import { act, listed, open, view } from './helpers';

const d8 = (value: number) => ({ faces: 8, value });

describe('Greyhawk attack exchange: a blow, its apply and its undo', () => {
  it('G-P1 a blow on a kneeling target hits only with the +1, then the GM applies 7 damage', () => {
    const v = view();
    // THAC0 16 − AC 5 = 11: 10 + 1 (kneeling) reaches it; 1d8 6 + 1 STR.
    const card = open(v, { position: 'kneeling' }, [d20(10), d8(6)]);
    expect(card.step).toBe('attack');
    expect(card.state.first?.attack.outcome).toBe('hit');
    expect(card.state.first?.attack.modifiers.map((m) => [m.source, m.value])).toContainEqual(['G-P1', 1]);
    expect(card.state.first?.damage?.total).toBe(7);
    expect(listed(card, v)).toEqual([{ id: 'apply', side: 'gm' }]);

    const applied = act(card, v, 'apply', 'gm');
    expect(applied.step).toBe('applied');
    expect(applied.effects).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'hp', from: 30, to: 23 },
    ]);
    expect(applied.undo).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'hp', from: 23, to: 30 },
    ]);
    expect(applied.state.applied).toMatchObject({ before: 30, after: 23, damage: 7, from: 'attack' });

    // Undo: allowed while the target still has 23 hp; it puts 30 back and returns to the blow.
    const after = { ...v, defenderHp: 23 };
    const undone = act(applied, after, 'undo', 'gm');
    expect(undone.step).toBe('attack');
    expect(undone.effects).toEqual(applied.undo);
    expect(undone.state.undone).toBe(1);
    expect(undone.state.applied).toBeUndefined();
  });

  it('the same blow without the kneeling +1 misses: nothing to apply', () => {
    const v = view();
    const card = open(v, {}, [d20(10)]);
    expect(card.state.first?.attack.outcome).toBe('miss');
    expect(listed(card, v)).toEqual([]);
  });

  it('undo is refused once the target took later damage, and changes nothing', () => {
    const v = view();
    const card = open(v, {}, [d20(15), d8(4)]);
    const applied = act(card, v, 'apply', 'gm');
    // Another blow took the target from 25 to 20 since.
    const later = { ...v, defenderHp: 20 };
    expect(listed(applied, later)).toEqual([
      { id: 'undo', side: 'gm', refused: 'PDA.Chat.Undo.TargetChanged' },
    ]);
    const refusal = () => act(applied, later, 'undo', 'gm');
    expect(refusal).toThrow(RulesError);
    try {
      refusal();
    } catch (e) {
      expect((e as RulesError).data).toMatchObject({ field: 'hp.value', now: '20', wrote: '25' });
    }
  });

  it('only the GM applies: the attacker’s side is refused', () => {
    const v = view();
    const card = open(v, {}, [d20(15), d8(4)]);
    expect(() => act(card, v, 'apply', 'attacker')).toThrow('PDA.Error.CardNotYours');
    expect(() => act(card, v, 'followUp', 'gm')).toThrow('PDA.Error.CardNoSuchAction');
  });
});

describe('Greyhawk attack exchange: missiles and their range bands', () => {
  const archer = (over = {}) => view({ weapon: w('longBow'), ...over });

  it('a long bow at 100 m shoots at medium range (−2): 13 − 2 = 11 just hits', () => {
    const v = archer();
    const card = open(v, { targetDistance: 100, distanceFrom: 'scene' }, [d20(13), { faces: 6, value: 3 }]);
    expect(card.state.first?.range).toEqual({ distance: 100, band: 'medium', from: 'scene' });
    expect(card.state.first?.attack.modifiers.map((m) => m.value)).toContain(-2);
    expect(card.state.first?.attack.outcome).toBe('hit');
    expect(card.state.first?.damage?.total).toBe(3);
  });

  it('at 180 m the band is long (−5); past 210 m the shot is refused, nothing rolled', () => {
    const v = archer();
    const long = open(v, { targetDistance: 180 }, [d20(15)]);
    expect(long.state.first?.range?.band).toBe('long');
    expect(long.state.first?.attack.outcome).toBe('miss');
    const far = open(v, { targetDistance: 250 }, []);
    expect(far.step).toBe('refused');
    expect(far.state.refusal?.key).toBe('PDA.Error.Greyhawk.OutOfRange');
    expect(open(v, {}, []).state.refusal?.key).toBe('PDA.Error.Greyhawk.NoDistance');
  });

  it('G-M2 a high master of the long bow reaches the extreme band (−10) up to 280 m', () => {
    const master = fighter({
      id: 'gord',
      name: 'Gord',
      classes: [{ cls: 'fighter', level: 15 }],
      str: 16,
      dex: 14,
      mastery: { longBow: { rank: 'highMaster', since: 15, firstSpecialised: 3 } },
    });
    const v = archer({ attacker: master });
    const card = open(v, { targetDistance: 250 }, [d20(2)]);
    expect(card.state.first?.range?.band).toBe('extreme');
    expect(card.state.first?.attack.modifiers.map((m) => [m.source, m.value])).toContainEqual(['G-M2', -10]);
  });
});

describe('Greyhawk attack exchange: shields', () => {
  it('G-SH1 a shield punch strikes for 1d3 + STR, refused without a shield', () => {
    const v = view({ attackerShield: 'small' });
    const card = open(v, { manoeuvre: 'shieldPunch' }, [d20(14), d3(3)]);
    expect(card.state.first?.damage?.total).toBe(4);
    expect(open(view(), { manoeuvre: 'shieldPunch' }, []).state.refusal?.key).toBe(
      'PDA.Error.Greyhawk.NoShield',
    );
  });

  it('G-SH2 a rush: damage, the defender’s stay-up check, then prone and the rusher’s shield AC lost', () => {
    const v = view({ attackerShield: 'large' });
    const card = open(v, { manoeuvre: 'shieldRush', distance: 6, stayUp: { stillOrClosing: true } }, [
      d20(15),
      d3(2),
    ]);
    expect(card.step).toBe('attack');
    expect(card.state.first?.damage?.total).toBe(3);
    // The defender rolls its stay-up check; the GM cannot apply before it.
    expect(listed(card, v)).toEqual([
      { id: 'followUp', side: 'defender' },
      { id: 'apply', side: 'gm', refused: 'PDA.Greyhawk.Cards.FollowUpFirst' },
    ]);
    expect(() => act(card, v, 'followUp', 'attacker', [d20(20)])).toThrow('PDA.Error.CardNotYours');
    const stayed = act(card, v, 'followUp', 'defender', [d20(20)]);
    expect(stayed.step).toBe('resolved');
    expect(stayed.state.outcome?.kind === 'shieldRush' && stayed.state.outcome.result.stayUp).toMatchObject({
      target: 17,
      standing: false,
    });
    const applied = act(stayed, v, 'apply', 'gm');
    expect(applied.effects).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'hp', from: 30, to: 27 },
      { type: 'condition', fighter: 'defender', status: 'prone', on: true },
      { type: 'condition', fighter: 'attacker', status: 'shieldOffLine', on: true, rounds: 1 },
      // G-SH2: the rusher is 1 AC worse, without DEX bonus, to the round's end (issue 44).
      { type: 'condition', fighter: 'attacker', status: 'rushing', on: true, rounds: 1 },
    ]);
    // Undo: the rusher's shield back, the target standing, its 3 hp back.
    expect(applied.undo).toEqual([
      { type: 'condition', fighter: 'attacker', status: 'shieldOffLine', on: false },
      { type: 'condition', fighter: 'attacker', status: 'rushing', on: false },
      { type: 'condition', fighter: 'defender', status: 'prone', on: false },
      { type: 'resource', fighter: 'defender', resource: 'hp', from: 27, to: 30 },
    ]);
    const now = {
      ...v,
      defenderHp: 27,
      defenderConditions: { prone: true },
      attackerConditions: { shieldOffLine: true, rushing: true },
    };
    expect(act(applied, now, 'undo', 'gm').effects).toEqual(applied.undo);
    // The target stood up since: undo refused.
    const stoodUp = { ...now, defenderConditions: {} };
    expect(listed(applied, stoodUp)[0]?.refused).toBe('PDA.Chat.Undo.TargetChanged');
  });
});
