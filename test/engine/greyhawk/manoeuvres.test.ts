import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  attackModifiers,
  carveOrCut,
  contestantOf,
  dmgParryAcBonus,
  ensureHolderWeapon,
  ensureMissileParry,
  escapeHold,
  freeShot,
  gripTarget,
  humiliationReaction,
  MONSTER_STR,
  offLineRecovery,
  oneHandedHoldStr,
  pinTarget,
  planShieldPunch,
  resolveAttack,
  resolveDisarm,
  resolveShieldRush,
  rollDamage,
  seizeObject,
  seizePerson,
  standUp,
  stayUpModifiers,
  strengthContest,
  takeHostage,
  validateShieldRush,
  greyhawkOptions,
  greyhawkRoundRules,
  toGreyhawkRoundCombatant,
  type GreyhawkDeclaration,
  type GreyhawkShield,
} from '../../../src/engine/greyhawk';
import { declare, GM, startPasses, startRound } from '../../../src/engine/round';
import { d10, d20, d6, fighter, mage, unarmoured, w } from './fixtures';

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
const sword = w('longSword');
const medium: GreyhawkShield = { kind: 'medium', ac: 1, magic: 0 };

describe('position and surprise', () => {
  it('G-P1 attackers get +1 on a kneeling target, +2 sitting, +4 lying on its back', () => {
    const mods = (position: 'kneeling' | 'sitting' | 'prone') =>
      attackModifiers({ attacker: fighter(), weapon: sword, target: { ...unarmoured, position } });
    expect(mods('kneeling')).toEqual([expect.objectContaining({ source: 'G-P1', value: 1 })]);
    expect(sum(mods('sitting'))).toBe(2);
    expect(sum(mods('prone'))).toBe(4);
  });

  it('G-P1 a paralysed or sleeping target is hit automatically for normal damage', () => {
    const dice = new ScriptedDice([{ faces: 8, value: 6 }]);
    const ctx = {
      attacker: fighter(),
      weapon: sword,
      target: { ac: -5, size: 'M' as const, position: 'helpless' as const },
    };
    const r = resolveAttack(ctx, dice);
    expect(r).toMatchObject({ outcome: 'hit', automatic: 'helpless', natural: null });
    expect(rollDamage(ctx, dice).total).toBe(6);
  });

  it("G-P2 standing up: give up a remaining attack now, or stand at one's turn next round losing nothing", () => {
    expect(standUp('prone', 1, 'forfeitAttack')).toEqual({
      position: 'standing',
      attacksLost: 1,
      standsNextRound: false,
    });
    expect(key(() => standUp('prone', 0, 'forfeitAttack'))).toBe('PDA.Error.Greyhawk.NoAttackLeft');
    expect(standUp('sitting', 0, 'nextRound')).toEqual({
      position: 'sitting',
      attacksLost: 0,
      standsNextRound: true,
    });
  });

  it('G-F1 only one group with missiles ready within 20 m (6 m indoors) gets a free shot; the targets +2 initiative', () => {
    const groups = [
      { id: 'archers', missilesReady: true },
      { id: 'party', missilesReady: false },
    ];
    expect(freeShot(groups, 18, false)).toEqual({
      shooter: 'archers',
      targets: ['party'],
      targetInitiativePenalty: 2,
    });
    expect(freeShot(groups, 8, true).shooter).toBeUndefined();
    expect(freeShot(groups, 25, false).shooter).toBeUndefined();
    const both = [
      { id: 'a', missilesReady: true },
      { id: 'b', missilesReady: true },
    ];
    expect(freeShot(both, 10, false).shooter).toBeUndefined();
  });

  it('G-F2 a monster volley (breath, spikes) counts as ready missiles', () => {
    const groups = [
      { id: 'manticore', missilesReady: false, volley: true },
      { id: 'party', missilesReady: false },
    ];
    expect(freeShot(groups, 15, false).shooter).toBe('manticore');
  });
});

