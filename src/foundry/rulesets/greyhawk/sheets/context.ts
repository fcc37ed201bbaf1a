import type { Translate } from '../../../i18n';
import { sheetTabs } from '../../../models';
import type { RulesError } from '../../../../engine/core/errors';
import {
  addClass,
  allowedWeapons,
  isInClass,
  lowerStyle,
  nameWeaponOfChoice,
  nextRank,
  raiseMastery,
  raiseStyle,
  refusalOf,
  styleLadder,
  styleRule,
  validateSheet,
} from '../../../../engine/greyhawk/build';
import {
  attacksPerTwoRounds,
  masteryCost,
  proficiencyStatus,
  weaponOfChoiceCost,
} from '../../../../engine/greyhawk/character';
import {
  BROAD_GROUPS,
  CLASS_GROUP,
  GROUP_COST,
  OUT_OF_CLASS_EXTRA,
  TIGHT_GROUPS,
  WEAPONS,
} from '../../../../engine/greyhawk/data';
import {
  CLASSES,
  SIZES,
  type GreyhawkCharacter,
  type GreyhawkWeapon,
  type MasteryRank,
} from '../../../../engine/greyhawk/types';
import type { GreyhawkDerived } from '../models/derived';
import { MASTERY_RANKS, STYLE_IDS } from '../models/derived';
import { conditionRows } from './conditions-context';
import type { GreyhawkConditionState } from '../../../../engine/greyhawk/conditions';

/*
 * Pure context builders of the Greyhawk sheets: the templates get ready-to-print values,
 * localization keys and, for every control the engine would refuse, the refusal already
 * written out (so the sheet shows why before the click). No Foundry globals here.
 */

const K = 'PDA.Greyhawk';

/** Formats a localization key with data (Foundry's i18n on the sheet, the dictionary in the gallery). */
export type { Translate };

