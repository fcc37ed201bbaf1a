import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  applyDamage,
  availableDefences,
  damagedDefender,
  fumbleOptions,
  NO_DEFENCE,
  repairJammed,
  resolveAttack,
  resolveDefence,
  resolveFumble,
  rollDamage,
  effectiveMouvement,
  type Shield,
} from '../../../src/engine/fantasia';
import { fighter, W } from './helpers';

const small: Shield = { id: 'rondache', name: 'rondache', parryBonus: 10, parriesMissiles: true };

describe('attack and defence', () => {
  const a = fighter({ id: 'a', skills: { armesDeMelee: 60 } });
  const d = fighter({ id: 'd', skills: { armesDeMelee: 50, esquive: 40 } });

  it('F-H1 F-H2 a sword hit deals 1d6+2 minus nothing when undefended', () => {
    const dice = new ScriptedDice([30, 4]);
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, dice);
    expect(attack.hit).toBe(true);
    const dmg = rollDamage(attack, a, d, NO_DEFENCE, dice);
    expect(dmg.total).toBe(6);
    expect(applyDamage(d, dmg).combatant.pv.value).toBe(6);
  });

  it('F-D2 a successful parry stops all damage, and only one parry a round', () => {
    const dice = new ScriptedDice([30, 20]);
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, dice);
    const [parry] = availableDefences(attack, d);
    expect(parry?.allowed).toBe(true);
    const defence = resolveDefence(attack, parry!, dice);
    expect(defence.success).toBe(true);
    expect(rollDamage(attack, a, d, defence, dice).total).toBe(0);
    // The "already parried" fact comes from the parry the engine just resolved.
    expect(defence.parryUsed).toBe(true);
    const again = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([30]));
    const second = availableDefences(again, d, { parriedThisRound: defence.parryUsed })[0]!;
    expect(second.allowed).toBe(false);
    expect(second.reasons.map((r) => r.rule)).toContain('F-D2');
    expect(() => resolveDefence(again, second, new ScriptedDice([20]))).toThrow(RulesError);
  });

  it("F-D2 a failed parry spends the round's parry too; a dodge does not", () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([30]));
    const missed = resolveDefence(attack, availableDefences(attack, d)[0]!, new ScriptedDice([90]));
    expect(missed.success).toBe(false);
    const again = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([30]));
    expect(availableDefences(again, d, { parriedThisRound: missed.parryUsed })[0]?.allowed).toBe(false);
    const dodge = availableDefences(attack, d, { dodgeDeclared: true })[1]!;
    const dodged = resolveDefence(attack, dodge, new ScriptedDice([10]));
    expect(dodged.success).toBe(true);
    expect(availableDefences(again, d, { parriedThisRound: dodged.parryUsed })[0]?.allowed).toBe(true);
  });

  it('F-D1 a dodge must be declared and never comes with an attack', () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([30]));
    expect(availableDefences(attack, d)[1]?.reasons[0]?.key).toBe('PDA.Fantasia.Refusal.DodgeNotDeclared');
    const both = availableDefences(attack, d, { dodgeDeclared: true, attackDeclared: true })[1]!;
    expect(both.allowed).toBe(false);
    expect(both.reasons[0]?.rule).toBe('F-D1');
    const ok = availableDefences(attack, d, { dodgeDeclared: true })[1]!;
    expect(ok.allowed).toBe(true);
    expect(ok.base).toBe(40);
    // A dodger may not attack in the same round.
    expect(() =>
      resolveAttack(
        { attacker: a, defender: d, weapon: W.epeeLongue, attackerDodging: true },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
  });

  it('F-D3 a missile can be parried with a shield only', () => {
    const archer = fighter({ id: 'archer', weapons: [W.arc] });
    const attack = resolveAttack({ attacker: archer, defender: d, weapon: W.arc }, new ScriptedDice([10]));
    const parry = availableDefences(attack, d)[0]!;
    expect(parry.allowed).toBe(false);
    expect(parry.reasons[0]?.rule).toBe('F-D3');
    expect(availableDefences(attack, { ...d, shield: small })[0]?.allowed).toBe(true);
  });

  it('F-D4 a shield adds its bonus to the parry', () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([30]));
    const parry = availableDefences(attack, { ...d, shield: { ...small, parryBonus: 20 } })[0]!;
    expect(parry.modifiers).toEqual([{ rule: 'F-D4', key: 'PDA.Fantasia.Mod.Shield', value: 20 }]);
    const defence = resolveDefence(attack, parry, new ScriptedDice([70]));
    expect(defence.roll?.target).toBe(70);
    expect(defence.success).toBe(true);
  });

  it("F-D5 cover lowers the attacker's chance", () => {
    const attack = resolveAttack(
      { attacker: a, defender: d, weapon: W.epeeLongue, cover: 20 },
      new ScriptedDice([45]),
    );
    expect(attack.roll.target).toBe(40);
    expect(attack.hit).toBe(false);
    expect(attack.rule).toContain('F-D5');
  });

  it('F-H3 armour is subtracted and damage never goes below 0', () => {
    const armoured = { ...d, armour: 5 };
    const dice = new ScriptedDice([30, 1]);
    const attack = resolveAttack({ attacker: a, defender: armoured, weapon: W.epeeLongue }, dice);
    const dmg = rollDamage(attack, a, armoured, NO_DEFENCE, dice);
    expect(dmg.raw).toBe(3);
    expect(dmg.total).toBe(0);
    expect(applyDamage(armoured, dmg).combatant.pv.value).toBe(12);
  });

  it('F-H4 the damage bonus is added in melee, never at range', () => {
    const strong = fighter({
      id: 's',
      damageBonus: '1d4',
      skills: { armesDeMelee: 60 },
      weapons: [W.epeeLongue, W.javelot],
    });
    let dice = new ScriptedDice([30, 4, 3]);
    const melee = resolveAttack({ attacker: strong, defender: d, weapon: W.epeeLongue }, dice);
    expect(rollDamage(melee, strong, d, NO_DEFENCE, dice).total).toBe(9);
    dice = new ScriptedDice([10, 4]);
    const thrown = resolveAttack({ attacker: strong, defender: d, weapon: W.javelot }, dice);
    const dmg = rollDamage(thrown, strong, d, NO_DEFENCE, dice);
    expect(dmg.total).toBe(4);
    expect(dmg.rule).not.toContain('F-H4');
  });

  it('F-H5 a critical rolls the weapon dice a second time (not the fixed part)', () => {
    const dice = new ScriptedDice([3, 5, 6]);
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, dice);
    expect(attack.critical).toBe(true);
    const dmg = rollDamage(attack, a, d, NO_DEFENCE, dice);
    expect(dmg.total).toBe(5 + 2 + 6);
    expect(dmg.parts.map((p) => p.rule)).toEqual(['F-H2', 'F-H5']);
    // With a damage bonus and armour: the bonus is added once, the armour taken off the whole.
    const strong = { ...a, damageBonus: '1d4' };
    const armoured = { ...d, armour: 3 };
    const dice2 = new ScriptedDice([
      3,
      { faces: 6, value: 5 },
      { faces: 6, value: 6 },
      { faces: 4, value: 2 },
    ]);
    const crit = resolveAttack({ attacker: strong, defender: armoured, weapon: W.epeeLongue }, dice2);
    const hard = rollDamage(crit, strong, armoured, NO_DEFENCE, dice2);
    expect(hard.parts.map((p) => [p.rule, p.total])).toEqual([
      ['F-H2', 7],
      ['F-H5', 6],
      ['F-H4', 2],
    ]);
    expect(hard.raw).toBe(15);
    expect(hard.total).toBe(12);
    expect(dice2.remaining).toBe(0);
  });

  it('F-H1 damage after a miss is refused and changes nothing', () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([90]));
    expect(() => rollDamage(attack, a, d, NO_DEFENCE, new ScriptedDice([]))).toThrow(RulesError);
  });

  it('F-H3 applyDamage returns the diff the undo reads', () => {
    const dice = new ScriptedDice([30, 6]);
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, dice);
    const { combatant, diff } = applyDamage(d, rollDamage(attack, a, d, NO_DEFENCE, dice));
    expect(combatant.pv.value).toBe(4);
    expect(diff.before.pv.value).toBe(12);
  });

  it('F-H3 the apply without undo (simulator) leaves the defender as applyDamage does', () => {
    const armoured = fighter({ id: 'd', armour: 8, skills: { esquive: 40 } });
    const dice = new ScriptedDice([30, 6, 30, 2]);
    const hit = rollDamage(
      resolveAttack({ attacker: a, defender: armoured, weapon: W.epeeLongue }, dice),
      a,
      armoured,
      NO_DEFENCE,
      dice,
    );
    expect(damagedDefender(armoured, hit)).toEqual(applyDamage(armoured, hit).combatant);
    expect(damagedDefender(armoured, hit).pv.value).toBe(12);
    // 1d6+2 = 4 against armour 8: nothing lost, nothing set, the same combatant back.
    const stopped = rollDamage(
      resolveAttack({ attacker: a, defender: armoured, weapon: W.epeeLongue }, dice),
      a,
      armoured,
      NO_DEFENCE,
      dice,
    );
    expect(stopped.total).toBe(0);
    expect(damagedDefender(armoured, stopped)).toBe(armoured);
    expect(() => damagedDefender({ ...armoured, id: 'x' }, hit)).toThrow(RulesError);
  });
});