describe('called shots', () => {
  it('G-C1 a called shot is −4 to hit, doubly called −8', () => {
    expect(
      sum(attackModifiers({ attacker: fighter(), weapon: sword, target: unarmoured, calledShot: 1 })),
    ).toBe(-4);
    expect(
      sum(attackModifiers({ attacker: fighter(), weapon: sword, target: unarmoured, calledShot: 2 })),
    ).toBe(-8);
  });

  it('G-C1 carving initials: one letter a hit, 1 damage; a lesser foe loses heart, a greater one is insulted', () => {
    const r = carveOrCut(
      { attacker: fighter({ classes: [{ cls: 'fighter', level: 5 }] }), weapon: sword, target: unarmoured },
      'initials',
      2,
      new ScriptedDice([d20(15)]),
    );
    expect(r).toMatchObject({ damage: 1, reaction: 'morale', lessInsulting: false });
    expect(humiliationReaction(2, 6)).toBe('insult');
    expect(humiliationReaction(4, 4)).toBe('either');
    expect(
      key(() =>
        carveOrCut(
          { attacker: fighter({ proficiencies: ['club'] }), weapon: w('club'), target: unarmoured },
          'initials',
          1,
          new ScriptedDice([]),
        ),
      ),
    ).toBe('PDA.Error.Greyhawk.NeedsEdge');
  });

  it('G-C1 cutting clothing does no damage and insults less', () => {
    const r = carveOrCut(
      { attacker: fighter(), weapon: sword, target: unarmoured },
      'clothing',
      3,
      new ScriptedDice([d20(18)]),
    );
    expect(r).toMatchObject({ damage: 0, reaction: 'insult', lessInsulting: true });
  });

  it('G-C1 pinning needs a wall; the pinned target is −2 AC and attack, frees itself in a round or after three', () => {
    const dagger = w('dagger');
    expect(
      key(() =>
        pinTarget(
          { attacker: fighter(), weapon: dagger, target: unarmoured, missile: true, distance: 5 },
          false,
          new ScriptedDice([]),
        ),
      ),
    ).toBe('PDA.Error.Greyhawk.PinNeedsWall');
    const r = pinTarget(
      { attacker: fighter(), weapon: dagger, target: unarmoured, missile: true, distance: 5 },
      true,
      new ScriptedDice([d20(14)]),
    );
    expect(r.pinned).toEqual({ roundsLeft: 3 });
    expect(
      sum(attackModifiers({ attacker: fighter(), weapon: sword, target: { ...unarmoured, pinned: true } })),
    ).toBe(2);
    expect(
      sum(
        attackModifiers({
          attacker: fighter(),
          weapon: sword,
          target: unarmoured,
          attackerHampered: 'pinned',
        }),
      ),
    ).toBe(-2);
  });

  it('G-C1 hostage: after a round of holding, a called shot puts the blade at the throat for double damage', () => {
    const hold = { holderId: 'f1', victimId: 'v', rounds: 0 };
    const ctx = { attacker: fighter(), weapon: w('dagger'), target: unarmoured };
    expect(key(() => takeHostage(hold, ctx, new ScriptedDice([])))).toBe('PDA.Error.Greyhawk.HoldFirst');
    const r = takeHostage({ ...hold, rounds: 1 }, ctx, new ScriptedDice([d20(12)]));
    expect(r.hold.bladeAtThroat).toBe(true);
    const dmg = rollDamage({ ...ctx, double: true }, new ScriptedDice([{ faces: 4, value: 3 }]));
    expect(dmg.total).toBe(6);
    // The whole blow is doubled, STR bonus included: STR 17 (+1): (3 + 1) × 2 = 8.
    const strong = { ...ctx, attacker: fighter({ str: 17 }), double: true };
    expect(rollDamage(strong, new ScriptedDice([{ faces: 4, value: 3 }])).total).toBe(8);
  });
});

