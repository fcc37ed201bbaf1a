/** Gallery pages of the Fantasia sheets, item sheets and roll cards (sample data, no Foundry). */
import { damageBonusFor, pvMaxFor } from '../../src/engine/fantasia/derived';
import { skillBase } from '../../src/engine/fantasia/skills';
import {
  SKILL_IDS,
  type Characteristics,
  type FantasiaCombatant,
  type SkillId,
} from '../../src/engine/fantasia/types';
import { attackDialogContext } from '../../src/foundry/rulesets/fantasia/cards/attack-dialog';
import {
  actorSheetContext,
  itemSheetContext,
  type ActorSheetInput,
  type SheetItem,
} from '../../src/foundry/rulesets/fantasia/sheets/context';
import { icon, withI18n } from '../shared';
import type { GalleryPage } from '../types';

const PORTRAIT = icon('#7a4b2a', 'A');
const SWORD = icon('#5b6770', 'E');
const SHIELD = icon('#3d5a80', 'B');
const THRUST = icon('#8e3b46', 'T');

function derivedFor(characteristics: Characteristics, own: Partial<Record<SkillId, number>>, armour: number) {
  const skills = Object.fromEntries(
    SKILL_IDS.map((id) => {
      const base = skillBase(id, characteristics);
      return [id, { value: own[id] ?? base, base, trained: own[id] !== undefined }];
    }),
  ) as ActorSheetInput['derived']['skills'];
  const pvMax = pvMaxFor(characteristics.CON, characteristics.TAI);
  const db = damageBonusFor(characteristics.FOR, characteristics.TAI);
  return { pvMax, pvMaxDerived: pvMax, damageBonus: db, damageBonusDerived: db, armourTotal: armour, skills };
}

const STATES = {
  fallen: false,
  halfMovement: false,
  cannotMove: false,
  armLost: false,
  dead: false,
  unconscious: false,
  immobilisedBy: '',
  strangledBy: '',
  entangledBy: '',
  disarmedWeapon: '',
  reloadingWeapon: '',
};

const BRETTEUR_ITEMS: SheetItem[] = [
  {
    id: 'w1',
    name: 'Épée fantasque',
    img: SWORD,
    type: 'arme',
    system: {
      skill: 'armesDeMelee',
      damage: '1d6+1',
      kind: 'melee',
      range: 0,
      hands: 1,
      drawn: true,
      loaded: true,
      reload: 'none',
      weaponType: 'epeeFantasque',
    },
  },
  {
    id: 'w2',
    name: 'Arbalète',
    img: SWORD,
    type: 'arme',
    system: {
      skill: 'armesDeTir',
      damage: '2d4+2',
      kind: 'missile',
      range: 30,
      hands: 2,
      drawn: false,
      loaded: true,
      reload: 'crossbow',
      weaponType: 'arbalete',
    },
  },
  { id: 'a1', name: 'Cuir épais', img: SHIELD, type: 'armure', system: { protection: 2, worn: true } },
  { id: 's1', name: 'Petit bouclier', img: SHIELD, type: 'bouclier', system: { parryBonus: 10, worn: true } },
  {
    id: 'b1',
    name: 'Désarmement',
    img: THRUST,
    type: 'botte',
    system: { thrustId: 'desarmement', malus: 10, crosses: 3, weapons: ['epeeFantasque'] },
  },
  {
    id: 'b2',
    name: 'Étranglement',
    img: THRUST,
    type: 'botte',
    system: { thrustId: 'etranglement', malus: 5, crosses: 5, weapons: ['epeeFantasque'] },
  },
];

export function bretteur(activeTab: string): ActorSheetInput {
  const characteristics = { FOR: 13, CON: 12, TAI: 12, INT: 12, DEX: 15, CHA: 11 };
  return {
    actor: { id: 'bretteur', name: 'Aldo le Bretteur', img: PORTRAIT, type: 'aventurier' },
    system: {
      characteristics,
      pv: { value: 9, max: 12 },
      mouvement: 8,
      damageBonus: '',
      armour: 0,
      species: 'humain',
      size: null,
      states: { ...STATES, fallen: true },
      biography: '',
    },
    pvMaxSource: null,
    derived: derivedFor(characteristics, { armesDeMelee: 65, esquive: 45, athletisme: 40 }, 2),
    items: BRETTEUR_ITEMS,
    statuses: ['jammed'],
    // A jammed weapon waiting for its Bricolage repair (F-H7): the sheet offers the roll.
    timed: [{ state: 'jammed', weaponId: 'w2', repairing: false }],
    editable: true,
    enrichedBiography:
      '<p>Élève de la salle d’armes de Percesprit ; il a appris deux bottes de l’épée fantasque.</p>',
    activeTab,
  };
}

