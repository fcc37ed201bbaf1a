/**
 * Fighters from Foundry documents as plain JSON (compendium sources in packs-src, or an actor
 * exported from Foundry with its items) to the engine views the simulator plays. Pure: the
 * caller reads the files. The conversions follow the data models' toEngine() (src/foundry/
 * rulesets/<id>/models) field by field, so a simulated fighter is the one the cards would see.
 */
import { RulesError } from '../core/errors';
import { damageBonusFor, pvMaxFor } from '../fantasia/derived';
import {
  SKILL_IDS,
  type FantasiaCombatant,
  type FantasiaWeapon,
  type KnownThrust,
  type Shield,
  type SkillId,
} from '../fantasia/types';
import { validateCombatant, validateWeapon } from '../fantasia/validate';
import { FANTASIA_WEAPONS } from '../fantasia/weapons';
import { armourClassParts, armourFromTotal } from '../greyhawk/armour';
import { MONSTER_STR } from '../greyhawk/data';
import type {
  FightingStyle,
  GreyhawkCharacter,
  GreyhawkClass,
  GreyhawkWeapon,
  Handedness,
  MasteryRank,
  ShieldKind,
  Size,
  WeaponMastery,
} from '../greyhawk/types';
import {
  effectiveGeste,
  type SouffleArmour,
  type SouffleShield,
  type SouffleWeapon,
  type WeaponCategory,
} from '../souffle/equipment';
import type { SouffleFighter } from '../souffle/fighter';
import { isPosture } from '../souffle/posture';
import { SOUFFLE_STATES } from '../souffle/states';
import type { RulesetId } from '../rulesets';
import type { FantasiaEntry, GreyhawkEntry, SouffleEntry, Tactics } from './types';