describe('disarms', () => {
  const base = { attacker: fighter(), weapon: sword, target: unarmoured, victimLevel: 1 };

  it('G-D1 a disarm is a called shot: a hit sends a one-handed weapon 1d6 feet in direction 1d6', () => {
    const r = resolveDisarm({ ...base, victimGrip: 'oneHanded' }, new ScriptedDice([d20(14), d6(4), d6(3)]));
    expect(r.attack.modifierTotal).toBe(-4);
    expect(r).toMatchObject({ effect: 'disarmed', landing: { direction: 4, feet: 3 } });
    expect(resolveDisarm({ ...base, victimGrip: 'oneHanded' }, new ScriptedDice([d20(13)])).effect).toBe(
      'failed',
    );
  });

  it("G-D1 optional level rule: the victim keeps the weapon on d20 ≤ 10 + its level − the attacker's", () => {
    expect(gripTarget(1, 20)).toBe(19);
    expect(gripTarget(20, 1)).toBe(1);
    expect(gripTarget(5, 5)).toBe(10);
    const options = greyhawkOptions({ disarmLevelCheck: true });
    const kept = resolveDisarm(
      { ...base, victimGrip: 'oneHanded', victimLevel: 20 },
      new ScriptedDice([d20(20), d20(19)]),
      options,
    );
    expect(kept).toMatchObject({ effect: 'kept', gripCheck: { roll: 19, target: 19 } });
    const lost = resolveDisarm(
      { ...base, victimGrip: 'oneHanded', victimLevel: 1 },
      new ScriptedDice([d20(20), d20(11), d6(1), d6(2)]),
      options,
    );
    expect(lost.effect).toBe('disarmed');
  });

  it('G-D1 a non-proficient weapon cannot disarm', () => {
    expect(
      key(() =>
        resolveDisarm({ ...base, weapon: w('battleAxe'), victimGrip: 'oneHanded' }, new ScriptedDice([])),
      ),
    ).toBe('PDA.Error.Greyhawk.NotProficient');
  });

  it('G-D2 a two-handed weapon is knocked off line; a second disarm in the round throws it 1d6 feet', () => {
    const first = resolveDisarm({ ...base, victimGrip: 'twoHanded' }, new ScriptedDice([d20(15)]));
    expect(first.effect).toBe('offLine');
    const second = resolveDisarm(
      { ...base, victimGrip: 'twoHanded', earlierDisarmsThisRound: 1 },
      new ScriptedDice([d20(15), d6(6), d6(5)]),
    );
    expect(second).toMatchObject({ effect: 'thrown', landing: { direction: 6, feet: 5 } });
    expect(offLineRecovery(1, 'realign')).toEqual({
      attacksUsed: 1,
      losesNextInitiative: false,
      realigned: true,
    });
    expect(offLineRecovery(1, 'punch').realigned).toBe(false);
    expect(offLineRecovery(0, 'realign').losesNextInitiative).toBe(true);
  });

  it('G-D3 a disarmed shield loses its AC for the round unless an attack realigns it; back next round', () => {
    expect(resolveDisarm({ ...base, victimGrip: 'shield' }, new ScriptedDice([d20(16)])).effect).toBe(
      'shieldOffLine',
    );
  });

  it('G-D4 missiles disarm only one-handed weapons; small thrown weapons take −2 more, arrows nothing', () => {
    const bowCtx = { ...base, weapon: w('longBow'), distance: 30 };
    expect(key(() => resolveDisarm({ ...bowCtx, victimGrip: 'twoHanded' }, new ScriptedDice([])))).toBe(
      'PDA.Error.Greyhawk.MissileDisarmOneHanded',
    );
    expect(key(() => resolveDisarm({ ...bowCtx, victimGrip: 'shield' }, new ScriptedDice([])))).toBe(
      'PDA.Error.Greyhawk.MissileDisarmOneHanded',
    );
    expect(
      resolveDisarm({ ...bowCtx, victimGrip: 'oneHanded' }, new ScriptedDice([d20(3)])).attack.modifierTotal,
    ).toBe(-4);
    const thrown = resolveDisarm(
      { ...base, weapon: w('dagger'), missile: true, distance: 5, victimGrip: 'oneHanded' },
      new ScriptedDice([d20(3)]),
    );
    expect(thrown.attack.modifierTotal).toBe(-6);
  });

  it('G-D5 an expert disarm: one-handed only, +2 initiative −8 to hit, caught on a DEX check, morale check', () => {
    expect(
      key(() => resolveDisarm({ ...base, expert: true, victimGrip: 'twoHanded' }, new ScriptedDice([]))),
    ).toBe('PDA.Error.Greyhawk.ExpertDisarmOneHanded');
    const r = resolveDisarm(
      { ...base, expert: true, victimGrip: 'oneHanded', attacker: fighter({ dex: 15 }) },
      new ScriptedDice([d20(19), d20(15)]),
    );
    expect(r.attack.modifierTotal).toBe(-8);
    expect(r).toMatchObject({ effect: 'disarmed', caught: true, moraleCheck: true });
    const dropped = resolveDisarm(
      { ...base, expert: true, victimGrip: 'oneHanded', attacker: fighter({ dex: 15 }) },
      new ScriptedDice([d20(20), d20(16)]),
    );
    expect(dropped.caught).toBe(false);
  });

  it('G-D5 an expert disarm is declared at +2 initiative (a plain disarm +1), whatever called shot is ticked', () => {
    // Gord's long sword has speed 5; his d10 is 4: a plain attack comes at 9.
    const gord = toGreyhawkRoundCombatant(fighter({ id: 'gord' }), sword);
    const orc = toGreyhawkRoundCombatant(
      fighter({ id: 'orc', name: 'Orc', monster: { hitDice: 1 }, classes: [] }),
      w('dagger'),
      { side: 'npc' },
    );
    const initiativeOf = (d: GreyhawkDeclaration): number | undefined => {
      let s = startRound(greyhawkRoundRules, [gord, orc], new ScriptedDice([d10(4), d10(6)]));
      s = declare(greyhawkRoundRules, s, 'gord', d, GM);
      s = declare(greyhawkRoundRules, s, 'orc', { action: 'attack', targetId: 'gord' }, GM);
      s = startPasses(greyhawkRoundRules, s, { by: GM });
      return s.slots.find((x) => x.combatantId === 'gord' && x.pass === 2)?.order;
    };
    expect(initiativeOf({ action: 'attack', targetId: 'orc' })).toBe(9);
    expect(initiativeOf({ action: 'expertDisarm', targetId: 'orc' })).toBe(11);
    expect(initiativeOf({ action: 'disarm', targetId: 'orc' })).toBe(10);
    // An expert disarm is already a doubly called shot: ticking one adds nothing more.
    expect(initiativeOf({ action: 'expertDisarm', targetId: 'orc', calledShot: 2 })).toBe(11);
    expect(initiativeOf({ action: 'expertDisarm', targetId: 'orc', calledShot: 1 })).toBe(11);
    expect(initiativeOf({ action: 'disarm', targetId: 'orc', calledShot: 2 })).toBe(10);
  });
});

