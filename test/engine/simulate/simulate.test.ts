import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RulesError } from '../../../src/engine/core/errors';
import { ScriptedDice, SeededDice } from '../../../src/engine/dice';
import {
  applyDamage,
  availableDefences,
  resolveAttack,
  resolveDefence,
  rollDamage,
  type FantasiaCombatant,
} from '../../../src/engine/fantasia';
import {
  resolveAttack as ghAttack,
  rollDamage as ghDamage,
  type GreyhawkWeapon,
} from '../../../src/engine/greyhawk';
import { checkEncounter, MAX_FIGHTS, simulate, type FantasiaEncounter } from '../../../src/engine/simulate';
import {
  applyDamage as applySouffleDamage,
  resolveAttack as resolveSouffleAttack,
  resolveDefence as resolveSouffleDefence,
  rollInitiative,
} from '../../../src/engine/souffle';
import { SouffleFight } from '../../../src/engine/simulate/souffle';
import { FantasiaFight } from '../../../src/engine/simulate/fantasia';
import { GreyhawkFight } from '../../../src/engine/simulate/greyhawk';
import { fantasiaCombatant, greyhawkEntry, souffleEntry } from '../../../src/engine/simulate/sources';
import { FightResult } from '../../../src/engine/simulate/stats';
import { exampleActor, packDoc } from './fixtures';

const garde = fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Garde de la porte'));
const brigand = fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Brigand'));
const pasmagosaure = fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Pasmagosaure'));

function duel(a: FantasiaCombatant, b: FantasiaCombatant, fights: number, seed: number): FantasiaEncounter {
  return {
    ruleset: 'fantasia',
    fights,
    seed,
    sides: [
      { name: 'A', fighters: [{ combatant: a }] },
      { name: 'B', fighters: [{ combatant: b }] },
    ],
  };
}

describe('a one-blow Fantasia fight', () => {
  // Highest DEX acts first (F-R2): the brigand below has DEX 8, so the guard strikes first.
  const weak: FantasiaCombatant = {
    ...brigand,
    characteristics: { ...brigand.characteristics, DEX: 8 },
    pv: { value: 3, max: brigand.pv.max },
  };
  // Attack 10 (hit), the brigand's parry 90 (fails), sword die 4, the guard's 1d4 bonus 2.
  const dice = [10, 90, 4, 2];

  it('resolves as the attack card would: attack, parry, damage, apply', () => {
    const fight = new FantasiaFight(duel(garde, weak, 1, 1));
    const out = new FightResult(2);
    out.reset();
    const scripted = new ScriptedDice(dice);
    fight.play(scripted, out);
    expect(scripted.remaining).toBe(0);

    // The same blow through the engine's own steps, as src/foundry/chat/fantasia takes them.
    const steps = new ScriptedDice(dice);
    const attacker = { ...garde, id: '0.0', weapons: garde.weapons?.map((w) => ({ ...w, ready: true })) };
    const defender = { ...weak, id: '1.0', weapons: weak.weapons?.map((w) => ({ ...w, ready: true })) };
    const weapon = attacker.weapons!.find((w) => w.name === 'Épée longue')!;
    const attack = resolveAttack({ attacker, defender, weapon }, steps);
    const [parry] = availableDefences(attack, defender, { attackDeclared: true });
    const defence = resolveDefence(attack, parry!, steps);
    const damage = rollDamage(attack, attacker, defender, defence, steps);
    const after = applyDamage(defender, damage).combatant;

    expect(attack.hit && !defence.success).toBe(true);
    expect(after.pv.value).toBeLessThanOrEqual(0);
    expect(steps.log).toEqual(scripted.log);
    expect(out.winner).toBe(0);
    expect(out.rounds).toBe(1);
    expect(out.blows).toBe(1);
    expect(out.down[1]).toBe(1);
    expect(out.downedBy[1]).toBe(0);
    expect(out.pvLost[1]).toBe(3);
    expect(out.pvLost[0]).toBe(0);
  });

  it('a parried blow changes nothing, as on the card', () => {
    const fight = new FantasiaFight({ ...duel(garde, weak, 1, 1), roundLimit: 1 });
    const out = new FightResult(2);
    out.reset();
    // Guard hits (10), brigand parries (05 critical parry); brigand attacks (90: a plain miss,
    // not a fumble, which would call for its consequence).
    const scripted = new ScriptedDice([10, 5, 90]);
    fight.play(scripted, out);
    expect(out.winner).toBe(-1);
    expect(out.blows).toBe(2);
    expect(out.pvLost[1]).toBe(0);
    expect(out.pvLost[0]).toBe(0);
  });
});

