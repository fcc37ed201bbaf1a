import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  canSprint,
  chaseGain,
  climb,
  effectiveMouvement,
  fireSiegeEngine,
  HUMAN_MOUVEMENT,
  resolveAttack,
  SIEGE_ENGINES,
  withinRange,
} from '../../../src/engine/fantasia';
import { fighter, W } from './helpers';

describe('movement', () => {
  it('F-M1 a human moves 8 m a round', () => {
    expect(HUMAN_MOUVEMENT).toBe(8);
    expect(effectiveMouvement(fighter({ id: 'h' }))).toBe(8);
  });

  it('F-M2 Pasmagosaure Mv 14 vs humans Mv 8 with 20 m lead: 6 m a round, caught in 4 rounds', () => {
    expect(chaseGain(14, 8)).toBe(6);
    // The 4 rounds: the chase tool (chase.ts), table test fantasia-chase F-M2.
  });

  it('F-M3 nobody sprints longer than their CON', () => {
    expect(canSprint(3, 2)).toBe(true);
    expect(canSprint(3, 3)).toBe(false);
  });

  it('F-M4 the Rorque (Mv 20) climbs from 15 m to 35 m and leaves crossbow range by pass 3', () => {
    const ship = { x: 0, y: 0, z: 0 };
    const rorque = { x: 0, y: 0, z: 15 };
    // Pass 1: the ready crossbow is in range.
    expect(withinRange(ship, rorque, W.arbalete.range)).toEqual({ inRange: true, distance: 15 });
    const shooter = fighter({ id: 'aventurier', weapons: [W.arbalete], skills: { armesDeTir: 50 } });
    const beast = fighter({ id: 'rorque', mouvement: 20 });
    expect(
      resolveAttack(
        { attacker: shooter, defender: beast, weapon: W.arbalete, distance: 15 },
        new ScriptedDice([30]),
      ).hit,
    ).toBe(true);
    // Pass 2: the Rorque flies up its full Mouvement.
    const after = climb(rorque, beast.mouvement);
    expect(after.z).toBe(35);
    const pass3 = withinRange(ship, after, W.arbalete.range);
    expect(pass3.inRange).toBe(false);
    const reloaded = { ...shooter, weapons: [{ ...W.arbalete, loaded: true }] };
    expect(() =>
      resolveAttack(
        { attacker: reloaded, defender: beast, weapon: W.arbalete, distance: pass3.distance },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
  });
});

describe('siege engines', () => {
  const crew = [
    fighter({ id: 'c1', skills: { artDeLaGuerre: 30 } }),
    fighter({ id: 'c2', skills: { artDeLaGuerre: 55 } }),
  ];
  const men = ['a', 'b', 'c', 'd'].map((id) => fighter({ id, armour: 2 }));

  it('F-S1 needs a crew of 2–3 and an Art de la guerre roll', () => {
    expect(() =>
      fireSiegeEngine(
        { engine: SIEGE_ENGINES.baliste, crew: [crew[0]!], distance: 100, targets: [men[0]!] },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
    const miss = fireSiegeEngine(
      { engine: SIEGE_ENGINES.baliste, crew, distance: 100, targets: [men[0]!] },
      new ScriptedDice([56]),
    );
    expect(miss.gunnerId).toBe('c2');
    expect(miss.roll.target).toBe(55);
    expect(miss.hits).toEqual([]);
  });

  it('F-S2 a ballista skewers 2–3 men in a line for 2d6+2 each', () => {
    const shot = fireSiegeEngine(
      { engine: SIEGE_ENGINES.baliste, crew, distance: 250, targets: men.slice(0, 3) },
      new ScriptedDice([40, 3, 4, 1, 1, 6, 6]),
    );
    expect(shot.hits.map((h) => h.total)).toEqual([7, 2, 12]);
    expect(shot.hits[2]?.applied.combatant.pv.value).toBe(0);
    expect(() =>
      fireSiegeEngine(
        { engine: SIEGE_ENGINES.baliste, crew, distance: 100, targets: men },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
    expect(() =>
      fireSiegeEngine(
        { engine: SIEGE_ENGINES.baliste, crew, distance: 251, targets: [men[0]!] },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
  });

  it('F-S2 a catapult: 5d6 where it lands, 2d6 within 3 m', () => {
    const shot = fireSiegeEngine(
      { engine: SIEGE_ENGINES.catapulte, crew, distance: 300, targets: [men[0]!], around: [men[1]!] },
      new ScriptedDice([40, 6, 6, 6, 6, 6, 3, 3]),
    );
    expect(shot.hits.map((h) => [h.targetId, h.raw, h.total])).toEqual([
      ['a', 30, 28],
      ['b', 6, 4],
    ]);
  });

  it('F-S2 a kraf scalds everyone on the jet for 2d6+5 through armour and knocks them back; bombarde 4d6 (ruling)', () => {
    const kraf = fireSiegeEngine(
      { engine: SIEGE_ENGINES.kraf, crew, distance: 70, targets: men },
      new ScriptedDice([40, 1, 1, 1, 1, 1, 1, 1, 1]),
    );
    expect(kraf.hits.map((h) => h.total)).toEqual([7, 7, 7, 7]);
    expect(kraf.hits.every((h) => h.knockBack)).toBe(true);
    expect(SIEGE_ENGINES.bombarde).toMatchObject({ range: 120, damage: '4d6' });
    expect(() =>
      fireSiegeEngine(
        { engine: SIEGE_ENGINES.kraf, crew, distance: 71, targets: men },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
  });
});