describe('once a round', () => {
  it('F-R9 a missile or thrown weapon already used this round is refused before any die; melee is not', () => {
    const archer = fighter({ id: 'x', weapons: [W.arc, W.dague] });
    const foe = fighter({ id: 'y' });
    const dice = new ScriptedDice([]);
    expect(() =>
      resolveAttack({ attacker: archer, defender: foe, weapon: W.arc, missileUsed: true }, dice),
    ).toThrow(expect.objectContaining({ key: 'PDA.Error.MissileUsed' }));
    expect(dice.remaining).toBe(0);
    const stab = resolveAttack(
      { attacker: archer, defender: foe, weapon: W.dague, missileUsed: true },
      new ScriptedDice([20]),
    );
    expect(stab.hit).toBe(true);
  });
});

describe('crossbow reload', () => {
  it('F-W5 reloading in passes 2–3 forbids moving, parrying and dodging', () => {
    const shooter = fighter({ id: 'x', weapons: [W.arbalete, W.epeeLongue] });
    const foe = fighter({ id: 'y' });
    const shot = resolveAttack(
      { attacker: shooter, defender: foe, weapon: W.arbalete },
      new ScriptedDice([90]),
    );
    const after = shot.attackerAfter!;
    expect(after.weapons?.[0]?.loaded).toBe(false);
    expect(() =>
      resolveAttack({ attacker: after, defender: foe, weapon: after.weapons![0]! }, new ScriptedDice([1])),
    ).toThrow(RulesError);
    const reloading = {
      ...after,
      states: { ...after.states, reloading: { weaponId: 'arbalete', round: 1 } },
    };
    expect(effectiveMouvement(reloading)).toBe(0);
    const blow = resolveAttack(
      { attacker: foe, defender: reloading, weapon: W.epeeLongue },
      new ScriptedDice([10]),
    );
    const defences = availableDefences(blow, reloading, { dodgeDeclared: true });
    expect(defences.every((o) => !o.allowed && o.reasons.some((r) => r.rule === 'F-W5'))).toBe(true);
  });
});