describe('Fantasia fumbles in the simulator', () => {
  const weak: FantasiaCombatant = {
    ...brigand,
    characteristics: { ...brigand.characteristics, DEX: 8 },
    pv: { value: 3, max: brigand.pv.max },
  };

  it("F-H6 a broken sword: the guard fights on with his spear, as the card's consequence leaves him", () => {
    const fight = new FantasiaFight({ ...duel(garde, weak, 1, 1), roundLimit: 2, fumbles: 'weaponBreaks' });
    const out = new FightResult(2);
    out.reset();
    // Round 1: the guard fumbles (99), his Épée longue breaks; the brigand misses (90).
    // Round 2: the guard hits with the Lance (10), the parry fails (90), 1d8+1 → 5, bonus 1d4 → 2.
    const scripted = new ScriptedDice([99, 90, 10, 90, 5, 2]);
    fight.play(scripted, out);
    expect(scripted.remaining).toBe(0);
    expect(scripted.log.map((d) => d.faces)).toEqual([100, 100, 100, 100, 8, 4]);
    expect(out.winner).toBe(0);
    expect(out.rounds).toBe(2);
  });

  it('F-H6 a lost balance costs the next attack; with fumbles "none" the same fumble is a plain miss', () => {
    const balance = new FantasiaFight({ ...duel(garde, weak, 1, 1), roundLimit: 2, fumbles: 'loseBalance' });
    const out = new FightResult(2);
    out.reset();
    // Round 1: the guard fumbles (99) and rolls DEX×3 (20: kept on his feet, next attack lost);
    // the brigand misses (90). Round 2: the guard cannot attack; the brigand misses again (90).
    const scripted = new ScriptedDice([99, 20, 90, 90]);
    balance.play(scripted, out);
    expect(scripted.remaining).toBe(0);
    expect(out.blows).toBe(3);
    expect(out.winner).toBe(-1);
    const plain = new FantasiaFight({ ...duel(garde, weak, 1, 1), roundLimit: 2, fumbles: 'none' });
    const out2 = new FightResult(2);
    out2.reset();
    // The same fumble changes nothing: round 2 the guard hits (10), parry fails (90), 4 + 2.
    const again = new ScriptedDice([99, 90, 10, 90, 4, 2]);
    plain.play(again, out2);
    expect(again.remaining).toBe(0);
    expect(out2.winner).toBe(0);
  });

  it('F-H6 a friend hit: the fumbling guard wounds the guard beside him, and only then', () => {
    // A nearly harmless foe (no skill, PV to spare): what the guards lose comes from each
    // other's fumbles, but for a rare lucky punch.
    const dummy: FantasiaCombatant = {
      ...brigand,
      skills: {},
      weapons: [],
      pv: { value: 1000, max: 1000 },
    };
    const encounter = (fumbles: 'hitFriend' | 'none'): FantasiaEncounter => ({
      ruleset: 'fantasia',
      fights: 200,
      seed: 5,
      roundLimit: 10,
      fumbles,
      sides: [
        { name: 'A', fighters: [{ combatant: garde }, { combatant: garde }] },
        { name: 'B', fighters: [{ combatant: dummy }] },
      ],
    });
    const lost = (r: ReturnType<typeof simulate>) => r.fighters[0]!.meanPvLost + r.fighters[1]!.meanPvLost;
    const none = lost(simulate(encounter('none')));
    const hit = lost(simulate(encounter('hitFriend')));
    expect(none).toBeLessThan(0.1); // the dummy's rare lucky punch
    expect(hit).toBeGreaterThan(10 * Math.max(none, 0.01));
  });
});

