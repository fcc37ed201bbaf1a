import type { Dice } from '../dice/port';
import {
  advanceMastery,
  chooseWeaponOfChoice,
  isSingleClassFighter,
  isWarrior,
  learnWeapon,
  proficiencyStatus,
  validateCharacter,
  warriorLevel,
} from './character';
import { BROAD_GROUPS, CLASS_GROUP, CLASS_WEAPONS, TIGHT_GROUPS, WEAPONS } from './data';
import { handednessFromRoll } from './styles';
import {
  CLASSES,
  type FightingStyle,
  type GreyhawkCharacter,
  type GreyhawkClass,
  type Handedness,
  type MasteryRank,
} from './types';
import { MAX_LEVEL, refuseUnless, RANK_RULE, withRule, STYLE_RULE } from './build-rules';

// ---------------------------------------------------------------------------------------------
// Classes and levels

/**
 * Class combinations (ruling in docs/rulings.md, from the Player's Handbook): one to three
 * different classes, at most one warrior class, and paladins never multiclass.
 */
export function validateClasses(c: GreyhawkCharacter): void {
  const ids = c.classes.map((k) => k.cls);
  refuseUnless(ids.length >= 1, 'base', 'PDA.Error.Greyhawk.NoClass', { name: c.name });
  refuseUnless(ids.length <= 3, 'base', 'PDA.Error.Greyhawk.TooManyClasses', { name: c.name });
  refuseUnless(new Set(ids).size === ids.length, 'base', 'PDA.Error.Greyhawk.ClassTwice', { name: c.name });
  const warriors = ids.filter((k) => CLASS_GROUP[k] === 'warrior');
  refuseUnless(warriors.length <= 1, 'base', 'PDA.Error.Greyhawk.TwoWarriorClasses', { name: c.name });
  refuseUnless(!(ids.includes('paladin') && ids.length > 1), 'base', 'PDA.Error.Greyhawk.PaladinMulticlass', {
    name: c.name,
  });
  for (const k of c.classes) {
    refuseUnless(
      Number.isInteger(k.level) && k.level >= 1 && k.level <= MAX_LEVEL,
      'base',
      'PDA.Error.Greyhawk.BadLevel',
      { level: String(k.level), max: MAX_LEVEL },
    );
  }
}

export function isGreyhawkClass(value: unknown): value is GreyhawkClass {
  return typeof value === 'string' && (CLASSES as readonly string[]).includes(value);
}

/**
 * Everything the sheet holds, checked together: class combinations, then the proficiency rules
 * (G-W1..G-W6), the mastery ladder's class restrictions (G-S1, G-E1), ranks gained at a level
 * the character has not reached, and the styles' limits (G-ST1..G-ST6).
 */
export function validateSheet(c: GreyhawkCharacter): void {
  validateClasses(c);
  for (const entry of c.proficiencies) ensureWeaponAllowed(c, entry);
  const level = warriorLevel(c);
  for (const [weapon, m] of Object.entries(c.mastery ?? {})) {
    if (m.rank === 'expert') {
      refuseUnless(isWarrior(c) && !isSingleClassFighter(c), 'G-E1', 'PDA.Error.Greyhawk.ExpertiseNotOpen', {
        name: c.name,
      });
    } else {
      refuseUnless(isSingleClassFighter(c), 'G-S1', 'PDA.Error.Greyhawk.SpecialistFightersOnly', {
        name: c.name,
      });
    }
    refuseUnless(m.since <= level, 'G-M1', 'PDA.Error.Greyhawk.RankAboveLevel', {
      weapon,
      level: m.since,
    });
  }
  for (const [style, slots] of Object.entries(c.styles ?? {}) as [FightingStyle, number | undefined][]) {
    if (slots === undefined) continue;
    refuseUnless(styleLadder(c, style).includes(slots), STYLE_RULE[style], 'PDA.Error.Greyhawk.StyleSlots', {
      style,
      slots,
    });
  }
  withRule('G-W1', () => {
    validateCharacter(c);
    return c;
  });
}

