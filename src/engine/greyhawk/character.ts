import { ensure, RulesError } from '../core/errors';
import {
  broadGroupsOf,
  CLASS_GROUP,
  GROUP_COST,
  intelligenceSlots,
  isBowOrCrossbow,
  levelBand,
  monsterThac0,
  NON_PROFICIENCY,
  OUT_OF_CLASS_EXTRA,
  PROFICIENCY_SLOTS,
  RATE_OF_FIRE,
  SPECIALIST_ATTACKS,
  strengthAdjustments,
  thac0ForGroup,
  tightGroupsOf,
  warriorMeleeAttacks,
  WEAPON_OF_CHOICE_COST,
  WEAPONS,
} from './data';
import type {
  ClassGroup,
  GreyhawkCharacter,
  GreyhawkWeapon,
  MasteryRank,
  Modifier,
  WeaponMastery,
} from './types';

/*
 * Character-level rules: class groups, THAC0, proficiency slots (G-W1..G-W6), specialisation,
 * expertise and mastery (G-S1, G-E1, G-M1..G-M4) and attacks per round.
 */

export function classGroups(c: GreyhawkCharacter): ClassGroup[] {
  const groups: ClassGroup[] = [];
  for (const k of c.classes) {
    const g = CLASS_GROUP[k.cls];
    if (!groups.includes(g)) groups.push(g);
  }
  return groups;
}

/** In a warrior class (read on every blow: a plain loop, no list made). */
export function isWarrior(c: GreyhawkCharacter): boolean {
  for (const k of c.classes) if (CLASS_GROUP[k.cls] === 'warrior') return true;
  return false;
}

/** Highest level among the character's classes (0 for a monster). */
export function topLevel(c: GreyhawkCharacter): number {
  return c.classes.reduce((m, k) => Math.max(m, k.level), 0);
}

/** Level in the warrior classes (what the fighting rules count). */
export function warriorLevel(c: GreyhawkCharacter): number {
  return c.classes.filter((k) => CLASS_GROUP[k.cls] === 'warrior').reduce((m, k) => Math.max(m, k.level), 0);
}

/** A single-classed fighter (not paladin, ranger or multiclass): G-S1. */
export function isSingleClassFighter(c: GreyhawkCharacter): boolean {
  return c.classes.length === 1 && c.classes[0]?.cls === 'fighter';
}

/** Best THAC0 among the classes (multiclass characters use the best), or the monster table. */
export function thac0(c: GreyhawkCharacter): number {
  if (c.monster) return c.monster.thac0 ?? monsterThac0(c.monster.hitDice);
  return c.classes.reduce((best, k) => Math.min(best, thac0ForGroup(CLASS_GROUP[k.cls], k.level)), 20);
}

/** Exceptional strength only counts for warriors. */
export function effectiveStrPercent(c: GreyhawkCharacter): number | undefined {
  return c.str === 18 && (isWarrior(c) || c.monster) ? c.strPercent : undefined;
}

/**
 * STR's adjustments to a blow's attack and damage rolls. A monster whose entry gives no STR adds
 * none: its THAC0 and damage per attack are the whole of it (G-G3's estimate by size is for
 * seizing only). A monster whose entry gives a STR score (an ogre's 18/00, a giant's 19: the
 * Monstrous Manual's "by weapon +N") adds that score's adjustments to its weapon blows.
 */
export function blowStrength(c: GreyhawkCharacter): { hit: number; damage: number } {
  if (c.monster?.strBySize) return { hit: 0, damage: 0 };
  return strengthAdjustments(c.str, effectiveStrPercent(c));
}

/**
 * The STR to-hit adjustment a comparison of strengths reads (G-SH2's stay-up check): a monster's
 * own STR score when its entry gives one, none when `str` is only G-G3's estimate by size.
 */
export function comparedStrengthHit(c: {
  readonly str: number;
  readonly strPercent?: number;
  readonly monster?: GreyhawkCharacter['monster'];
}): number {
  if (c.monster?.strBySize) return 0;
  return strengthAdjustments(c.str, c.str === 18 ? c.strPercent : undefined).hit;
}

// ---------------------------------------------------------------------------------------------
// Proficiencies (G-W1..G-W6)

