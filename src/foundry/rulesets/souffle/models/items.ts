import type {
  SouffleArmour,
  SouffleShield,
  SouffleWeapon,
  WeaponCategory,
} from '../../../../engine/souffle/equipment';
import { boolField, choiceField, htmlField, intField, textField } from './fields';

/** Item subtypes of Souffle (S-A3). Shields are `armure-souffle` items of kind 'bouclier'. */
export const SOUFFLE_ITEM_TYPES = ['arme-souffle', 'armure-souffle'] as const;
export type SouffleItemType = (typeof SOUFFLE_ITEM_TYPES)[number];

export const WEAPON_CATEGORIES: readonly WeaponCategory[] = [
  'mainsNues',
  'legere',
  'moyenne',
  'lourde',
  'distance',
];
export const ARMOUR_KINDS = ['armure', 'bouclier'] as const;
export type ArmourKind = (typeof ARMOUR_KINDS)[number];

function itemId(model: { parent?: unknown }): string {
  return (model.parent as { id?: string | null } | null | undefined)?.id ?? 'item';
}

function armeSchema() {
  const f = foundry.data.fields;
  return {
    /** Catalogue id (epeeLongue, arcCourt…), for labels and compendium matching. */
    catalogue: textField(),
    category: choiceField<WeaponCategory>(WEAPON_CATEGORIES, 'moyenne'),
    /** Advantage levels the weapon gives an attack. */
    advantage: intField(0, -5, 10),
    /** Damage points added to the potential damage. */
    damage: intField(0, 0, 30),
    blunt: boolField(false),
    hands: new f.NumberField({ required: true, nullable: false, integer: true, choices: [1, 2], initial: 1 }),
    /** In hand: used by attacks. */
    equipped: boolField(false),
    description: htmlField(),
  };
}
type ArmeSchema = ReturnType<typeof armeSchema>;

/** A Souffle weapon: category, advantage and damage bonus (S-A3). */
export class ArmeSouffleModel extends foundry.abstract.TypeDataModel<ArmeSchema, Item.Implementation> {
  static override defineSchema(): ArmeSchema {
    return armeSchema();
  }

  toEngine(): SouffleWeapon {
    return {
      id: itemId(this),
      category: this.category as WeaponCategory,
      advantage: this.advantage,
      damage: this.damage,
      ranged: this.category === 'distance',
      blunt: this.blunt,
      hands: this.hands === 2 ? 2 : 1,
    };
  }
}

function armureSchema() {
  return {
    catalogue: textField(),
    kind: choiceField<ArmourKind>(ARMOUR_KINDS, 'armure'),
    /** Defensive advantage levels (S-DF2). */
    defence: intField(1, 0, 10),
    /** Malus to geste (armour only; not passed on to secondary characteristics). */
    gesteMalus: intField(0, -10, 0),
    worn: boolField(false),
    description: htmlField(),
  };
}
type ArmureSchema = ReturnType<typeof armureSchema>;

/** Armour or shield (S-A3, S-DF1, S-DF2): shields may parry missiles. */
export class ArmureSouffleModel extends foundry.abstract.TypeDataModel<ArmureSchema, Item.Implementation> {
  static override defineSchema(): ArmureSchema {
    return armureSchema();
  }

  toArmour(): SouffleArmour | undefined {
    if (this.kind !== 'armure') return undefined;
    return { id: itemId(this), defence: this.defence, gesteMalus: this.gesteMalus };
  }

  toShield(): SouffleShield | undefined {
    if (this.kind !== 'bouclier') return undefined;
    return { id: itemId(this), defence: this.defence, parriesMissiles: true };
  }
}