describe('fumbles', () => {
  const a = fighter({
    id: 'a',
    skills: { armesDeMelee: 60 },
    characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 12, DEX: 10, CHA: 10 },
  });
  const d = fighter({ id: 'd' });
  const friend = fighter({ id: 'f', armour: 1 });

  it('F-H6 a melee fumble offers weapon break, balance or a friend hit', () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([98]));
    expect(attack.fumble).toBe(true);
    expect(fumbleOptions(attack).map((o) => o.id)).toEqual(['weaponBreaks', 'loseBalance', 'hitFriend']);
    const broken = resolveFumble(attack, 'weaponBreaks', { attacker: a }, new ScriptedDice([]));
    expect(broken.attacker.combatant.states.weaponBroken).toEqual(['epeeLongue']);
    expect(() =>
      resolveAttack(
        { attacker: broken.attacker.combatant, defender: d, weapon: W.epeeLongue },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
  });

  it('F-H6 losing balance: DEX×3 or fall, and no attack next round', () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([99]));
    const stays = resolveFumble(attack, 'loseBalance', { attacker: a }, new ScriptedDice([30]));
    expect(stays.roll?.target).toBe(30);
    expect(stays.attacker.combatant.states.fallen).toBeUndefined();
    expect(stays.attacker.combatant.states.skipNextAttack).toBe(true);
    const falls = resolveFumble(attack, 'loseBalance', { attacker: a }, new ScriptedDice([31]));
    expect(falls.attacker.combatant.states.fallen).toBe(true);
  });

  it('F-H6 the blow hits a friend instead', () => {
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, new ScriptedDice([97]));
    const out = resolveFumble(attack, 'hitFriend', { attacker: a, friend }, new ScriptedDice([4]));
    expect(out.friendDamage?.total).toBe(5);
    expect(out.friend?.combatant.pv.value).toBe(7);
    expect(() => resolveFumble(attack, 'hitFriend', { attacker: a }, new ScriptedDice([4]))).toThrow(
      RulesError,
    );
  });

  it('F-H7 a jammed crossbow is repaired with Bricolage in 1–2 rounds', () => {
    const x = fighter({ id: 'x', weapons: [W.arbalete], skills: { bricolage: 40 } });
    const attack = resolveAttack({ attacker: x, defender: d, weapon: W.arbalete }, new ScriptedDice([100]));
    expect(fumbleOptions(attack).map((o) => o.id)).toEqual(['hitFriend', 'crossbowJammed']);
    const jam = resolveFumble(attack, 'crossbowJammed', { attacker: x }, new ScriptedDice([])).attacker
      .combatant;
    expect(jam.states.jammed).toEqual({ weaponId: 'arbalete', cause: 'crossbow' });
    const fail = repairJammed(jam, new ScriptedDice([41]));
    expect(fail.roll.success).toBe(false);
    const ok = repairJammed(jam, new ScriptedDice([40, 2]));
    expect(ok.rounds).toBe(2);
    expect(ok.combatant.states.jammed?.repairRoundsLeft).toBe(2);
  });

  it('F-H7 a bow fumble can cost the string', () => {
    const x = fighter({ id: 'x', weapons: [W.arc] });
    const attack = resolveAttack({ attacker: x, defender: d, weapon: W.arc }, new ScriptedDice([96]));
    expect(fumbleOptions(attack).map((o) => o.id)).toEqual(['hitFriend', 'bowString']);
  });

  it('F-H8 a Bagarre fumble offers narrative outcomes for the GM', () => {
    const x = fighter({ id: 'x', weapons: [W.bagarre] });
    const attack = resolveAttack({ attacker: x, defender: d, weapon: W.bagarre }, new ScriptedDice([96]));
    const ids = fumbleOptions(attack).map((o) => o.id);
    expect(ids).toEqual(['improviseFall', 'improviseStuck', 'improviseNothing']);
    expect(
      resolveFumble(attack, 'improviseFall', { attacker: x }, new ScriptedDice([])).attacker.combatant.states
        .fallen,
    ).toBe(true);
  });
});

