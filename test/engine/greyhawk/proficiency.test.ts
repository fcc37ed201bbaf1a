import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  advanceMastery,
  attackModifiers,
  attacksInRound,
  attacksPerTwoRounds,
  broadGroupsOf,
  chooseWeaponOfChoice,
  damageModifiers,
  ensureManoeuvreAllowed,
  initiativeModifiers,
  learnWeapon,
  proficiencyCost,
  proficiencyModifiers,
  proficiencyStatus,
  rangeBand,
  resolveAttack,
  slotBudget,
  SPECIALIST_ATTACKS,
  tightGroupsOf,
  TIGHT_GROUPS,
  validateCharacter,
  type GreyhawkCharacter,
} from '../../../src/engine/greyhawk';
import { cleric, d20, fighter, mage, thief, unarmoured, w } from './fixtures';

const total = (mods: { value: number }[]) => mods.reduce((s, m) => s + m.value, 0);
const key = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return e.key;
    throw e;
  }
  return 'no error';
};

describe('proficiencies', () => {
  it('G-W1 INT extra slots go to weapons for fighters and to non-weapon skills for others', () => {
    expect(slotBudget(fighter({ int: 16 }))).toEqual({ weapon: 4 + 5, nonweapon: 3 });
    expect(slotBudget(mage({ int: 16 }))).toEqual({ weapon: 1, nonweapon: 4 + 5 });
    expect(slotBudget(thief({ int: 12, classes: [{ cls: 'thief', level: 5 }] }))).toEqual({
      weapon: 3,
      nonweapon: 4 + 3,
    });
  });

  it('G-W1 a new slot at every level evenly divisible by the group number (PHB table 34)', () => {
    const at = (make: typeof fighter, cls: string, level: number) =>
      slotBudget(make({ int: 8, classes: [{ cls, level }] } as never)).weapon;
    // INT 8 gives one extra slot: to weapons for warriors only.
    expect([1, 2, 3, 5, 6, 9].map((l) => at(fighter, 'fighter', l))).toEqual([5, 5, 6, 6, 7, 8]);
    expect([1, 3, 4, 7, 8].map((l) => at(thief, 'thief', l))).toEqual([2, 2, 3, 3, 4]);
    expect([1, 3, 4, 8].map((l) => at(cleric, 'cleric', l))).toEqual([2, 2, 3, 4]);
    expect([1, 5, 6, 12].map((l) => at(mage, 'mage', l))).toEqual([1, 1, 2, 3]);
  });

  it('G-W2 a non-proficient fighter attacks at −2, priest and rogue −3, mage −5', () => {
    const axe = w('battleAxe');
    expect(proficiencyModifiers(fighter(), axe)).toEqual([
      expect.objectContaining({ source: 'G-W2', value: -2 }),
    ]);
    expect(total(proficiencyModifiers(cleric(), axe))).toBe(-3);
    expect(total(proficiencyModifiers(thief(), axe))).toBe(-3);
    expect(total(proficiencyModifiers(mage(), axe))).toBe(-5);
    expect(proficiencyModifiers(fighter(), w('longSword'))).toEqual([]);
  });

  it('G-W2 a proficiency costs one slot and a non-proficient fighter cannot disarm or parry', () => {
    expect(proficiencyCost(fighter(), 'battleAxe')).toBe(1);
    expect(key(() => ensureManoeuvreAllowed(fighter(), w('battleAxe')))).toBe(
      'PDA.Error.Greyhawk.NotProficient',
    );
    expect(() => ensureManoeuvreAllowed(fighter(), w('longSword'))).not.toThrow();
  });

  it('G-W3 a weapon of a known tight group takes half the penalty rounded up', () => {
    const broad = w('broadSword'); // long blades, like the long sword
    expect(proficiencyStatus(fighter(), 'broadSword')).toBe('related');
    expect(proficiencyModifiers(fighter(), broad)).toEqual([
      expect.objectContaining({ source: 'G-W3', value: -1 }),
    ]);
    expect(total(proficiencyModifiers(thief({ proficiencies: ['longSword'] }), broad))).toBe(-2);
    expect(total(proficiencyModifiers(mage({ proficiencies: ['longSword'] }), broad))).toBe(-3);
  });

  it('G-W4 out-of-class weapons: a rogue pays one extra slot, a mage two, a priest cannot', () => {
    expect(proficiencyCost(thief({ outOfClass: ['longBow'] }), 'longBow')).toBe(2);
    expect(proficiencyCost(mage({ outOfClass: ['longSword'] }), 'longSword')).toBe(3);
    expect(key(() => learnWeapon(cleric(), 'longSword', true))).toBe('PDA.Error.Greyhawk.PriestWeapon');
  });

  it('G-W5 weapon groups are data: tight groups inside broad groups', () => {
    expect(tightGroupsOf('longSword')).toContain('longBlades');
    expect(broadGroupsOf('longSword')).toEqual(['blades']);
    expect(TIGHT_GROUPS.bows).toContain('compositeShortBow');
    const groupFighter = fighter({ proficiencies: ['tight:axes'] });
    expect(proficiencyStatus(groupFighter, 'handAxe')).toBe('proficient');
    expect(proficiencyCost(groupFighter, 'tight:axes')).toBe(2);
    expect(proficiencyStatus(fighter({ proficiencies: ['broad:blades'] }), 'dagger')).toBe('proficient');
  });

  it('G-W6 the weapon of choice gives +1 to hit; fighters pay nothing, mages two slots, once only', () => {
    const f = chooseWeaponOfChoice(fighter(), 'longSword');
    expect(attackModifiers({ attacker: f, weapon: w('longSword'), target: unarmoured })).toEqual([
      expect.objectContaining({ source: 'G-W6', value: 1 }),
    ]);
    expect(key(() => chooseWeaponOfChoice(f, 'dagger'))).toBe('PDA.Error.Greyhawk.ChoiceIsPermanent');
    expect(key(() => chooseWeaponOfChoice(fighter(), 'battleAxe'))).toBe(
      'PDA.Error.Greyhawk.ChoiceNotProficient',
    );
    // A mage has one weapon slot: the dagger uses it, naming a weapon of choice needs two more.
    expect(key(() => chooseWeaponOfChoice(mage(), 'dagger'))).toBe('PDA.Error.Greyhawk.TooManySlots');
    expect(() =>
      chooseWeaponOfChoice(mage({ classes: [{ cls: 'mage', level: 13 }] }), 'dagger'),
    ).not.toThrow();
  });
});

