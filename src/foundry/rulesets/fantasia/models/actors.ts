import { itemsOf, type ItemLike } from '../../../models';
import { damageBonusFor, HUMAN_MOUVEMENT, pvMaxFor } from '../../../../engine/fantasia/derived';
import { skillBase } from '../../../../engine/fantasia/skills';
import {
  CHARACTERISTIC_IDS,
  SKILL_IDS,
  type CharacteristicId,
  type Characteristics,
  type CombatantKind,
  type FantasiaCombatant,
  type FantasiaStates,
  type FantasiaWeapon,
  type KnownThrust,
  type Shield,
  type SkillId,
} from '../../../../engine/fantasia/types';
import { validateCombatant } from '../../../../engine/fantasia/validate';
import { FANTASIA_WEAPONS } from '../../../../engine/fantasia/weapons';
import { clampCharacteristics, CHARACTERISTIC_MAX } from '../../../migrations';
import { damageBonusMode } from '../settings';
import { timedStatesOf, type EffectsHolder } from '../timed-states';
import { boolField, formulaField, htmlField, intField, optionalIntField, textField } from './fields';

export const FANTASIA_ACTOR_TYPES = ['aventurier', 'pnj'] as const;
export type FantasiaActorType = (typeof FANTASIA_ACTOR_TYPES)[number];

/** States a token status effect can set on its own (no other combatant involved). */
export const TOGGLE_STATES = [
  'fallen',
  'halfMovement',
  'cannotMove',
  'armLost',
  'dead',
] as const satisfies readonly (keyof FantasiaStates)[];
export type ToggleState = (typeof TOGGLE_STATES)[number];

function characteristicsSchema() {
  const f = foundry.data.fields;
  const entries = Object.fromEntries(
    CHARACTERISTIC_IDS.map((c) => [c, intField(10, 0, CHARACTERISTIC_MAX)]),
  ) as Record<CharacteristicId, ReturnType<typeof intField>>;
  return new f.SchemaField(entries);
}

function skillsSchema() {
  const f = foundry.data.fields;
  const entries = Object.fromEntries(SKILL_IDS.map((s) => [s, optionalIntField(0, 200)])) as Record<
    SkillId,
    ReturnType<typeof optionalIntField>
  >;
  return new f.SchemaField(entries);
}

/**
 * Conditions as flat fields: '' or 0 means "not in that state". States that involve another
 * combatant keep that combatant's id (`…By`) and the weapon's id where the rule needs it. States
 * that end by themselves (lost balance, bound or jammed weapon) are Active Effects instead
 * (timed-states.ts).
 */
function statesSchema() {
  const f = foundry.data.fields;
  return new f.SchemaField({
    fallen: boolField(),
    halfMovement: boolField(),
    cannotMove: boolField(),
    armLost: boolField(),
    dead: boolField(),
    unconscious: boolField(),
    unconsciousHours: intField(0, 0, 999),
    immobilisedBy: textField(),
    strangledBy: textField(),
    strangleDamage: formulaField('', true),
    entangledBy: textField(),
    entangledWeapon: textField(),
    disarmedWeapon: textField(),
    brokenWeapons: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    reloadingWeapon: textField(),
    arquebusWeapon: textField(),
    arquebusRounds: intField(0, 0, 99),
    sprintRounds: intField(0, 0, 999),
  });
}