function garde(): ActorSheetInput {
  const characteristics = { FOR: 13, CON: 12, TAI: 13, INT: 10, DEX: 11, CHA: 10 };
  return {
    actor: { id: 'garde', name: 'Garde de la porte', img: icon('#4d5b3a', 'G'), type: 'pnj' },
    system: {
      characteristics,
      pv: { value: 13, max: 13 },
      mouvement: 8,
      damageBonus: '',
      armour: 0,
      species: 'humain',
      size: null,
      states: { ...STATES },
      biography: '',
    },
    pvMaxSource: null,
    derived: derivedFor(characteristics, { armesDeMelee: 50, armesDHast: 40, esquive: 25, vigilance: 40 }, 5),
    items: [
      {
        id: 'g1',
        name: 'Épée longue',
        img: SWORD,
        type: 'arme',
        system: {
          skill: 'armesDeMelee',
          damage: '1d6+2',
          kind: 'melee',
          range: 0,
          hands: 1,
          drawn: true,
          loaded: true,
          reload: 'none',
        },
      },
      {
        id: 'g2',
        name: 'Lance',
        img: SWORD,
        type: 'arme',
        system: {
          skill: 'armesDHast',
          damage: '1d8+1',
          kind: 'melee',
          range: 0,
          hands: 2,
          drawn: false,
          loaded: true,
          reload: 'none',
        },
      },
      {
        id: 'g3',
        name: 'Cotte de mailles',
        img: SHIELD,
        type: 'armure',
        system: { protection: 5, worn: true },
      },
    ],
    statuses: ['skipNextAttack', 'weaponBound'],
    // Timed states with their rounds left (F-H6, F-B7).
    timed: [
      { state: 'skipNextAttack', left: 1, repairing: false },
      { state: 'weaponBound', weaponId: 'g1', left: 1, repairing: false },
    ],
    editable: true,
    enrichedBiography: '<p>Sentinelle ordinaire.</p>',
  };
}

const AVENTURIER_PARTS = ['fantasia/actor/header.hbs', 'shared/tabs.hbs'];
const SHEET = ['fantasia', 'actor', 'aventurier'];

function item(type: string, name: string, img: string, system: Record<string, unknown>) {
  return itemSheetContext({
    item: { id: `it-${type}`, name, img, type },
    system,
    editable: true,
    enrichedDescription: '<p>Description de démonstration.</p>',
  });
}

export const pages: GalleryPage[] = [
  ...(['carac', 'combat', 'notes'] as const).map((tab) => ({
    name: `fantasia-aventurier-${tab}`,
    template: [...AVENTURIER_PARTS, `fantasia/actor/${tab}.hbs`],
    context: actorSheetContext(bretteur(tab)),
    width: 720,
    height: 760,
    classes: SHEET,
    title: 'Aldo le Bretteur',
  })),
  {
    name: 'fantasia-pnj',
    template: 'fantasia/actor/pnj.hbs',
    context: actorSheetContext(garde()),
    width: 560,
    height: 900,
    classes: ['fantasia', 'actor', 'pnj'],
    title: 'Garde de la porte',
  },
  {
    name: 'fantasia-item-arme',
    template: 'fantasia/item/arme.hbs',
    context: item('arme', 'Arquebuse', SWORD, {
      weaponType: 'arquebuse',
      skill: 'armesAFeu',
      damage: '2d6+2',
      hands: 2,
      kind: 'firearm',
      blunt: false,
      range: 60,
      canParry: false,
      reload: 'arquebus',
      drawn: false,
      loaded: true,
      minFOR: 15,
      description: '',
    }),
    width: 520,
    height: 560,
    classes: ['fantasia', 'item'],
  },
  {
    name: 'fantasia-item-armure',
    template: 'fantasia/item/armure.hbs',
    context: item('armure', 'Cotte de mailles', SHIELD, { protection: 5, worn: true, description: '' }),
    width: 520,
    height: 400,
    classes: ['fantasia', 'item'],
  },
  {
    name: 'fantasia-item-bouclier',
    template: 'fantasia/item/bouclier.hbs',
    context: item('bouclier', 'Grand bouclier', SHIELD, {
      parryBonus: 20,
      parriesMissiles: true,
      worn: true,
      description: '',
    }),
    width: 520,
    height: 400,
    classes: ['fantasia', 'item'],
  },
  {
    name: 'fantasia-item-botte',
    template: 'fantasia/item/botte.hbs',
    context: item('botte', 'Pointe à l’occiput', THRUST, {
      thrustId: 'pointeOcciput',
      weapons: ['epeeLongue', 'epeeDeuxMains', 'lance'],
      malus: 20,
      learnedWith: 'epeeLongue',
      crosses: 2,
      description: '',
    }),
    width: 520,
    height: 480,
    classes: ['fantasia', 'item'],
  },
  {
    name: 'fantasia-item-engin',
    template: 'fantasia/item/engin.hbs',
    context: item('engin', 'Catapulte', icon('#6b4f2a', 'C'), {
      range: 300,
      crewMin: 2,
      crewMax: 3,
      damage: '5d6',
      lineMin: 0,
      lineMax: 0,
      splashRadius: 3,
      splashDamage: '2d6',
      knockBack: false,
      ignoresArmour: false,
      description: '',
    }),
    width: 520,
    height: 620,
    classes: ['fantasia', 'item'],
  },
  {
    name: 'fantasia-chat-skill',
    template: 'fantasia/chat/skill-roll.hbs',
    context: {
      actorName: 'Aldo le Bretteur',
      title: 'PDA.FantasiaUI.Skill.esquive',
      roll: '03',
      target: 45,
      base: 45,
      modifiers: [],
      outcome: 'critical',
      outcomeLabel: 'PDA.FantasiaUI.Outcome.critical',
      rules: ['F-D1', 'F-H5'],
    },
    width: 300,
    height: 220,
    frame: 'chat',
    title: 'Chat',
  },
  {
    name: 'fantasia-chat-attack',
    template: 'fantasia/chat/attack-roll.hbs',
    context: {
      actorName: 'Garde de la porte',
      title: 'PDA.FantasiaUI.Skill.armesDeMelee',
      roll: '34',
      target: 50,
      base: 50,
      modifiers: [],
      outcome: 'success',
      outcomeLabel: 'PDA.FantasiaUI.Outcome.success',
      rules: ['F-H1'],
      weaponName: 'Épée longue',
      damageFormula: '1d6+2',
      hit: true,
      total: 6,
    },
    width: 300,
    height: 240,
    frame: 'chat',
    title: 'Chat',
  },
];

