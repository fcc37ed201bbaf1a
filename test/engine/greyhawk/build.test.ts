import { describe, expect, it } from 'vitest';
import { RulesError } from '../../../src/engine/core/errors';
import { ScriptedDice } from '../../../src/engine/dice';
import {
  addClass,
  attackModifiers,
  calledShotUse,
  chooseHandedness,
  dropMastery,
  forgetProficiency,
  initiativeModifiers,
  isInClass,
  learnProficiency,
  lowerStyle,
  nameWeaponOfChoice,
  nextRank,
  raiseMastery,
  raiseStyle,
  refusalOf,
  removeClass,
  resolveDisarm,
  rollHandedness,
  setClassLevel,
  setClergyWeapons,
  slotsSpent,
  thac0,
  validateSheet,
  type GreyhawkCharacter,
} from '../../../src/engine/greyhawk';
import { cleric, d20, d6, fighter, mage, thief, unarmoured, w } from './fixtures';

/** The refusal of a change: its lang key and rule ID, or 'accepted'. */
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return `${e.key} ${String(e.data.rule ?? '')}`.trim();
    throw e;
  }
  return 'accepted';
};

const at = (c: GreyhawkCharacter, level: number): GreyhawkCharacter => ({
  ...c,
  classes: c.classes.map((k) => ({ ...k, level })),
});