describe('a one-blow Greyhawk fight', () => {
  const sword = packDoc('greyhawk', 'greyhawk-armes', 'Épée longue');
  const veteran = greyhawkEntry({ ...exampleActor('greyhawk-guerrier.json'), items: [sword] });
  const gnoll = greyhawkEntry(exampleActor('greyhawk-gnoll.json'));
  const weakGnoll = { ...gnoll, hp: 2, weapons: [] as GreyhawkWeapon[] };

  it('d10 initiative, d20 against THAC0 − AC, then the damage off the hit points', () => {
    const fight = new GreyhawkFight({
      ruleset: 'greyhawk',
      fights: 1,
      seed: 1,
      sides: [
        { name: 'A', fighters: [veteran] },
        { name: 'B', fighters: [weakGnoll] },
      ],
    });
    const out = new FightResult(2);
    out.reset();
    // The listing shuffle (2: no swap), initiative d10s 1 and 10; the veteran's d20 of 15 hits
    // AC 5; damage die 6.
    const scripted = new ScriptedDice([2, 1, 10, 15, 6]);
    fight.play(scripted, out);
    expect(scripted.remaining).toBe(0);
    const ctx = {
      attacker: { ...veteran.character, id: '0.0' },
      weapon: veteran.weapons[0]!,
      target: { ac: weakGnoll.ac, size: weakGnoll.character.size },
    };
    const steps = new ScriptedDice([15, 6]);
    const attack = ghAttack(ctx, steps);
    const damage = ghDamage(ctx, steps);
    expect(attack.outcome).toBe('hit');
    expect(out.winner).toBe(0);
    expect(out.pvLost[1]).toBe(2);
    expect(damage.total).toBeGreaterThanOrEqual(2);
    expect(out.dead[1]).toBe(weakGnoll.hp - damage.total <= -10 ? 1 : 0);
  });
});

describe('a one-blow Souffle fight', () => {
  it('initiative, attack, defence and damage as the attack card rolls them', () => {
    const gardien = souffleEntry(packDoc('souffle', 'souffle-combattants', "Gardien du Waka'Hata"));
    const chasseur = souffleEntry(packDoc('souffle', 'souffle-combattants', 'Chasseur'));
    // The Guerrier acts first (S-R3); the défensif hunter takes no action (S-P4); one round.
    const attacker = {
      ...gardien,
      fighter: { ...gardien.fighter, disciplines: ['guerrier'] },
      // A plain blow: no souffle spent forcing it (the default 'reserve' is played below).
      tactics: { posture: 'prudent' as const, force: 'never' as const },
    };
    const defender = { ...chasseur, tactics: { posture: 'defensif' as const } };
    const fight = new SouffleFight({
      ruleset: 'souffle',
      fights: 1,
      seed: 1,
      roundLimit: 1,
      sides: [
        { name: 'A', fighters: [attacker] },
        { name: 'B', fighters: [defender] },
      ],
    });
    const out = new FightResult(2);
    out.reset();
    const log: number[] = [];
    const seeded = new SeededDice(5);
    fight.play({ die: (faces) => (log.push(seeded.die(faces)), log[log.length - 1]!) }, out);
    expect(out.blows).toBe(1);

    // The same dice through the engine's steps, in the card's order.
    const steps = new ScriptedDice(log);
    rollInitiative(
      [
        { id: '0.0', initiative: attacker.fighter.initiative, guerrier: true },
        { id: '1.0', initiative: defender.fighter.initiative, guerrier: false },
      ],
      steps,
    );
    const attack = resolveSouffleAttack(
      {
        kind: 'melee',
        characteristic: { id: 'vigueur', value: 3 },
        metier: 4,
        weapons: [...attacker.weapons],
      },
      steps,
    );
    const defence = resolveSouffleDefence(
      attack,
      { defense: defender.fighter.defense, metier: 3 },
      { mode: 'esquive', states: [], posture: 'defensif' },
      steps,
    );
    const hit = applySouffleDamage(defender.fighter, defence.taken);
    expect(steps.remaining).toBe(0);
    expect(defence.taken).toBeGreaterThan(0);
    expect(out.souffleLost[1]).toBe(hit.toSouffle);
    expect(out.pvLost[1]).toBe(hit.toPv);
    expect(out.pvLost[0]).toBe(0);
  });
});