// ------------------------------------------------------------------------ the attack dialog

const BRETTEUR_VIEW: FantasiaCombatant = {
  id: 'bretteur',
  name: 'Aldo le Bretteur',
  kind: 'aventurier',
  characteristics: { FOR: 13, CON: 12, TAI: 12, INT: 12, DEX: 15, CHA: 11 },
  pv: { value: 12, max: 12 },
  mouvement: 8,
  damageBonus: '1d4',
  armour: 0,
  skills: { armesDeMelee: 65 },
  weapons: [
    {
      id: 'fantasque',
      name: 'Épée fantasque',
      skill: 'armesDeMelee',
      type: 'epeeFantasque',
      kind: 'melee',
      damage: '1d6+1',
      hands: 1,
      range: 0,
      ready: true,
      loaded: true,
      canParry: true,
      blunt: false,
      reload: 'none',
    },
  ],
  thrusts: [
    { thrustId: 'desarmement', crosses: 3, malus: 10 },
    { thrustId: 'antiParade', crosses: 0 },
    { thrustId: 'aveuglePrescient', crosses: 0 },
  ],
  states: {},
  species: 'humain',
} as unknown as FantasiaCombatant;

const ARBALETRIERE_VIEW: FantasiaCombatant = {
  ...BRETTEUR_VIEW,
  id: 'carla',
  name: 'Carla l’arbalétrière',
  skills: { armesDeTir: 60 },
  thrusts: [],
  weapons: [
    {
      id: 'arbalete',
      name: 'Arbalète',
      skill: 'armesDeTir',
      type: 'arbalete',
      kind: 'missile',
      damage: '2d4+2',
      hands: 2,
      range: 30,
      ready: true,
      loaded: true,
      canParry: false,
      blunt: false,
      reload: 'crossbow',
    },
  ],
} as unknown as FantasiaCombatant;

const ROUND_FACTS = {
  dodgeDeclared: false,
  attackDeclared: true,
  parriedThisRound: false,
  initiativeRank: 1,
};

const dialogPages: GalleryPage[] = [
  {
    // F-B7: a refused thrust — Anti-parade without the initiative, a crossbow thrust with a sword.
    name: 'fantasia-attack-dialog-thrusts',
    template: 'fantasia/chat/attack-dialog.hbs',
    width: 440,
    height: 420,
    classes: ['fantasia', 'dialog'],
    context: (lang) =>
      withI18n(lang, () =>
        attackDialogContext({
          attacker: BRETTEUR_VIEW,
          weapon: BRETTEUR_VIEW.weapons![0]!,
          targets: [{ actorUuid: 'Actor.carla', tokenUuid: '', name: 'Carla l’arbalétrière' }],
          preset: { knockOut: false, lutte: '' },
          facts: ROUND_FACTS,
          defender: ARBALETRIERE_VIEW,
          initiative: false,
        }),
      ),
  },
  {
    // F-M4: an out-of-range shot — the Rorque 35 m up, the crossbow reaching 30 m.
    name: 'fantasia-attack-dialog-out-of-range',
    template: 'fantasia/chat/attack-dialog.hbs',
    width: 440,
    height: 300,
    classes: ['fantasia', 'dialog'],
    context: (lang) =>
      withI18n(lang, () =>
        attackDialogContext({
          attacker: ARBALETRIERE_VIEW,
          weapon: ARBALETRIERE_VIEW.weapons![0]!,
          targets: [
            { actorUuid: 'Actor.rorque', tokenUuid: '', name: 'Rorque stratosphérique', distance: 35 },
            { actorUuid: 'Actor.brigand', tokenUuid: '', name: 'Brigand', distance: 12 },
          ],
          preset: { knockOut: false, lutte: '' },
          facts: ROUND_FACTS,
        }),
      ),
  },
];

pages.push(...dialogPages);