export interface GreyhawkSheetInput {
  readonly actor: { readonly id: string; readonly name: string; readonly img: string; readonly type: string };
  readonly system: Record<string, unknown>;
  readonly character: GreyhawkCharacter;
  readonly derived: GreyhawkDerived;
  readonly weapons: readonly (GreyhawkWeapon & { readonly equipped: boolean; readonly img: string })[];
  readonly editable: boolean;
  readonly enrichedBiography: string;
  readonly activeTab?: string;
  /** The fighter's conditions, read from its condition effects (G-C1, G-G2, G-D2…). */
  readonly conditions?: Partial<GreyhawkConditionState>;
  /** Writes out refusals; without it the context carries the bare keys. */
  readonly t?: Translate;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The AC's parts as the sheet lists them: armour, shield, DEX, magic (armour.ts). */
function acView(parts: GreyhawkDerived['ac']) {
  if (!parts) return null;
  const list = (['shield', 'dex', 'magic'] as const).map((id) => ({
    id,
    label: `${K}.Sheet.AcPart.${id}`,
    value: signed(parts[id]),
  }));
  return { total: parts.total, armour: parts.armour, parts: list };
}

/** Attacks per two rounds as the PHB prints them: 2 → "1/1", 3 → "3/2", 4 → "2/1". */
export function rateLabel(perTwoRounds: number): string {
  return perTwoRounds % 2 === 0 ? `${perTwoRounds / 2}/1` : `${perTwoRounds}/2`;
}

/** The localization key naming a proficiency entry: a weapon, a tight or a broad group. */
export function entryLabel(entry: string): string {
  if (entry.startsWith('tight:')) return `${K}.TightGroup.${entry.slice(6)}`;
  if (entry.startsWith('broad:')) return `${K}.BroadGroup.${entry.slice(6)}`;
  return `${K}.WeaponName.${entry}`;
}

/** A refusal written out with its rule ID, as the sheet shows it next to a control. */
export function refusalText(error: RulesError | null, t: Translate | undefined): string {
  if (!error) return '';
  const rule =
    typeof error.data.rule === 'string' && error.data.rule !== 'base' ? ` (${error.data.rule})` : '';
  const data = { ...error.data };
  // Catalogue ids in refusals read as their names.
  if (typeof data.weapon === 'string' && t) data.weapon = t(entryLabel(data.weapon));
  return t ? `${t(error.key, data)}${rule}` : `${error.key}${rule}`;
}

export const GUERRIER_TABS: readonly [string, string][] = [
  ['profile', 'fa-solid fa-user'],
  ['weapons', 'fa-solid fa-khanda'],
  ['styles', 'fa-solid fa-shield-halved'],
  ['notes', 'fa-solid fa-book-open'],
];
export const MONSTRE_TABS: readonly [string, string][] = [
  ['attacks', 'fa-solid fa-paw'],
  ['notes', 'fa-solid fa-book-open'],
];

/** Slot cost of learning an entry now, out-of-class extra included (G-W2, G-W4, G-W5). */
function learnCost(c: GreyhawkCharacter, entry: string): number {
  const base = entry.startsWith('tight:')
    ? GROUP_COST.tight
    : entry.startsWith('broad:')
      ? GROUP_COST.broad
      : 1;
  if (isInClass(c, entry)) return base;
  const extras = [...new Set(c.classes.map((k) => OUT_OF_CLASS_EXTRA[CLASS_GROUP[k.cls]]))].filter(
    (e): e is number => e !== null,
  );
  return base + (extras.length ? Math.min(...extras) : 0);
}

/**
 * A weapon's attacks a round as the sheet shows them; a weapon that is also thrown shows both its
 * melee rate and its rate of fire (G-M4: a dagger 1/1 in hand, 2/1 thrown).
 */
function weaponRate(input: GreyhawkSheetInput, w: GreyhawkSheetInput['weapons'][number]): string {
  const melee = rateLabel(attacksPerTwoRounds(input.character, w));
  if (!w.melee || (w.ranges?.long ?? 0) <= 0) return melee;
  const thrown = rateLabel(attacksPerTwoRounds(input.character, w, true));
  return input.t ? input.t('PDA.Greyhawk.Sheet.RateThrown', { melee, thrown }) : `${melee} · ${thrown}`;
}

function weaponRows(input: GreyhawkSheetInput, monster: boolean) {
  const c = input.character;
  return input.weapons.map((w) => {
    const status = monster ? 'proficient' : proficiencyStatus(c, w.base);
    const rank = c.mastery?.[w.base]?.rank;
    return {
      id: w.id,
      name: w.name,
      img: w.img,
      equipped: w.equipped,
      speed: w.speed,
      damage: `${w.damageSM} / ${w.damageL}`,
      range: w.ranges ? `${w.ranges.short} / ${w.ranges.medium} / ${w.ranges.long}` : '',
      sizeLabel: `${K}.Size.${w.size}`,
      magic: w.magic ? signed(w.magic) : '',
      proficiencyLabel: `${K}.Proficiency.${status}`,
      proficient: status === 'proficient',
      masteryLabel: rank ? `${K}.Mastery.${rank}` : '',
      choice: c.weaponOfChoice === w.base,
      rate: monster ? rateLabel(input.derived.attacksPerTwoRounds) : weaponRate(input, w),
    };
  });
}

/** Sheet context of a `guerrier-adnd` or `monstre-adnd` actor. */
export function actorSheetContext(input: GreyhawkSheetInput) {
  const c = input.character;
  const t = input.t;
  const monster = input.actor.type === 'monstre-adnd';
  const slots = input.derived.slots;
  const common = {
    actor: input.actor,
    system: input.system,
    editable: input.editable,
    monster,
    enrichedBiography: input.enrichedBiography,
    derived: {
      thac0: input.derived.thac0,
      strHit: signed(input.derived.strHit),
      strDamage: signed(input.derived.strDamage),
      dexReaction: signed(input.derived.dexReaction),
      dexMissile: signed(input.derived.dexMissile),
      dexDefence: signed(input.derived.dexDefence),
      slots,
      remaining: slots.weapon - slots.spent,
      overSpent: slots.spent > slots.weapon || slots.spent < 0,
      rate: rateLabel(input.derived.attacksPerTwoRounds),
    },
    // A character's AC: computed, with its parts; a monster's is its entry's (an input).
    ac: acView(input.derived.ac),
    // 0 hit points or below: out of the fight (docs/rulings.md).
    fight:
      input.derived.fight && input.derived.fight !== 'fighting'
        ? `${K}.Sheet.Fight.${input.derived.fight}`
        : '',
    weapons: weaponRows(input, monster),
    conditions: conditionRows(input.conditions ?? {}, t),
    pinned: (input.conditions?.pinned ?? 0) > 0,
    shieldOffLine: input.conditions?.shieldOffLine === true,
    offLine: input.conditions?.offLine === true,
    shields: ['', 'buckler', 'small', 'medium', 'large'].map((id) => ({
      id,
      label: `${K}.Shield.${id || 'none'}`,
      selected: (input.system.shield ?? '') === id,
    })),
    sizes: SIZES.map((s) => ({ id: s, label: `${K}.Size.${s}`, selected: c.size === s })),
    // Kept for callers that list the ladder (the gallery, tests).
    ranks: MASTERY_RANKS.map((r) => ({ id: r, label: `${K}.Mastery.${r}` })),
  };
  if (monster) {
    const rates = [1, 2, 3, 4, 5, 6, 8, 10].map((n) => ({
      id: n,
      label: rateLabel(n),
      selected: input.derived.attacksPerTwoRounds === n,
    }));
    return {
      ...common,
      tabs: sheetTabs(MONSTRE_TABS, input.activeTab, K),
      rates,
      thac0FromHitDice: input.system.thac0 === null || input.system.thac0 === undefined,
      problem: '',
      classes: [],
      addableClasses: [],
      handedness: [],
      proficiencies: [],
      learnOptions: { weapons: [], tight: [], broad: [] },
      choice: null,
      mastery: [],
      styles: [],
      priest: false,
      clergy: [],
      clergyNamed: false,
      clergyOptions: [],
    };
  }
  return { ...common, ...fighterParts(input, t) };
}

function fighterParts(input: GreyhawkSheetInput, t: Translate | undefined) {
  const c = input.character;
  const present = new Set(c.classes.map((k) => k.cls));
  const classes = c.classes.map((k) => ({
    cls: k.cls,
    label: `${K}.Class.${k.cls}`,
    level: k.level,
    removeReason: refusalText(
      refusalOf(() => validateSheet({ ...c, classes: c.classes.filter((x) => x.cls !== k.cls) })),
      t,
    ),
  }));
  const addableClasses = CLASSES.filter((cls) => !present.has(cls)).map((cls) => ({
    id: cls,
    label: `${K}.Class.${cls}`,
    reason: refusalText(
      refusalOf(() => addClass(c, cls)),
      t,
    ),
  }));
  const handedness = (['right', 'left', 'ambidextrous'] as const).map((h) => ({
    id: h,
    label: `${K}.Hand.${h}`,
    selected: (c.handedness ?? 'right') === h,
  }));

  const proficiencies = c.proficiencies.map((entry) => ({
    entry,
    label: entryLabel(entry),
    group: entry.startsWith('tight:') || entry.startsWith('broad:'),
    outOfClass: (c.outOfClass ?? []).includes(entry),
    choice: c.weaponOfChoice === entry,
  }));
  const known = new Set(c.proficiencies);
  const option = (entry: string) => ({
    id: entry,
    label: entryLabel(entry),
    cost: learnCost(c, entry),
    outOfClass: !isInClass(c, entry),
  });
  const learnOptions = {
    weapons: Object.keys(WEAPONS)
      .filter((w) => !known.has(w))
      .map(option),
    tight: Object.keys(TIGHT_GROUPS)
      .map((g) => `tight:${g}`)
      .filter((g) => !known.has(g))
      .map(option),
    broad: Object.keys(BROAD_GROUPS)
      .map((g) => `broad:${g}`)
      .filter((g) => !known.has(g))
      .map(option),
  };

  // Weapons a rank can be taken in: the single weapons known (G-S1), and those already ranked.
  const singles = c.proficiencies.filter((p) => p in WEAPONS);
  const ranked = Object.keys(c.mastery ?? {});
  const masteryWeapons = [...new Set([...singles, ...ranked])];
  const mastery = masteryWeapons.map((weapon) => {
    const m = c.mastery?.[weapon];
    const next: MasteryRank | undefined = nextRank(c, weapon);
    // An unranked weapon of a non-fighter offers both first steps: a paladin sees why specialising is refused.
    const offered: MasteryRank[] = m
      ? next
        ? [next]
        : []
      : next === 'specialist'
        ? ['specialist']
        : ['expert', 'specialist'];
    const steps = offered.map((rank) => ({
      rank,
      label: `${K}.Mastery.${rank}`,
      cost: masteryCost(weapon, rank) - (m ? masteryCost(weapon, m.rank) : 0),
      reason: refusalText(
        refusalOf(() => raiseMastery(c, weapon, rank)),
        t,
      ),
    }));
    return {
      weapon,
      label: entryLabel(weapon),
      rankLabel: m ? `${K}.Mastery.${m.rank}` : '',
      since: m?.since ?? null,
      steps,
      reasons: steps
        .filter((x) => x.reason)
        .map((x) => (t ? t(`${K}.Sheet.StepRefused`, { step: t(x.label), reason: x.reason }) : x.reason)),
    };
  });

  const choiceWeapons = singles.map((w) => ({ id: w, label: entryLabel(w) }));
  const choice = c.weaponOfChoice
    ? { named: true, label: entryLabel(c.weaponOfChoice), options: [], cost: 0, reason: '' }
    : {
        named: false,
        label: '',
        options: choiceWeapons,
        cost: weaponOfChoiceCost(c),
        reason: choiceWeapons.length
          ? refusalText(
              refusalOf(() => nameWeaponOfChoice(c, choiceWeapons[0]?.id ?? '')),
              t,
            )
          : '',
      };

  const styles = STYLE_IDS.map((id) => {
    const slots = c.styles?.[id];
    const ladder = styleLadder(c, id);
    const at = slots === undefined ? -1 : ladder.indexOf(slots);
    return {
      id,
      label: `${K}.Style.${id}`,
      hint: `${K}.StyleHint.${id}`,
      rule: styleRule(id),
      known: slots !== undefined,
      slots: slots ?? 0,
      step: Math.max(0, at),
      steps: ladder.length - 1,
      maxed: at === ladder.length - 1,
      raiseReason: refusalText(
        refusalOf(() => raiseStyle(c, id)),
        t,
      ),
      lowerReason: refusalText(
        refusalOf(() => lowerStyle(c, id)),
        t,
      ),
      freeForRanger: id === 'twoWeapons' && c.classes.some((k) => k.cls === 'ranger'),
    };
  });

  return {
    tabs: sheetTabs(GUERRIER_TABS, input.activeTab, K),
    problem: refusalText(
      refusalOf(() => validateSheet(c)),
      t,
    ),
    classes,
    addableClasses,
    handedness,
    proficiencies,
    learnOptions,
    choice,
    mastery,
    styles,
    priest: c.classes.some((k) => CLASS_GROUP[k.cls] === 'priest'),
    clergy: [...(allowedWeapons(c) ?? [])].map((w) => ({ id: w, label: entryLabel(w) })),
    clergyNamed: (c.clergyWeapons ?? []).length > 0,
    clergyOptions: Object.keys(WEAPONS)
      .filter((w) => !(allowedWeapons(c)?.has(w) ?? true))
      .map((w) => ({ id: w, label: entryLabel(w) })),
    rates: [],
    thac0FromHitDice: false,
  };
}
