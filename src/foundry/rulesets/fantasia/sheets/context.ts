/**
 * Pure builders of the Fantasia sheets' template contexts. They take plain data (the sheet passes
 * the document's; the visual gallery passes samples) and return what the templates show:
 * localization keys, numbers, and form field names. No Foundry globals here.
 */
import { sheetTabs } from '../../../models';
import { BOTTES, crossesNeeded } from '../../../../engine/fantasia/bottes';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../../../../engine/fantasia/options';
import { COMBAT_SKILLS } from '../../../../engine/fantasia/skills';
import { WEAPON_TYPE_SKILL } from '../../../../engine/fantasia/weapons';
import {
  CHARACTERISTIC_IDS,
  SKILL_IDS,
  type SkillId,
  type WeaponKind,
} from '../../../../engine/fantasia/types';

const K = 'PDA.FantasiaUI';

export interface SheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export interface SkillDerived {
  value: number;
  base: number;
  trained: boolean;
}

/** The actor data the sheets read: stored fields plus the engine-derived values. */
export interface ActorSheetInput {
  actor: { id: string; name: string; img: string; type: string };
  system: {
    characteristics: Record<string, number>;
    pv: { value: number; max: number | null };
    mouvement: number;
    damageBonus: string;
    armour: number;
    species: string;
    size: number | null;
    states: Record<string, unknown>;
    biography: string;
  };
  /** The raw stored PV max (null = derived). */
  pvMaxSource: number | null;
  derived: {
    pvMax: number;
    pvMaxDerived: number;
    damageBonus: string;
    damageBonusDerived: string;
    armourTotal: number;
    skills: Record<SkillId, SkillDerived>;
  };
  items: readonly SheetItem[];
  /** Mouvement this round when states change it (F-M1, F-B7); absent: as stored. */
  mouvementNow?: number;
  /** Token status effects currently on the actor. */
  statuses?: readonly string[];
  /** Timed states' effects (F-H6, F-B7, F-H7) with their rounds left at the current round. */
  timed?: readonly { state: string; weaponId?: string; left?: number; repairing: boolean }[];
  editable: boolean;
  enrichedBiography: string;
  activeTab?: string;
  options?: FantasiaOptions;
}

export type { TabContext } from '../../../models';

export const AVENTURIER_TABS: readonly [string, string][] = [
  ['carac', 'fa-solid fa-user'],
  ['combat', 'fa-solid fa-khanda'],
  ['notes', 'fa-solid fa-book-open'],
];

const KIND_ICON: Record<WeaponKind, string> = {
  melee: 'fa-solid fa-khanda',
  whip: 'fa-solid fa-wind',
  unarmed: 'fa-solid fa-hand-fist',
  thrown: 'fa-solid fa-bullseye',
  missile: 'fa-solid fa-bullseye',
  firearm: 'fa-solid fa-fire',
  siege: 'fa-solid fa-chess-rook',
};

export function weaponRows(input: ActorSheetInput) {
  return input.items
    .filter((i) => i.type === 'arme')
    .map((i) => {
      const s = i.system as {
        skill: SkillId;
        damage: string;
        kind: WeaponKind;
        range: number;
        hands: number;
        drawn: boolean;
        loaded: boolean;
        reload: string;
        reloadRoundsLeft?: number | null;
      };
      const skill = input.derived.skills[s.skill];
      return {
        id: i.id,
        name: i.name,
        img: i.img,
        damage: s.damage,
        skillLabel: `${K}.Skill.${s.skill}`,
        skillValue: skill?.value ?? 0,
        kindLabel: `${K}.WeaponKind.${s.kind}`,
        kindIcon: KIND_ICON[s.kind] ?? 'fa-solid fa-khanda',
        range: s.range,
        hands: s.hands,
        drawn: s.drawn,
        loaded: s.loaded,
        reloads: s.reload !== 'none',
        // F-W6: the arquebus's reload rounds still to spend, as its item holds them.
        reloadRoundsLeft: s.reloadRoundsLeft ? s.reloadRoundsLeft : 0,
      };
    });
}

