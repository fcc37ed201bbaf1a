/**
 * What the simulator tells an observer about each attack it plays: the equivalence tests
 * (test/engine/simulate/equivalence.test.ts) record these with the dice each attack used and
 * replay them through the cards' exchange machines. Nothing is traced unless a tracer is set.
 */
export interface TracedBlow {
  readonly round: number;
  readonly attacker: number;
  readonly defender: number;
  readonly weaponId: string;
  readonly hit: boolean;
  /** The defence taken: 'none', or the ruleset's kind (parry, dodge, parade, esquive). */
  readonly defence: string;
  readonly defended: boolean;
  /** Damage dealt to the defender (Souffle: taken, before souffle absorbs it). */
  readonly damage: number;
  /** PV (Greyhawk: hit points) of the defender and of the attacker after the attack. */
  readonly defenderPv: number;
  readonly attackerPv: number;
  /** Fantasia: the defender's round facts (F-D1, F-W5) and the fumble's option and friend. */
  readonly dodgeDeclared?: boolean;
  readonly attackDeclared?: boolean;
  readonly reloadingWeaponId?: string;
  readonly fumble?: string;
  readonly friend?: number;
  readonly friendPv?: number;
  /** Greyhawk: the initiative total the blow is struck at, and whether it is a missile. */
  readonly order?: number;
  readonly missile?: boolean;
  readonly distance?: number;
  /** Souffle: souffle forced (S-AT2), the defender's posture, both fighters' souffle after. */
  readonly forced?: number;
  readonly posture?: string;
  readonly defenderSouffle?: number;
  readonly attackerSouffle?: number;
}

export interface FightTracer {
  /** Called before the attack's first die. */
  start(): void;
  /** Called once the attack is over. */
  blow(blow: TracedBlow): void;
}