describe('specialisation, expertise and mastery', () => {
  const specialist = (level: number, init: Partial<GreyhawkCharacter> = {}) =>
    advanceMastery(fighter({ classes: [{ cls: 'fighter', level }], ...init }), 'longSword', 'specialist');

  it('G-S1 only single-class fighters specialise, for one slot (two for bows)', () => {
    expect(specialist(1).mastery?.longSword?.rank).toBe('specialist');
    const ranger = fighter({ classes: [{ cls: 'ranger', level: 1 }] });
    expect(key(() => advanceMastery(ranger, 'longSword', 'specialist'))).toBe(
      'PDA.Error.Greyhawk.SpecialistFightersOnly',
    );
    const multi = fighter({
      classes: [
        { cls: 'fighter', level: 1 },
        { cls: 'thief', level: 1 },
      ],
    });
    expect(key(() => advanceMastery(multi, 'longSword', 'specialist'))).toBe(
      'PDA.Error.Greyhawk.SpecialistFightersOnly',
    );
    // Three proficiencies + long bow specialisation (2) = 5 > 4 slots at INT 1.
    const dull = fighter({ int: 1 });
    expect(key(() => advanceMastery(dull, 'longBow', 'specialist'))).toBe('PDA.Error.Greyhawk.TooManySlots');
  });

  it('G-S1 a second specialisation is refused until three levels later', () => {
    const at1 = specialist(1, { int: 16 });
    expect(key(() => advanceMastery(at1, 'dagger', 'specialist'))).toBe(
      'PDA.Error.Greyhawk.SpecialisationTooSoon',
    );
    const at4 = { ...at1, classes: [{ cls: 'fighter' as const, level: 4 }] };
    expect(advanceMastery(at4, 'dagger', 'specialist').mastery?.dagger?.rank).toBe('specialist');
  });

  it('G-S2 a melee specialist gets +1 hit, +2 damage and 3/2 attacks at level 1', () => {
    const s = specialist(1);
    const ctx = { attacker: s, weapon: w('longSword'), target: unarmoured };
    expect(total(attackModifiers(ctx))).toBe(1);
    expect(damageModifiers(ctx)).toEqual([expect.objectContaining({ source: 'G-S2', value: 2 })]);
    expect(attacksPerTwoRounds(s, w('longSword'))).toBe(3);
    expect([attacksInRound(3, 1), attacksInRound(3, 2)]).toEqual([1, 2]);
  });

  it('G-S3 a bow specialist: +1 hit at all ranges, point blank 2–10 m +2 damage, crossbow to 20 m', () => {
    const s = advanceMastery(fighter({ int: 12 }), 'longBow', 'specialist');
    const bow = w('longBow');
    expect(rangeBand(s, bow, 8)).toBe('pointBlank');
    expect(rangeBand(s, bow, 12)).toBe('short');
    const pb = { attacker: s, weapon: bow, target: unarmoured, distance: 8 };
    expect(attackModifiers(pb)).toEqual([expect.objectContaining({ source: 'G-S3', value: 1 })]);
    expect(damageModifiers(pb)).toEqual([expect.objectContaining({ source: 'G-S3', value: 2 })]);
    expect(attackModifiers({ ...pb, distance: 100 })).toContainEqual(
      expect.objectContaining({ source: 'G-S3', value: 1 }),
    );
    const xs = advanceMastery(
      fighter({ int: 12, proficiencies: ['lightCrossbow'] }),
      'lightCrossbow',
      'specialist',
    );
    expect(rangeBand(xs, w('lightCrossbow'), 18)).toBe('pointBlank');
    const s7 = { ...s, classes: [{ cls: 'fighter' as const, level: 7 }] };
    expect(attacksPerTwoRounds(s7, bow)).toBeGreaterThan(
      attacksPerTwoRounds(fighter({ classes: [{ cls: 'fighter', level: 7 }] }), bow),
    );
  });

  it('G-S3 a specialist holding a target shoots before initiative (or at 0 to break a spell)', () => {
    const held = initiativeModifiers(
      { id: 'a', name: 'A', side: 'pc', attacksPerTwoRounds: 4, speed: 8, missileSpecialist: true },
      { action: 'heldShot' },
      { round: 1 },
    );
    expect(held).toContainEqual(expect.objectContaining({ label: 'PDA.Greyhawk.Init.Speed' }));
  });

  it('G-S4 another missile specialist gets +1 hit and a better rate of fire', () => {
    const s = advanceMastery(fighter({ proficiencies: ['dart'] }), 'dart', 'specialist');
    const dart = w('dart');
    expect(attackModifiers({ attacker: s, weapon: dart, target: unarmoured, distance: 5 })).toEqual([
      expect.objectContaining({ source: 'G-S4', value: 1 }),
    ]);
    expect(attacksPerTwoRounds(s, dart)).toBe(8);
    expect(attacksPerTwoRounds(fighter({ proficiencies: ['dart'] }), dart)).toBe(6);
  });

  it('G-E1 expertise: rangers, paladins and multiclass fighters get specialist attacks and no bonus', () => {
    const r = advanceMastery(fighter({ classes: [{ cls: 'ranger', level: 1 }] }), 'longSword', 'expert');
    const ctx = { attacker: r, weapon: w('longSword'), target: unarmoured };
    expect(attacksPerTwoRounds(r, w('longSword'))).toBe(3);
    expect(attackModifiers(ctx)).toEqual([]);
    expect(damageModifiers(ctx)).toEqual([]);
    expect(key(() => advanceMastery(fighter(), 'longSword', 'expert'))).toBe(
      'PDA.Error.Greyhawk.ExpertiseNotOpen',
    );
    const r5 = { ...r, int: 16, classes: [{ cls: 'ranger' as const, level: 5 }] };
    expect(key(() => advanceMastery(r5, 'dagger', 'expert'))).toBe('PDA.Error.Greyhawk.ExpertiseTooSoon');
    const r7 = { ...r5, classes: [{ cls: 'ranger' as const, level: 7 }] };
    expect(advanceMastery(r7, 'dagger', 'expert').mastery?.dagger?.rank).toBe('expert');
  });

  const master = (level: number) => {
    const s = specialist(3, { int: 16 });
    return advanceMastery({ ...s, classes: [{ cls: 'fighter', level }] }, 'longSword', 'master');
  };

  it('G-M1 mastery needs level 9 and six levels of specialisation; melee +2 hit +3 damage', () => {
    const s = specialist(3, { int: 16 });
    expect(
      key(() => advanceMastery({ ...s, classes: [{ cls: 'fighter', level: 8 }] }, 'longSword', 'master')),
    ).toBe('PDA.Error.Greyhawk.MasteryLevel');
    const early = specialist(5, { int: 16 });
    expect(
      key(() => advanceMastery({ ...early, classes: [{ cls: 'fighter', level: 9 }] }, 'longSword', 'master')),
    ).toBe('PDA.Error.Greyhawk.MasteryGap');
    const m = master(9);
    const ctx = { attacker: m, weapon: w('longSword'), target: unarmoured };
    expect(attackModifiers(ctx)).toEqual([expect.objectContaining({ source: 'G-M1', value: 2 })]);
    expect(damageModifiers(ctx)).toEqual([expect.objectContaining({ source: 'G-M1', value: 3 })]);
  });

  it('G-M1 a bow master: +2 hit beyond point blank, +3 damage at point blank', () => {
    const s = advanceMastery(
      fighter({ int: 16, classes: [{ cls: 'fighter', level: 3 }] }),
      'longBow',
      'specialist',
    );
    const m = advanceMastery({ ...s, classes: [{ cls: 'fighter', level: 9 }] }, 'longBow', 'master');
    const pb = { attacker: m, weapon: w('longBow'), target: unarmoured, distance: 6 };
    expect(total(attackModifiers(pb))).toBe(1);
    expect(total(damageModifiers(pb))).toBe(3);
    expect(total(attackModifiers({ ...pb, distance: 40 }))).toBe(2);
  });

  it('G-M2 high mastery: melee speed −1; missiles reach 4/3 of long range at −10 (−8 with mastery)', () => {
    const m = master(9);
    const hm = advanceMastery({ ...m, classes: [{ cls: 'fighter', level: 15 }] }, 'longSword', 'highMaster');
    expect(hm.mastery?.longSword?.rank).toBe('highMaster');
    expect(
      key(() =>
        advanceMastery({ ...m, classes: [{ cls: 'fighter', level: 14 }] }, 'longSword', 'highMaster'),
      ),
    ).toBe('PDA.Error.Greyhawk.MasteryLevel');
    const archer: GreyhawkCharacter = fighter({
      classes: [{ cls: 'fighter', level: 15 }],
      int: 16,
      mastery: { compositeLongBow: { rank: 'highMaster', since: 15, firstSpecialised: 3 } },
      proficiencies: ['compositeLongBow'],
    });
    const bow = w('compositeLongBow');
    // PHB composite long bow: long range 210 m, so extreme range runs to 280 m.
    expect(rangeBand(archer, bow, 280)).toBe('extreme');
    expect(() => rangeBand(archer, bow, 281)).toThrow(/OutOfRange/);
    expect(total(attackModifiers({ attacker: archer, weapon: bow, target: unarmoured, distance: 240 }))).toBe(
      -8,
    );
    expect(() => rangeBand(fighter({ proficiencies: ['compositeLongBow'] }), bow, 215)).toThrow(/OutOfRange/);
  });

  it('G-M3 grand mastery: level 18, three levels of high mastery, one more attack every two rounds', () => {
    const hm: GreyhawkCharacter = fighter({
      int: 16,
      classes: [{ cls: 'fighter', level: 18 }],
      mastery: { longSword: { rank: 'highMaster', since: 15, firstSpecialised: 3 } },
    });
    const gm = advanceMastery(hm, 'longSword', 'grandMaster');
    expect(attacksPerTwoRounds(gm, w('longSword'))).toBe(6);
    expect(attacksPerTwoRounds(hm, w('longSword'))).toBe(5);
    const tooSoon = { ...hm, mastery: { longSword: { rank: 'highMaster' as const, since: 16 } } };
    expect(key(() => advanceMastery(tooSoon, 'longSword', 'grandMaster'))).toBe(
      'PDA.Error.Greyhawk.MasteryGap',
    );
  });

  it('G-M4 specialist attacks per round come from the standard table, by level band', () => {
    expect(SPECIALIST_ATTACKS.melee).toEqual([3, 4, 5]);
    expect(SPECIALIST_ATTACKS.heavyCrossbow).toEqual([1, 2, 3]);
    const s = (level: number) => ({ ...specialist(1), classes: [{ cls: 'fighter' as const, level }] });
    expect(attacksPerTwoRounds(s(7), w('longSword'))).toBe(4);
    expect(attacksPerTwoRounds(s(13), w('longSword'))).toBe(5);
    expect(attacksPerTwoRounds(fighter({ classes: [{ cls: 'fighter', level: 7 }] }), w('longSword'))).toBe(3);
  });

  it('a sheet spending more slots than it has is refused', () => {
    expect(
      key(() =>
        validateCharacter(
          fighter({ int: 1, proficiencies: ['longSword', 'dagger', 'longBow', 'spear', 'club'] }),
        ),
      ),
    ).toBe('PDA.Error.Greyhawk.TooManySlots');
    const r = resolveAttack(
      { attacker: specialist(1), weapon: w('longSword'), target: unarmoured },
      new ScriptedDice([d20(9)]),
    );
    expect(r.outcome).toBe('hit');
  });
});
