/**
 * The encounter simulator (issue 18): plays the same fight many times on the engine, seeded, and
 * reports each side's odds, how long fights last and what each fighter risks.
 */
import { SeededDice } from '../dice/seeded';
import { RulesError } from '../core/errors';
import { RULESET_IDS } from '../rulesets';
import { FantasiaFight } from './fantasia';
import { GreyhawkFight } from './greyhawk';
import { SouffleFight } from './souffle';
import { checkTactics } from './tactics';
import { buildReport, FightResult, Tally } from './stats';
import type { Encounter, SimulationReport, Tactics } from './types';

export * from './types';
export { wilson } from './stats';
export { formatReport } from './format';

export const MAX_FIGHTS = 1_000_000;

/**
 * The work of one simulation: fighters × fights. Each count is bounded, and so is their product,
 * so that no encounter (thousands of fighters, a million fights) keeps a machine busy for hours.
 */
export const MAX_FIGHTER_FIGHTS = 10_000_000;

interface Runner {
  readonly names: readonly string[];
  readonly sideOf: readonly number[];
  play(dice: SeededDice, out: FightResult): void;
}

function runnerFor(encounter: Encounter): Runner {
  switch (encounter.ruleset) {
    case 'fantasia':
      return new FantasiaFight(encounter);
    case 'souffle':
      return new SouffleFight(encounter);
    case 'greyhawk':
      return new GreyhawkFight(encounter);
    default:
      throw new RulesError('PDA.Error.Simulate.Ruleset', {
        ruleset: String((encounter as { ruleset?: unknown }).ruleset),
        allowed: RULESET_IDS.join(', '),
      });
  }
}

/** Refuses an encounter the simulator cannot play (RulesError), before any die is rolled. */
export function checkEncounter(encounter: Encounter): void {
  const { fights, seed } = encounter;
  if (!Number.isInteger(fights) || fights < 1 || fights > MAX_FIGHTS)
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'fights',
      value: String(fights),
      min: 1,
      max: MAX_FIGHTS,
    });
  if (!Number.isInteger(seed))
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'seed',
      value: String(seed),
      min: 0,
      max: 2 ** 32 - 1,
    });
  const limit = encounter.roundLimit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'roundLimit',
      value: String(limit),
      min: 1,
      max: 1000,
    });
  const distance = encounter.distance ?? 0;
  if (!Number.isFinite(distance) || distance < 0 || distance > 10_000)
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'distance',
      value: String(distance),
      min: 0,
      max: 10_000,
    });
  if (!Array.isArray(encounter.sides) || encounter.sides.length < 2)
    throw new RulesError('PDA.Error.Simulate.Sides', { count: encounter.sides?.length ?? 0 });
  encounter.sides.forEach((side, s) => {
    if (!Array.isArray(side.fighters) || side.fighters.length === 0)
      throw new RulesError('PDA.Error.Simulate.EmptySide', { side: side.name || String(s + 1) });
    const entries: readonly { readonly tactics?: Tactics }[] = side.fighters;
    entries.forEach((entry, k) => checkTactics(entry.tactics, `${side.name || s + 1} #${k + 1}`));
  });
  const fighters = encounter.sides.reduce((n, side) => n + side.fighters.length, 0);
  if (fighters * fights > MAX_FIGHTER_FIGHTS)
    throw new RulesError('PDA.Error.Simulate.TooMuchWork', {
      fighters,
      fights,
      max: MAX_FIGHTER_FIGHTS,
    });
}

export interface SimulateHooks {
  /** Called every `every` fights with the number played so far; return false to stop early. */
  readonly progress?: (played: number, total: number) => boolean | void;
  readonly every?: number;
}

/**
 * Plays `encounter.fights` fights from one seeded dice stream: the same encounter and seed give
 * the same report on every machine.
 */
export function simulate(encounter: Encounter, hooks: SimulateHooks = {}): SimulationReport {
  checkEncounter(encounter);
  const runner = runnerFor(encounter);
  const dice = new SeededDice(encounter.seed);
  const limit = encounter.roundLimit ?? 50;
  const tally = new Tally(runner.sideOf, encounter.sides.length, limit);
  const out = new FightResult(runner.names.length);
  const every = hooks.every ?? 1000;
  for (let n = 0; n < encounter.fights; n++) {
    out.reset();
    runner.play(dice, out);
    tally.add(out);
    if (hooks.progress && (n + 1) % every === 0 && hooks.progress(n + 1, encounter.fights) === false) break;
  }
  return buildReport(
    encounter.ruleset,
    encounter.seed,
    tally,
    encounter.sides.map((s, i) => s.name || `Side ${i + 1}`),
    runner.names,
    encounter.ruleset === 'souffle',
  );
}
