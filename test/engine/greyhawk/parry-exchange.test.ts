import { describe, expect, it } from 'vitest';
import { takeAction } from '../../../src/engine/core/exchange';
import { ScriptedDice } from '../../../src/engine/dice/scripted';
import { catalogueWeapon } from '../../../src/engine/greyhawk/data';
import {
  dmgParryModifier,
  greyhawkParryExchange,
  newParryState,
  shieldParryRefusal,
  type ParryView,
  withinPolearmReach,
} from '../../../src/engine/greyhawk/exchange/parry';
import type { GreyhawkCharacter } from '../../../src/engine/greyhawk/types';

const fighter = (level: number, cls: 'fighter' | 'mage' = 'fighter'): GreyhawkCharacter => ({
  id: 'p',
  name: 'Parrieur',
  classes: [{ cls, level }],
  str: 10,
  dex: 10,
  int: 10,
  size: 'M',
  proficiencies: ['longSword', 'longBow', 'glaive'],
});

const attack = { attackerId: 'Actor.o', attackerName: 'Orque', attackerAc: 6, attackerSize: 'M' as const };

function view(weapon: string, over: Partial<ParryView> = {}): ParryView {
  return {
    parrier: fighter(5),
    weapon: catalogueWeapon(weapon),
    weaponState: { magic: 0, ruined: false, broken: false },
    attacks: [{ ...attack, key: 'a', polearm: false, hit: true, taken: false }],
    foes: [],
    round: 1,
    ...over,
  };
}

const state = (protects = false) =>
  newParryState({
    parrierName: 'Parrieur',
    weaponName: 'x',
    itemId: 'w',
    round: 1,
    ...(protects ? { protects: { id: 'Actor.a', name: 'Ayla' } } : {}),
  });

describe('Greyhawk parry exchange', () => {
  it('G-PA1 parries a hit that has not been applied, refuses a past one, and spends the parry', () => {
    const v = view('longSword', {
      attacks: [
        { ...attack, key: 'old', polearm: false, hit: true, taken: true },
        { ...attack, key: 'new', polearm: false, hit: true, taken: false },
      ],
    });
    const actions = greyhawkParryExchange.actions('ready', state(), v);
    expect(actions.find((a) => a.id === 'parry.old')?.refused?.key).toBe('PDA.Error.Greyhawk.ParryTooLate');
    // Fighter 5: THAC0 16 vs AC 6 needs 10: 10 parries.
    const done = takeAction(
      greyhawkParryExchange,
      'ready',
      state(),
      v,
      'parry.new',
      'attacker',
      new ScriptedDice([10]),
    );
    expect(done.state.log[0]?.parried).toBe(true);
    expect(done.effects).toEqual([
      expect.objectContaining({ type: 'condition', fighter: 'target:0', status: 'parried', on: true }),
    ]);
    expect(greyhawkParryExchange.actions(done.step, done.state, v)).toEqual([]);
    // 9 misses: no mark.
    const miss = takeAction(
      greyhawkParryExchange,
      'ready',
      state(),
      v,
      'parry.new',
      'attacker',
      new ScriptedDice([9]),
    );
    expect(miss.effects).toEqual([]);
    expect(() =>
      takeAction(greyhawkParryExchange, 'ready', state(), v, 'parry.new', 'defender', new ScriptedDice([9])),
    ).toThrow();
  });

  it('G-PA2 for someone else only a polearm against a polearm, within reach', () => {
    const pole = { ...attack, key: 'p', polearm: true, hit: true, taken: false };
    const near = view('glaive', { attacks: [{ ...pole, withinReach: true }] });
    const far = view('glaive', { attacks: [{ ...pole, withinReach: false }] });
    const axe = view('glaive', { attacks: [{ ...pole, polearm: false, withinReach: true }] });
    const refusal = (v: ParryView) => greyhawkParryExchange.actions('ready', state(true), v)[0]?.refused?.key;
    expect(refusal(near)).toBeUndefined();
    expect(refusal(far)).toBe('PDA.Error.Greyhawk.OutOfReach');
    expect(refusal(axe)).toBe('PDA.Error.Greyhawk.PolearmsOnly');
  });

  it('G-PA3 a magic bow loses +1 and saves; a mundane one is ruined and breaks on a failed save', () => {
    const magic = view('longBow', { weaponState: { magic: 2, ruined: false, broken: false } });
    const a = greyhawkParryExchange.perform('ready', state(), magic, 'parry.a', new ScriptedDice([15, 13]));
    expect(a.state.log[0]?.wear).toMatchObject({ magicFrom: 2, magicTo: 1, ruined: false, broken: false });
    const mundane = view('longBow');
    const b = greyhawkParryExchange.perform('ready', state(), mundane, 'parry.a', new ScriptedDice([15, 12]));
    expect(b.state.log[0]?.wear).toMatchObject({ ruined: true, broken: true });
    expect(b.effects.filter((e) => e.type === 'item').map((e) => (e.type === 'item' ? e.field : ''))).toEqual(
      ['ruined', 'broken'],
    );
    expect(b.undo.length).toBe(b.effects.length);
  });

  it('G-PA4 the DMG parry: half the level, +1 for a warrior; nothing undeclared', () => {
    expect(dmgParryModifier(fighter(7), true)?.value).toBe(-4);
    expect(dmgParryModifier(fighter(6, 'mage'), true)?.value).toBe(-3);
    expect(dmgParryModifier(fighter(7), false)).toBeUndefined();
  });
});

