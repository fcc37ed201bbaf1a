import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../../src/engine/dice';
import { isRulesError } from '../../../src/engine/core/errors';
import {
  damageBonusFor,
  FANTASIA_WEAPONS,
  pvMaxFor,
  resolveAttack,
  resolveExchange,
  validateCombatant,
  type FantasiaCombatant,
  type FantasiaWeapon,
} from '../../../src/engine/fantasia';

const weapons = Object.values(FANTASIA_WEAPONS) as FantasiaWeapon[];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const combatantArb = (id: string): fc.Arbitrary<FantasiaCombatant> =>
  fc
    .record({
      FOR: fc.integer({ min: 3, max: 30 }),
      CON: fc.integer({ min: 3, max: 30 }),
      TAI: fc.integer({ min: 3, max: 30 }),
      DEX: fc.integer({ min: 3, max: 25 }),
      CHA: fc.integer({ min: 3, max: 20 }),
      skill: fc.integer({ min: 0, max: 200 }),
      esquive: fc.integer({ min: 0, max: 200 }),
      armour: fc.integer({ min: 0, max: 12 }),
      wounds: fc.integer({ min: 0, max: 30 }),
      weapon: fc.constantFrom(...weapons),
      shield: fc.option(fc.integer({ min: 10, max: 20 }), { nil: undefined }),
    })
    .map((r) => {
      const max = pvMaxFor(r.CON, r.TAI);
      return {
        id,
        name: id,
        kind: 'pnj' as const,
        characteristics: { FOR: r.FOR, CON: r.CON, TAI: r.TAI, INT: 10, DEX: r.DEX, CHA: r.CHA },
        pv: { value: max - r.wounds, max },
        mouvement: 8,
        damageBonus: damageBonusFor(r.FOR, r.TAI),
        armour: r.armour,
        skills: { [r.weapon.skill]: r.skill, esquive: r.esquive },
        states: {},
        weapons: [r.weapon],
        ...(r.shield
          ? { shield: { id: 's', name: 's', parryBonus: r.shield, parriesMissiles: r.shield > 15 } }
          : {}),
        thrusts: [{ thrustId: 'coupBestial', crosses: 0 }],
      };
    });

describe('pipeline properties', () => {
  it('F-H3 no NaN, no negative damage after armour, and PV never rise from an attack', () => {
    fc.assert(
      fc.property(
        combatantArb('a'),
        combatantArb('d'),
        fc.integer(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 40 }),
        (attacker, defender, seed, dodge, thrust, cover) => {
          validateCombatant(attacker);
          validateCombatant(defender);
          const weapon = attacker.weapons![0]!;
          const useThrust = thrust && (weapon.kind === 'melee' || weapon.kind === 'whip');
          // An attacker with no PV left does not strike (ruling F-H1 0 PV): it keeps at least 1.
          const striker =
            attacker.pv.value > 0 ? attacker : { ...attacker, pv: { ...attacker.pv, value: 1 } };
          const r = resolveExchange(
            {
              attacker: striker,
              defender,
              weapon,
              assisted: true,
              cover,
              declaration: { dodgeDeclared: dodge },
              ...(useThrust ? { thrust: { thrustId: 'coupBestial' } } : {}),
            },
            new SeededDice(seed),
          );
          if (r.damage) {
            expect(Number.isNaN(r.damage.total)).toBe(false);
            expect(r.damage.total).toBeGreaterThanOrEqual(0);
            expect(r.damage.raw).toBeGreaterThanOrEqual(r.damage.total);
            // F-H3: the defender's armour comes off the whole blow (Coup bestial keeps it).
            expect(r.damage.total).toBe(Math.max(0, r.damage.raw - defender.armour));
          }
          expect(Number.isFinite(r.defender.pv.value)).toBe(true);
          expect(r.defender.pv.value).toBeLessThanOrEqual(defender.pv.value);
          expect(r.attacker.pv).toEqual(striker.pv);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('F-H1 a refused attack throws RulesError and leaves every input untouched', () => {
    fc.assert(
      fc.property(combatantArb('a'), combatantArb('d'), fc.integer(), (attacker, defender, seed) => {
        const weapon = attacker.weapons![0]!;
        const broken = deepFreeze({ ...attacker, states: { weaponBroken: [weapon.id] } });
        const frozenDefender = deepFreeze(structuredClone(defender));
        const before = JSON.stringify([broken, frozenDefender]);
        let error: unknown;
        try {
          resolveAttack({ attacker: broken, defender: frozenDefender, weapon }, new SeededDice(seed));
        } catch (e) {
          error = e;
        }
        expect(isRulesError(error)).toBe(true);
        expect(JSON.stringify([broken, frozenDefender])).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it('F-W7 impossible stats are refused by validation', () => {
    fc.assert(
      fc.property(
        combatantArb('a'),
        fc.oneof(fc.integer({ min: 201, max: 10_000 }), fc.integer({ min: -10_000, max: -1 })),
        (c, bad) => {
          let error: unknown;
          try {
            validateCombatant({ ...c, skills: { ...c.skills, lutte: bad } });
          } catch (e) {
            error = e;
          }
          expect(isRulesError(error)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
