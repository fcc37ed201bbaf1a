import type { SecretThrust } from './types';

/**
 * The secret thrusts (bottes) of Fantasia as data: each one's weapon family, conditions, crosses and
 * effect (F-B*). Split from bottes.ts, which re-exports the catalogue.
 */

const T = (id: string): string => `PDA.Fantasia.Botte.${id}`;

/** The fourteen secret thrusts of the seed (F-B7), as data. Malus are positive percentages. */
export const BOTTES: readonly SecretThrust[] = [
  {
    id: 'faucheuse',
    name: T('faucheuse'),
    weapons: ['epeeLongue'],
    malus: 5,
    conditions: [],
    effects: [{ kind: 'cannotMove' }],
  },
  {
    id: 'coupBestial',
    name: T('coupBestial'),
    weapons: ['anyMelee'],
    malus: 5,
    conditions: [],
    effects: [{ kind: 'damageBonusTwice', parryMalusFromDamageBonus: true, dodgeMalus: 5 }],
  },
  {
    id: 'etranglement',
    name: T('etranglement'),
    weapons: ['epeeFantasque'],
    malus: 5,
    conditions: [],
    effects: [{ kind: 'strangle', extraDamage: '1d3' }],
  },
  {
    id: 'cassePied',
    name: T('cassePied'),
    weapons: ['marteauDeGuerre', 'gourdin'],
    malus: 10,
    conditions: [],
    effects: [{ kind: 'halfMovement' }],
  },
  {
    id: 'desarmement',
    name: T('desarmement'),
    weapons: ['epeeFantasque'],
    malus: 10,
    conditions: [],
    effects: [{ kind: 'bindWeapon', disarmLikeWhip: true, onParry: true }],
  },
  {
    id: 'boucliadeAssommante',
    name: T('boucliadeAssommante'),
    weapons: ['marteauDeGuerre', 'gourdin'],
    malus: 10,
    conditions: [{ kind: 'hasInitiative' }, { kind: 'targetHasShield' }],
    effects: [{ kind: 'damageThroughParry', damage: '1d6', knockOutOffered: true }],
  },
  {
    id: 'antiParade',
    name: T('antiParade'),
    weapons: ['epeeLongue', 'epeeCourte', 'epeeFantasque'],
    malus: 15,
    conditions: [{ kind: 'hasInitiative' }, { kind: 'targetParrying' }],
    effects: [{ kind: 'parryFails' }],
  },
  {
    id: 'feinteCoupeBras',
    name: T('feinteCoupeBras'),
    weapons: ['epeeLongue', 'hache'],
    malus: 15,
    conditions: [{ kind: 'targetParrying' }],
    effects: [{ kind: 'cutArm' }],
  },
  {
    id: 'aveuglePrescient',
    name: T('aveuglePrescient'),
    weapons: ['arbalete'],
    malus: 15,
    conditions: [],
    effects: [{ kind: 'vigilanceCheck', malus: 15 }],
  },
  {
    id: 'ruadeSraal',
    name: T('ruadeSraal'),
    weapons: ['unarmed'],
    malus: 15,
    conditions: [{ kind: 'species', species: 'sraal' }, { kind: 'unarmed' }, { kind: 'targetsBehind' }],
    effects: [{ kind: 'throwTargets', saveSkills: ['athletisme', 'cascade'], failDamage: '1d6' }],
  },
  {
    id: 'tourDuSraal',
    name: T('tourDuSraal'),
    weapons: ['grandeEpeeSraal'],
    malus: 20,
    conditions: [{ kind: 'species', species: 'sraal' }, { kind: 'surrounded' }],
    effects: [{ kind: 'spin' }],
  },
  {
    id: 'pointeOcciput',
    name: T('pointeOcciput'),
    weapons: ['epeeLongue', 'epeeDeuxMains', 'lance'],
    malus: 20,
    conditions: [{ kind: 'above' }],
    effects: [
      { kind: 'fromAbove', dodgeMalusIfSeen: 15, noDodgeIfUnseen: true },
      { kind: 'doubleDamage', ignoreArmour: true },
    ],
  },
  {
    id: 'bondNausicaa',
    name: T('bondNausicaa'),
    weapons: ['epeeLongue', 'epeeDeuxMains'],
    malus: 25,
    conditions: [
      { kind: 'smallerBy', moreThan: 3 },
      { kind: 'secondWeapon', types: ['dague', 'poignard'] },
    ],
    effects: [
      { kind: 'attackBonus', value: 10 },
      { kind: 'doubleDamage', ignoreArmour: false },
      { kind: 'counterInAir', dexMultiplier: 3, malus: 25 },
    ],
  },
  {
    id: 'baiserPercesprit',
    name: T('baiserPercesprit'),
    weapons: ['epeeLongue', 'fleuret', 'anyMissile'],
    malus: 25,
    conditions: [{ kind: 'hasInitiative' }],
    effects: [{ kind: 'kill' }],
  },
];