describe('parry then attack', () => {
  it('F-D2 a fighter who parried a faster foe may still attack later in the round', () => {
    const a = fighter({ id: 'a', skills: { armesDeMelee: 60 } });
    const d = fighter({ id: 'd', skills: { armesDeMelee: 50 } });
    const dice = new ScriptedDice([30, 20, 40]);
    const attack = resolveAttack({ attacker: a, defender: d, weapon: W.epeeLongue }, dice);
    const parried = resolveDefence(attack, availableDefences(attack, d)[0]!, dice);
    expect(parried.parryUsed).toBe(true);
    expect(resolveAttack({ attacker: d, defender: a, weapon: W.epeeLongue }, dice).hit).toBe(true);
  });
});

describe('undo after a round trip through storage', () => {
  it('F-H3 undoing a blow accepts the same states whatever their key order, and refuses changed ones', async () => {
    const { applyChange } = await import('../../../src/engine/fantasia/damage');
    const { undoConflict } = await import('../../../src/engine/core/undo');
    const target = fighter({ id: 'brute', pv: { value: 14, max: 14 } });
    const applied = applyChange(target, 5, { fallen: true, disarmed: { weaponId: 'epee' } }, ['F-H3']);
    // The stored actor comes back with its states in another key order.
    const states = Object.fromEntries(Object.entries(applied.combatant.states).reverse());
    const reloaded = { ...applied.combatant, states };
    // The card's undo (exchange/steps.ts undoRestored) compares through undoConflict.
    expect(undoConflict(reloaded.states, applied.diff.after.states)).toBeUndefined();
    const changed = { ...reloaded, states: { ...states, fallen: false } };
    expect(undoConflict(changed.states, applied.diff.after.states)?.field).toBe('fallen');
  });
});
