import { SKILL_IDS } from '../../../../engine/fantasia/types';
import type {
  FantasiaWeapon,
  KnownThrust,
  ReloadKind,
  Shield,
  SiegeEngine,
  SkillId,
  WeaponKind,
} from '../../../../engine/fantasia/types';
import { validateShield, validateWeapon } from '../../../../engine/fantasia/validate';
import {
  boolField,
  choiceField,
  formulaField,
  htmlField,
  intField,
  optionalIntField,
  textField,
} from './fields';

/** Item subtypes of Fantasia. Skills are not items: see docs/rulings/fantasia-ui.md. */
export const FANTASIA_ITEM_TYPES = ['arme', 'armure', 'bouclier', 'botte', 'engin'] as const;
export type FantasiaItemType = (typeof FANTASIA_ITEM_TYPES)[number];

export const WEAPON_KINDS: readonly WeaponKind[] = [
  'melee',
  'thrown',
  'missile',
  'firearm',
  'unarmed',
  'whip',
  'siege',
];
export const RELOAD_KINDS: readonly ReloadKind[] = ['none', 'bow', 'crossbow', 'arquebus'];

/** The id the engine knows an item by: the Item's id. */
function itemId(model: { parent?: unknown }): string {
  const parent = model.parent as { id?: string | null } | null | undefined;
  return parent?.id ?? 'item';
}

function itemName(model: { parent?: unknown }): string {
  const parent = model.parent as { name?: string | null } | null | undefined;
  return parent?.name ?? '';
}

// ---------------------------------------------------------------- arme

function armeSchema() {
  const f = foundry.data.fields;
  return {
    /** Catalogue type (epeeLongue, arbalete…), matched by secret thrusts (F-B1). */
    weaponType: textField(),
    skill: choiceField<SkillId>(SKILL_IDS, 'armesDeMelee'),
    damage: formulaField('1d6'),
    hands: new f.NumberField({ required: true, nullable: false, integer: true, choices: [1, 2], initial: 1 }),
    kind: choiceField<WeaponKind>(WEAPON_KINDS, 'melee'),
    blunt: boolField(false),
    range: intField(0, 0, 100000),
    canParry: boolField(true),
    reload: choiceField<ReloadKind>(RELOAD_KINDS, 'none'),
    /** Drawn, in hand (F-R10). */
    drawn: boolField(false),
    /** Loaded or nocked (F-R9, F-W5, F-W6). */
    loaded: boolField(true),
    /** Arquebus (F-W6): reload rounds still to spend, none when loaded or not reloading. */
    reloadRoundsLeft: optionalIntField(0, 99),
    minFOR: optionalIntField(0, 999),
    description: htmlField(),
  };
}
type ArmeSchema = ReturnType<typeof armeSchema>;

/** A weapon (F-W7): dice, skill, hands, range and readiness. */
export class ArmeModel extends foundry.abstract.TypeDataModel<ArmeSchema, Item.Implementation> {
  static override defineSchema(): ArmeSchema {
    return armeSchema();
  }

  toEngine(): FantasiaWeapon {
    const weapon: FantasiaWeapon = {
      id: itemId(this),
      name: itemName(this),
      ...(this.weaponType ? { type: this.weaponType } : {}),
      skill: this.skill as SkillId,
      damage: this.damage,
      hands: this.hands === 2 ? 2 : 1,
      kind: this.kind as WeaponKind,
      blunt: this.blunt,
      range: this.range,
      canParry: this.canParry,
      reload: this.reload as ReloadKind,
      ready: this.drawn,
      loaded: this.loaded,
      ...(this.minFOR !== null && this.minFOR !== undefined ? { minFOR: this.minFOR } : {}),
    };
    return validateWeapon(weapon);
  }
}

// ---------------------------------------------------------------- armure

function armureSchema() {
  return {
    /** Points subtracted from every physical hit (F-H3). */
    protection: intField(1, 0, 99),
    worn: boolField(true),
    description: htmlField(),
  };
}
type ArmureSchema = ReturnType<typeof armureSchema>;

/** Armour (F-H3): its protection counts while worn. */
export class ArmureModel extends foundry.abstract.TypeDataModel<ArmureSchema, Item.Implementation> {
  static override defineSchema(): ArmureSchema {
    return armureSchema();
  }

  toEngine(): { id: string; name: string; protection: number; worn: boolean } {
    return { id: itemId(this), name: itemName(this), protection: this.protection, worn: this.worn };
  }
}

// ---------------------------------------------------------------- bouclier

