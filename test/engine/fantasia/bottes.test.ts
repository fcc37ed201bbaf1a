import { describe, expect, it } from 'vitest';
import { ScriptedDice, type ScriptedDie } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  afterThrust,
  applyDamage,
  availableDefences,
  BOTTES,
  crossesNeeded,
  effectiveMouvement,
  fantasiaOptions,
  findBotte,
  NO_DEFENCE,
  resolveAttack,
  resolveDefence,
  rollDamage,
  strangleRound,
  type FantasiaCombatant,
  type FantasiaWeapon,
  type ThrustContext,
} from '../../../src/engine/fantasia';
import { fighter, W, weapon } from './helpers';

const knows = (...ids: string[]) => ids.map((thrustId) => ({ thrustId, crosses: 0 }));
const master = fighter({
  id: 'm',
  skills: { armesDeMelee: 80, armesDHast: 80, armesDeTir: 80, bagarre: 80, vigilance: 40 },
  weapons: [W.epeeLongue, W.epeeFantasque, W.marteauDeGuerre, W.dague, W.arbalete, W.epeeDeuxMains],
  thrusts: knows(...BOTTES.map((b) => b.id)),
});
const foe = fighter({ id: 'f', skills: { armesDeMelee: 60, esquive: 50 } });

function thrustAttack(
  thrustId: string,
  w: FantasiaWeapon,
  rolls: ScriptedDie[],
  context: ThrustContext = {},
  attacker: FantasiaCombatant = master,
  defender: FantasiaCombatant = foe,
  memory: readonly string[] = [],
) {
  const dice = new ScriptedDice(rolls);
  const attack = resolveAttack(
    { attacker, defender, weapon: w, thrust: { thrustId, context }, memory },
    dice,
  );
  return { attack, dice };
}