function withClasses(c: GreyhawkCharacter, classes: GreyhawkCharacter['classes']): GreyhawkCharacter {
  const next = { ...c, classes };
  validateSheet(next);
  return next;
}

/** Adds a class at level 1 (a multiclass character). */
export function addClass(c: GreyhawkCharacter, cls: GreyhawkClass): GreyhawkCharacter {
  refuseUnless(isGreyhawkClass(cls), 'base', 'PDA.Error.Greyhawk.UnknownClass', { cls: String(cls) });
  return withClasses(c, [...c.classes, { cls, level: 1 }]);
}

/** Removes a class; refused when the rest of the sheet depends on it (specialisation, slots…). */
export function removeClass(c: GreyhawkCharacter, cls: GreyhawkClass): GreyhawkCharacter {
  refuseUnless(
    c.classes.some((k) => k.cls === cls),
    'base',
    'PDA.Error.Greyhawk.UnknownClass',
    { cls: String(cls) },
  );
  return withClasses(
    c,
    c.classes.filter((k) => k.cls !== cls),
  );
}

/** Sets the level of one class; a lower level is refused when a rank or slot needs the old one. */
export function setClassLevel(c: GreyhawkCharacter, cls: GreyhawkClass, level: number): GreyhawkCharacter {
  refuseUnless(
    c.classes.some((k) => k.cls === cls),
    'base',
    'PDA.Error.Greyhawk.UnknownClass',
    { cls: String(cls) },
  );
  return withClasses(
    c,
    c.classes.map((k) => (k.cls === cls ? { cls, level } : k)),
  );
}

// ---------------------------------------------------------------------------------------------
// Weapons allowed by class (G-W4) and proficiencies (G-W2, G-W5)

/** Members of a proficiency entry: a weapon, or the weapons of a tight or broad group (G-W5). */
export function entryWeapons(entry: string): string[] {
  if (entry.startsWith('tight:')) return [...(TIGHT_GROUPS[entry.slice(6)] ?? [])];
  if (entry.startsWith('broad:')) {
    const groups = BROAD_GROUPS[entry.slice(6)] ?? [];
    return [...new Set(groups.flatMap((g) => TIGHT_GROUPS[g] ?? []))];
  }
  return entry in WEAPONS ? [entry] : [];
}

export function isKnownEntry(entry: string): boolean {
  return entryWeapons(entry).length > 0;
}

export function isPriest(c: GreyhawkCharacter): boolean {
  return c.classes.some((k) => CLASS_GROUP[k.cls] === 'priest');
}

/**
 * The weapons the character's classes allow, or null for any weapon. A priest keeps to the
 * weapons of the clergy (its own list when the sheet names one) even when multiclassed; other
 * multiclass characters use the least restrictive class (PHB, rulings).
 */
export function allowedWeapons(c: GreyhawkCharacter): ReadonlySet<string> | null {
  if (isPriest(c)) {
    if (c.clergyWeapons && c.clergyWeapons.length > 0) return new Set(c.clergyWeapons);
    const lists = c.classes
      .filter((k) => CLASS_GROUP[k.cls] === 'priest')
      .map((k) => CLASS_WEAPONS[k.cls] ?? []);
    return new Set(lists.flat());
  }
  const lists = c.classes.map((k) => CLASS_WEAPONS[k.cls]);
  if (lists.some((l) => l === null)) return null;
  return new Set(lists.flatMap((l) => l ?? []));
}

/** G-W4: every weapon of the entry is allowed by the character's classes. */
export function isInClass(c: GreyhawkCharacter, entry: string): boolean {
  const allowed = allowedWeapons(c);
  if (allowed === null) return true;
  return entryWeapons(entry).every((w) => allowed.has(w));
}

/**
 * G-W4: names the weapons of a priest's clergy (empty = the class's list). Refused for a
 * non-priest, for an unknown weapon, and when a proficiency already taken falls outside it.
 */