function bouclierSchema() {
  return {
    /** Parry bonus, +10 % (small) to +20 % (large) (F-D4). */
    parryBonus: intField(10, 10, 20),
    /** A shield can stop missiles (F-D3). */
    parriesMissiles: boolField(true),
    worn: boolField(true),
    description: htmlField(),
  };
}
type BouclierSchema = ReturnType<typeof bouclierSchema>;

export class BouclierModel extends foundry.abstract.TypeDataModel<BouclierSchema, Item.Implementation> {
  static override defineSchema(): BouclierSchema {
    return bouclierSchema();
  }

  toEngine(): Shield {
    return validateShield({
      id: itemId(this),
      name: itemName(this),
      parryBonus: this.parryBonus,
      parriesMissiles: this.parriesMissiles,
    });
  }
}

// ---------------------------------------------------------------- botte

function botteSchema() {
  const f = foundry.data.fields;
  return {
    /** Id in the engine's thrust catalogue (faucheuse, coupBestial…); '' for a house thrust. */
    thrustId: textField(),
    /** Weapon types that can place it (F-B1); families: anyMelee, anyMissile, unarmed. */
    weapons: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    /** Malus de réalisation in % (positive: 15 means −15 %) (F-B3). */
    malus: intField(5, 0, 100),
    /** The weapon type it was learned with, '' for any listed weapon (F-B1). */
    learnedWith: textField(),
    /** Crosses earned (F-B6). */
    crosses: intField(0, 0, 999),
    description: htmlField(),
  };
}
type BotteSchema = ReturnType<typeof botteSchema>;

/** A secret thrust the owner learned, with its crosses (F-B1, F-B6). */
export class BotteModel extends foundry.abstract.TypeDataModel<BotteSchema, Item.Implementation> {
  static override defineSchema(): BotteSchema {
    return botteSchema();
  }

  /** The engine's record of the learned thrust. */
  toEngine(): KnownThrust {
    return {
      thrustId: this.thrustId || itemId(this),
      ...(this.learnedWith ? { weaponType: this.learnedWith } : {}),
      crosses: this.crosses,
      // The sheet's editable malus is the one the rules use (F-B3, F-B6).
      malus: this.malus,
    };
  }
}

// ---------------------------------------------------------------- engin

function enginSchema() {
  return {
    range: intField(100, 0, 100000),
    crewMin: intField(2, 1, 99),
    crewMax: intField(3, 1, 99),
    damage: formulaField('2d6'),
    /** Targets hit in a line (ballista); 0 = a single target. */
    lineMin: intField(0, 0, 99),
    lineMax: intField(0, 0, 99),
    /** Area damage around the impact (catapult); radius 0 = none. */
    splashRadius: intField(0, 0, 1000),
    splashDamage: formulaField('', true),
    knockBack: boolField(false),
    ignoresArmour: boolField(false),
    description: htmlField(),
  };
}
type EnginSchema = ReturnType<typeof enginSchema>;

/** A siege engine (F-S1, F-S2). */
export class EnginModel extends foundry.abstract.TypeDataModel<EnginSchema, Item.Implementation> {
  static override defineSchema(): EnginSchema {
    return enginSchema();
  }

  /** Crew and line bounds must be ordered. */
  static override validateJoint(data: Record<string, unknown>): void {
    const d = data as { crewMin?: number; crewMax?: number; lineMin?: number; lineMax?: number };
    if ((d.crewMin ?? 0) > (d.crewMax ?? 0)) throw new Error('crewMin > crewMax');
    if ((d.lineMin ?? 0) > (d.lineMax ?? 0)) throw new Error('lineMin > lineMax');
  }

  toEngine(): SiegeEngine {
    return {
      id: itemId(this),
      name: itemName(this),
      range: this.range,
      crew: { min: this.crewMin, max: this.crewMax },
      damage: this.damage,
      ...(this.lineMax > 0 ? { line: { min: this.lineMin, max: this.lineMax } } : {}),
      ...(this.splashRadius > 0 && this.splashDamage
        ? { splash: { radius: this.splashRadius, damage: this.splashDamage } }
        : {}),
      ...(this.knockBack ? { knockBack: true } : {}),
      ...(this.ignoresArmour ? { ignoresArmour: true } : {}),
    };
  }
}

export const fantasiaItemModels = {
  arme: ArmeModel,
  armure: ArmureModel,
  bouclier: BouclierModel,
  botte: BotteModel,
  engin: EnginModel,
} as const;