describe('G-PA2 polearm reach', () => {
  it('G-PA2 reaches 3 m to the attacker or the victim; 3.5 m or an unknown distance is out of reach', () => {
    expect(withinPolearmReach(3, null)).toBe(true);
    expect(withinPolearmReach(null, 2)).toBe(true);
    expect(withinPolearmReach(3.5, 4)).toBe(false);
    expect(withinPolearmReach(null, null)).toBe(false);
  });
  it("G-ST3 a shield parry: −2 with one slot, none with two, only the mark written; without the style the shield's AC is forfeit", () => {
    const specialist = (slots: number): GreyhawkCharacter => ({ ...fighter(5), styles: { shield: slots } });
    const shieldState = { ...state(), shield: 'medium' as const };
    const roll = (slots: number, die: number) =>
      takeAction(
        greyhawkParryExchange,
        'ready',
        shieldState,
        view('longSword', { parrier: specialist(slots), shield: 'medium' }),
        'parry.a',
        'attacker',
        new ScriptedDice([die]),
      );
    // THAC0 16 vs AC 6 needs 10: one slot, 11 − 2 = 9 fails; 12 − 2 parries; two slots, 10 parries.
    expect(roll(1, 11).state.log[0]?.parried).toBe(false);
    const one = roll(1, 12);
    expect(one.state.log[0]?.attack.modifiers).toEqual([
      expect.objectContaining({ source: 'G-ST3', value: -2 }),
    ]);
    // The shield's AC is kept: the parry writes nothing but the mark.
    expect(one.effects).toEqual([expect.objectContaining({ type: 'condition', status: 'parried' })]);
    expect(roll(2, 10).state.log[0]?.parried).toBe(true);
    // Without the style anyone with a shield parries with it, and its AC goes to the round's end.
    const plain = greyhawkParryExchange
      .actions('ready', shieldState, view('longSword', { parrier: specialist(0), shield: 'medium' }))
      .find((a) => a.id === 'parry.a');
    expect(plain?.refused).toBeUndefined();
    expect(roll(0, 19).effects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'condition', status: 'shieldEngaged', on: true }),
      ]),
    );
    expect(shieldParryRefusal(specialist(1), '', false)?.key).toBe('PDA.Greyhawk.Parry.Refused.NoShield');
    expect(shieldParryRefusal(specialist(1), 'medium', true)?.key).toBe(
      'PDA.Greyhawk.Parry.Refused.ShieldForSelf',
    );
  });
});
