import { acToArmour, ensureAClass } from '../../../migrations';
import { armourClassParts, type ArmourClassParts } from '../../../../engine/greyhawk/armour';
import { MONSTER_STR } from '../../../../engine/greyhawk/data';
import { fightState, type FightState } from '../../../../engine/greyhawk/health';
import { greyhawkOptionsFromSettings } from '../settings';
import { derive, equippedOf, STYLE_IDS, MASTERY_RANKS, type GreyhawkDerived } from './derived';
import {
  CLASSES,
  SIZES,
  type FightingStyle,
  type GreyhawkCharacter,
  type GreyhawkClass,
  type Handedness,
  type MasteryRank,
  type ShieldKind,
  type Size,
  type WeaponMastery,
} from '../../../../engine/greyhawk/types';
import { choiceField, htmlField, intField, optionalIntField, stringList, textField } from './fields';

export {
  characterUpdate,
  derive,
  itemList,
  MASTERY_RANKS,
  STYLE_IDS,
  weaponsOf,
  type GreyhawkDerived,
} from './derived';

export const GREYHAWK_ACTOR_TYPES = ['guerrier-adnd', 'monstre-adnd'] as const;

const HANDEDNESS: readonly Handedness[] = ['right', 'left', 'ambidextrous'];

/** 0 hit points or below: out of the fight, dead or (DMG option) unconscious. */
const fightNow = (hp: number): FightState => fightState(hp, greyhawkOptionsFromSettings());

function parentOf(model: { parent?: unknown }): { id?: string | null; name?: string | null } {
  return (model.parent as { id?: string | null; name?: string | null } | null | undefined) ?? {};
}

function commonSchema() {
  const f = foundry.data.fields;
  return {
    abilities: new f.SchemaField({
      str: intField(10, 1, 25),
      /** Exceptional strength 18/xx (1..100, 100 = 18/00); 0 = none. */
      strPercent: intField(0, 0, 100),
      dex: intField(10, 1, 25),
      int: intField(10, 1, 25),
    }),
    size: choiceField<Size>(SIZES, 'M'),
    hp: new f.SchemaField({ value: intField(8, -20, 9999), max: intField(8, 0, 9999) }),
    movement: intField(12, 0, 99),
    /** Shield carried ('' = none): G-SH1 punch, G-SH2 rush. */
    shield: new f.StringField({
      required: true,
      blank: true,
      choices: ['', 'buckler', 'small', 'medium', 'large'],
      initial: '',
    }),
    // Conditions (G-C1, G-D1–G-D3, G-G2, G-SH2) are Active Effects with statuses (../conditions.ts).
    biography: htmlField(),
  };
}

function guerrierSchema() {
  const f = foundry.data.fields;
  return {
    ...commonSchema(),
    /** The armour's AC (10 = none); the AC is computed from it (engine armour.ts). */
    armour: intField(10, -10, 10),
    /** Magic bonus of armour and shield together. */
    acMagic: intField(0, 0, 10),
    // At least one class: the weapon slots and THAC0 are the classes' (G-W1).
    classes: new f.ArrayField(
      new f.SchemaField({ cls: choiceField<GreyhawkClass>(CLASSES, 'fighter'), level: intField(1, 1, 30) }),
      {
        initial: [{ cls: 'fighter', level: 1 }],
        validate: (value: unknown) => Array.isArray(value) && value.length >= 1 && value.length <= 3,
        validationError: 'needs one to three classes',
      },
    ),
    proficiencies: stringList(),
    outOfClass: stringList(),
    /** G-W4: the weapons a priest's clergy allows (catalogue ids); empty = the class's list. */
    clergyWeapons: stringList(),
    weaponOfChoice: textField(),
    mastery: new f.ArrayField(
      new f.SchemaField({
        weapon: new f.StringField({ required: true, blank: false, initial: 'longSword' }),
        rank: choiceField<MasteryRank>(MASTERY_RANKS, 'specialist'),
        since: intField(1, 1, 30),
        firstSpecialised: optionalIntField(1, 30),
      }),
    ),
    styles: new f.SchemaField(
      Object.fromEntries(STYLE_IDS.map((s) => [s, optionalIntField(0, 3)])) as Record<
        FightingStyle,
        ReturnType<typeof optionalIntField>
      >,
    ),
    handedness: choiceField<Handedness>(HANDEDNESS, 'right'),
    /** G-ST1/G-ST2: the grip of a one-or-two-handed weapon, set at a round's start. */
    grip: choiceField<'one' | 'two'>(['one', 'two'], 'one'),
    /** G-ST6: the mount ridden, an actor's uuid or name ('' = on foot). */
    mount: textField(),
  };
}
type GuerrierSchema = ReturnType<typeof guerrierSchema>;

/** A player character of the Greyhawk ruleset (`guerrier-adnd`). */
export class GuerrierAdndModel extends foundry.abstract.TypeDataModel<GuerrierSchema, Actor.Implementation> {
  static override defineSchema(): GuerrierSchema {
    return guerrierSchema();
  }