describe('Souffle tactics: forcing and postures', () => {
  const gardien = souffleEntry(packDoc('souffle', 'souffle-combattants', "Gardien du Waka'Hata"));
  const chasseur = souffleEntry(packDoc('souffle', 'souffle-combattants', 'Chasseur'));
  const fight = (a: object, b: object) =>
    simulate({
      ruleset: 'souffle',
      fights: 400,
      seed: 3,
      sides: [
        { name: 'A', fighters: [{ ...gardien, tactics: a }] },
        { name: 'B', fighters: [{ ...chasseur, tactics: b }] },
      ],
    });

  it('S-AT2 forces with the souffle above half its maximum by default, and never when told not to', () => {
    const forcing = fight({}, {});
    const never = fight({ force: 'never' }, { force: 'never' });
    // The souffle a fighter loses is what he spends forcing plus what blows take off it.
    expect(forcing.fighters[0]!.meanSouffleLost!).toBeGreaterThan(never.fighters[0]!.meanSouffleLost! + 0.5);
  });

  it('S-P1 an adaptive pair that outnumbers its foe turns intrépide after its first turn and strikes more', () => {
    const twoRounds = (posture: 'adaptive' | 'prudent') =>
      simulate({
        ruleset: 'souffle',
        fights: 200,
        seed: 3,
        roundLimit: 2,
        sides: [
          {
            name: 'A',
            fighters: [
              { ...chasseur, tactics: { posture, force: 'never' } },
              { ...chasseur, tactics: { posture, force: 'never' } },
            ],
          },
          { name: 'B', fighters: [{ ...gardien, tactics: { posture: 'prudent', force: 'never' } }] },
        ],
      });
    // Round 1 both are prudent (one short action each); from round 2 the adaptive pair is intrépide.
    expect(twoRounds('adaptive').blows).toBeGreaterThan(1.2 * twoRounds('prudent').blows);
  });

  it('refuses an unknown posture tactic with the values allowed', () => {
    expect(() => fight({ posture: 'berserk' }, {})).toThrow(RulesError);
  });
});

describe('odds', () => {
  it('a Pasmagosaure-class brute beats one human in nearly every fight', () => {
    const report = simulate(duel(brigand, pasmagosaure, 2000, 42));
    expect(report.sides[0]!.win.high).toBeLessThan(0.05);
    expect(report.sides[1]!.win.p).toBeGreaterThan(0.95);
    expect(report.fighters[0]!.down.p).toBeGreaterThan(0.95);
    expect(report.sides[0]!.defeatCause?.by).toBe('Pasmagosaure');
  });

  it('two identical fighters each win about half, within the interval', () => {
    const report = simulate(duel(garde, garde, 4000, 2026));
    const decided = 1 - report.draw.p;
    for (const side of report.sides) {
      expect(side.win.low).toBeLessThanOrEqual(decided / 2);
      expect(side.win.high).toBeGreaterThanOrEqual(decided / 2);
      expect(side.win.high - side.win.low).toBeLessThan(0.04);
    }
  });
});

describe('determinism', () => {
  it('the same encounter and seed give the same report; another seed another one', () => {
    const encounter: FantasiaEncounter = {
      ruleset: 'fantasia',
      fights: 150,
      seed: 99,
      distance: 40,
      sides: [
        {
          name: 'A',
          fighters: [{ combatant: garde }, { combatant: brigand, tactics: { target: 'weakest' } }],
        },
        {
          name: 'B',
          fighters: [{ combatant: brigand }, { combatant: brigand, tactics: { retreatBelow: 0.5 } }],
        },
      ],
    };
    const first = simulate(encounter);
    expect(simulate(encounter)).toEqual(first);
    const other = simulate({ ...encounter, seed: 100 });
    expect(other.blows).not.toBe(first.blows);
  });
});

describe('refusals', () => {
  it('refuses one side, no fights, or an empty side before rolling anything', () => {
    const one = duel(garde, brigand, 10, 1);
    expect(() => simulate({ ...one, sides: [one.sides[0]!] })).toThrow(RulesError);
    expect(() => simulate({ ...one, fights: 0 })).toThrow(RulesError);
    expect(() => simulate({ ...one, sides: [one.sides[0]!, { name: 'B', fighters: [] }] })).toThrow(
      /EmptySide/,
    );
  });
});

