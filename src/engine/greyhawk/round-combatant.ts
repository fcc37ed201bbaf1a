import type { RoundCombatant } from '../round/types';
import { attacksPerTwoRounds, masteryOf } from './character';
import { isBowOrCrossbow } from './data';
import { inGrip } from './weapon-grip';
import { canSwitchGrip, twoHandedSpeedBonus } from './styles';
import type { GripUse } from './style-use';
import type { GreyhawkCharacter, GreyhawkWeapon, ShieldKind } from './types';
import type { GreyhawkOptions } from './options';

/**
 * A Greyhawk fighter as the round engine sees it (G-I*): speed, size, attacks and readiness
 * read from the character. Split from round.ts, which re-exports it.
 */

/*
 * Greyhawk's round on the shared round engine. Order of a round (rulings in
 * docs/rulings/greyhawk.md): each combatant's 1d10 is rolled and kept sealed, everyone declares
 * (G-PA4 DMG parry and G-SH2 shield rush must be declared here, before the order is known),
 * then the order is fixed: d10 + weapon speed (or casting time) + declared modifiers, lowest
 * first. Pass 1 holds what happens before initiative (G-F1 free shot, G-S3 held target);
 * pass 2 every combatant's first action; pass 3 the further attacks of multiple-attack fighters.
 */

export interface GreyhawkRoundCombatant extends RoundCombatant {
  /** Attacks per two rounds with the readied weapon (character.attacksPerTwoRounds). */
  readonly attacksPerTwoRounds: number;
  /**
   * G-M4: attacks per two rounds when the readied weapon is thrown (a dagger 2/1, a specialist's
   * 3/1: the PHB's rate of fire, not the melee rate); absent for a weapon that cannot be thrown.
   */
  readonly thrownAttacksPerTwoRounds?: number;
  /** Extra attacks a round from a second weapon (G-ST4). */
  readonly extraAttacks?: number;
  /** Speed factor of the readied weapon after G-ST2 and G-M2 reductions. */
  readonly speed: number;
  /** Other initiative modifiers (magic, situation): added to the d10. */
  readonly initiativeModifier?: number;
  /** G-S3: bow or crossbow specialist, who may hold a target and shoot before initiative. */
  readonly missileSpecialist?: boolean;
  readonly shield?: ShieldKind;
  /** A spear, lance or polearm in hand (G-SH2: wins initiative against a rush when bracing). */
  readonly braceWeapon?: boolean;
  /** G-F1: this combatant's group took (or gave) the free shot before round 1. */
  readonly freeShot?: 'shooter' | 'target';
  /** G-D2: its two-handed weapon was sent flying last round: this round's initiative is lost. */
  readonly losesInitiative?: boolean;
  /** G-P2: lying on the ground (a standing-up declaration needs it). */
  readonly prone?: boolean;
  /** G-ST1/G-ST2: the grip of a one-or-two-handed weapon, and its speed with each grip. */
  readonly grip?: GripUse;
  readonly gripSpeeds?: Readonly<Record<GripUse, number>>;
  /** G-ST1/G-ST2: both styles known, so the grip may change at any round's start. */
  readonly canSwitchGrip?: boolean;
  /** G-ST5: the missile style's specialisation (half move with all shots, full move with half). */
  readonly missileStyleSpec?: boolean;
  /** The readied weapon shoots or is thrown (a bow, a sling, a monster's spikes). */
  readonly shoots?: boolean;
  /** G-ST6: riding a mount (its movement this round is declared). */
  readonly mounted?: boolean;
}

/** Weapon speed after G-M2 (high master, melee −1) and G-ST2 (two-handed specialist −3). */
export function effectiveSpeed(c: GreyhawkCharacter, weapon: GreyhawkWeapon, twoHandedGrip = false): number {
  const rank = masteryOf(c, weapon.base);
  const high = (rank === 'highMaster' || rank === 'grandMaster') && weapon.melee ? -1 : 0;
  const grip = twoHandedGrip || weapon.hands === 2;
  // PHB: a bastard sword in both hands has its own, slower speed factor.
  return Math.max(0, inGrip(weapon, grip).speed + high + twoHandedSpeedBonus(c, grip));
}

/** The round's view of a character wielding `weapon` (and maybe a second weapon or shield). */
export function toGreyhawkRoundCombatant(
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  options: {
    readonly side?: 'pc' | 'npc';
    readonly offHand?: GreyhawkWeapon;
    readonly shield?: ShieldKind;
    readonly twoHandedGrip?: boolean;
    readonly freeShot?: 'shooter' | 'target';
    readonly initiativeModifier?: number;
    readonly grip?: GripUse;
    readonly prone?: boolean;
  } = {},
): GreyhawkRoundCombatant {
  const rank = masteryOf(c, weapon.base);
  const either = weapon.hands === 'either';
  const grip = options.grip ?? (options.twoHandedGrip ? 'two' : 'one');
  return {
    id: c.id,
    name: c.name,
    side: options.side ?? (c.monster ? 'npc' : 'pc'),
    attacksPerTwoRounds: attacksPerTwoRounds(c, weapon),
    ...(weapon.melee && (weapon.ranges?.long ?? 0) > 0
      ? { thrownAttacksPerTwoRounds: attacksPerTwoRounds(c, weapon, true) }
      : {}),
    speed: effectiveSpeed(c, weapon, options.twoHandedGrip === true || (either && grip === 'two')),
    ...(options.offHand ? { extraAttacks: 1 } : {}),
    ...(either
      ? {
          grip,
          gripSpeeds: { one: effectiveSpeed(c, weapon, false), two: effectiveSpeed(c, weapon, true) },
          ...(canSwitchGrip(c, weapon) ? { canSwitchGrip: true } : {}),
        }
      : {}),
    ...((c.styles?.missile ?? 0) >= 1 ? { missileStyleSpec: true } : {}),
    ...(!weapon.melee ? { shoots: true } : {}),
    ...(options.prone ? { prone: true } : {}),
    ...(isBowOrCrossbow(weapon.kind) && rank !== undefined && rank !== 'expert'
      ? { missileSpecialist: true }
      : {}),
    ...(options.shield ? { shield: options.shield } : {}),
    ...(weapon.brace ? { braceWeapon: true } : {}),
    ...(options.freeShot ? { freeShot: options.freeShot } : {}),
    ...(options.initiativeModifier ? { initiativeModifier: options.initiativeModifier } : {}),
  };
}

/**
 * A monster's attacks per two rounds with its readied weapon: its entry's count, or, by the world's
 * ruling (`monsterWeaponRate`, docs/rulings.md), a manufactured missile weapon's PHB rate of fire
 * (an orc's short bow 2/1); its natural attacks always keep the entry's.
 */
export function monsterAttacksPerTwoRounds(
  entry: number,
  weapon: GreyhawkWeapon,
  weaponRate: number,
  options: Pick<GreyhawkOptions, 'monsterWeaponRate'>,
): number {
  return options.monsterWeaponRate && !weapon.melee && weapon.base !== 'natural' ? weaponRate : entry;
}