describe('seizing', () => {
  const grab = { attacker: fighter({ str: 16 }), weapon: sword, target: unarmoured };

  it('G-G1 seizing needs a free hand', () => {
    expect(
      key(() =>
        seizeObject({ ...grab, freeHands: 0, defender: { name: 'V', str: 12 } }, new ScriptedDice([])),
      ),
    ).toBe('PDA.Error.Greyhawk.NoFreeHand');
  });

  it('G-G1 after a hit both roll 1d20; the larger STR − roll margin takes the object', () => {
    const r = seizeObject(
      { ...grab, freeHands: 1, defender: { name: 'V', str: 12 } },
      new ScriptedDice([d20(12), d20(8), d20(5)]),
    );
    expect(r.contest?.rolls[0]).toEqual({
      attackerRoll: 8,
      defenderRoll: 5,
      attackerMargin: 8,
      defenderMargin: 7,
    });
    expect(r.outcome).toBe('taken');
  });

  it('G-G1 ties go to the higher exceptional percentage, otherwise both roll again', () => {
    const byPercent = strengthContest(
      { name: 'A', str: 18, strPercent: 60 },
      { name: 'B', str: 18, strPercent: 20 },
      new ScriptedDice([d20(10), d20(10)]),
    );
    expect(byPercent).toMatchObject({ winner: 'attacker', byPercent: true });
    const again = strengthContest(
      { name: 'A', str: 12 },
      { name: 'B', str: 12 },
      new ScriptedDice([d20(6), d20(6), d20(9), d20(4)]),
    );
    expect(again.rolls).toHaveLength(2);
    expect(again.winner).toBe('defender');
  });

  it('G-G1 both over their STR (or a 20) may drop the object; a fragile object saves vs crushing blow', () => {
    const r = strengthContest(
      { name: 'A', str: 12 },
      { name: 'B', str: 15 },
      new ScriptedDice([d20(14), d20(20)]),
    );
    expect(r.mayDrop).toBe(true);
    const broken = seizeObject(
      { ...grab, freeHands: 1, defender: { name: 'V', str: 12 }, fragile: { material: 'glass', magic: 0 } },
      new ScriptedDice([d20(15), d20(3), d20(9), d20(12)]),
    );
    expect(broken.outcome).toBe('destroyed');
  });

  it('G-G2 a one-handed hold: STR −3, +3 against a smaller size, −6 against a larger; 18/00 counts 23', () => {
    expect(sum(oneHandedHoldStr({ name: 'A', str: 16 }, 'M', 'M'))).toBe(-3);
    expect(sum(oneHandedHoldStr({ name: 'A', str: 16 }, 'M', 'S'))).toBe(0);
    expect(sum(oneHandedHoldStr({ name: 'A', str: 16 }, 'M', 'L'))).toBe(-9);
    expect(18 + sum(oneHandedHoldStr({ name: 'A', str: 18, strPercent: 100 }, 'M', 'M'))).toBe(20);
    const r = seizePerson(
      { ...grab, freeHands: 1, victimId: 'v', victim: { name: 'V', str: 10 }, victimSize: 'M' },
      new ScriptedDice([d20(11), d20(3), d20(6)]),
    );
    expect(r.holderStr).toBe(13);
    expect(r.hold).toEqual({ holderId: 'f1', victimId: 'v', rounds: 0 });
  });

  it('G-G2 while held both are −2 AC and attack, only verbal spells; the holder drops two-handed weapons and DEX', () => {
    expect(key(() => ensureHolderWeapon(w('twoHandedSword'), false))).toBe(
      'PDA.Error.Greyhawk.TwoHandedWhileHolding',
    );
    expect(sum(attackModifiers({ ...grab, attackerHampered: 'holding' }))).toBe(-2);
    const hold = { holderId: 'f1', victimId: 'v', rounds: 0 };
    const escaped = escapeHold(
      hold,
      { name: 'H', str: 16 },
      13,
      { name: 'V', str: 10 },
      new ScriptedDice([d20(2), d20(10)]),
    );
    expect(escaped.hold).toBeUndefined();
    const stays = escapeHold(
      hold,
      { name: 'H', str: 16 },
      13,
      { name: 'V', str: 10 },
      new ScriptedDice([d20(9), d20(2)]),
    );
    expect(stays.hold?.rounds).toBe(1);
  });

  it('G-G3 a monster without STR counts 5 per size category', () => {
    expect(MONSTER_STR).toEqual({ T: 5, S: 10, M: 15, L: 20, H: 25, G: 30 });
    const ogre = fighter({ classes: [], monster: { hitDice: 4 }, size: 'L', str: 0 });
    expect(contestantOf(ogre, true).str).toBe(20);
  });
});