/** Bagarre and Lutte, which everyone can use (F-U1, F-U2), unless an item already covers them. */
export function unarmedRows(input: ActorSheetInput) {
  const owned = new Set(
    input.items.filter((i) => i.type === 'arme').map((i) => String(i.system.weaponType ?? '')),
  );
  const rows = [
    { id: 'bagarre', damage: '1d3' },
    { id: 'lutte', damage: '2d3' },
  ] as const;
  return rows
    .filter((r) => !owned.has(r.id))
    .map((r) => ({
      id: r.id,
      label: `${K}.Skill.${r.id}`,
      damage: r.damage,
      skillValue: input.derived.skills[r.id]?.value ?? 0,
    }));
}

export function botteRows(input: ActorSheetInput) {
  const options = input.options ?? DEFAULT_FANTASIA_OPTIONS;
  return input.items
    .filter((i) => i.type === 'botte')
    .map((i) => {
      const s = i.system as { thrustId: string; malus: number; crosses: number; weapons: string[] };
      const catalogue = BOTTES.find((b) => b.id === s.thrustId);
      const needed = crossesNeeded(
        catalogue
          ? { ...catalogue, malus: s.malus }
          : { id: i.id, name: i.name, weapons: s.weapons, malus: s.malus, conditions: [], effects: [] },
        options,
      );
      const shown = Math.max(needed, s.crosses);
      const crosses = Array.from({ length: Math.min(shown, 30) }, (_, n) => ({
        index: n + 1,
        filled: n < s.crosses,
      }));
      return {
        id: i.id,
        name: i.name,
        img: i.img,
        malus: s.malus,
        crosses: s.crosses,
        needed,
        mastered: s.crosses >= needed,
        marks: crosses,
        weapons: s.weapons.map((w) => `${K}.WeaponType.${w}`),
      };
    });
}

function protectionRows(input: ActorSheetInput, type: 'armure' | 'bouclier') {
  return input.items
    .filter((i) => i.type === type)
    .map((i) => ({
      id: i.id,
      name: i.name,
      img: i.img,
      worn: Boolean(i.system.worn),
      value: Number(type === 'armure' ? i.system.protection : i.system.parryBonus),
    }));
}

const STATE_IDS = ['fallen', 'unconscious', 'halfMovement', 'cannotMove', 'armLost', 'dead'] as const;

export function stateRows(input: ActorSheetInput) {
  const statuses = new Set(input.statuses ?? []);
  const s = input.system.states;
  const rows = STATE_IDS.map((id) => ({
    id,
    label: `${K}.State.${id}`,
    name: `system.states.${id}`,
    active: Boolean(s[id]) || statuses.has(id),
    fromToken: !s[id] && statuses.has(id),
  }));
  const linked: [string, unknown][] = [
    ['immobilised', s.immobilisedBy],
    ['strangled', s.strangledBy],
    ['entangled', s.entangledBy],
    ['disarmed', s.disarmedWeapon],
    ['reloading', s.reloadingWeapon],
    ['jammed', s.jammedWeapon],
  ];
  const others = linked.filter(([, v]) => Boolean(v)).map(([id]) => ({ id, label: `${K}.State.${id}` }));
  const weaponName = (id: string | undefined) => input.items.find((i) => i.id === id)?.name ?? '';
  const timed = (input.timed ?? []).map((t) => ({
    id: t.state,
    label: `${K}.State.${t.state}`,
    weapon: weaponName(t.weaponId),
    weaponId: t.weaponId ?? '',
    left: t.left ?? null,
    repairable: t.state === 'jammed' && !t.repairing && input.editable,
  }));
  return { toggles: rows, others, timed };
}