describe('building a fighter from the sheet', () => {
  it('classes: a multiclass fighter/thief is accepted; a second warrior class, a paladin multiclass and duplicates are refused', () => {
    const ft = addClass(fighter(), 'thief');
    expect(ft.classes).toEqual([
      { cls: 'fighter', level: 1 },
      { cls: 'thief', level: 1 },
    ]);
    expect(refusal(() => addClass(fighter(), 'ranger'))).toBe('PDA.Error.Greyhawk.TwoWarriorClasses base');
    expect(refusal(() => addClass(fighter({ classes: [{ cls: 'paladin', level: 1 }] }), 'mage'))).toBe(
      'PDA.Error.Greyhawk.PaladinMulticlass base',
    );
    expect(refusal(() => addClass(fighter(), 'fighter'))).toBe('PDA.Error.Greyhawk.ClassTwice base');
    expect(refusal(() => removeClass(fighter(), 'fighter'))).toBe('PDA.Error.Greyhawk.NoClass base');
    expect(refusal(() => setClassLevel(fighter(), 'fighter', 21))).toBe('PDA.Error.Greyhawk.BadLevel base');
    expect(setClassLevel(fighter(), 'fighter', 7).classes).toEqual([{ cls: 'fighter', level: 7 }]);
  });

  it('G-W1 a level drop that leaves too many weapon slots spent is refused', () => {
    // Level 7, INT 10: 4 + 2 + 2 = 8 slots; five weapons and a bow specialisation use 7.
    let c = at(fighter({ proficiencies: ['longSword', 'dagger', 'longBow', 'spear', 'club'] }), 7);
    c = raiseMastery(c, 'longBow', 'specialist');
    expect(slotsSpent(c)).toBe(7);
    expect(refusal(() => setClassLevel(c, 'fighter', 1))).toBe('PDA.Error.Greyhawk.RankAboveLevel G-M1');
    const noRank = { ...c, mastery: {} };
    // 5 slots spent, level 1 gives 4 + 2 (INT 10): accepted; INT 1 gives 4 alone.
    expect(setClassLevel(noRank, 'fighter', 1).classes[0]?.level).toBe(1);
    expect(refusal(() => setClassLevel({ ...noRank, int: 1 }, 'fighter', 1))).toBe(
      'PDA.Error.Greyhawk.TooManySlots G-W1',
    );
  });

  it('G-W1 the fighter spends INT extra slots on weapons: a fifth and sixth weapon at INT 10', () => {
    let c = fighter({ proficiencies: [] });
    for (const weapon of ['longSword', 'dagger', 'longBow', 'spear', 'club', 'battleAxe']) {
      c = learnProficiency(c, weapon);
    }
    expect(c.proficiencies).toHaveLength(6);
    expect(refusal(() => learnProficiency(c, 'halberd'))).toBe('PDA.Error.Greyhawk.TooManySlots G-W1');
    // A mage at INT 10 has one weapon slot, whatever the INT.
    expect(refusal(() => learnProficiency(mage(), 'quarterstaff'))).toBe(
      'PDA.Error.Greyhawk.TooManySlots G-W1',
    );
  });

  it('G-W2 a proficiency already known is refused and an unknown weapon is refused', () => {
    expect(refusal(() => learnProficiency(fighter(), 'longSword'))).toBe(
      'PDA.Error.Greyhawk.AlreadyKnown G-W2',
    );
    expect(refusal(() => learnProficiency(fighter(), 'lightsaber'))).toBe(
      'PDA.Error.Greyhawk.UnknownWeapon G-W5',
    );
  });

  it('G-W4 a cleric outside the clergy weapons is refused; a thief pays one extra slot for a long bow', () => {
    expect(refusal(() => learnProficiency(cleric(), 'longSword'))).toBe(
      'PDA.Error.Greyhawk.PriestWeapon G-W4',
    );
    expect(learnProficiency(cleric(), 'warhammer').proficiencies).toContain('warhammer');
    // A clergy named on the sheet replaces the blunt weapons.
    const ofSpears = cleric({ clergyWeapons: ['spear', 'footmansMace'] });
    expect(learnProficiency(ofSpears, 'spear').proficiencies).toContain('spear');
    expect(refusal(() => learnProficiency(ofSpears, 'warhammer'))).toBe(
      'PDA.Error.Greyhawk.PriestWeapon G-W4',
    );
    // Multiclassed, the cleric still keeps to the clergy's weapons.
    const fc = cleric({
      classes: [
        { cls: 'fighter', level: 1 },
        { cls: 'cleric', level: 1 },
      ],
    });
    expect(refusal(() => learnProficiency(fc, 'longSword'))).toBe('PDA.Error.Greyhawk.PriestWeapon G-W4');
    // Thief level 5: 3 slots; short sword (1) + long bow out of class (2) = 3.
    const t = learnProficiency(thief({ classes: [{ cls: 'thief', level: 5 }] }), 'longBow');
    expect(t.outOfClass).toEqual(['longBow']);
    expect(slotsSpent(t)).toBe(3);
    expect(isInClass(t, 'shortBow')).toBe(true);
    expect(refusal(() => learnProficiency(thief(), 'longBow'))).toBe('PDA.Error.Greyhawk.TooManySlots G-W1');
  });

  it('G-W4 a clergy list named on the sheet: refused for a non-priest or if a known weapon falls outside', () => {
    const c = setClergyWeapons(cleric(), ['footmansMace', 'spear']);
    expect(c.clergyWeapons).toEqual(['footmansMace', 'spear']);
    expect(refusal(() => setClergyWeapons(cleric(), ['spear']))).toBe('PDA.Error.Greyhawk.PriestWeapon G-W4');
    expect(refusal(() => setClergyWeapons(fighter(), ['spear']))).toBe('PDA.Error.Greyhawk.NotAPriest G-W4');
    expect(refusal(() => setClergyWeapons(cleric(), ['footmansMace', 'laser']))).toBe(
      'PDA.Error.Greyhawk.UnknownWeapon G-W5',
    );
  });

  it('G-W5 a tight group costs two slots and covers its weapons; a cleric cannot take a group with edged weapons', () => {
    const c = learnProficiency(fighter({ proficiencies: [] }), 'tight:axes');
    expect(slotsSpent(c)).toBe(2);
    expect(attackModifiers({ attacker: c, weapon: w('handAxe'), target: unarmoured })).toEqual([]);
    expect(refusal(() => learnProficiency(cleric(), 'tight:axes'))).toBe(
      'PDA.Error.Greyhawk.PriestWeapon G-W4',
    );
    expect(refusal(() => learnProficiency(fighter(), 'tight:nothing'))).toBe(
      'PDA.Error.Greyhawk.UnknownWeapon G-W5',
    );
  });

  it('G-W6 the weapon of choice is named once, cannot be forgotten, and needs the proficiency', () => {
    const c = nameWeaponOfChoice(fighter(), 'longSword');
    expect(c.weaponOfChoice).toBe('longSword');
    expect(refusal(() => nameWeaponOfChoice(c, 'dagger'))).toBe('PDA.Error.Greyhawk.ChoiceIsPermanent G-W6');
    expect(refusal(() => forgetProficiency(c, 'longSword'))).toBe(
      'PDA.Error.Greyhawk.ChoiceIsPermanent G-W6',
    );
    expect(refusal(() => nameWeaponOfChoice(fighter(), 'halberd'))).toBe(
      'PDA.Error.Greyhawk.ChoiceNotProficient G-W6',
    );
    expect(forgetProficiency(c, 'dagger').proficiencies).toEqual(['longSword', 'longBow']);
  });

  it('G-S1 a paladin or ranger specialising is refused; a fighter specialises; the proficiency cannot then be forgotten', () => {
    const paladin = fighter({ classes: [{ cls: 'paladin', level: 3 }] });
    expect(nextRank(paladin, 'longSword')).toBe('expert');
    expect(refusal(() => raiseMastery(paladin, 'longSword', 'specialist'))).toBe(
      'PDA.Error.Greyhawk.SpecialistFightersOnly G-S1',
    );
    const s = raiseMastery(fighter(), 'longSword', 'specialist');
    expect(nextRank(s, 'longSword')).toBe('master');
    expect(refusal(() => forgetProficiency(s, 'longSword'))).toBe('PDA.Error.Greyhawk.RankNeedsWeapon G-S1');
    expect(dropMastery(s, 'longSword').mastery).toEqual({});
  });

  it('G-S1 a second specialisation before three more levels is refused, accepted three levels later', () => {
    const s = raiseMastery(at(fighter({ int: 16 }), 2), 'longSword', 'specialist');
    expect(refusal(() => raiseMastery(at(s, 4), 'dagger', 'specialist'))).toBe(
      'PDA.Error.Greyhawk.SpecialisationTooSoon G-S1',
    );
    expect(raiseMastery(at(s, 5), 'dagger', 'specialist').mastery?.dagger?.rank).toBe('specialist');
  });

  it('G-S1 a specialist who takes a second class loses the right: the class is refused', () => {
    const s = raiseMastery(fighter(), 'longSword', 'specialist');
    expect(refusal(() => addClass(s, 'thief'))).toBe('PDA.Error.Greyhawk.SpecialistFightersOnly G-S1');
  });

  it('G-E1 expertise is open to a multiclass fighter, refused to a mage, and a second one waits six levels', () => {
    const fm = fighter({
      int: 16,
      classes: [
        { cls: 'fighter', level: 2 },
        { cls: 'mage', level: 2 },
      ],
    });
    const e = raiseMastery(fm, 'longSword', 'expert');
    expect(e.mastery?.longSword?.rank).toBe('expert');
    expect(refusal(() => raiseMastery(mage(), 'dagger', 'expert'))).toBe(
      'PDA.Error.Greyhawk.ExpertiseNotOpen G-E1',
    );
    expect(refusal(() => raiseMastery(e, 'dagger', 'expert'))).toBe(
      'PDA.Error.Greyhawk.ExpertiseTooSoon G-E1',
    );
    expect(nextRank(e, 'longSword')).toBeUndefined();
  });

  it('G-M1 mastery before level 9 or before six levels of specialisation is refused', () => {
    const s = raiseMastery(at(fighter({ int: 16 }), 4), 'longSword', 'specialist');
    expect(refusal(() => raiseMastery(at(s, 8), 'longSword', 'master'))).toBe(
      'PDA.Error.Greyhawk.MasteryLevel G-M1',
    );
    expect(refusal(() => raiseMastery(at(s, 9), 'longSword', 'master'))).toBe(
      'PDA.Error.Greyhawk.MasteryGap G-M1',
    );
    expect(raiseMastery(at(s, 10), 'longSword', 'master').mastery?.longSword?.rank).toBe('master');
  });

  it('G-M2 high mastery needs level 15 and six levels of mastery', () => {
    const s = raiseMastery(at(fighter({ int: 16 }), 3), 'longSword', 'specialist');
    const m = raiseMastery(at(s, 9), 'longSword', 'master');
    expect(refusal(() => raiseMastery(at(m, 14), 'longSword', 'highMaster'))).toBe(
      'PDA.Error.Greyhawk.MasteryLevel G-M2',
    );
    expect(raiseMastery(at(m, 15), 'longSword', 'highMaster').mastery?.longSword?.rank).toBe('highMaster');
  });

  it('G-M3 grand mastery needs level 18 and three levels of high mastery', () => {
    const s = raiseMastery(at(fighter({ int: 18 }), 3), 'longSword', 'specialist');
    const m = raiseMastery(at(s, 9), 'longSword', 'master');
    const h = raiseMastery(at(m, 16), 'longSword', 'highMaster');
    expect(refusal(() => raiseMastery(at(h, 18), 'longSword', 'grandMaster'))).toBe(
      'PDA.Error.Greyhawk.MasteryGap G-M3',
    );
    expect(raiseMastery(at(h, 19), 'longSword', 'grandMaster').mastery?.longSword?.rank).toBe('grandMaster');
    expect(refusal(() => raiseMastery(at(m, 18), 'longSword', 'grandMaster'))).toBe(
      'PDA.Error.Greyhawk.MasteryPrerequisite G-M3',
    );
  });

  it('G-ST1 free hand: known for free, two specialisation slots at most', () => {
    let c = raiseStyle(fighter(), 'freeHand');
    expect(c.styles?.freeHand).toBe(0);
    expect(slotsSpent(c)).toBe(3);
    c = raiseStyle(raiseStyle(c, 'freeHand'), 'freeHand');
    expect(c.styles?.freeHand).toBe(2);
    expect(refusal(() => raiseStyle(c, 'freeHand'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST1');
    expect(lowerStyle(c, 'freeHand').styles?.freeHand).toBe(1);
    expect(lowerStyle(raiseStyle(fighter(), 'freeHand'), 'freeHand').styles).toEqual({});
  });

  it('G-ST2 two-handed: one specialisation slot', () => {
    const c = raiseStyle(raiseStyle(fighter(), 'twoHanded'), 'twoHanded');
    expect(c.styles?.twoHanded).toBe(1);
    expect(refusal(() => raiseStyle(c, 'twoHanded'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST2');
  });

  it('G-ST3 weapon and shield: two specialisation slots', () => {
    let c = raiseStyle(fighter({ int: 16 }), 'shield');
    c = raiseStyle(raiseStyle(c, 'shield'), 'shield');
    expect(c.styles?.shield).toBe(2);
    expect(refusal(() => raiseStyle(c, 'shield'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST3');
  });

  it('G-ST4 two weapons: specialisation costs two slots, a third for equal sizes; a ranger pays one for the last step', () => {
    let c = raiseStyle(fighter({ int: 16 }), 'twoWeapons');
    c = raiseStyle(c, 'twoWeapons');
    expect(c.styles?.twoWeapons).toBe(2);
    expect(slotsSpent(c)).toBe(5);
    c = raiseStyle(c, 'twoWeapons');
    expect(c.styles?.twoWeapons).toBe(3);
    expect(refusal(() => raiseStyle(c, 'twoWeapons'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST4');
    // INT 10 level 1: 6 slots, 3 used: the two-slot specialisation fits once, not with a third.
    const tight = raiseStyle(raiseStyle(fighter(), 'twoWeapons'), 'twoWeapons');
    expect(slotsSpent(tight)).toBe(5);
    expect(refusal(() => raiseStyle({ ...tight, int: 3 }, 'twoWeapons'))).toBe(
      'PDA.Error.Greyhawk.TooManySlots G-W1',
    );
    let r = raiseStyle(fighter({ classes: [{ cls: 'ranger', level: 1 }] }), 'twoWeapons');
    r = raiseStyle(r, 'twoWeapons');
    expect(r.styles?.twoWeapons).toBe(1);
    expect(refusal(() => raiseStyle(r, 'twoWeapons'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST4');
    expect(refusal(() => validateSheet({ ...fighter(), styles: { twoWeapons: 1 } }))).toBe(
      'PDA.Error.Greyhawk.StyleSlots G-ST4',
    );
  });

  it('G-ST5 and G-ST6 missile style and mounted archery: one specialisation slot each', () => {
    const c = raiseStyle(raiseStyle(fighter(), 'missile'), 'missile');
    expect(refusal(() => raiseStyle(c, 'missile'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST5');
    const m = raiseStyle(raiseStyle(fighter(), 'mountedArchery'), 'mountedArchery');
    expect(refusal(() => raiseStyle(m, 'mountedArchery'))).toBe('PDA.Error.Greyhawk.StyleMaxed G-ST6');
    expect(refusal(() => lowerStyle(fighter(), 'missile'))).toBe('PDA.Error.Greyhawk.StyleUnknown G-ST5');
  });

  it('G-H1 handedness is rolled through the dice port on the ruling table, or chosen', () => {
    expect(
      rollHandedness(fighter(), new ScriptedDice([{ faces: 100, value: 87 }])).character.handedness,
    ).toBe('right');
    expect(
      rollHandedness(fighter(), new ScriptedDice([{ faces: 100, value: 88 }])).character.handedness,
    ).toBe('left');
    expect(
      rollHandedness(fighter(), new ScriptedDice([{ faces: 100, value: 99 }])).character.handedness,
    ).toBe('ambidextrous');
    expect(chooseHandedness(fighter(), 'left').handedness).toBe('left');
    expect(refusal(() => chooseHandedness(fighter(), 'both' as never))).toBe(
      'PDA.Error.Greyhawk.UnknownHand G-H1',
    );
  });

  it('refusalOf returns the refusal without throwing, null when the change is accepted', () => {
    expect(refusalOf(() => learnProficiency(cleric(), 'longSword'))?.data.rule).toBe('G-W4');
    expect(refusalOf(() => learnProficiency(fighter(), 'spear'))).toBeNull();
  });

  it('a monster sheet THAC0 replaces the hit dice table', () => {
    const ogre: GreyhawkCharacter = { ...fighter(), classes: [], monster: { hitDice: 4 } };
    expect(thac0(ogre)).toBe(17);
    expect(thac0({ ...ogre, monster: { hitDice: 4, thac0: 15 } })).toBe(15);
  });
});

describe('called disarms: one reading for the tracker and the card', () => {
  const combatant = { id: 'g', name: 'Gord', side: 'pc' as const, attacksPerTwoRounds: 2, speed: 0 };
  const init = (action: 'disarm' | 'expertDisarm', calledShot?: 1 | 2) =>
    initiativeModifiers(combatant, { action, ...(calledShot ? { calledShot } : {}) }, { round: 1 }).reduce(
      (s, m) => s + m.value,
      0,
    );
  const base = { attacker: fighter(), weapon: w('longSword'), target: unarmoured, victimLevel: 1 };
  const hit = (expert: boolean, calledShot?: 1 | 2) =>
    resolveDisarm(
      { ...base, expert, victimGrip: 'oneHanded', ...(calledShot ? { calledShot } : {}) },
      new ScriptedDice(expert ? [d20(20), d20(1)] : [d20(20), d6(1), d6(1)]),
    ).attack.modifierTotal;

  it('G-D5 an expert disarm declared doubly called gets +2 initiative once and −8 once', () => {
    expect(init('expertDisarm', 2)).toBe(2);
    expect(init('expertDisarm')).toBe(2);
    expect(hit(true, 2)).toBe(-8);
  });

  it('G-D1 a plain disarm is a called shot (+1, −4); a doubly called tick adds nothing, in the tracker and on the card', () => {
    expect(init('disarm')).toBe(1);
    expect(hit(false)).toBe(-4);
    expect(init('disarm', 2)).toBe(1);
    expect(hit(false, 2)).toBe(-4);
    expect(init('disarm', 1)).toBe(1);
    expect(hit(false, 1)).toBe(-4);
    expect(calledShotUse('disarm', 2)).toEqual({ level: 1, source: 'G-D1', label: 'Disarm' });
    // Any other attack keeps its declared called shot.
    expect(calledShotUse(undefined, 2)).toEqual({ level: 2, source: 'G-C1', label: 'DoublyCalledShot' });
  });
});