describe('parries', () => {
  it("G-PA3 bows, crossbows and staff-slings can parry, not slings (the wear is the parry card's)", () => {
    expect(key(() => ensureMissileParry(w('sling')))).toBe('PDA.Error.Greyhawk.CannotParryWith');
    expect(() => ensureMissileParry(w('staffSling'))).not.toThrow();
  });

  it('G-PA4 the DMG parry improves AC by half the level, +1 for warriors', () => {
    expect(dmgParryAcBonus(fighter({ classes: [{ cls: 'fighter', level: 6 }] }))).toBe(-4);
    expect(dmgParryAcBonus(mage({ classes: [{ cls: 'mage', level: 7 }] }))).toBe(-3);
  });
});

describe('shield manoeuvres', () => {
  it('G-SH1 a shield punch instead of the weapon: no penalty, shield AC kept, 1d3 + STR damage, magic ignored', () => {
    const p = planShieldPunch(fighter({ str: 17 }), { kind: 'small', ac: 1, magic: 2 }, 'instead');
    expect(p).toEqual({
      modifiers: [expect.objectContaining({ value: 1 })],
      shieldAc: 'kept',
      damage: '1d3+1',
    });
    expect(key(() => planShieldPunch(fighter(), { kind: 'large', ac: 1, magic: 0 }, 'instead'))).toBe(
      'PDA.Error.Greyhawk.ShieldTooLargeToPunch',
    );
  });

  it('G-SH1 as an off-hand attack: −4 and shield AC lost to round end; specialist back at next attack; two slots −2', () => {
    const p = planShieldPunch(fighter(), medium, 'offHand');
    expect(sum(p.modifiers)).toBe(-4);
    expect(p.shieldAc).toBe('lostToRoundEnd');
    expect(planShieldPunch(fighter({ styles: { shield: 1 } }), medium, 'offHand').shieldAc).toBe(
      'untilNextAttack',
    );
    expect(sum(planShieldPunch(fighter({ styles: { shield: 2 } }), medium, 'offHand').modifiers)).toBe(-2);
  });

  it('G-SH2 a shield rush needs a medium or large shield, 3 m of run-up and a declaration before initiative', () => {
    expect(key(() => validateShieldRush({ shield: medium, distance: 2, declared: true }))).toBe(
      'PDA.Error.Greyhawk.RushTooClose',
    );
    expect(key(() => validateShieldRush({ shield: medium, distance: 5, declared: false }))).toBe(
      'PDA.Error.Greyhawk.RushUndeclared',
    );
    expect(
      key(() =>
        validateShieldRush({ shield: { kind: 'small', ac: 1, magic: 0 }, distance: 5, declared: true }),
      ),
    ).toBe('PDA.Error.Greyhawk.RushShield');
  });

  it('G-SH2 stay-up check modifiers: +3 still, −3 behind, −3 unaware, +2 four legs, ±4 per size, STR difference', () => {
    const rusher = fighter({ str: 18, strPercent: 100 }); // hit +3
    const mods = stayUpModifiers(
      rusher,
      { size: 'L', str: 17 },
      { stillOrClosing: true, fromBehind: true, unaware: true, fourLegs: true },
    );
    expect(mods.map((m) => m.value)).toEqual([3, -3, -3, 2, 4, -2]);
    expect(sum(stayUpModifiers(fighter(), { size: 'S', str: 12 }, {}))).toBe(-4);
  });

  it('G-SH2 a hit does 1d3 + STR and the target stays up on d20 ≤ modified DEX; the rusher loses shield AC, +1 AC', () => {
    const ctx = {
      attacker: fighter({ str: 17 }),
      weapon: sword,
      target: unarmoured,
      declaration: { shield: medium, distance: 6, declared: true },
      targetDex: 12,
      targetStr: 12,
      stayUp: { stillOrClosing: true },
    };
    const r = resolveShieldRush(ctx, new ScriptedDice([d20(7), { faces: 3, value: 2 }, d20(15)]));
    expect(r.attack.modifierTotal).toBe(3); // STR +1, rush +2
    expect(r.damage).toBe(3);
    expect(r.stayUp).toMatchObject({ target: 14, standing: false });
    expect(r).toMatchObject({
      shieldAc: 'lostToRoundEnd',
      rusherAcPenalty: 1,
      noFurtherAttack: true,
      moveMultiplier: 1.5,
    });
    const spec = resolveShieldRush(
      { ...ctx, attacker: fighter({ str: 17, styles: { shield: 1 } }) },
      new ScriptedDice([d20(7), { faces: 3, value: 1 }, d20(2)]),
    );
    expect(spec.shieldAc).toBe('regained');
  });

  it('G-SH2 on a miss the rusher checks DEX or falls', () => {
    const ctx = {
      attacker: fighter({ dex: 10 }),
      weapon: sword,
      target: { ac: 0, size: 'M' as const },
      declaration: { shield: medium, distance: 6, declared: true },
      targetDex: 12,
      targetStr: 12,
      stayUp: {},
    };
    const r = resolveShieldRush(ctx, new ScriptedDice([d20(5), d20(11)]));
    expect(r.attack.outcome).toBe('miss');
    expect(r.rusherCheck).toEqual({ roll: 11, dex: 10, standing: false });
  });
});

describe('hands and shields the cards count', () => {
  it('G-G1 a one-handed weapon leaves a hand free, a shield or a two-handed weapon takes it', async () => {
    const { freeHandsWith } = await import('../../../src/engine/greyhawk/manoeuvres');
    expect(freeHandsWith(1, false)).toBe(1);
    expect(freeHandsWith(1, true)).toBe(0);
    expect(freeHandsWith(2, false)).toBe(0);
  });

  it('G-SH1 a mundane shield counts 1 point of AC with no magic', async () => {
    const { standardShield } = await import('../../../src/engine/greyhawk/manoeuvres');
    expect(standardShield('medium')).toEqual({ kind: 'medium', ac: 1, magic: 0 });
  });
});
