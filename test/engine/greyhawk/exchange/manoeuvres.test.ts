import { describe, expect, it } from 'vitest';
import {
  conditionsAfterRoundStart,
  conditionsFromRecords,
  conditionEffects,
  conditionRecords,
  conditionsAtRoundStart,
  type GreyhawkConditionState,
} from '../../../../src/engine/greyhawk/conditions';
import type { ConditionEffect } from '../../../../src/engine/core/exchange';
import { d20, d6, fighter, w } from '../fixtures';
import { act, listed, open, view } from './helpers';

const d8 = (value: number) => ({ faces: 8, value });

/** A new round's condition effects for one fighter, as the round's tick writes them. */
const roundStartEffects = (fighter: 'defender', c: Partial<GreyhawkConditionState>): ConditionEffect[] =>
  conditionEffects(fighter, c, conditionsAtRoundStart(c));

/** The conditions after some condition effects, as the Foundry side would store and read them. */
function after(c: Partial<GreyhawkConditionState>, effects: readonly unknown[]): GreyhawkConditionState {
  const records = new Map(conditionRecords(c).map((r) => [r.status, r]));
  for (const e of effects as ConditionEffect[]) {
    if (e.type !== 'condition') continue;
    if (!e.on) records.delete(e.status as never);
    else
      records.set(e.status as never, {
        status: e.status as never,
        ...(e.rounds !== undefined ? { rounds: e.rounds } : {}),
        ...(e.data ? { data: e.data } : {}),
      });
  }
  return conditionsFromRecords(records.values());
}

describe('G-C1 called shots through the exchange', () => {
  it('carving initials: a hit at −4 does 1 damage and carves the attacker’s letter; undo leaves earlier letters', () => {
    // 15 − 4 (called) = 11: just enough.
    const v = view({ defenderConditions: { carved: 'R' } });
    const card = open(v, { calledShot: 1, purpose: 'initials' }, [d20(15)]);
    expect(card.state.first?.called).toMatchObject({ purpose: 'initials', letter: 'G' });
    const applied = act(card, v, 'apply', 'gm');
    expect(applied.effects).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'hp', from: 30, to: 29 },
      { type: 'condition', fighter: 'defender', status: 'carved', on: true, data: { letters: 'RG' } },
    ]);
    expect(applied.undo).toContainEqual({
      type: 'condition',
      fighter: 'defender',
      status: 'carved',
      on: true,
      data: { letters: 'R' },
    });
  });

  it('pinning to a wall: the pin for 3 rounds, then the round runs it down and ends it', () => {
    const v = view();
    const card = open(v, { calledShot: 1, purpose: 'pin', nearWall: true }, [d20(17)]);
    const applied = act(card, v, 'apply', 'gm');
    expect(applied.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'pinned', on: true, rounds: 3 },
    ]);
    let pinned = after({}, applied.effects);
    expect(pinned.pinned).toBe(3);
    // A pinned target: later blows at +2 (G-C1).
    const next = open({ ...v, defenderConditions: pinned }, {}, [d20(3)]);
    expect(next.state.first?.attack.modifiers.map((m) => [m.source, m.value])).toContainEqual(['G-C1', 2]);
    const left: number[] = [];
    for (let round = 2; round <= 4; round++) {
      pinned = after(pinned, roundStartEffects('defender', pinned));
      left.push(pinned.pinned);
    }
    expect(left).toEqual([2, 1, 0]);
    expect(conditionRecords(pinned)).toEqual([]);
    // Without a wall the shot is refused before any die.
    expect(open(v, { calledShot: 1, purpose: 'pin', nearWall: false }, []).step).toBe('refused');
  });

  it('hostage: refused before a full round of hold; then a blade at the throat doubles the next blow', () => {
    const v = view();
    expect(open(v, { calledShot: 1, purpose: 'hostage' }, []).step).toBe('refused');
    const held = { held: true, heldRounds: 1, heldBy: 'Actor.gord' };
    const hv = view({ defenderConditions: held });
    const card = open(hv, { calledShot: 1, purpose: 'hostage' }, [d20(18)]);
    const applied = act(card, hv, 'apply', 'gm');
    expect(applied.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'bladeAtThroat', on: true },
    ]);
    const throat = view({ defenderConditions: after(held, applied.effects) });
    // 1d8 5 + 1 STR = 6, doubled (G-C1).
    const blow = open(throat, {}, [d20(15), d8(5)]);
    expect(blow.state.first?.damage?.total).toBe(12);
    expect(blow.state.first?.damage?.modifiers.map((m) => [m.source, m.value])).toContainEqual(['G-C1', 6]);
  });
});

