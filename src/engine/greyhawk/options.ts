/*
 * The Greyhawk rulings a GM may switch (docs/rulings/greyhawk.md). The Foundry layer maps each
 * field to a world setting; the engine takes them as plain data.
 */
export interface GreyhawkOptions {
  /** A natural 20 always hits, a natural 1 always misses (ruling on attack rolls). */
  readonly naturalRolls: boolean;
  /** G-D1 optional rule: the victim of a disarm keeps the weapon on a grip check by level. */
  readonly disarmLevelCheck: boolean;
  /** G-H1: penalty of a weapon used alone in the off hand (ambidextrous characters ignore it). */
  readonly offHandPenalty: number;
  /** Two-weapon penalties cannot become a bonus through a high DEX reaction adjustment. */
  readonly capReactionBonus: boolean;
  /**
   * DMG optional critical hits: a natural 20 that hits rolls the damage dice twice (modifiers
   * once); a high or grand master's melee weapon crits on 19–20 (G-M2 doubles the chance).
   */
  readonly criticalHits: boolean;
  /** DMG optional "Hovering on Death's Door": 0 to −9 hit points unconscious, dead at −10. */
  readonly deathAtMinusTen: boolean;
  /**
   * Ruling (docs/rulings.md): a monster shooting a missile weapon (an orc's short bow) shoots at the
   * PHB rate of fire of that weapon (true) rather than its Monstrous Manual attack count.
   */
  readonly monsterWeaponRate: boolean;
  /** Ruling: G-ST2's "pique" is the footman's pick, which may then be held in both hands (false: the pike). */
  readonly piqueIsPick: boolean;
  /** Ruling: javelins, daggers and spears may be thrown from the saddle (G-ST6 names only bows and crossbows). */
  readonly mountedThrowing: boolean;
}

export const DEFAULT_GREYHAWK_OPTIONS: GreyhawkOptions = {
  naturalRolls: true,
  disarmLevelCheck: false,
  offHandPenalty: -2,
  capReactionBonus: true,
  criticalHits: false,
  deathAtMinusTen: false,
  monsterWeaponRate: true,
  piqueIsPick: true,
  mountedThrowing: true,
};

/**
 * A weapon as the world's rulings read it: with `piqueIsPick`, the footman's pick may be held in
 * one or two hands (G-ST2's list of one-handed weapons taken in both hands names a "pique").
 */
export function ruledWeapon<W extends { readonly base: string; readonly hands: 1 | 2 | 'either' }>(
  weapon: W,
  options: GreyhawkOptions,
): W {
  return options.piqueIsPick && weapon.base === 'footmansPick' && weapon.hands === 1
    ? { ...weapon, hands: 'either' }
    : weapon;
}

export function greyhawkOptions(partial: Partial<GreyhawkOptions> = {}): GreyhawkOptions {
  return { ...DEFAULT_GREYHAWK_OPTIONS, ...partial };
}