describe('secret thrusts', () => {
  it('F-B7 the fourteen thrusts of the seed with their malus', () => {
    expect(BOTTES.map((b) => [b.id, b.malus])).toEqual([
      ['faucheuse', 5],
      ['coupBestial', 5],
      ['etranglement', 5],
      ['cassePied', 10],
      ['desarmement', 10],
      ['boucliadeAssommante', 10],
      ['antiParade', 15],
      ['feinteCoupeBras', 15],
      ['aveuglePrescient', 15],
      ['ruadeSraal', 15],
      ['tourDuSraal', 20],
      ['pointeOcciput', 20],
      ['bondNausicaa', 25],
      ['baiserPercesprit', 25],
    ]);
  });

  it('F-B1 a thrust needs to be known and its weapon; a same-skill weapon costs −10 % if the GM allows', () => {
    const novice = { ...master, thrusts: [] };
    expect(() => thrustAttack('faucheuse', W.epeeLongue, [1], {}, novice)).toThrow(RulesError);
    expect(() => thrustAttack('faucheuse', W.dague, [1])).toThrow(/ThrustWeapon/);
    const { attack } = thrustAttack('faucheuse', W.dague, [50], { sameSkillAllowed: true });
    expect(attack.roll.modifiers.map((m) => [m.rule, m.value])).toEqual([
      ['F-B3', -5],
      ['F-B1', -10],
    ]);
    expect(attack.roll.target).toBe(65);
    expect(() => thrustAttack('faucheuse', W.arbalete, [1], { sameSkillAllowed: true })).toThrow(RulesError);
  });

  it('F-B2 only "a blow" is declared; the thrust is named at resolution', () => {
    const { attack } = thrustAttack('faucheuse', W.epeeLongue, [10]);
    expect(attack.thrust?.thrust.id).toBe('faucheuse');
  });

  it("F-B3 the malus hits the attacker and the defender's parry or dodge alike", () => {
    const { attack } = thrustAttack('feinteCoupeBras', W.epeeLongue, [40], { targetParrying: true });
    expect(attack.roll.target).toBe(65);
    const [parry, dodge] = availableDefences(attack, foe, { dodgeDeclared: true });
    expect(parry?.modifiers).toEqual([{ rule: 'F-B3', key: 'PDA.Fantasia.Mod.ThrustDefence', value: -15 }]);
    expect(dodge?.modifiers[0]?.value).toBe(-15);
  });

  it('F-B4 a critical thrust cannot be parried or dodged', () => {
    const { attack } = thrustAttack('faucheuse', W.epeeLongue, [4]);
    const defences = availableDefences(attack, foe, { dodgeDeclared: true });
    expect(defences.every((d) => !d.allowed && d.reasons.some((r) => r.rule === 'F-B4'))).toBe(true);
    const plain = resolveAttack(
      { attacker: master, defender: foe, weapon: W.epeeLongue },
      new ScriptedDice([4]),
    );
    expect(availableDefences(plain, foe)[0]?.allowed).toBe(true);
  });

  it("F-B5 once placed against a foe, trying it again doubles the attacker's malus", () => {
    const { attack } = thrustAttack('cassePied', W.marteauDeGuerre, [30]);
    const after = afterThrust(attack, NO_DEFENCE, master, []);
    expect(after.placed).toBe(true);
    expect(after.memory).toEqual(['m|f|cassePied']);
    const again = thrustAttack(
      'cassePied',
      W.marteauDeGuerre,
      [30],
      {},
      after.attacker,
      foe,
      after.memory,
    ).attack;
    expect(again.roll.target).toBe(60);
    expect(again.rule).toContain('F-B5');
    // Another foe has not seen it.
    const other = { ...foe, id: 'g' };
    expect(
      thrustAttack('cassePied', W.marteauDeGuerre, [30], {}, after.attacker, other, after.memory).attack.roll
        .target,
    ).toBe(70);
  });

  it("F-B6 a cross per success, two on a critical; mastery drops the attacker's malus only", () => {
    const { attack } = thrustAttack('faucheuse', W.epeeLongue, [3]);
    const a1 = afterThrust(attack, NO_DEFENCE, master, []).attacker;
    expect(a1.thrusts?.find((t) => t.thrustId === 'faucheuse')?.crosses).toBe(2);
    expect(crossesNeeded(findBotte('faucheuse'))).toBe(5);
    expect(crossesNeeded(findBotte('baiserPercesprit'), fantasiaOptions({ thrustMastery: 'steps5' }))).toBe(
      5,
    );
    const mastered = { ...master, thrusts: [{ thrustId: 'faucheuse', crosses: 5 }] };
    const m = thrustAttack('faucheuse', W.epeeLongue, [80], {}, mastered).attack;
    expect(m.roll.target).toBe(80);
    expect(m.rule).toContain('F-B6');
    expect(availableDefences(m, foe)[0]?.modifiers[0]?.value).toBe(-5);
    const parryMiss = resolveDefence(m, availableDefences(m, foe)[0]!, new ScriptedDice([70]));
    expect(afterThrust(m, parryMiss, mastered, []).placed).toBe(true);
  });
});