describe('G-D1–G-D3 disarms through the exchange', () => {
  const brute = (c: Partial<GreyhawkConditionState> = {}) =>
    view({
      defenderConditions: c,
      defender: fighter({ id: 'brute', name: 'Brute', classes: [{ cls: 'fighter', level: 2 }] }),
    });

  it('G-D2 two disarms in one round: off line, then flying from the off-line state alone; next round’s initiative lost', () => {
    const v = brute();
    const first = open(v, { manoeuvre: 'disarm', grip: 'twoHanded' }, [d20(18)]);
    expect(first.step).toBe('resolved');
    expect(first.state.outcome?.kind === 'disarm' && first.state.outcome.result.effect).toBe('offLine');
    const one = act(first, v, 'apply', 'gm');
    expect(one.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'offLine', on: true, rounds: 1 },
    ]);

    // A second attacker, same round: nobody types the earlier success, the off-line state says it.
    const v2 = brute(after({}, one.effects));
    const second = open(v2, { manoeuvre: 'disarm', grip: 'twoHanded' }, [d20(18)]);
    // Nothing to apply yet: only the disarmer's roll of where the sword lands.
    expect(listed(second, v2)).toEqual([{ id: 'followUp', side: 'attacker' }]);
    expect(() => act(second, v2, 'followUp', 'defender', [d6(3), d6(4)])).toThrow('PDA.Error.CardNotYours');
    const flown = act(second, v2, 'followUp', 'attacker', [d6(3), d6(4)]);
    const result = flown.state.outcome?.kind === 'disarm' ? flown.state.outcome.result : undefined;
    expect(result?.effect).toBe('thrown');
    expect(result?.landing).toEqual({ direction: 3, feet: 4 });
    const two = act(flown, v2, 'apply', 'gm');
    expect(two.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'disarmed', on: true },
      { type: 'condition', fighter: 'defender', status: 'offLine', on: false },
      {
        type: 'condition',
        fighter: 'defender',
        status: 'losesInitiative',
        on: true,
        data: { now: false, next: true },
      },
    ]);
    // Round 2: the initiative is lost now; round 3: over, the sword still on the floor.
    let c = after(v2.defenderConditions, two.effects);
    c = after(c, roundStartEffects('defender', c));
    expect(c.losesInitiative).toBe(true);
    c = after(c, roundStartEffects('defender', c));
    expect(conditionRecords(c).map((r) => r.status)).toEqual(['disarmed']);
  });

  it('G-D3 a shield knocked aside loses its point of AC until the round ends', () => {
    const v = view({ defenderShield: 'small' });
    const card = open(v, { manoeuvre: 'disarm', grip: 'shield' }, [d20(15)]);
    const applied = act(card, v, 'apply', 'gm');
    expect(applied.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'shieldOffLine', on: true, rounds: 1 },
    ]);
    const aside = after({}, applied.effects);
    // AC 5 becomes 6: THAC0 16 needs 10, where it needed 11.
    const blow = open({ ...v, defenderConditions: aside }, {}, [d20(2)]);
    expect(blow.state.first?.attack.needed).toBe(10);
    expect(conditionRecords(after(aside, roundStartEffects('defender', aside)))).toEqual([]);
  });

  it('G-D1 a fighter without the weapon’s proficiency may not disarm: refused, nothing rolled', () => {
    const v = view({
      attacker: fighter({ id: 'gord', name: 'Gord', proficiencies: [] }),
      weapon: w('longSword'),
    });
    const card = open(v, { manoeuvre: 'disarm' }, []);
    expect(card.step).toBe('refused');
    expect(listed(card, v)).toEqual([]);
  });
});