/** An actor or item document as JSON (what packs-src holds and Foundry exports). */
export interface DocumentData {
  readonly _id?: string;
  readonly name?: string;
  readonly type?: string;
  readonly system?: Record<string, unknown>;
  readonly items?: readonly DocumentData[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const bool = (v: unknown, fallback = false): boolean => (typeof v === 'boolean' ? v : fallback);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function bad(name: string, what: string): RulesError {
  return new RulesError('PDA.Error.Simulate.BadDocument', { name, what });
}

/** Deep merge for encounter overrides: plain objects merge, everything else replaces. */
export function mergeDeep<T>(base: T, patch: unknown): T {
  if (patch === undefined) return base;
  const b = obj(base);
  const p = obj(patch);
  if (Object.keys(p).length === 0 && (patch === null || typeof patch !== 'object' || Array.isArray(patch)))
    return patch as T;
  const out: Obj = { ...b };
  for (const [k, v] of Object.entries(p)) {
    const prev = b[k];
    out[k] =
      v !== null &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      prev !== null &&
      typeof prev === 'object' &&
      !Array.isArray(prev)
        ? mergeDeep(prev, v)
        : v;
  }
  return out as T;
}

// ------------------------------------------------------------------------------------------ Fantasia

function fantasiaWeapon(item: DocumentData): FantasiaWeapon {
  const s = obj(item.system);
  const minFOR = s.minFOR;
  return validateWeapon({
    id: str(item._id, item.name ?? 'arme'),
    name: str(item.name),
    ...(str(s.weaponType) ? { type: str(s.weaponType) } : {}),
    skill: str(s.skill, 'armesDeMelee') as SkillId,
    damage: str(s.damage, '1d3'),
    hands: num(s.hands, 1) === 2 ? 2 : 1,
    kind: str(s.kind, 'melee') as FantasiaWeapon['kind'],
    blunt: bool(s.blunt),
    range: num(s.range, 0),
    canParry: bool(s.canParry),
    reload: str(s.reload, 'none') as FantasiaWeapon['reload'],
    ready: bool(s.drawn),
    loaded: bool(s.loaded, true),
    ...(typeof minFOR === 'number' ? { minFOR } : {}),
  });
}

/** A Fantasia actor (aventurier or pnj) as FantasiaActorModel.toEngine() builds it. */
export function fantasiaCombatant(doc: DocumentData): FantasiaCombatant {
  const name = str(doc.name, '?');
  if (doc.type !== 'aventurier' && doc.type !== 'pnj') throw bad(name, `type ${String(doc.type)}`);
  const s = obj(doc.system);
  const ch = obj(s.characteristics);
  const characteristics = {
    FOR: num(ch.FOR, 10),
    CON: num(ch.CON, 10),
    TAI: num(ch.TAI, 10),
    INT: num(ch.INT, 10),
    DEX: num(ch.DEX, 10),
    CHA: num(ch.CHA, 10),
  };
  const pv = obj(s.pv);
  const max = typeof pv.max === 'number' ? pv.max : pvMaxFor(characteristics.CON, characteristics.TAI);
  const skills: Partial<Record<SkillId, number>> = {};
  const stored = obj(s.skills);
  for (const id of SKILL_IDS) {
    const v = stored[id];
    if (typeof v === 'number') skills[id] = v;
  }
  let armour = num(s.armour, 0);
  const weapons: FantasiaWeapon[] = [];
  let shield: Shield | undefined;
  const thrusts: KnownThrust[] = [];
  for (const item of doc.items ?? []) {
    const is = obj(item.system);
    if (item.type === 'armure' && bool(is.worn, true)) armour += num(is.protection, 0);
    else if (item.type === 'arme') weapons.push(fantasiaWeapon(item));
    else if (item.type === 'bouclier' && bool(is.worn, true) && !shield)
      shield = {
        id: str(item._id, 'bouclier'),
        name: str(item.name),
        parryBonus: num(is.parryBonus, 10),
        parriesMissiles: bool(is.parriesMissiles, true),
      };
    else if (item.type === 'botte')
      thrusts.push({
        thrustId: str(is.thrustId) || str(item._id, item.name ?? ''),
        ...(str(is.learnedWith) ? { weaponType: str(is.learnedWith) } : {}),
        crosses: num(is.crosses, 0),
        // The botte's own malus, as the actor model reads it (F-B3).
        malus: num(is.malus, 5),
      });
  }
  for (const unarmed of [FANTASIA_WEAPONS.bagarre, FANTASIA_WEAPONS.lutte]) {
    if (!weapons.some((w) => w.type === unarmed.type)) weapons.push({ ...unarmed });
  }
  const size = s.size;
  return validateCombatant({
    id: str(doc._id, name),
    name,
    kind: doc.type,
    characteristics,
    pv: { value: Math.min(num(pv.value, max), max), max },
    mouvement: num(s.mouvement, 8),
    damageBonus: str(s.damageBonus) || damageBonusFor(characteristics.FOR, characteristics.TAI),
    armour,
    skills,
    states: {},
    ...(str(s.species) ? { species: str(s.species) } : {}),
    ...(typeof size === 'number' ? { size } : {}),
    weapons,
    ...(shield ? { shield } : {}),
    ...(thrusts.length ? { thrusts } : {}),
  });
}

// ------------------------------------------------------------------------------------------ Souffle

/** A Souffle actor (combattant or adversaire) with its equipped weapons and worn armour. */
export function souffleEntry(doc: DocumentData, tactics?: Tactics): SouffleEntry {
  const name = str(doc.name, '?');
  if (doc.type !== 'combattant' && doc.type !== 'adversaire') throw bad(name, `type ${String(doc.type)}`);
  const s = obj(doc.system);
  const weapons: SouffleWeapon[] = [];
  let armour: SouffleArmour | undefined;
  let shield: SouffleShield | undefined;
  for (const item of doc.items ?? []) {
    const is = obj(item.system);
    const id = str(item._id, item.name ?? 'objet');
    if (item.type === 'arme-souffle' && bool(is.equipped)) {
      const category = str(is.category, 'moyenne') as WeaponCategory;
      weapons.push({
        id,
        category,
        advantage: num(is.advantage, 0),
        damage: num(is.damage, 0),
        ranged: category === 'distance',
        blunt: bool(is.blunt),
        hands: num(is.hands, 1) === 2 ? 2 : 1,
      });
    } else if (item.type === 'armure-souffle' && bool(is.worn)) {
      if (str(is.kind, 'armure') === 'bouclier')
        shield ??= { id, defence: num(is.defence, 1), parriesMissiles: true };
      else armour ??= { id, defence: num(is.defence, 1), gesteMalus: num(is.gesteMalus, 0) };
    }
  }
  const metiers: Record<string, number> = {};
  for (const m of list(s.metiers)) {
    const mm = obj(m);
    if (str(mm.name)) metiers[str(mm.name)] = num(mm.level, 1);
  }
  const states = obj(s.states);
  const gauge = (v: unknown) => {
    const g = obj(v);
    const max = num(g.max, 10);
    return { value: Math.min(num(g.value, max), max), max };
  };
  const posture = s.posture;
  const fighter: SouffleFighter = {
    id: str(doc._id, name),
    name,
    geste: effectiveGeste(num(s.geste, 2), armour),
    vigueur: num(s.vigueur, 2),
    acuite: num(s.acuite, 2),
    metiers,
    disciplines: list(s.disciplines).filter((d): d is string => typeof d === 'string'),
    defense: num(s.defense, 2),
    initiative: num(s.initiative, 0),
    souffle: gauge(s.souffle),
    pv: gauge(s.pv),
    wounds: [],
    chance: num(s.chance, 1),
    ...(isPosture(posture) ? { posture } : {}),
    states: SOUFFLE_STATES.filter((k) => states[k] === true),
    size: num(s.size, 2),
  };
  const mouvement = s.mouvement;
  return {
    fighter,
    weapons,
    ...(armour ? { armour } : {}),
    ...(shield ? { shield } : {}),
    ...(typeof mouvement === 'number' ? { mouvement } : {}),
    ...(tactics ? { tactics } : {}),
  };
}

// ------------------------------------------------------------------------------------------ Greyhawk

function greyhawkWeapon(item: DocumentData): GreyhawkWeapon {
  const s = obj(item.system);
  const r = obj(s.ranges);
  const hands = str(s.hands, '1');
  const long = num(r.long, 0);
  return {
    id: str(item._id, item.name ?? 'item'),
    base: str(s.base),
    name: str(item.name, str(s.base)),
    kind: str(s.kind, 'melee') as GreyhawkWeapon['kind'],
    melee: bool(s.melee, true),
    hands: hands === 'either' ? 'either' : hands === '2' ? 2 : 1,
    size: str(s.size, 'M') as Size,
    speed: num(s.speed, 5),
    damageSM: str(s.damageSM, '1d6'),
    damageL: str(s.damageL, '1d6'),
    magic: num(s.magic, 0),
    ...(long > 0 ? { ranges: { short: num(r.short, 0), medium: num(r.medium, 0), long } } : {}),
    polearm: bool(s.polearm),
    brace: bool(s.brace),
    edged: bool(s.edged),
    material: str(s.material, 'metal') as GreyhawkWeapon['material'],
  };
}

/**
 * A character's AC as the sheet computes it (armour, shield, DEX, magic: greyhawk/armour.ts); a
 * source from before migration 7 gives its AC whole, read as the migration reads it.
 */
function characterAc(s: Record<string, unknown>, shield: ShieldKind | '', dex: number): number {
  const armour = typeof s.armour === 'number' ? s.armour : armourFromTotal(num(s.ac, 10), shield, dex);
  return armourClassParts({ armour, shield, dex, magic: num(s.acMagic, 0) }).total;
}

/** A Greyhawk actor (guerrier-adnd or monstre-adnd), with hp, AC and its weapons (equipped first). */
export function greyhawkEntry(doc: DocumentData, tactics?: Tactics): GreyhawkEntry {
  const name = str(doc.name, '?');
  if (doc.type !== 'guerrier-adnd' && doc.type !== 'monstre-adnd')
    throw bad(name, `type ${String(doc.type)}`);
  const s = obj(doc.system);
  const a = obj(s.abilities);
  const size = str(s.size, 'M') as Size;
  const strScore = num(a.str, 10);
  const strPercent = num(a.strPercent, 0);
  const items = (doc.items ?? []).filter((i) => i.type === 'arme-adnd');
  const equipped = items.filter((i) => bool(obj(i.system).equipped));
  const weapons = [...equipped, ...items.filter((i) => !equipped.includes(i))].map(greyhawkWeapon);
  let character: GreyhawkCharacter;
  if (doc.type === 'monstre-adnd') {
    const hasStr = bool(s.hasStr);
    character = {
      id: str(doc._id, name),
      name,
      classes: [],
      // The sheet's THAC0 when the GM wrote one (the monster's entry), else the hit dice table.
      monster: {
        hitDice: num(s.hitDice, 1),
        ...(typeof s.thac0 === 'number' ? { thac0: s.thac0 } : {}),
        ...(hasStr ? {} : { strBySize: true }),
      },
      str: hasStr ? strScore : MONSTER_STR[size],
      ...(hasStr && strScore === 18 && strPercent > 0 ? { strPercent } : {}),
      dex: num(a.dex, 10),
      int: num(a.int, 10),
      size,
      proficiencies: [],
    };
  } else {
    const mastery: Record<string, WeaponMastery> = {};
    for (const m of list(s.mastery)) {
      const mm = obj(m);
      const fs = mm.firstSpecialised;
      mastery[str(mm.weapon)] = {
        rank: str(mm.rank, 'specialist') as MasteryRank,
        since: num(mm.since, 1),
        ...(typeof fs === 'number' ? { firstSpecialised: fs } : {}),
      };
    }
    const styles: Partial<Record<FightingStyle, number>> = {};
    for (const [k, v] of Object.entries(obj(s.styles)))
      if (typeof v === 'number') styles[k as FightingStyle] = v;
    const classes = list(s.classes).map((c) => ({
      cls: str(obj(c).cls, 'fighter') as GreyhawkClass,
      level: num(obj(c).level, 1),
    }));
    character = {
      id: str(doc._id, name),
      name,
      classes: classes.length ? classes : [{ cls: 'fighter', level: 1 }],
      str: strScore,
      ...(strScore === 18 && strPercent > 0 ? { strPercent } : {}),
      dex: num(a.dex, 10),
      int: num(a.int, 10),
      size,
      proficiencies: list(s.proficiencies).filter((p): p is string => typeof p === 'string'),
      outOfClass: list(s.outOfClass).filter((p): p is string => typeof p === 'string'),
      ...(str(s.weaponOfChoice) ? { weaponOfChoice: str(s.weaponOfChoice) } : {}),
      mastery,
      styles,
      handedness: str(s.handedness, 'right') as Handedness,
    };
  }
  const hp = obj(s.hp);
  const shield = str(s.shield);
  const perTwo = s.attacksPerTwoRounds;
  return {
    character,
    weapons,
    hp: num(hp.value, 8),
    ac:
      doc.type === 'monstre-adnd' ? num(s.ac, 10) : characterAc(s, shield as ShieldKind | '', num(a.dex, 10)),
    ...(shield ? { shield: shield as ShieldKind } : {}),
    movement: num(s.movement, 12),
    ...(doc.type === 'monstre-adnd' && typeof perTwo === 'number' ? { attacksPerTwoRounds: perTwo } : {}),
    ...(tactics ? { tactics } : {}),
  };
}

/** Any ruleset's entry from the JSON of an actor. */
export function entryFromDocument(
  ruleset: RulesetId,
  doc: DocumentData,
  tactics?: Tactics,
): FantasiaEntry | SouffleEntry | GreyhawkEntry {
  if (ruleset === 'fantasia') return { combatant: fantasiaCombatant(doc), ...(tactics ? { tactics } : {}) };
  if (ruleset === 'souffle') return souffleEntry(doc, tactics);
  return greyhawkEntry(doc, tactics);
}