describe('F-B7 thrust conditions and effects', () => {
  it('F-B7 Faucheuse leaves the foe unable to move; Casse-pied halves Mouvement', () => {
    let { attack, dice } = thrustAttack('faucheuse', W.epeeLongue, [10, 3]);
    const hurt = applyDamage(foe, rollDamage(attack, master, foe, NO_DEFENCE, dice)).combatant;
    expect(effectiveMouvement(hurt)).toBe(0);
    ({ attack, dice } = thrustAttack('cassePied', W.marteauDeGuerre, [10, 3]));
    expect(
      effectiveMouvement(applyDamage(foe, rollDamage(attack, master, foe, NO_DEFENCE, dice)).combatant),
    ).toBe(4);
  });

  it('F-B7 Coup bestial: parry malus = the damage bonus, dodge −5 %, bonus dice rolled twice', () => {
    const brute = { ...master, damageBonus: '1d6' };
    const { attack, dice } = thrustAttack('coupBestial', W.epeeLongue, [10, 4, 5, 6], {}, brute);
    const [parry, dodge] = availableDefences(attack, foe, { dodgeDeclared: true });
    expect(parry?.modifiers[0]?.value).toBe(-6);
    expect(dodge?.modifiers[0]?.value).toBe(-5);
    expect(rollDamage(attack, brute, foe, NO_DEFENCE, dice).total).toBe(4 + 2 + 5 + 6);
  });

  it("F-B7 Étranglement strangles and deals 1d3 each round, on top of the hold's 2d3 (F-U3)", () => {
    const { attack, dice } = thrustAttack('etranglement', W.epeeFantasque, [10, 2]);
    const choked = applyDamage(foe, rollDamage(attack, master, foe, NO_DEFENCE, dice)).combatant;
    expect(choked.states.strangled).toEqual({ by: 'm', extraDamage: '1d3' });
    const round = strangleRound(
      choked,
      new ScriptedDice([
        { faces: 6, value: 2 },
        { faces: 6, value: 2 },
        { faces: 6, value: 6 },
      ]),
    );
    expect(round.damage).toBe(1 + 1 + 3);
  });

  it("F-B7 Désarmement binds the foe's weapon and offers the whip's disarm", () => {
    const { attack, dice } = thrustAttack('desarmement', W.epeeFantasque, [10, 2]);
    const dmg = rollDamage(attack, master, foe, NO_DEFENCE, dice);
    expect(dmg.states.weaponBound).toEqual({ weaponId: 'epeeLongue' });
    expect(dmg.offers.map((o) => o.id)).toEqual(['disarm']);
    const bound = applyDamage(foe, dmg).combatant;
    expect(() =>
      resolveAttack({ attacker: bound, defender: master, weapon: W.epeeLongue }, new ScriptedDice([1])),
    ).toThrow(RulesError);
  });

  it('F-B7 Boucliade assommante needs the initiative and a shielded foe; 1d6 through the parry', () => {
    expect(() =>
      thrustAttack('boucliadeAssommante', W.marteauDeGuerre, [10], { hasInitiative: true }),
    ).toThrow(/ThrustCondition/);
    const shielded = { ...foe, shield: { id: 's', name: 's', parryBonus: 10, parriesMissiles: true } };
    expect(() => thrustAttack('boucliadeAssommante', W.marteauDeGuerre, [10], {}, master, shielded)).toThrow(
      RulesError,
    );
    const { attack, dice } = thrustAttack(
      'boucliadeAssommante',
      W.marteauDeGuerre,
      [10, 20, 5],
      { hasInitiative: true },
      master,
      shielded,
    );
    const parry = resolveDefence(attack, availableDefences(attack, shielded)[0]!, dice);
    expect(parry.success).toBe(true);
    const dmg = rollDamage(attack, master, shielded, parry, dice);
    expect(dmg.total).toBe(5);
    expect(dmg.offers[0]?.id).toBe('shieldKnockOut');
    // The 1d6 through the parry is a physical blow: armour still counts (F-H3).
    const armoured = { ...shielded, armour: 2 };
    const again = thrustAttack(
      'boucliadeAssommante',
      W.marteauDeGuerre,
      [10, 20, 5],
      { hasInitiative: true },
      master,
      armoured,
    );
    const parried = resolveDefence(again.attack, availableDefences(again.attack, armoured)[0]!, again.dice);
    expect(rollDamage(again.attack, master, armoured, parried, again.dice).total).toBe(3);
  });

  it('F-B7 Anti-parade: initiative and a parrying foe; the parry fails automatically', () => {
    expect(() => thrustAttack('antiParade', W.epeeLongue, [10], { targetParrying: true })).toThrow(
      RulesError,
    );
    const { attack, dice } = thrustAttack('antiParade', W.epeeLongue, [10, 4], {
      hasInitiative: true,
      targetParrying: true,
    });
    const parry = availableDefences(attack, foe)[0]!;
    expect(parry.autoFail).toBe(true);
    const result = resolveDefence(attack, parry, dice);
    expect(result.success).toBe(false);
    expect(result.parryUsed).toBe(true);
    expect(rollDamage(attack, master, foe, result, dice).total).toBe(6);
  });

  it('F-B7 Feinte coupe-bras takes the weapon arm when it lands', () => {
    const { attack, dice } = thrustAttack('feinteCoupeBras', W.epeeLongue, [10, 90, 1], {
      targetParrying: true,
    });
    const parry = resolveDefence(attack, availableDefences(attack, foe)[0]!, dice);
    expect(parry.success).toBe(false);
    expect(rollDamage(attack, master, foe, parry, dice).states.armLost).toBe(true);
  });

  it("F-B7 L'Aveugle prescient: a failed Vigilance at −15 % doubles the malus", () => {
    const blind = thrustAttack('aveuglePrescient', W.arbalete, [26, 10], {
      knowsTargetPosition: false,
    }).attack;
    expect(blind.thrust?.vigilance?.target).toBe(25);
    expect(blind.roll.target).toBe(50);
    const seen = thrustAttack('aveuglePrescient', W.arbalete, [25, 10], {
      knowsTargetPosition: false,
    }).attack;
    expect(seen.roll.target).toBe(65);
  });

  it("F-B7 Ruade S'Raal: a S'Raal, unarmed, foes behind; landing rolls offered", () => {
    const sraal = { ...master, species: 'sraal', weapons: [W.bagarre] };
    expect(() => thrustAttack('ruadeSraal', W.bagarre, [10], { targetsBehind: true })).toThrow(
      /ThrustCondition/,
    );
    const { attack, dice } = thrustAttack('ruadeSraal', W.bagarre, [10, 2], { targetsBehind: true }, sraal);
    const dmg = rollDamage(attack, sraal, foe, NO_DEFENCE, dice);
    expect(dmg.offers).toEqual([
      { id: 'landing', rule: 'F-B7', key: 'PDA.Fantasia.Offer.Landing', data: { damage: '1d6' } },
    ]);
  });

  it("F-B7 Le tour du S'Raal: a surrounded S'Raal with its great sword", () => {
    const blade = weapon(W.epeeDeuxMains, { id: 'gs', type: 'grandeEpeeSraal' });
    const sraal = { ...master, species: 'sraal', weapons: [blade] };
    expect(() => thrustAttack('tourDuSraal', blade, [10], {}, sraal)).toThrow(/ThrustCondition/);
    const { attack, dice } = thrustAttack('tourDuSraal', blade, [10, 1, 1], { surrounded: true }, sraal);
    expect(rollDamage(attack, sraal, foe, NO_DEFENCE, dice).offers[0]?.id).toBe('spin');
  });

  it("F-B7 Pointe à l'occiput: from above; unseen means no dodge; double damage through armour", () => {
    // A damage bonus and armour, so that doubling before the bonus, or counting the armour, shows.
    const strong = { ...master, damageBonus: '1d4' };
    const armoured = { ...foe, armour: 4, pv: { value: 20, max: 20 } };
    const unseen = thrustAttack(
      'pointeOcciput',
      W.epeeLongue,
      [10, { faces: 6, value: 3 }, { faces: 4, value: 2 }],
      { above: true, targetSeesAttacker: false },
      strong,
      armoured,
    );
    expect(availableDefences(unseen.attack, armoured, { dodgeDeclared: true })[1]?.allowed).toBe(false);
    const dmg = rollDamage(unseen.attack, strong, armoured, NO_DEFENCE, unseen.dice);
    // (sword 3 + 2, bonus 2) × 2 = 14; the armour's 4 is ignored.
    expect(dmg.raw).toBe(14);
    expect(dmg.armour).toBe(0);
    expect(dmg.total).toBe(14);
    expect(applyDamage(armoured, dmg).combatant.pv.value).toBe(20 - 14);
    const seen = thrustAttack('pointeOcciput', W.epeeLongue, [10], { above: true }, strong, armoured).attack;
    expect(availableDefences(seen, armoured, { dodgeDeclared: true })[1]?.modifiers[0]?.value).toBe(-15);
  });

  it('F-B7 Bond de Nausicaä: more than 3 TAI smaller, a dagger too; +10 %, double damage, counter offered', () => {
    const small = { ...master, characteristics: { ...master.characteristics, TAI: 8 } };
    const big = { ...foe, characteristics: { ...foe.characteristics, TAI: 12 } };
    expect(() =>
      thrustAttack('bondNausicaa', W.epeeLongue, [10], {}, small, {
        ...big,
        characteristics: { ...big.characteristics, TAI: 11 },
      }),
    ).toThrow(/ThrustCondition/);
    const noDagger = { ...small, weapons: [W.epeeLongue] };
    expect(() => thrustAttack('bondNausicaa', W.epeeLongue, [10], {}, noDagger, big)).toThrow(
      /ThrustCondition/,
    );
    // A damage bonus and armour, so that doubling before the bonus, or ignoring the armour, shows.
    const strong = { ...small, damageBonus: '1d4' };
    const armoured = { ...big, armour: 3 };
    const { attack, dice } = thrustAttack(
      'bondNausicaa',
      W.epeeLongue,
      [10, { faces: 4, value: 2 }, { faces: 4, value: 3 }],
      {},
      strong,
      armoured,
    );
    expect(attack.roll.target).toBe(80 - 25 + 10);
    const dmg = rollDamage(attack, strong, armoured, NO_DEFENCE, dice);
    // The blow is the dagger's, the sword only a pole: (dague 1d4+2 = 2 + 2, bonus 3) × 2 = 14;
    // the armour still takes its 3.
    expect(dmg.raw).toBe(14);
    expect(dmg.armour).toBe(3);
    expect(dmg.total).toBe(11);
    expect(dmg.offers[0]).toEqual({
      id: 'counterInAir',
      rule: 'F-B7',
      key: 'PDA.Fantasia.Offer.CounterInAir',
      data: { multiplier: 3, malus: 25 },
    });
  });

  it('F-B7 Baiser de Percesprit: with the initiative, the foe dies', () => {
    expect(() => thrustAttack('baiserPercesprit', W.epeeLongue, [10])).toThrow(RulesError);
    const { attack, dice } = thrustAttack('baiserPercesprit', W.arbalete, [10, 1, 1], {
      hasInitiative: true,
    });
    expect(applyDamage(foe, rollDamage(attack, master, foe, NO_DEFENCE, dice)).combatant.states.dead).toBe(
      true,
    );
  });
});

