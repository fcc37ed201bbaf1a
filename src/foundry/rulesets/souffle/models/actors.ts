import { itemsOf } from '../../../models';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../../../../engine/souffle/equipment';
import { effectiveGeste } from '../../../../engine/souffle/equipment';
import { GUERRIER, type SouffleFighter } from '../../../../engine/souffle/fighter';
import { POSTURES, type Posture } from '../../../../engine/souffle/posture';
import type { SouffleState } from '../../../../engine/souffle/states';
import { souffleStatesOf } from '../states';
import type { ArmeSouffleModel, ArmureSouffleModel } from './items';
import { choiceField, gaugeField, htmlField, intField, textField } from './fields';

export { itemsOf };

export const SOUFFLE_ACTOR_TYPES = ['combattant', 'adversaire'] as const;
export type SouffleActorType = (typeof SOUFFLE_ACTOR_TYPES)[number];

const CHARACTERISTIC_MAX = 20;
const LEVEL_MAX = 20;

function actorSchema() {
  const f = foundry.data.fields;
  return {
    geste: intField(2, 0, CHARACTERISTIC_MAX),
    vigueur: intField(2, 0, CHARACTERISTIC_MAX),
    acuite: intField(2, 0, CHARACTERISTIC_MAX),
    /** Trades with their levels (S-AT1: the relevant one joins attacks; S-DF3: half of it). */
    metiers: new f.ArrayField(new f.SchemaField({ name: textField(), level: intField(1, 0, LEVEL_MAX) })),
    /** Disciplines, e.g. 'guerrier' (S-R3). */
    disciplines: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    defense: intField(2, 0, 50),
    initiative: intField(0, -10, 30),
    souffle: gaugeField(10, 999),
    pv: gaugeField(10, 999),
    /** PV lost per wounding hit (the circled boxes, S-DF3). */
    wounds: new f.ArrayField(new f.NumberField({ required: true, nullable: false, integer: true, min: 1 })),
    chance: intField(1, 0, 99),
    posture: choiceField<Posture | ''>(['', ...POSTURES], '', true),
    assommeRounds: intField(0, 0, 999),
    /** Size step for grappling (S-GR1): 0 tiny … 2 human … 4 giant. */
    size: intField(2, 0, 4),
    biography: htmlField(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

/** Values computed for sheets from the stored data and the items. */
export interface SouffleDerived {
  /** Geste after the worn armour's malus. */
  gesteEffective: number;
  /** Defensive levels from worn armour and shield. */
  armourDefence: number;
  guerrier: boolean;
}

/**
 * Shared model of the two Souffle actor types. The S-ST1 states are not stored here: they are the
 * actor's Active Effects carrying the state's status (../states.ts).
 */
export abstract class SouffleActorModel extends foundry.abstract.TypeDataModel<
  ActorSchema,
  Actor.Implementation
> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /** Current values above their maximum are impossible. */
  static override validateJoint(data: Record<string, unknown>): void {
    for (const key of ['souffle', 'pv']) {
      const g = data[key] as { value?: number; max?: number } | undefined;
      if (g && (g.value ?? 0) > (g.max ?? 0))
        throw new Error(`${key}.value ${g.value} > ${key}.max ${g.max}`);
    }
  }

  declare derived: SouffleDerived;

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const armour = this.engineArmour();
    const shield = this.engineShield();
    this.derived = {
      gesteEffective: effectiveGeste(this.geste, armour),
      armourDefence: (armour?.defence ?? 0) + (shield?.defence ?? 0),
      guerrier: this.disciplines.some((d) => d.toLowerCase() === GUERRIER),
    };
  }

  /** The S-ST1 states, read from the actor's effects (their statuses). */
  engineStates(): SouffleState[] {
    return souffleStatesOf(this.parent);
  }

  /** Equipped weapons (at most two are used by an attack). */
  engineWeapons(): SouffleWeapon[] {
    return itemsOf(this.parent)
      .filter((i) => i.type === 'arme-souffle' && (i.system as ArmeSouffleModel).equipped)
      .map((i) => (i.system as ArmeSouffleModel).toEngine());
  }

  engineArmour(): SouffleArmour | undefined {
    for (const i of itemsOf(this.parent)) {
      const s = i.system as ArmureSouffleModel;
      if (i.type === 'armure-souffle' && s.worn && s.kind === 'armure') return s.toArmour();
    }
    return undefined;
  }

  engineShield(): SouffleShield | undefined {
    for (const i of itemsOf(this.parent)) {
      const s = i.system as ArmureSouffleModel;
      if (i.type === 'armure-souffle' && s.worn && s.kind === 'bouclier') return s.toShield();
    }
    return undefined;
  }

  /** The engine's view of this actor. */
  toEngine(): SouffleFighter {
    const parent = this.parent as { id?: string | null; name?: string | null } | null;
    const metiers: Record<string, number> = {};
    for (const m of this.metiers) if (m.name) metiers[m.name] = m.level;
    // In a round, the posture declared there (GM-written) binds: the owner may write `posture`.
    const posture =
      roundPostureOf(this.parent) ?? (this.posture === '' ? undefined : (this.posture as Posture));
    return {
      id: parent?.id ?? 'actor',
      name: parent?.name ?? '',
      geste: this.derived?.gesteEffective ?? this.geste,
      vigueur: this.vigueur,
      acuite: this.acuite,
      metiers,
      disciplines: [...this.disciplines],
      defense: this.defense,
      initiative: this.initiative,
      souffle: { value: this.souffle.value, max: this.souffle.max },
      pv: { value: this.pv.value, max: this.pv.max },
      wounds: [...this.wounds],
      chance: this.chance,
      ...(posture ? { posture } : {}),
      states: this.engineStates(),
      ...(this.assommeRounds > 0 ? { assommeRounds: this.assommeRounds } : {}),
      size: this.size,
    };
  }

  /**
   * System changes that store an engine fighter's new values (after damage, luck). Its states are
   * Active Effects, written as status writes (../states.ts), not system changes.
   */
  static changesFrom(fighter: SouffleFighter): Record<string, unknown> {
    return {
      souffle: { value: fighter.souffle.value },
      pv: { value: fighter.pv.value },
      wounds: [...fighter.wounds],
      chance: fighter.chance,
      assommeRounds: fighter.assommeRounds ?? 0,
    };
  }
}

/** A player character. */
/**
 * The posture a started round binds the actor to (S-P1), read from the round's GM-written
 * declarations (docs/trust.md); undefined outside a round. Set by the round module at init.
 */
let roundPostureOf: (actor: unknown) => Posture | undefined = () => undefined;

export function setRoundPostureReader(reader: (actor: unknown) => Posture | undefined): void {
  roundPostureOf = reader;
}

export class CombattantModel extends SouffleActorModel {}

/** A GM-controlled opponent. */
export class AdversaireModel extends SouffleActorModel {}
