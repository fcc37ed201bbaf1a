import { isFormula } from '../../../../engine/dice/formula';
import { WEAPONS } from '../../../../engine/greyhawk/data';
import {
  SIZES,
  type GreyhawkWeapon,
  type Hands,
  type ItemMaterial,
  type WeaponKind,
} from '../../../../engine/greyhawk/types';
import { boolField, choiceField, htmlField, intField, textField } from './fields';

/** Item subtypes of Greyhawk. */
export const GREYHAWK_ITEM_TYPES = ['arme-adnd'] as const;

export const GH_WEAPON_KINDS: readonly WeaponKind[] = [
  'melee',
  'bow',
  'lightCrossbow',
  'heavyCrossbow',
  'handCrossbow',
  'thrownDagger',
  'dart',
  'sling',
  'staffSling',
  'thrown',
];
export const GH_HANDS = ['1', '2', 'either'] as const;
export const GH_MATERIALS: readonly ItemMaterial[] = [
  'bone',
  'ceramic',
  'cloth',
  'crystal',
  'glass',
  'leather',
  'metal',
  'paper',
  'rope',
  'stone',
  'wood',
];

function formulaField(initial: string) {
  return new foundry.data.fields.StringField({
    required: true,
    blank: false,
    initial,
    validate: (value: unknown) => typeof value === 'string' && isFormula(value),
    validationError: 'is not a dice formula',
  });
}

function armeSchema() {
  const f = foundry.data.fields;
  return {
    /** Catalogue id (longSword, longBow…): proficiencies, groups and mastery are keyed by it. */
    base: textField('longSword'),
    kind: choiceField<WeaponKind>(GH_WEAPON_KINDS, 'melee'),
    melee: boolField(true),
    hands: choiceField(GH_HANDS, '1'),
    size: choiceField(SIZES, 'M'),
    speed: intField(5, 0, 20),
    damageSM: formulaField('1d8'),
    damageL: formulaField('1d12'),
    magic: intField(0, -5, 5),
    ranges: new f.SchemaField({
      short: intField(0, 0, 1000),
      medium: intField(0, 0, 1000),
      long: intField(0, 0, 1000),
    }),
    polearm: boolField(false),
    brace: boolField(false),
    edged: boolField(true),
    material: choiceField(GH_MATERIALS, 'metal'),
    /** In hand: the weapon the actor fights with. */
    equipped: boolField(false),
    /** G-PA3: a mundane bow or crossbow that parried: it can never shoot again. */
    ruined: boolField(false),
    /** G-PA3: failed its save vs crushing blow after a parry: in pieces. */
    broken: boolField(false),
    /** G-ST6: a heavy crossbow shot from the saddle: no reloading it until the rider is afoot. */
    unloaded: boolField(false),
    description: htmlField(),
  };
}
type ArmeSchema = ReturnType<typeof armeSchema>;

function parentOf(model: { parent?: unknown }): { id?: string | null; name?: string | null } {
  return (model.parent as { id?: string | null; name?: string | null } | null | undefined) ?? {};
}

/** Source data of an `arme-adnd` built from the engine's catalogue (for packs and quick creation). */
export function catalogueSource(base: string): Record<string, unknown> {
  const entry = WEAPONS[base];
  if (!entry) throw new Error(`unknown catalogue weapon ${base}`);
  return {
    base,
    kind: entry.kind,
    melee: entry.melee,
    hands: String(entry.hands),
    size: entry.size,
    speed: entry.speed,
    damageSM: entry.damageSM,
    damageL: entry.damageL,
    magic: 0,
    ranges: entry.ranges ?? { short: 0, medium: 0, long: 0 },
    polearm: entry.polearm ?? false,
    brace: entry.brace ?? false,
    edged: entry.edged ?? false,
    material: entry.material ?? 'metal',
  };
}

/** An AD&D weapon (PHB table 44 values, G-W5 groups through its catalogue id). */
export class ArmeAdndModel extends foundry.abstract.TypeDataModel<ArmeSchema, Item.Implementation> {
  static override defineSchema(): ArmeSchema {
    return armeSchema();
  }

  toEngine(): GreyhawkWeapon {
    const parent = parentOf(this);
    const hands: Hands = this.hands === 'either' ? 'either' : this.hands === '2' ? 2 : 1;
    const r = this.ranges;
    return {
      id: parent.id ?? 'item',
      base: this.base,
      name: parent.name ?? this.base,
      kind: this.kind as WeaponKind,
      melee: this.melee,
      hands,
      size: this.size as GreyhawkWeapon['size'],
      speed: this.speed,
      damageSM: this.damageSM,
      damageL: this.damageL,
      magic: this.magic,
      ...(r.long > 0 ? { ranges: { short: r.short, medium: r.medium, long: r.long } } : {}),
      polearm: this.polearm,
      brace: this.brace,
      edged: this.edged,
      material: this.material as ItemMaterial,
    };
  }
}
