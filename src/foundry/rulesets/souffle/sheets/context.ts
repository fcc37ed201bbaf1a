/**
 * Pure builders of the Souffle sheets' template contexts: plain data in, what the templates show
 * out (localization keys, numbers, form field names). No Foundry globals here, but for the
 * dice rules said in words, which go through the system's translator.
 */
import { sheetTabs } from '../../../models';
import { DEFAULT_OPTIONS, type SouffleOptions } from '../../../../engine/souffle/options';
import { ladderRow } from '../../../../engine/souffle/ladder';
import { t } from '../../../i18n';
import { diceWords } from '../dice-words';
import {
  POSTURES,
  postureDefence,
  postureShortActions,
  type Posture,
} from '../../../../engine/souffle/posture';
import { SOUFFLE_STATES } from '../../../../engine/souffle/states';

const K = 'PDA.Souffle';

export interface SheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export interface SouffleSheetInput {
  actor: { id: string; name: string; img: string; type: string };
  system: {
    geste: number;
    vigueur: number;
    acuite: number;
    metiers: readonly { name: string; level: number }[];
    disciplines: readonly string[];
    defense: number;
    initiative: number;
    souffle: { value: number; max: number };
    pv: { value: number; max: number };
    wounds: readonly number[];
    chance: number;
    posture: string;
    assommeRounds: number;
    size: number;
    biography: string;
  };
  derived: { gesteEffective: number; armourDefence: number; guerrier: boolean };
  items: readonly SheetItem[];
  statuses?: readonly string[];
  editable: boolean;
  enrichedBiography: string;
  activeTab?: string;
  options?: SouffleOptions;
}

export type { TabContext } from '../../../models';

const TABS: readonly [string, string][] = [
  ['profil', 'fa-solid fa-user'],
  ['combat', 'fa-solid fa-khanda'],
  ['notes', 'fa-solid fa-book'],
];

const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/** The dice of an advantage level in words, shown next to a level ("+8 : le meilleur de 1d10 et 1d12"). */
export function levelDice(level: number, options: SouffleOptions = DEFAULT_OPTIONS): string {
  return diceWords(ladderRow(options.ladder, level).dice, (x) =>
    t(x.key, x.data ? { ...x.data } : undefined),
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export function souffleSheetContext(input: SouffleSheetInput) {
  const options = input.options ?? DEFAULT_OPTIONS;
  const s = input.system;
  const statuses = new Set(input.statuses ?? []);
  const posture = (POSTURES as readonly string[]).includes(s.posture) ? (s.posture as Posture) : undefined;
  const postureLevel = posture ? postureDefence(posture, options) : 0;
  const defenceLevel = postureLevel + input.derived.armourDefence;

  const characteristics = (['geste', 'vigueur', 'acuite'] as const).map((id) => ({
    id,
    label: `${K}.Characteristic.${id}`,
    value: s[id],
    name: `system.${id}`,
    effective:
      id === 'geste' && input.derived.gesteEffective !== s.geste ? input.derived.gesteEffective : null,
  }));

  const pvBoxes = Array.from({ length: Math.max(0, s.pv.max) }, (_, i) => ({
    index: i + 1,
    lost: i >= s.pv.value,
  }));

  const weapons = input.items
    .filter((i) => i.type === 'arme-souffle')
    .map((i) => {
      const category = String(i.system.category ?? 'moyenne');
      return {
        id: i.id,
        name: i.name,
        img: i.img,
        category: `${K}.Category.${category}`,
        advantage: signed(num(i.system.advantage)),
        damage: signed(num(i.system.damage)),
        blunt: Boolean(i.system.blunt),
        hands: num(i.system.hands, 1),
        equipped: Boolean(i.system.equipped),
        ranged: category === 'distance',
      };
    });

  const armours = input.items
    .filter((i) => i.type === 'armure-souffle')
    .map((i) => ({
      id: i.id,
      name: i.name,
      img: i.img,
      kind: `${K}.ArmourKind.${String(i.system.kind ?? 'armure')}`,
      defence: signed(num(i.system.defence)),
      gesteMalus: num(i.system.gesteMalus),
      worn: Boolean(i.system.worn),
      shield: i.system.kind === 'bouclier',
    }));

  return {
    actor: input.actor,
    editable: input.editable,
    isAdversaire: input.actor.type === 'adversaire',
    tabs: sheetTabs(TABS, input.activeTab ?? 'profil', K),
    system: s,
    characteristics,
    metiers: s.metiers.map((m, index) => ({ index, name: m.name, level: m.level })),
    disciplines: s.disciplines.join(', '),
    guerrier: input.derived.guerrier,
    initiative: { value: s.initiative, dice: levelDice(s.initiative, options) },
    souffle: {
      ...s.souffle,
      percent: s.souffle.max > 0 ? Math.round((100 * s.souffle.value) / s.souffle.max) : 0,
    },
    pv: { ...s.pv, boxes: pvBoxes },
    wounds: s.wounds.join(', '),
    postures: POSTURES.map((p) => ({
      id: p,
      label: `${K}.Posture.${p}`,
      hint: `${K}.Posture.Hint.${p}`,
      selected: p === posture,
      actions: postureShortActions(p),
      defence: signed(postureDefence(p, options)),
    })),
    posture: posture
      ? { id: posture, label: `${K}.Posture.${posture}`, actions: postureShortActions(posture) }
      : null,
    states: SOUFFLE_STATES.map((id) => ({
      id,
      label: `${K}.State.${id}`,
      active: statuses.has(id),
    })),
    /** The knock-out's rounds are shown while the `assommé` effect is on. */
    knockedOut: statuses.has('assomme'),
    assommeRounds: s.assommeRounds,
    defence: {
      defense: s.defense,
      level: signed(defenceLevel),
      dice: levelDice(defenceLevel, options),
      armour: signed(input.derived.armourDefence),
      posture: signed(postureLevel),
    },
    weapons,
    armours,
    biography: input.enrichedBiography,
  };
}

export type SouffleSheetContext = ReturnType<typeof souffleSheetContext>;