export function setClergyWeapons(c: GreyhawkCharacter, weapons: readonly string[]): GreyhawkCharacter {
  refuseUnless(isPriest(c), 'G-W4', 'PDA.Error.Greyhawk.NotAPriest', { name: c.name });
  for (const w of weapons) {
    refuseUnless(w in WEAPONS, 'G-W5', 'PDA.Error.Greyhawk.UnknownWeapon', { weapon: w });
  }
  const next: GreyhawkCharacter = { ...c, clergyWeapons: [...new Set(weapons)] };
  validateSheet(next);
  return next;
}

/** G-W4: a priest may not learn a weapon outside the clergy's list (other classes pay more). */
function ensureWeaponAllowed(c: GreyhawkCharacter, entry: string): void {
  refuseUnless(isKnownEntry(entry), 'G-W5', 'PDA.Error.Greyhawk.UnknownWeapon', { weapon: entry });
  if (isPriest(c)) {
    refuseUnless(isInClass(c, entry), 'G-W4', 'PDA.Error.Greyhawk.PriestWeapon', {
      name: c.name,
      weapon: entry,
    });
  }
}

/**
 * Learns a weapon or a group (G-W2 one slot, G-W5 groups, G-W4 out-of-class extra slots found
 * from the class lists) within the slot budget (G-W1).
 */
export function learnProficiency(c: GreyhawkCharacter, entry: string): GreyhawkCharacter {
  ensureWeaponAllowed(c, entry);
  refuseUnless(!c.proficiencies.includes(entry), 'G-W2', 'PDA.Error.Greyhawk.AlreadyKnown', {
    weapon: entry,
  });
  const next = withRule('G-W1', () => learnWeapon(c, entry, !isInClass(c, entry)));
  validateSheet(next);
  return next;
}

/**
 * Forgets a proficiency (a correction on the sheet): refused for the weapon of choice (G-W6,
 * permanent) and for a weapon whose specialisation or mastery needs it (G-S1).
 */
export function forgetProficiency(c: GreyhawkCharacter, entry: string): GreyhawkCharacter {
  refuseUnless(c.proficiencies.includes(entry), 'G-W2', 'PDA.Error.Greyhawk.NotKnown', { weapon: entry });
  const next: GreyhawkCharacter = {
    ...c,
    proficiencies: c.proficiencies.filter((p) => p !== entry),
    outOfClass: (c.outOfClass ?? []).filter((p) => p !== entry),
  };
  refuseUnless(
    c.weaponOfChoice === undefined || proficiencyStatus(next, c.weaponOfChoice) === 'proficient',
    'G-W6',
    'PDA.Error.Greyhawk.ChoiceIsPermanent',
    { name: c.name },
  );
  for (const weapon of Object.keys(c.mastery ?? {})) {
    refuseUnless(
      proficiencyStatus(next, weapon) === 'proficient',
      'G-S1',
      'PDA.Error.Greyhawk.RankNeedsWeapon',
      {
        weapon,
      },
    );
  }
  validateSheet(next);
  return next;
}

/** G-W6: names the weapon of choice (once, permanent; its cost by class). */
export function nameWeaponOfChoice(c: GreyhawkCharacter, weapon: string): GreyhawkCharacter {
  const next = withRule('G-W6', () => chooseWeaponOfChoice(c, weapon));
  validateSheet(next);
  return next;
}

/** The rank a weapon can reach next on this character's ladder (G-S1, G-E1, G-M1..G-M3). */
export function nextRank(c: GreyhawkCharacter, weapon: string): MasteryRank | undefined {
  const current = c.mastery?.[weapon]?.rank;
  if (current === undefined) return isSingleClassFighter(c) ? 'specialist' : 'expert';
  const ladder: Partial<Record<MasteryRank, MasteryRank>> = {
    specialist: 'master',
    master: 'highMaster',
    highMaster: 'grandMaster',
  };
  return ladder[current];
}

/** Raises a weapon to the next rank; the refusal names the rule (paladin specialising: G-S1…). */
export function raiseMastery(c: GreyhawkCharacter, weapon: string, rank: MasteryRank): GreyhawkCharacter {
  const next = withRule(RANK_RULE[rank], () => advanceMastery(c, weapon, rank));
  validateSheet(next);
  return next;
}

