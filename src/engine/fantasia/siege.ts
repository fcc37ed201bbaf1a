import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { evaluate } from '../dice/formula';
import { applyChange, type Applied } from './damage';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollPercent, type PercentRoll } from './resolution';
import { skillValue } from './skills';
import type { FantasiaCombatant, RuleId, SiegeEngine } from './types';

/**
 * Siege engines (F-S1, F-S2). Ranges and damage are the seed's, except the bombarde's damage
 * (ruling: 4d6, between the ballista and the catapult) and the kraf's armour (ruling: steam
 * burns the whole body, armour does not help).
 */
export const SIEGE_ENGINES = {
  catapulte: {
    id: 'catapulte',
    name: 'PDA.Fantasia.Siege.catapulte',
    range: 300,
    crew: { min: 2, max: 3 },
    damage: '5d6',
    splash: { radius: 3, damage: '2d6' },
  },
  baliste: {
    id: 'baliste',
    name: 'PDA.Fantasia.Siege.baliste',
    range: 250,
    crew: { min: 2, max: 3 },
    damage: '2d6+2',
    line: { min: 1, max: 3 },
  },
  kraf: {
    id: 'kraf',
    name: 'PDA.Fantasia.Siege.kraf',
    range: 70,
    crew: { min: 2, max: 3 },
    damage: '2d6+5',
    line: { min: 1, max: 100 },
    knockBack: true,
    ignoresArmour: true,
  },
  bombarde: {
    id: 'bombarde',
    name: 'PDA.Fantasia.Siege.bombarde',
    range: 120,
    crew: { min: 2, max: 3 },
    damage: '4d6',
  },
} satisfies Record<string, SiegeEngine>;

export interface SiegeShot {
  readonly engine: SiegeEngine;
  readonly crew: readonly FantasiaCombatant[];
  readonly distance: number;
  /** Struck directly: one target, or the men in the line (ballista 2–3, kraf: all on the jet). */
  readonly targets: readonly FantasiaCombatant[];
  /** Within the splash radius of a catapult's impact. */
  readonly around?: readonly FantasiaCombatant[];
}

export interface SiegeHit {
  readonly targetId: string;
  readonly formula: string;
  readonly raw: number;
  readonly armour: number;
  readonly total: number;
  readonly knockBack: boolean;
  readonly applied: Applied;
}

export interface SiegeResult {
  readonly roll: PercentRoll;
  readonly gunnerId: string;
  readonly hits: readonly SiegeHit[];
  readonly rule: readonly RuleId[];
}

/**
 * F-S1: a crew of 2–3 and an Art de la guerre roll (the crew's best skill, ruling). F-S2: on a
 * success each target takes the engine's damage (rolled per target), minus armour unless the
 * engine ignores it; a catapult also hits everyone within 3 m for 2d6. No damage bonus (F-H4).
 */
export function fireSiegeEngine(
  shot: SiegeShot,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): SiegeResult {
  const { engine, crew, targets } = shot;
  if (crew.length < engine.crew.min || crew.length > engine.crew.max) {
    throw new RulesError('PDA.Error.SiegeCrew', {
      rule: 'F-S1',
      min: engine.crew.min,
      max: engine.crew.max,
      crew: crew.length,
    });
  }
  if (!(shot.distance >= 0 && shot.distance <= engine.range)) {
    throw new RulesError('PDA.Error.OutOfReach', {
      rule: 'F-S2',
      weapon: engine.name,
      distance: shot.distance,
      range: engine.range,
    });
  }
  const maxTargets = engine.line?.max ?? 1;
  if (targets.length < 1 || targets.length > maxTargets) {
    throw new RulesError('PDA.Error.SiegeTargets', {
      rule: 'F-S2',
      max: maxTargets,
      targets: targets.length,
    });
  }
  if (shot.around?.length && !engine.splash)
    throw new RulesError('PDA.Error.SiegeTargets', {
      rule: 'F-S2',
      max: maxTargets,
      targets: targets.length,
    });
  let gunner = crew[0] as FantasiaCombatant;
  for (const c of crew) if (skillValue(c, 'artDeLaGuerre') > skillValue(gunner, 'artDeLaGuerre')) gunner = c;
  const roll = rollPercent(skillValue(gunner, 'artDeLaGuerre'), [], dice, options, ['F-S1']);
  const rule: RuleId[] = ['F-S1', 'F-S2'];
  if (!roll.success) return { roll, gunnerId: gunner.id, hits: [], rule };
  const hit = (target: FantasiaCombatant, formula: string): SiegeHit => {
    const raw = Math.max(0, evaluate(formula, dice).total);
    const armour = engine.ignoresArmour ? 0 : Math.min(raw, target.armour);
    const total = raw - armour;
    const knockBack = engine.knockBack === true;
    return {
      targetId: target.id,
      formula,
      raw,
      armour,
      total,
      knockBack,
      applied: applyChange(target, total, {}, rule),
    };
  };
  const hits = targets.map((t) => hit(t, engine.damage));
  if (engine.splash) for (const t of shot.around ?? []) hits.push(hit(t, engine.splash.damage));
  return { roll, gunnerId: gunner.id, hits, rule };
}
