import { describe, expect, it } from 'vitest';
import { RulesError } from '../../../src/engine/core/errors';
import { simulate, wilson } from '../../../src/engine/simulate';
import { resolveEncounter, type EncounterFile } from '../../../src/engine/simulate/encounter-file';
import {
  fantasiaCombatant,
  greyhawkEntry,
  souffleEntry,
  type DocumentData,
} from '../../../src/engine/simulate/sources';
import { exampleActor, packDoc } from './fixtures';

const lookups = (ruleset: string) => ({
  pack: (pack: string, name: string): DocumentData | undefined => {
    try {
      return packDoc(ruleset, pack, name);
    } catch {
      return undefined;
    }
  },
  actor: (path: string) => exampleActor(path.replace(/^actors\//, '')),
});

describe('fighters from compendium documents', () => {
  it('a Fantasia PNJ as the actor model gives it: worn armour added, derived PV and bonus, unarmed skills', () => {
    const brigand = fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Brigand'));
    expect(brigand.armour).toBe(2); // Cuir épais, worn
    expect(brigand.pv).toEqual({ value: 12, max: 12 }); // ⌈(CON 11 + TAI 12) / 2⌉
    expect(brigand.damageBonus).toBe(''); // FOR 12 + TAI 12 = 24: none
    expect(brigand.weapons?.map((w) => w.type)).toEqual(['dague', 'arc', 'bagarre', 'lutte']);
    const pasmagosaure = fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Pasmagosaure'));
    expect(pasmagosaure.damageBonus).toBe('3d6'); // FOR 32 + TAI 38 = 70: 2d6 up to 56, +1d6 per 16
  });

  it('a Souffle fighter keeps only its equipped weapons and worn armour', () => {
    const chasseur = souffleEntry(packDoc('souffle', 'souffle-combattants', 'Chasseur'));
    expect(chasseur.weapons.map((w) => w.category)).toEqual(['distance']); // the dagger is not equipped
    expect(chasseur.fighter.metiers).toEqual({ Chasseur: 3 });
    expect(chasseur.armour).toBeUndefined();
  });

  it('a Greyhawk monster takes its STR from its size (G-G3) and its attacks from the sheet', () => {
    const gnoll = greyhawkEntry(exampleActor('greyhawk-gnoll.json'));
    expect(gnoll.character.str).toBe(20); // size L
    expect(gnoll.character.monster).toEqual({ hitDice: 2, strBySize: true });
    expect(gnoll.attacksPerTwoRounds).toBe(2);
    expect(gnoll.hp).toBe(11);
  });

  it('refuses an actor of another ruleset', () => {
    expect(() => fantasiaCombatant(exampleActor('greyhawk-gnoll.json'))).toThrow(/BadDocument/);
  });
});

describe('encounter files', () => {
  it('counts, overrides and added items reach the fighters', () => {
    const file: EncounterFile = {
      ruleset: 'fantasia',
      fights: 5,
      sides: [
        {
          name: 'A',
          fighters: [
            {
              pack: 'fantasia-bestiaire',
              name: 'Brigand',
              count: 2,
              overrides: { system: { pv: { value: 5 } } },
              items: [{ pack: 'fantasia-equipement', name: 'Cotte de mailles' }],
            },
          ],
        },
        { name: 'B', fighters: [{ pack: 'fantasia-bestiaire', name: 'Pasmagosaure' }] },
      ],
    };
    const encounter = resolveEncounter(file, lookups('fantasia'), { seed: 7 });
    expect(encounter.seed).toBe(7);
    expect(encounter.ruleset).toBe('fantasia');
    if (encounter.ruleset !== 'fantasia') throw new Error('not fantasia');
    const fighters = encounter.sides[0]!.fighters;
    expect(fighters.map((f) => f.combatant.name)).toEqual(['Brigand 1', 'Brigand 2']);
    expect(fighters[0]!.combatant.pv).toEqual({ value: 5, max: 12 });
    expect(fighters[0]!.combatant.armour).toBeGreaterThan(2);
    expect(simulate(encounter).fighters).toHaveLength(3);
  });

  it('refuses an unknown entry, ruleset or tactic with a clear key, before any fight', () => {
    const side = (name: string) => ({ name: 'A', fighters: [{ pack: 'fantasia-bestiaire', name }] });
    const bad = (file: EncounterFile, key: string) => {
      try {
        resolveEncounter(file, lookups('fantasia'));
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(RulesError);
        expect((error as RulesError).key).toBe(key);
      }
    };
    bad({ ruleset: 'fantasia', sides: [side('Licorne'), side('Brigand')] }, 'PDA.Error.Simulate.NotFound');
    bad({ ruleset: 'chess', sides: [] }, 'PDA.Error.Simulate.Ruleset');
    bad(
      {
        ruleset: 'fantasia',
        sides: [
          {
            name: 'A',
            fighters: [
              { pack: 'fantasia-bestiaire', name: 'Brigand', tactics: { target: 'random' as 'nearest' } },
            ],
          },
        ],
      },
      'PDA.Error.Simulate.BadTactic',
    );
  });
});

describe('typos in an encounter file', () => {
  const refusal = (file: unknown, names?: readonly string[]): RulesError => {
    try {
      resolveEncounter(file as EncounterFile, {
        ...lookups('fantasia'),
        ...(names ? { names: () => names } : {}),
      });
    } catch (error) {
      if (error instanceof RulesError) return error;
      throw error;
    }
    throw new Error('accepted');
  };
  const brigand = { pack: 'fantasia-bestiaire', name: 'Brigand' };

  it('refuses a misspelt fighter key with the key, the fighter and the keys allowed', () => {
    const e = refusal({
      ruleset: 'fantasia',
      sides: [
        { name: 'A', fighters: [{ ...brigand, nmae: 'Bretteur' }] },
        { name: 'B', fighters: [brigand] },
      ],
    });
    expect(e.key).toBe('PDA.Error.Simulate.UnknownKey');
    expect(e.data).toMatchObject({ key: 'nmae', where: 'A › Brigand' });
    expect(String(e.data.allowed)).toContain('name');
    expect(String(e.data.allowed)).toContain('tactics');
  });

  it('refuses "tactic" for "tactics", a misspelt tactic field and a top-level typo', () => {
    const side = (fighter: object) => ({ name: 'A', fighters: [fighter] });
    const other = { name: 'B', fighters: [brigand] };
    expect(
      refusal({ ruleset: 'fantasia', sides: [side({ ...brigand, tactic: {} }), other] }).data,
    ).toMatchObject({
      key: 'tactic',
    });
    const inner = refusal({
      ruleset: 'fantasia',
      sides: [side({ ...brigand, tactics: { targt: 'weakest' } }), other],
    });
    expect(inner.data).toMatchObject({ key: 'targt', where: 'A › Brigand › tactics' });
    expect(String(inner.data.allowed)).toContain('target');
    expect(refusal({ ruleset: 'fantasia', fight: 10, sides: [side(brigand), other] }).data).toMatchObject({
      key: 'fight',
      where: 'encounter',
    });
  });

  it('lists the rulesets, the tactic values and the closest compendium names in its refusals', () => {
    expect(refusal({ ruleset: 'chess', sides: [] }).data.allowed).toBe('fantasia, greyhawk, souffle');
    const tactic = refusal({
      ruleset: 'fantasia',
      sides: [{ name: 'A', fighters: [{ ...brigand, tactics: { target: 'random' } }] }],
    });
    expect(tactic.data.allowed).toBe('nearest, weakest, mostDangerous');
    const near = refusal(
      {
        ruleset: 'fantasia',
        sides: [{ name: 'A', fighters: [{ pack: 'fantasia-bestiaire', name: 'Brigant' }] }],
      },
      ['Bretteur', 'Brigand', 'Pasmagosaure', 'Rorque'],
    );
    expect(near.key).toBe('PDA.Error.Simulate.NotFound');
    expect(String(near.data.near).startsWith('« Brigand »')).toBe(true);
  });
});

describe('the 95 % interval', () => {
  it('is the Wilson score interval, exact at 0 and n', () => {
    const e = wilson(50, 100);
    expect(e.p).toBe(0.5);
    expect(e.low).toBeCloseTo(0.4038, 4);
    expect(e.high).toBeCloseTo(0.5962, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).high).toBe(1);
  });
});

describe('progress', () => {
  it('reports progress and stops when told to, with the fights played so far', () => {
    const seen: number[] = [];
    const report = simulate(
      {
        ruleset: 'fantasia',
        fights: 1000,
        seed: 3,
        sides: [
          {
            name: 'A',
            fighters: [
              { combatant: fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Brigand')) },
            ],
          },
          {
            name: 'B',
            fighters: [
              { combatant: fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Brigand')) },
            ],
          },
        ],
      },
      { every: 100, progress: (played) => (seen.push(played), played < 300) },
    );
    expect(seen).toEqual([100, 200, 300]);
    expect(report.fights).toBe(300);
    expect(report.sides[0]!.win.count + report.sides[1]!.win.count + report.draw.count).toBe(300);
  });
});

describe('tactics given to the API directly', () => {
  it('are checked like those of a file', () => {
    const brigand = fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', 'Brigand'));
    expect(() =>
      simulate({
        ruleset: 'fantasia',
        fights: 10,
        seed: 1,
        sides: [
          { name: 'A', fighters: [{ combatant: brigand, tactics: { retreatBelow: 2 } }] },
          { name: 'B', fighters: [{ combatant: brigand }] },
        ],
      }),
    ).toThrow(/BadTactic/);
  });
});
