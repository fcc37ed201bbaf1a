import { RulesError } from '../core/errors';
import { DEFAULT_LADDER, validateLadder, type AdvantageLadder } from './ladder';

/**
 * World settings of the Souffle rules. Every [GAP]/[CONFLICT] ruling with a cheap alternative
 * is one field here (docs/rulings/souffle.md). Defaults reproduce the seed's worked examples.
 */
export interface SouffleOptions {
  /** S-A2: level → dice. */
  readonly ladder: AdvantageLadder;
  /** S-P2/S-P4: 'detailed' list (−2/+2) or 'summary' (−1/+1). */
  readonly postureModifiers: 'detailed' | 'summary';
  /** S-AT2: forcing cap: the kept die's faces (S-AT3 example) or a flat 10 (rule text). */
  readonly forceCap: 'die' | 'ten';
  /** S-AT1/S-AT3: melee characteristic and métier feed the advantage 'level' (example) or the 'sum'. */
  readonly meleeStats: 'level' | 'sum';
  /** S-AT4/S-AT5: ranged characteristic and métier feed the 'sum' (example) or the 'level'. */
  readonly rangedStats: 'level' | 'sum';
  /** S-DF3: half the métier rounded 'up' (example: métier 3 → 2) or 'down'. */
  readonly halfMetier: 'up' | 'down';
  /** S-R3: add the initiative score to the rolled die (default: the score only picks the dice). */
  readonly initiativeAddsScore: boolean;
  /** S-MN2/S-MN3/S-FL1: a characteristic test succeeds when its roll reaches this threshold. */
  readonly testThreshold: number;
  /** S-DF3: damage beyond the remaining souffle spills onto PV in the same hit. */
  readonly spillToPv: boolean;
  /** S-A4: levels per extra ally when outnumbering the foe (2 v 1 → +1, 4 v 1 → +3). */
  readonly outnumberPerAlly: number;
  /** S-AT7: how long a prepared aim waits: its 'round', until the end of the 'nextRound', or until 'used'. */
  readonly aimLasts: 'round' | 'nextRound' | 'used';
}

export const DEFAULT_OPTIONS: SouffleOptions = {
  ladder: DEFAULT_LADDER,
  postureModifiers: 'detailed',
  forceCap: 'die',
  meleeStats: 'level',
  rangedStats: 'sum',
  halfMetier: 'up',
  initiativeAddsScore: false,
  testThreshold: 6,
  spillToPv: true,
  outnumberPerAlly: 1,
  aimLasts: 'nextRound',
};

/** Merges partial settings onto the defaults and validates them (throws RulesError). */
export function souffleOptions(partial: Partial<SouffleOptions> = {}): SouffleOptions {
  const options: SouffleOptions = { ...DEFAULT_OPTIONS, ...partial };
  validateLadder(options.ladder);
  const oneOf = (value: string, allowed: readonly string[], what: string): void => {
    if (!allowed.includes(value)) throw new RulesError('PDA.Error.SouffleOption', { what, value });
  };
  oneOf(options.postureModifiers, ['detailed', 'summary'], 'postureModifiers');
  oneOf(options.forceCap, ['die', 'ten'], 'forceCap');
  oneOf(options.meleeStats, ['level', 'sum'], 'meleeStats');
  oneOf(options.rangedStats, ['level', 'sum'], 'rangedStats');
  oneOf(options.halfMetier, ['up', 'down'], 'halfMetier');
  oneOf(options.aimLasts, ['round', 'nextRound', 'used'], 'aimLasts');
  if (!Number.isInteger(options.testThreshold) || options.testThreshold < 1 || options.testThreshold > 30) {
    throw new RulesError('PDA.Error.SouffleOption', { what: 'testThreshold', value: options.testThreshold });
  }
  if (!Number.isInteger(options.outnumberPerAlly) || options.outnumberPerAlly < 1) {
    throw new RulesError('PDA.Error.SouffleOption', {
      what: 'outnumberPerAlly',
      value: options.outnumberPerAlly,
    });
  }
  return options;
}