export interface SlotBudget {
  readonly weapon: number;
  readonly nonweapon: number;
}

/**
 * G-W1 proficiency slots: the class group's slots by level (PHB table 34: the initial slots, and
 * one more at every level evenly divisible by the group's number), plus INT's extra slots, which go to
 * weapons for warriors and to non-weapon proficiencies for everyone else. Multiclass characters
 * take the best of their groups.
 */
export function slotBudget(c: GreyhawkCharacter): SlotBudget {
  let weapon = 0;
  let nonweapon = 0;
  for (const k of c.classes) {
    const t = PROFICIENCY_SLOTS[CLASS_GROUP[k.cls]];
    // PHB table 34: one more slot at every level evenly divisible by the group's number.
    weapon = Math.max(weapon, t.weapon + Math.floor(k.level / t.weaponEvery));
    nonweapon = Math.max(nonweapon, t.nonweapon + Math.floor(k.level / t.nonweaponEvery));
  }
  const extra = intelligenceSlots(c.int);
  return isWarrior(c) ? { weapon: weapon + extra, nonweapon } : { weapon, nonweapon: nonweapon + extra };
}

export type ProficiencyStatus = 'proficient' | 'related' | 'none';

/** Whether the character knows a weapon, a weapon of its tight group (G-W3), or neither. */
export function proficiencyStatus(c: GreyhawkCharacter, base: string): ProficiencyStatus {
  // Loops, no closure over the character: read on every attack (a context made per call else).
  const proficiencies = c.proficiencies;
  if (proficiencies.includes(base)) return 'proficient';
  const tight = tightGroupsOf(base);
  for (const g of tight) if (proficiencies.includes(`tight:${g}`)) return 'proficient';
  for (const g of broadGroupsOf(base)) if (proficiencies.includes(`broad:${g}`)) return 'proficient';
  for (const p of proficiencies) {
    if (p.startsWith('tight:') || p.startsWith('broad:')) continue;
    for (const g of tightGroupsOf(p)) if (tight.includes(g)) return 'related';
  }
  return 'none';
}

/** The least severe non-proficiency penalty among the character's class groups (G-W2). */
export function nonProficiencyPenalty(c: GreyhawkCharacter): number {
  if (c.monster) return 0;
  return Math.max(...classGroups(c).map((g) => NON_PROFICIENCY[g]));
}

/** G-W2/G-W3: the to-hit penalty for using a weapon, as a modifier list (empty when proficient). */
export function proficiencyModifiers(c: GreyhawkCharacter, weapon: GreyhawkWeapon): Modifier[] {
  if (c.monster) return [];
  const status = proficiencyStatus(c, weapon.base);
  if (status === 'proficient') return [];
  const full = nonProficiencyPenalty(c);
  if (status === 'related') {
    return [{ source: 'G-W3', label: 'PDA.Greyhawk.Mod.RelatedWeapon', value: -Math.ceil(-full / 2) }];
  }
  return [{ source: 'G-W2', label: 'PDA.Greyhawk.Mod.NonProficient', value: full }];
}

/** G-W2: special manoeuvres (parry, disarm…) need proficiency; throws otherwise. */
export function ensureManoeuvreAllowed(c: GreyhawkCharacter, weapon: GreyhawkWeapon): void {
  if (c.monster) return;
  ensure(proficiencyStatus(c, weapon.base) === 'proficient', 'PDA.Error.Greyhawk.NotProficient', {
    name: c.name,
    weapon: weapon.name,
  });
}

/** Cost in weapon slots of one proficiency entry (G-W2, G-W4, G-W5 ruling). */
export function proficiencyCost(c: GreyhawkCharacter, entry: string): number {
  const base = entry.startsWith('tight:')
    ? GROUP_COST.tight
    : entry.startsWith('broad:')
      ? GROUP_COST.broad
      : 1;
  if (!(c.outOfClass ?? []).includes(entry)) return base;
  const extras = classGroups(c).map((g) => OUT_OF_CLASS_EXTRA[g]);
  if (extras.every((e) => e === null)) {
    throw new RulesError('PDA.Error.Greyhawk.PriestWeapon', { name: c.name, weapon: entry });
  }
  return base + Math.min(...extras.filter((e): e is number => e !== null));
}