/** Removes a weapon's specialisation, expertise or mastery (a correction on the sheet). */
export function dropMastery(c: GreyhawkCharacter, weapon: string): GreyhawkCharacter {
  refuseUnless(c.mastery?.[weapon] !== undefined, 'G-S1', 'PDA.Error.Greyhawk.NoRank', { weapon });
  const mastery = { ...c.mastery };
  delete mastery[weapon];
  const next = { ...c, mastery };
  validateSheet(next);
  return next;
}

/**
 * The slot counts a style may hold, in order: 0 = known at base level, then each step of its
 * specialisation. Free hand and shield have two steps (G-ST1, G-ST3); two weapons costs two
 * slots, then one more for equal sizes (G-ST4), and rangers start specialised so their one slot
 * buys equal sizes and mixed manoeuvres; the others have one step.
 */
export function styleLadder(c: GreyhawkCharacter, style: FightingStyle): readonly number[] {
  switch (style) {
    case 'freeHand':
    case 'shield':
      return [0, 1, 2];
    case 'twoWeapons':
      return c.classes.some((k) => k.cls === 'ranger') ? [0, 1] : [0, 2, 3];
    default:
      return [0, 1];
  }
}

function withStyle(c: GreyhawkCharacter, style: FightingStyle, slots: number | undefined): GreyhawkCharacter {
  const styles: Partial<Record<FightingStyle, number>> = { ...c.styles };
  if (slots === undefined) delete styles[style];
  else styles[style] = slots;
  const next = { ...c, styles };
  withRule(STYLE_RULE[style], () => {
    validateSheet(next);
    return next;
  });
  return next;
}

/** Learns a style (free) or takes its next specialisation step (slots from the budget, G-W1). */
export function raiseStyle(c: GreyhawkCharacter, style: FightingStyle): GreyhawkCharacter {
  refuseUnless(style in STYLE_RULE, 'base', 'PDA.Error.Greyhawk.UnknownStyle', { style: String(style) });
  const current = c.styles?.[style];
  if (current === undefined) return withStyle(c, style, 0);
  const ladder = styleLadder(c, style);
  const at = ladder.indexOf(current);
  const next = ladder[at + 1];
  refuseUnless(next !== undefined, STYLE_RULE[style], 'PDA.Error.Greyhawk.StyleMaxed', { style });
  return withStyle(c, style, next);
}

/** Steps a style back (its last specialisation slot, or forgetting a style known at base). */
export function lowerStyle(c: GreyhawkCharacter, style: FightingStyle): GreyhawkCharacter {
  refuseUnless(style in STYLE_RULE, 'base', 'PDA.Error.Greyhawk.UnknownStyle', { style: String(style) });
  const current = c.styles?.[style];
  refuseUnless(current !== undefined, STYLE_RULE[style], 'PDA.Error.Greyhawk.StyleUnknown', { style });
  const ladder = styleLadder(c, style);
  const at = ladder.indexOf(current);
  return withStyle(c, style, at <= 0 ? undefined : ladder[at - 1]);
}

// ---------------------------------------------------------------------------------------------
// Handedness (G-H1)

export function isHandedness(value: unknown): value is Handedness {
  return value === 'right' || value === 'left' || value === 'ambidextrous';
}

/** G-H1: rolls the handedness with the dice port (d100 on the ruling's table). */
export function rollHandedness(
  c: GreyhawkCharacter,
  dice: Dice,
): { character: GreyhawkCharacter; roll: number } {
  const roll = dice.die(100);
  return { character: { ...c, handedness: handednessFromRoll(roll) }, roll };
}

/** G-H1: the handedness the player chooses. */
export function chooseHandedness(c: GreyhawkCharacter, hand: Handedness): GreyhawkCharacter {
  refuseUnless(isHandedness(hand), 'G-H1', 'PDA.Error.Greyhawk.UnknownHand', { hand: String(hand) });
  return { ...c, handedness: hand };
}

export { MAX_LEVEL, refusalOf, styleRule } from './build-rules';