  /**
   * A character stored with no class loads as a fighter 1 (as migration 3 stores it); an AC stored
   * whole loads as its armour (migration 7).
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(acToArmour(ensureAClass(source))) as Record<string, unknown>;
  }

  /** The armour class: armour, shield, DEX defensive adjustment and magic (engine armour.ts). */
  get acParts(): ArmourClassParts {
    // G-ST2: the weapon in hand, and the grip, say whether the shield still guards.
    const weapon = equippedOf(this.parent);
    return armourClassParts({
      armour: this.armour,
      shield: this.shield as ShieldKind | '',
      dex: this.abilities.dex,
      magic: this.acMagic,
      ...(weapon ? { inHand: { hands: weapon.hands, grip: this.grip === 'two' ? 'two' : 'one' } } : {}),
    });
  }

  /** The AC every card reads (the same number as the sheet's). */
  get ac(): number {
    return this.acParts.total;
  }

  declare derived: GreyhawkDerived;

  override prepareDerivedData(): void {
    this.derived = {
      ...derive(this.toEngine(), this.parent),
      fight: fightNow(this.hp.value),
      ac: this.acParts,
    };
  }

  /** The update that takes `damage` hit points off this actor (the chat card's Apply). */
  damageUpdate(damage: number): Record<string, unknown> {
    return { system: { hp: { value: this.hp.value - damage } } };
  }

  toEngine(): GreyhawkCharacter {
    const parent = parentOf(this);
    const mastery: Record<string, WeaponMastery> = {};
    for (const m of this.mastery) {
      mastery[m.weapon] = {
        rank: m.rank as MasteryRank,
        since: m.since,
        ...(m.firstSpecialised !== null && m.firstSpecialised !== undefined
          ? { firstSpecialised: m.firstSpecialised }
          : {}),
      };
    }
    const styles: Partial<Record<FightingStyle, number>> = {};
    for (const s of STYLE_IDS) {
      const v = (this.styles as Record<string, number | null | undefined>)[s];
      if (typeof v === 'number') styles[s] = v;
    }
    const a = this.abilities;
    return {
      id: parent.id ?? 'actor',
      name: parent.name ?? '',
      classes: this.classes.map((k) => ({ cls: k.cls as GreyhawkClass, level: k.level })),
      str: a.str,
      ...(a.str === 18 && a.strPercent > 0 ? { strPercent: a.strPercent } : {}),
      dex: a.dex,
      int: a.int,
      size: this.size as Size,
      proficiencies: [...this.proficiencies],
      outOfClass: [...this.outOfClass],
      ...(this.clergyWeapons.length ? { clergyWeapons: [...this.clergyWeapons] } : {}),
      ...(this.weaponOfChoice ? { weaponOfChoice: this.weaponOfChoice } : {}),
      mastery,
      styles,
      handedness: this.handedness as Handedness,
    };
  }
}

function monstreSchema() {
  const f = foundry.data.fields;
  const common = commonSchema();
  return {
    ...common,
    /** Armour class as the monster's entry gives it (everything included), 10 downwards. */
    ac: intField(10, -10, 10),
    hitDice: new f.NumberField({ required: true, nullable: false, min: 0, max: 99, initial: 1 }),
    /** THAC0 written by the GM; empty = from the hit dice table. */
    thac0: optionalIntField(1, 20),
    /** Monsters usually have no STR score: G-G3 gives one by size when this is off. */
    hasStr: new f.BooleanField({ required: true, initial: false }),
    /** Attacks per two rounds (2 = one a round). */
    attacksPerTwoRounds: intField(2, 0, 20),
  };
}
type MonstreSchema = ReturnType<typeof monstreSchema>;

/** A monster of the Greyhawk ruleset (`monstre-adnd`): THAC0 by hit dice, STR by size (G-G3). */
export class MonstreAdndModel extends foundry.abstract.TypeDataModel<MonstreSchema, Actor.Implementation> {
  static override defineSchema(): MonstreSchema {
    return monstreSchema();
  }

  declare derived: GreyhawkDerived;

  override prepareDerivedData(): void {
    this.derived = {
      ...derive(this.toEngine(), this.parent),
      attacksPerTwoRounds: this.attacksPerTwoRounds,
      fight: fightNow(this.hp.value),
    };
  }

  /** The update that takes `damage` hit points off this actor (the chat card's Apply). */
  damageUpdate(damage: number): Record<string, unknown> {
    return { system: { hp: { value: this.hp.value - damage } } };
  }

  toEngine(): GreyhawkCharacter {
    const parent = parentOf(this);
    const size = this.size as Size;
    const a = this.abilities;
    return {
      id: parent.id ?? 'actor',
      name: parent.name ?? '',
      classes: [],
      monster: {
        hitDice: this.hitDice,
        ...(typeof this.thac0 === 'number' ? { thac0: this.thac0 } : {}),
        ...(this.hasStr ? {} : { strBySize: true }),
      },
      str: this.hasStr ? a.str : MONSTER_STR[size],
      ...(this.hasStr && a.str === 18 && a.strPercent > 0 ? { strPercent: a.strPercent } : {}),
      dex: a.dex,
      int: a.int,
      size,
      proficiencies: [],
    };
  }
}