/** G-W6 cost of naming a weapon of choice (the cheapest of the character's groups). */
export function weaponOfChoiceCost(c: GreyhawkCharacter): number {
  return Math.min(...classGroups(c).map((g) => WEAPON_OF_CHOICE_COST[g]));
}

const RANK_ORDER: readonly MasteryRank[] = ['expert', 'specialist', 'master', 'highMaster', 'grandMaster'];

/** Slots a mastery rank costs in total for a weapon (G-S1, G-E1, G-M1..G-M3). */
export function masteryCost(base: string, rank: MasteryRank): number {
  if (rank === 'expert') return 1;
  const missile = isBowOrCrossbow(WEAPONS[base]?.kind ?? 'melee');
  const spec = missile ? 2 : 1;
  const upTo = RANK_ORDER.indexOf(rank);
  const steps = [0, spec, 2, 1, 1];
  return steps.slice(1, upTo + 1).reduce((s, v) => s + v, 0);
}

/** Weapon slots the character's sheet spends, every rule included. */
export function slotsSpent(c: GreyhawkCharacter): number {
  let total = c.proficiencies.reduce((s, p) => s + proficiencyCost(c, p), 0);
  if (c.weaponOfChoice) total += weaponOfChoiceCost(c);
  for (const [base, m] of Object.entries(c.mastery ?? {})) total += masteryCost(base, m.rank);
  for (const slots of Object.values(c.styles ?? {})) total += slots ?? 0;
  return total;
}

/**
 * Checks a whole sheet: priests' out-of-class weapons (G-W4), slots within the budget (G-W1),
 * weapon of choice known (G-W6), mastery prerequisites. Throws the first problem found.
 */
export function validateCharacter(c: GreyhawkCharacter): void {
  if (c.weaponOfChoice !== undefined) {
    ensure(c.proficiencies.includes(c.weaponOfChoice), 'PDA.Error.Greyhawk.ChoiceNotProficient', {
      name: c.name,
      weapon: c.weaponOfChoice,
    });
  }
  for (const base of Object.keys(c.mastery ?? {})) {
    ensure(proficiencyStatus(c, base) === 'proficient', 'PDA.Error.Greyhawk.NotProficient', {
      name: c.name,
      weapon: base,
    });
  }
  const spent = slotsSpent(c);
  const budget = slotBudget(c).weapon;
  ensure(spent <= budget, 'PDA.Error.Greyhawk.TooManySlots', { name: c.name, spent, budget });
}

/** G-W6: names the weapon of choice; refused if one is already named (permanent) or unknown. */
export function chooseWeaponOfChoice(c: GreyhawkCharacter, base: string): GreyhawkCharacter {
  ensure(c.weaponOfChoice === undefined, 'PDA.Error.Greyhawk.ChoiceIsPermanent', { name: c.name });
  ensure(c.proficiencies.includes(base), 'PDA.Error.Greyhawk.ChoiceNotProficient', {
    name: c.name,
    weapon: base,
  });
  const next = { ...c, weaponOfChoice: base };
  validateCharacter(next);
  return next;
}

/** Adds a weapon proficiency (1 slot; out-of-class extra per G-W4; priests refused). */
export function learnWeapon(c: GreyhawkCharacter, entry: string, outOfClass = false): GreyhawkCharacter {
  ensure(!c.proficiencies.includes(entry), 'PDA.Error.Greyhawk.AlreadyKnown', { weapon: entry });
  const next: GreyhawkCharacter = {
    ...c,
    proficiencies: [...c.proficiencies, entry],
    outOfClass: outOfClass ? [...(c.outOfClass ?? []), entry] : c.outOfClass,
  };
  proficiencyCost(next, entry);
  validateCharacter(next);
  return next;
}

function masteries(c: GreyhawkCharacter): [string, WeaponMastery][] {
  return Object.entries(c.mastery ?? {});
}

/**
 * Raises a weapon to the next rank: specialisation (G-S1), expertise (G-E1), mastery (G-M1),
 * high mastery (G-M2), grand mastery (G-M3). Checks class, level gaps, prerequisites and slots.
 */