/** Context of the Aventurier and PNJ sheets. */
export function actorSheetContext(input: ActorSheetInput) {
  const activeTab = input.activeTab ?? 'carac';
  const characteristics = CHARACTERISTIC_IDS.map((id) => ({
    id,
    label: `${K}.Characteristic.${id}.long`,
    abbr: `${K}.Characteristic.${id}.abbr`,
    value: input.system.characteristics[id] ?? 0,
    name: `system.characteristics.${id}`,
  }));
  const combat = new Set<SkillId>(COMBAT_SKILLS);
  const skills = SKILL_IDS.map((id) => {
    const d = input.derived.skills[id];
    return {
      id,
      label: `${K}.Skill.${id}`,
      value: d?.value ?? 0,
      base: d?.base ?? 0,
      trained: d?.trained ?? false,
      name: `system.skills.${id}`,
      combat: combat.has(id),
    };
  });
  const weapons = weaponRows(input);
  return {
    actor: input.actor,
    system: input.system,
    editable: input.editable,
    isAventurier: input.actor.type === 'aventurier',
    characteristics,
    combatSkills: skills.filter((s) => s.combat),
    otherSkills: skills.filter((s) => !s.combat),
    pv: {
      value: input.system.pv.value,
      max: input.derived.pvMax,
      derived: input.derived.pvMaxDerived,
      source: input.pvMaxSource,
      ratio:
        input.derived.pvMax > 0
          ? Math.max(0, Math.min(100, Math.round((100 * input.system.pv.value) / input.derived.pvMax)))
          : 0,
    },
    damageBonus: {
      value: input.derived.damageBonus || '—',
      derived: input.derived.damageBonusDerived || '—',
      source: input.system.damageBonus,
    },
    armour: { natural: input.system.armour, total: input.derived.armourTotal },
    mouvementNow: {
      value: input.mouvementNow ?? input.system.mouvement,
      changed: input.mouvementNow !== undefined && input.mouvementNow !== input.system.mouvement,
    },
    weapons,
    unarmed: unarmedRows(input),
    armours: protectionRows(input, 'armure'),
    shields: protectionRows(input, 'bouclier'),
    bottes: botteRows(input),
    engins: input.items
      .filter((i) => i.type === 'engin')
      .map((i) => ({
        id: i.id,
        name: i.name,
        img: i.img,
        damage: String(i.system.damage ?? ''),
        range: Number(i.system.range ?? 0),
      })),
    states: stateRows(input),
    enrichedBiography: input.enrichedBiography,
    tabs: sheetTabs(AVENTURIER_TABS, activeTab, K),
  };
}

/** Choices for the item sheets' selects: value → localization key. */
export function itemChoices() {
  const obj = (ids: readonly string[], prefix: string) =>
    Object.fromEntries(ids.map((id) => [id, `${K}.${prefix}.${id}`]));
  return {
    skills: obj(SKILL_IDS, 'Skill'),
    kinds: obj(['melee', 'whip', 'unarmed', 'thrown', 'missile', 'firearm', 'siege'], 'WeaponKind'),
    reloads: obj(['none', 'bow', 'crossbow', 'arquebus'], 'Reload'),
    hands: { 1: `${K}.Hands.one`, 2: `${K}.Hands.two` },
    // The catalogue's weapons, by their names: a weapon's type and the one a thrust was learned with.
    weaponTypes: obj(Object.keys(WEAPON_TYPE_SKILL), 'WeaponType'),
  };
}

export interface ItemSheetInput {
  item: { id: string; name: string; img: string; type: string };
  system: Record<string, unknown>;
  editable: boolean;
  enrichedDescription: string;
}

/** Context of the item sheets. */
export function itemSheetContext(input: ItemSheetInput) {
  return {
    item: input.item,
    system: input.system,
    editable: input.editable,
    typeLabel: `TYPES.Item.${input.item.type}`,
    choices: itemChoices(),
    enrichedDescription: input.enrichedDescription,
    weaponLabels: Array.isArray(input.system.weapons)
      ? (input.system.weapons as string[]).map((w) => `${K}.WeaponType.${w}`)
      : [],
  };
}