describe('a fighter already down when the fight starts', () => {
  const sword = packDoc('greyhawk', 'greyhawk-armes', 'Épée longue');
  const pair = <E>(ruleset: string, a: E, b: E) =>
    ({
      ruleset,
      fights: 500,
      seed: 7,
      sides: [
        { name: 'A', fighters: [a] },
        { name: 'B', fighters: [b] },
      ],
    }) as unknown as FantasiaEncounter;

  it('never wins and never strikes, in the three rulesets', () => {
    // A Brigand at −5 PV against a guard: the guard wins every fight, untouched.
    const fallen = { ...brigand, pv: { value: -5, max: brigand.pv.max } };
    const f = simulate(pair('fantasia', { combatant: garde }, { combatant: fallen }));
    expect(f.sides[0]!.win.p).toBe(1);
    expect(f.fighters[0]!.meanPvLost).toBe(0);
    expect(f.fighters[1]!.down.p).toBe(1);
    expect(f.blows).toBe(0);
    const veteran = greyhawkEntry({ ...exampleActor('greyhawk-guerrier.json'), items: [sword] });
    const gnoll = greyhawkEntry(exampleActor('greyhawk-gnoll.json'));
    const g = simulate(pair('greyhawk', veteran, { ...gnoll, hp: 0 }));
    expect(g.sides[0]!.win.p).toBe(1);
    expect(g.blows).toBe(0);
    const gardien = souffleEntry(packDoc('souffle', 'souffle-combattants', "Gardien du Waka'Hata"));
    const chasseur = souffleEntry(packDoc('souffle', 'souffle-combattants', 'Chasseur'));
    const downed = {
      ...chasseur,
      fighter: { ...chasseur.fighter, pv: { ...chasseur.fighter.pv, value: 0 } },
    };
    const s = simulate(pair('souffle', gardien, downed));
    expect(s.sides[0]!.win.p).toBe(1);
    expect(s.blows).toBe(0);
  });
});

describe('Greyhawk equal initiatives', () => {
  const gnoll = greyhawkEntry(exampleActor('greyhawk-gnoll.json'));
  const frail = { ...gnoll, hp: 1 };
  const duel = (simultaneous: boolean) =>
    simulate({
      ruleset: 'greyhawk',
      fights: 3000,
      seed: 11,
      simultaneous,
      sides: [
        { name: 'A', fighters: [frail] },
        { name: 'B', fighters: [frail] },
      ],
    });

  it('strike together by default, as the Player’s Handbook says: both gnolls may fall in one instant', () => {
    const together = duel(true);
    // Two 1-hp gnolls: a tie on the d10 (about one round in ten) where both hit kills both.
    expect(together.draw.count).toBeGreaterThan(30);
    expect(together.fighters[0]!.down.count + together.fighters[1]!.down.count).toBeGreaterThan(3000);
    const oneAfterTheOther = duel(false);
    expect(oneAfterTheOther.draw.count).toBe(0);
  });
});

describe('the work of one simulation', () => {
  it('refuses 6 000 fighters × 1 000 000 fights in words, before rolling anything, and plays a duel of a million', () => {
    const one = duel(garde, brigand, MAX_FIGHTS, 1);
    const crowd = Array.from({ length: 3000 }, () => ({ combatant: garde }));
    const huge = {
      ...one,
      sides: [
        { name: 'A', fighters: crowd },
        { name: 'B', fighters: crowd },
      ],
    };
    expect(() => checkEncounter(huge)).toThrow(
      expect.objectContaining({
        key: 'PDA.Error.Simulate.TooMuchWork',
        data: expect.objectContaining({ fighters: 6000 }),
      }),
    );
    const fr = JSON.parse(readFileSync('lang/fr.json', 'utf8'));
    expect(fr.PDA.Error.Simulate.TooMuchWork).toMatch(/combattants × combats/);
    expect(() => checkEncounter(one)).not.toThrow();
  });
});