export function advanceMastery(c: GreyhawkCharacter, base: string, rank: MasteryRank): GreyhawkCharacter {
  const level = warriorLevel(c);
  const current = c.mastery?.[base];
  ensure(proficiencyStatus(c, base) === 'proficient', 'PDA.Error.Greyhawk.NotProficient', {
    name: c.name,
    weapon: base,
  });
  let firstSpecialised = current?.firstSpecialised;
  if (rank === 'specialist') {
    ensure(isSingleClassFighter(c), 'PDA.Error.Greyhawk.SpecialistFightersOnly', { name: c.name });
    ensure(current === undefined, 'PDA.Error.Greyhawk.AlreadyKnown', { weapon: base });
    const last = masteries(c)
      .filter(([, m]) => m.rank !== 'expert')
      .reduce((mx, [, m]) => Math.max(mx, m.firstSpecialised ?? m.since), -Infinity);
    ensure(last === -Infinity || level >= last + 3, 'PDA.Error.Greyhawk.SpecialisationTooSoon', {
      name: c.name,
      level: last + 3,
    });
    firstSpecialised = level;
  } else if (rank === 'expert') {
    ensure(isWarrior(c) && !isSingleClassFighter(c), 'PDA.Error.Greyhawk.ExpertiseNotOpen', { name: c.name });
    ensure(current === undefined, 'PDA.Error.Greyhawk.AlreadyKnown', { weapon: base });
    const last = masteries(c)
      .filter(([, m]) => m.rank === 'expert')
      .reduce((mx, [, m]) => Math.max(mx, m.since), -Infinity);
    ensure(last === -Infinity || level >= last + 6, 'PDA.Error.Greyhawk.ExpertiseTooSoon', {
      name: c.name,
      level: last + 6,
    });
  } else {
    const needs: Record<'master' | 'highMaster' | 'grandMaster', [MasteryRank, number, number]> = {
      master: ['specialist', 9, 6],
      highMaster: ['master', 15, 6],
      grandMaster: ['highMaster', 18, 3],
    };
    const [prior, minLevel, gap] = needs[rank];
    ensure(current?.rank === prior, 'PDA.Error.Greyhawk.MasteryPrerequisite', { weapon: base, rank: prior });
    ensure(level >= minLevel, 'PDA.Error.Greyhawk.MasteryLevel', { level: minLevel });
    ensure(level - current.since >= gap, 'PDA.Error.Greyhawk.MasteryGap', { levels: gap });
  }
  const mastery: WeaponMastery = {
    rank,
    since: level,
    ...(firstSpecialised !== undefined ? { firstSpecialised } : {}),
  };
  const next: GreyhawkCharacter = { ...c, mastery: { ...c.mastery, [base]: mastery } };
  validateCharacter(next);
  return next;
}

export function masteryOf(c: GreyhawkCharacter, base: string): MasteryRank | undefined {
  return c.mastery?.[base]?.rank;
}

// ---------------------------------------------------------------------------------------------
// Attacks per round

/**
 * Attacks per two rounds with a weapon: base rate of fire, warrior level (PHB table 15), the
 * specialist table (G-S2..G-S4, G-E1, G-M4) and grand mastery's extra half attack (G-M3).
 */
export function attacksPerTwoRounds(c: GreyhawkCharacter, weapon: GreyhawkWeapon, thrown = false): number {
  const rank = masteryOf(c, weapon.base);
  const missile = thrown || !weapon.melee;
  const kind = missile ? weapon.kind : 'melee';
  const specialised = rank !== undefined;
  let base: number;
  if (specialised) {
    base = SPECIALIST_ATTACKS[kind][levelBand(warriorLevel(c))];
  } else if (kind === 'melee') {
    base = isWarrior(c) ? warriorMeleeAttacks(warriorLevel(c)) : 2;
  } else {
    base = RATE_OF_FIRE[kind];
  }
  return rank === 'grandMaster' ? base + 1 : base;
}

/** Attacks in a given round of the fight (1-based): 3/2 gives 1 then 2, 5/2 gives 2 then 3. */
export function attacksInRound(perTwoRounds: number, round: number): number {
  const r = Math.max(1, Math.floor(round));
  return Math.floor((perTwoRounds * r) / 2) - Math.floor((perTwoRounds * (r - 1)) / 2);
}