function actorSchema() {
  const f = foundry.data.fields;
  return {
    characteristics: characteristicsSchema(),
    pv: new f.SchemaField({
      value: intField(10, -999, 9999),
      /** null: derived from CON and TAI (Basic Roleplaying); a number overrides it. */
      max: optionalIntField(0, 9999),
    }),
    mouvement: intField(HUMAN_MOUVEMENT, 0, 1000),
    /** GM override of the damage bonus ('' = derived from FOR + TAI, or none in manual mode). */
    damageBonus: formulaField('', true),
    /** Natural protection (hide, scales), added to worn armour (F-H3). */
    armour: intField(0, 0, 999),
    skills: skillsSchema(),
    species: textField('humain'),
    /** Size for size comparisons when it differs from TAI (Bond de Nausicaä); null = TAI. */
    size: optionalIntField(0, 999),
    states: statesSchema(),
    biography: htmlField(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

/** Values prepareDerivedData computes through the engine, for sheets and tokens. */
export interface FantasiaDerived {
  pvMax: number;
  pvMaxDerived: number;
  damageBonus: string;
  damageBonusDerived: string;
  armourTotal: number;
  skills: Record<SkillId, { value: number; base: number; trained: boolean }>;
}

function toEngineOf<T>(item: ItemLike): T | undefined {
  const system = item.system as { toEngine?: () => T };
  return typeof system?.toEngine === 'function' ? system.toEngine() : undefined;
}

/** Effective PV max of source data (the override, else CON/TAI). */
function effectivePvMax(source: {
  characteristics?: Partial<Characteristics>;
  pv?: { max?: number | null };
}): number {
  const max = source.pv?.max;
  if (typeof max === 'number') return max;
  const c = source.characteristics ?? {};
  return pvMaxFor(Number(c.CON ?? 10), Number(c.TAI ?? 10));
}

/**
 * An update that lowers the PV maximum below the current PV also lowers the current PV, so the
 * maximum can change without being refused. Returns the (possibly) adjusted system changes.
 */
export function clampPvChanges(
  source: { characteristics?: Partial<Characteristics>; pv?: { value?: number; max?: number | null } },
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const c = changes as {
    characteristics?: Partial<Characteristics>;
    pv?: { value?: number; max?: number | null };
  };
  if (!c.characteristics && c.pv?.max === undefined) return changes;
  const next = {
    characteristics: { ...source.characteristics, ...c.characteristics },
    pv: { ...source.pv, ...c.pv },
  };
  let max: number;
  try {
    max = effectivePvMax(next);
  } catch {
    return changes; // invalid characteristics: validation refuses the update anyway
  }
  const value = next.pv.value ?? 0;
  if (value <= max) return changes;
  return { ...changes, pv: { ...c.pv, value: max } };
}

/**
 * Shared model of the two Fantasia actor types. Stored data are the sheet's inputs; derived values
 * (PV max, damage bonus, armour, skill percentages) come from the engine in prepareDerivedData.
 */
export abstract class FantasiaActorModel extends foundry.abstract.TypeDataModel<
  ActorSchema,
  Actor.Implementation
> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /** Data stored before the bounds load clamped (as migration 2 stores it). */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(clampCharacteristics(source)) as Record<string, unknown>;
  }

  /** PV above the maximum are impossible. */
  static override validateJoint(data: Record<string, unknown>): void {
    const d = data as {
      characteristics?: Partial<Characteristics>;
      pv?: { value?: number; max?: number | null };
    };
    const max = effectivePvMax(d);
    if ((d.pv?.value ?? 0) > max) throw new Error(`pv.value ${d.pv?.value} > pv.max ${max}`);
  }

  declare derived: FantasiaDerived;

  /** Lowering the PV maximum below the current PV lowers the PV too (instead of a refusal). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel.Any['_preUpdate']>) {
    const [changes] = args;
    const system = (changes as { system?: Record<string, unknown> }).system;
    if (system)
      (changes as { system?: Record<string, unknown> }).system = clampPvChanges(this._source, system);
    return super._preUpdate(...args);
  }

  /** Aventurier or PNJ (F-R4 breaks DEX ties in favour of Aventuriers). */
  abstract get kind(): CombatantKind;

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const c = this.characteristics as Characteristics;
    const pvMaxDerived = pvMaxFor(c.CON, c.TAI);
    const pvMax = this.pv.max ?? pvMaxDerived;
    const damageBonusDerived = damageBonusFor(c.FOR, c.TAI);
    const damageBonus =
      damageBonusMode() === 'manual' ? this.damageBonus : this.damageBonus || damageBonusDerived;
    const skills = {} as FantasiaDerived['skills'];
    const stored = this.skills as Record<SkillId, number | null>;
    for (const id of SKILL_IDS) {
      const base = skillBase(id, c);
      const own = stored[id];
      skills[id] = { value: own ?? base, base, trained: own !== null && own !== undefined };
    }
    let armourTotal = this.armour;
    for (const item of itemsOf(this.parent)) {
      if (item.type !== 'armure') continue;
      const a = toEngineOf<{ protection: number; worn: boolean }>(item);
      if (a?.worn) armourTotal += a.protection;
    }
    this.derived = { pvMax, pvMaxDerived, damageBonus, damageBonusDerived, armourTotal, skills };
    // Tokens read pv.max for the bar: give them the effective maximum.
    (this.pv as { max: number | null }).max = pvMax;
  }

  /**
   * Engine states: the stored ones, the toggles set through token status effects, and the timed
   * states' Active Effects.
   */
  engineStates(): FantasiaStates {
    const s = this.states;
    const statuses = (this.parent as { statuses?: Set<string> } | null)?.statuses ?? new Set<string>();
    const on = (id: ToggleState): boolean => Boolean(s[id]) || statuses.has(id);
    const states: { -readonly [K in keyof FantasiaStates]: FantasiaStates[K] } = {
      ...timedStatesOf(this.parent as EffectsHolder | null),
    };
    for (const id of TOGGLE_STATES) if (on(id)) states[id] = true;
    if (s.unconscious || statuses.has('unconscious'))
      states.unconscious = s.unconsciousHours > 0 ? { hours: s.unconsciousHours } : {};
    if (s.immobilisedBy) states.immobilised = { by: s.immobilisedBy };
    if (s.strangledBy)
      states.strangled = {
        by: s.strangledBy,
        ...(s.strangleDamage ? { extraDamage: s.strangleDamage } : {}),
      };
    if (s.entangledBy) states.entangled = { by: s.entangledBy, weaponId: s.entangledWeapon };
    if (s.disarmedWeapon) states.disarmed = { weaponId: s.disarmedWeapon };
    // F-H6, F-W6: a broken or burst weapon is unusable (written by the card as brokenWeapons).
    if (s.brokenWeapons?.length) states.weaponBroken = [...s.brokenWeapons];
    if (s.reloadingWeapon) states.reloading = { weaponId: s.reloadingWeapon };
    if (s.arquebusWeapon && s.arquebusRounds > 0)
      states.arquebusReload = { weaponId: s.arquebusWeapon, roundsLeft: s.arquebusRounds };
    if (s.sprintRounds > 0) states.sprintRounds = s.sprintRounds;
    return states;
  }

  /** Weapons carried (items), plus Bagarre and Lutte, which everyone has (F-U1, F-U2). */
  engineWeapons(): FantasiaWeapon[] {
    const weapons: FantasiaWeapon[] = [];
    for (const item of itemsOf(this.parent)) {
      if (item.type !== 'arme') continue;
      const w = toEngineOf<FantasiaWeapon>(item);
      if (w) weapons.push(w);
    }
    for (const unarmed of [FANTASIA_WEAPONS.bagarre, FANTASIA_WEAPONS.lutte]) {
      if (!weapons.some((w) => w.type === unarmed.type))
        weapons.push({ ...unarmed, name: unarmedName(unarmed.type ?? '') });
    }
    return weapons;
  }

  engineShield(): Shield | undefined {
    for (const item of itemsOf(this.parent)) {
      if (item.type !== 'bouclier') continue;
      const worn = (item.system as { worn?: boolean }).worn;
      if (worn) return toEngineOf<Shield>(item);
    }
    return undefined;
  }

  engineThrusts(): KnownThrust[] {
    return itemsOf(this.parent)
      .filter((i) => i.type === 'botte')
      .flatMap((i) => toEngineOf<KnownThrust>(i) ?? []);
  }

  /** The engine's view of this actor, validated by the engine. */
  toEngine(): FantasiaCombatant {
    if (!this.derived) this.prepareDerivedData();
    const parent = this.parent as { id?: string | null; name?: string | null } | null;
    const skills: Partial<Record<SkillId, number>> = {};
    const stored = this.skills as Record<SkillId, number | null>;
    for (const id of SKILL_IDS) {
      const v = stored[id];
      if (v !== null && v !== undefined) skills[id] = v;
    }
    const shield = this.engineShield();
    const thrusts = this.engineThrusts();
    const combatant: FantasiaCombatant = {
      id: parent?.id ?? 'actor',
      name: parent?.name ?? '',
      kind: this.kind,
      characteristics: { ...(this.characteristics as Characteristics) },
      pv: { value: Math.min(this.pv.value, this.derived.pvMax), max: this.derived.pvMax },
      mouvement: this.mouvement,
      damageBonus: this.derived.damageBonus,
      armour: this.derived.armourTotal,
      skills,
      states: this.engineStates(),
      ...(this.species ? { species: this.species } : {}),
      ...(this.size !== null && this.size !== undefined ? { size: this.size } : {}),
      weapons: this.engineWeapons(),
      ...(shield ? { shield } : {}),
      ...(thrusts.length ? { thrusts } : {}),
    };
    return validateCombatant(combatant);
  }
}

/** A player character. */
export class AventurierModel extends FantasiaActorModel {
  get kind(): CombatantKind {
    return 'aventurier';
  }
}

/** A non-player character or creature. */
export class PnjModel extends FantasiaActorModel {
  get kind(): CombatantKind {
    return 'pnj';
  }
}

export const fantasiaActorModels = { aventurier: AventurierModel, pnj: PnjModel } as const;

function unarmedName(type: string): string {
  const key = `PDA.FantasiaUI.Skill.${type}`;
  return game.i18n?.localize(key) ?? key;
}