describe('G-G1/G-G2 seizing through the exchange', () => {
  const strong = (str: number) =>
    fighter({ id: 'gord', name: 'Gord', classes: [{ cls: 'fighter', level: 5 }], str });

  it('G-G2 a won hold: the victim held by the attacker, the attacker holding; undo frees both', () => {
    const v = view({ attacker: strong(17) });
    const card = open(v, { manoeuvre: 'seizePerson', freeHands: 1 }, [d20(15)]);
    expect(listed(card, v)[0]).toEqual({ id: 'followUp', side: 'defender' });
    // Holding STR 17 − 3 = 14: 14 − 2 = 12 against 15 − 10 = 5.
    const contest = act(card, v, 'followUp', 'defender', [d20(2), d20(10)]);
    expect(contest.state.outcome?.kind === 'seizePerson' && contest.state.outcome.result.holderStr).toBe(14);
    const applied = act(contest, v, 'apply', 'gm');
    expect(applied.effects).toEqual([
      {
        type: 'condition',
        fighter: 'defender',
        status: 'held',
        on: true,
        data: { heldRounds: 0, heldBy: 'Actor.gord' },
      },
      { type: 'condition', fighter: 'attacker', status: 'holding', on: true },
    ]);
    expect(applied.undo).toEqual([
      { type: 'condition', fighter: 'attacker', status: 'holding', on: false },
      { type: 'condition', fighter: 'defender', status: 'held', on: false },
    ]);
    // The next round counts one full round held: the hostage shot becomes possible.
    const held = after({}, applied.effects);
    const round2 = after(held, roundStartEffects('defender', held));
    expect(round2.heldRounds).toBe(1);
    expect(
      open(view({ defenderConditions: round2 }), { calledShot: 1, purpose: 'hostage' }, [d20(1)]).step,
    ).not.toBe('refused');
  });

  it('G-G2 while holding, the holder strikes at −2 and may not take up a two-handed sword', () => {
    const v = view({ attackerConditions: { holding: true } });
    const blow = open(v, {}, [d20(2)]);
    expect(blow.state.first?.attack.modifiers.map((m) => [m.source, m.value])).toContainEqual(['G-G2', -2]);
    const twoHanded = open({ ...v, weapon: w('twoHandedSword') }, {}, []);
    expect(twoHanded.step).toBe('refused');
  });

  it('G-G1 seizing an object: the defender’s STR contest decides; without a free hand it is refused', () => {
    const v = view({ attacker: strong(17) });
    const card = open(v, { manoeuvre: 'seizeObject', freeHands: 1 }, [d20(15)]);
    // Tie first (17−10 = 7, 15−8 = 7), then 17−5 = 12 against 15−12 = 3.
    const done = act(card, v, 'followUp', 'defender', [d20(10), d20(8), d20(5), d20(12)]);
    const result = done.state.outcome?.kind === 'seizeObject' ? done.state.outcome.result : undefined;
    expect(result?.contest?.rolls).toHaveLength(2);
    expect(result?.outcome).toBe('taken');
    expect(open(v, { manoeuvre: 'seizeObject', freeHands: 0 }, []).state.refusal?.key).toBe(
      'PDA.Error.Greyhawk.NoFreeHand',
    );
  });
});

describe('conditions read from status effects set by hand', () => {
  it('a pin toggled from the token HUD lasts the seed’s three rounds; a lost initiative set by hand is this round’s', () => {
    const c = conditionsFromRecords([
      { status: 'pinned' },
      { status: 'losesInitiative' },
      { status: 'held' },
    ]);
    expect(c).toMatchObject({ pinned: 3, losesInitiative: true, held: true, heldRounds: 0 });
    expect(c.losesNextInitiative).toBe(false);
  });

  it('G-G2 a victim who broke free at the round start loses the hold and the blade; one who did not counts a round more', () => {
    const held = { held: true, heldRounds: 1, heldBy: 'Actor.gord', bladeAtThroat: true };
    expect(conditionsAfterRoundStart(held, true)).toMatchObject({
      held: false,
      heldRounds: 0,
      bladeAtThroat: false,
    });
    expect(conditionsAfterRoundStart(held, true).heldBy).toBeUndefined();
    expect(conditionsAfterRoundStart(held, false)).toMatchObject({
      held: true,
      heldRounds: 2,
      heldBy: 'Actor.gord',
    });
  });
});