describe('F-B7 Désarmement on a parry', () => {
  it("F-B7 Désarmement can be placed with a parry: −10 %, then the attacker's weapon is bound", () => {
    const fencer = { ...foe, weapons: [W.epeeFantasque], thrusts: [{ thrustId: 'desarmement', crosses: 0 }] };
    const attack = resolveAttack(
      { attacker: master, defender: fencer, weapon: W.epeeLongue },
      new ScriptedDice([20]),
    );
    const parry = availableDefences(attack, fencer, { parryThrust: 'desarmement' })[0]!;
    expect(parry.modifiers).toEqual([{ rule: 'F-B3', key: 'PDA.Fantasia.Mod.Thrust', value: -10 }]);
    const result = resolveDefence(attack, parry, new ScriptedDice([50]));
    expect(result.success).toBe(true);
    expect(result.bindsWeaponId).toBe('epeeLongue');
    // The card's step binds it (exchange/machine.ts), as the table test F-B7 plays it.
    const bound = { ...master, states: { ...master.states, weaponBound: { weaponId: 'epeeLongue' } } };
    expect(() =>
      resolveAttack({ attacker: bound, defender: fencer, weapon: W.epeeLongue }, new ScriptedDice([1])),
    ).toThrow(RulesError);
    // Without the thrust, or with the wrong weapon, the parry is refused.
    expect(availableDefences(attack, foe, { parryThrust: 'desarmement' })[0]?.allowed).toBe(false);
  });
});
