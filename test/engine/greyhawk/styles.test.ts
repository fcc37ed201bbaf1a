import { describe, expect, it } from 'vitest';
import { RulesError } from '../../../src/engine/core/errors';
import {
  attackModifiers,
  canSwitchGrip,
  damageModifiers,
  ensureMountedWeapon,
  ensureOutOfReach,
  ensureTwoWeaponsAllowed,
  freeHandAcBonus,
  handednessFromRoll,
  meleeReach,
  missileStyleAc,
  missileStyleAttacks,
  mixedManoeuvrePenalty,
  mountedArcheryModifier,
  mountedRateOfFire,
  secondHandPenalties,
  twoHandedSpeedBonus,
  type GreyhawkCharacter,
} from '../../../src/engine/greyhawk';
import { fighter, unarmoured, w } from './fixtures';

const sum = (mods: readonly { value: number }[]) => mods.reduce((s, m) => s + m.value, 0);
const key = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return e.key;
    throw e;
  }
  return 'no error';
};
const ranger = (init: Partial<GreyhawkCharacter> = {}) =>
  fighter({ classes: [{ cls: 'ranger', level: 1 }], ...init });

describe('fighting styles', () => {
  it('G-ST1 the free hand as a second weapon costs −2/−4, modified by the DEX reaction adjustment', () => {
    const p = secondHandPenalties(fighter(), 'freeHand');
    expect([sum(p.main), sum(p.off)]).toEqual([-2, -4]);
    const deft = secondHandPenalties(fighter({ dex: 17 }), 'freeHand'); // reaction +2
    expect([sum(deft.main), sum(deft.off)]).toEqual([0, -2]);
    const clumsy = secondHandPenalties(fighter({ dex: 5 }), 'freeHand'); // reaction −1
    expect([sum(clumsy.main), sum(clumsy.off)]).toEqual([-3, -5]);
    expect(p.main[0]?.source).toBe('G-ST1');
  });

  it('G-ST1 specialisation gives −1 AC, −2 with a second slot at most, and grips switch if both styles are known', () => {
    expect(freeHandAcBonus(fighter())).toEqual([]);
    expect(sum(freeHandAcBonus(fighter({ styles: { freeHand: 1 } })))).toBe(-1);
    expect(sum(freeHandAcBonus(fighter({ styles: { freeHand: 3 } })))).toBe(-2);
    expect(canSwitchGrip(fighter({ styles: { freeHand: 0, twoHanded: 0 } }), w('bastardSword'))).toBe(true);
    expect(canSwitchGrip(fighter({ styles: { freeHand: 0 } }), w('bastardSword'))).toBe(false);
    expect(canSwitchGrip(fighter({ styles: { freeHand: 0, twoHanded: 0 } }), w('twoHandedSword'))).toBe(
      false,
    );
  });

  it('G-ST2 two-handed specialisation: speed −3 and +1 damage for a one-handed-capable weapon in both hands', () => {
    const s = fighter({ styles: { twoHanded: 1 }, proficiencies: ['bastardSword', 'twoHandedSword'] });
    expect(twoHandedSpeedBonus(s, true)).toBe(-3);
    expect(twoHandedSpeedBonus(fighter(), true)).toBe(0);
    const grip = { attacker: s, weapon: w('bastardSword'), target: unarmoured, twoHandedGrip: true };
    expect(damageModifiers(grip)).toEqual([expect.objectContaining({ source: 'G-ST2', value: 1 })]);
    expect(damageModifiers({ ...grip, weapon: w('twoHandedSword') })).toEqual([]);
  });

  it('G-ST3 shield manoeuvres use −2/−4; one slot makes the parry 0/−2; two slots 0/−2 for all and a free parry', () => {
    const base = secondHandPenalties(fighter(), 'shield');
    expect([sum(base.main), sum(base.off)]).toEqual([-2, -4]);
    const one = fighter({ styles: { shield: 1 } });
    expect(sum(secondHandPenalties(one, 'shield', undefined, 'parry').off)).toBe(-2);
    expect(sum(secondHandPenalties(one, 'shield', undefined, 'parry').main)).toBe(0);
    expect(sum(secondHandPenalties(one, 'shield').off)).toBe(-4);
    const two = fighter({ styles: { shield: 2 } });
    expect([
      sum(secondHandPenalties(two, 'shield').main),
      sum(secondHandPenalties(two, 'shield').off),
    ]).toEqual([0, -2]);
    expect(sum(secondHandPenalties(two, 'shield', undefined, 'parry').off)).toBe(0);
  });

  it('G-ST4 two weapons: −2/−4, specialisation (2 slots) 0/−2, rangers 0/0, different manoeuvres −1 each', () => {
    const p = secondHandPenalties(fighter(), 'twoWeapons');
    expect([sum(p.main), sum(p.off)]).toEqual([-2, -4]);
    const spec = secondHandPenalties(fighter({ styles: { twoWeapons: 2 } }), 'twoWeapons');
    expect([sum(spec.main), sum(spec.off)]).toEqual([0, -2]);
    const r = secondHandPenalties(ranger(), 'twoWeapons');
    expect([sum(r.main), sum(r.off)]).toEqual([0, 0]);
    expect(sum(mixedManoeuvrePenalty(fighter()))).toBe(-1);
    expect(mixedManoeuvrePenalty(ranger({ styles: { twoWeapons: 1 } }))).toEqual([]);
    const mods = attackModifiers({
      attacker: fighter({ proficiencies: ['dagger', 'longSword'] }),
      weapon: w('dagger'),
      target: unarmoured,
      hand: 'off',
      secondHand: 'twoWeapons',
      mixedManoeuvres: true,
    });
    expect(sum(mods)).toBe(-5);
  });

  it('G-ST4 the off-hand weapon must be shorter unless both are small; equal sizes need a third slot', () => {
    expect(() => ensureTwoWeaponsAllowed(fighter(), w('longSword'), w('dagger'))).not.toThrow();
    expect(() => ensureTwoWeaponsAllowed(fighter(), w('dagger'), w('shortSword'))).not.toThrow();
    expect(key(() => ensureTwoWeaponsAllowed(fighter(), w('longSword'), w('broadSword')))).toBe(
      'PDA.Error.Greyhawk.OffHandTooLong',
    );
    expect(() =>
      ensureTwoWeaponsAllowed(fighter({ styles: { twoWeapons: 3 } }), w('longSword'), w('broadSword')),
    ).not.toThrow();
    expect(() =>
      ensureTwoWeaponsAllowed(ranger({ styles: { twoWeapons: 1 } }), w('longSword'), w('broadSword')),
    ).not.toThrow();
    expect(key(() => ensureTwoWeaponsAllowed(fighter(), w('twoHandedSword'), w('dagger')))).toBe(
      'PDA.Error.Greyhawk.TwoHandedInPair',
    );
  });

  it('G-ST5 missile style: half move halves the attacks, specialists keep them all or half after a full move', () => {
    expect(missileStyleAttacks(fighter(), 4, 'half')).toBe(2);
    expect(key(() => missileStyleAttacks(fighter(), 4, 'full'))).toBe('PDA.Error.Greyhawk.FullMoveNoShot');
    const spec = fighter({ styles: { missile: 1 } });
    expect(missileStyleAttacks(spec, 4, 'half')).toBe(4);
    expect(missileStyleAttacks(spec, 4, 'full')).toBe(2);
    expect(sum(missileStyleAc(spec))).toBe(-1);
  });

  it('G-ST5 the missile style needs to be out of melee reach: the enemy size, 1.5× when armed', () => {
    expect(meleeReach('M', false)).toBeCloseTo(1.8);
    expect(meleeReach('M', true)).toBeCloseTo(2.7);
    expect(key(() => ensureOutOfReach(2, 'M', true))).toBe('PDA.Error.Greyhawk.InMeleeReach');
    expect(() => ensureOutOfReach(3, 'M', true)).not.toThrow();
  });

  it('G-ST6 mounted archery: modifiers 0/−1/−3/−5 by mount speed, reduced by 2 with specialisation', () => {
    expect(mountedArcheryModifier(fighter(), 0)).toEqual([]);
    expect(sum(mountedArcheryModifier(fighter(), 0.3))).toBe(-1);
    expect(sum(mountedArcheryModifier(fighter(), 0.6))).toBe(-3);
    expect(sum(mountedArcheryModifier(fighter(), 1))).toBe(-5);
    const spec = fighter({ styles: { mountedArchery: 1 } });
    expect(sum(mountedArcheryModifier(spec, 0.3))).toBe(0);
    expect(sum(mountedArcheryModifier(spec, 1))).toBe(-3);
  });

  it('G-ST6 long bows need specialisation, heavy crossbows cannot be reloaded, rate of fire drops when moving', () => {
    expect(key(() => ensureMountedWeapon(fighter(), w('longBow')))).toBe('PDA.Error.Greyhawk.LongBowMounted');
    const spec = fighter({ mastery: { longBow: { rank: 'specialist', since: 1, firstSpecialised: 1 } } });
    expect(ensureMountedWeapon(spec, w('longBow')).canReload).toBe(true);
    expect(ensureMountedWeapon(fighter(), w('shortBow')).canReload).toBe(true);
    expect(ensureMountedWeapon(fighter(), w('heavyCrossbow')).canReload).toBe(false);
    expect(mountedRateOfFire(4, true)).toBe(2); // 2/1 → 1/1
    expect(mountedRateOfFire(2, true)).toBe(1); // 1/1 → 1/2
    expect(mountedRateOfFire(4, false)).toBe(4);
  });
});

describe('handedness', () => {
  it('G-H1 handedness is rolled on d100: 01–87 right, 88–98 left, 99–00 ambidextrous', () => {
    expect(handednessFromRoll(1)).toBe('right');
    expect(handednessFromRoll(87)).toBe('right');
    expect(handednessFromRoll(88)).toBe('left');
    expect(handednessFromRoll(98)).toBe('left');
    expect(handednessFromRoll(99)).toBe('ambidextrous');
    expect(handednessFromRoll(100)).toBe('ambidextrous');
  });

  it('G-H1 a weapon alone in the unusual hand is at −2; ambidexterity removes it and evens two-weapon penalties', () => {
    const off = attackModifiers({
      attacker: fighter(),
      weapon: w('longSword'),
      target: unarmoured,
      hand: 'off',
    });
    expect(off).toEqual([expect.objectContaining({ source: 'G-H1', value: -2 })]);
    const amb = fighter({ handedness: 'ambidextrous' });
    expect(
      sum(attackModifiers({ attacker: amb, weapon: w('longSword'), target: unarmoured, hand: 'off' })),
    ).toBe(0);
    const p = secondHandPenalties(amb, 'twoWeapons');
    expect([sum(p.main), sum(p.off)]).toEqual([-2, -2]);
  });
});
