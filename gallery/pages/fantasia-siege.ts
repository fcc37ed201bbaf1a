/**
 * Gallery pages of the Fantasia siege card (F-S1, F-S2) and the chase tool (F-M1 to F-M4): a
 * catapult shot waiting for the GM, a kraf shot applied, and the chase window before the start
 * and in its third round (a slowed pursuer, a runner out of breath, a crossbow shooting from 12 m up).
 */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import { chaseRound, runnerOf, startChase, type ChaseState } from '../../src/engine/fantasia/chase';
import { openSiegeShot, type SiegeState } from '../../src/engine/fantasia/exchange/siege';
import { SIEGE_ENGINES } from '../../src/engine/fantasia/siege';
import type { FantasiaCombatant } from '../../src/engine/fantasia/types';
import { chaseView } from '../../src/foundry/rulesets/fantasia/chase/view';
import { siegeContext } from '../../src/foundry/rulesets/fantasia/siege/card';
import type { CardSnapshot, FlowEnv, Text } from '../../src/foundry/chat/flow';
import { formatKey, translations } from '../shared';
import type { GalleryPage } from '../types';

const man = (id: string, name: string, extra: Partial<FantasiaCombatant> = {}): FantasiaCombatant => ({
  id,
  name,
  kind: 'pnj',
  characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 10, DEX: 12, CHA: 10 },
  pv: { value: 12, max: 12 },
  mouvement: 8,
  damageBonus: '',
  armour: 2,
  skills: {},
  states: {},
  ...extra,
});

const CREW = [
  man('g', 'Gunhild Brise-Murs', { kind: 'aventurier', skills: { artDeLaGuerre: 55 } }),
  man('o', 'Odon le Rouge', { kind: 'aventurier', skills: { artDeLaGuerre: 30 } }),
];
const MEN = [man('a', 'Brigand'), man('b', 'Chef brigand', { armour: 3 }), man('c', 'Garde de la porte')];
const at = (x: number, y: number, z = 0) => ({ x, y, z });

function envFor(lang: string): FlowEnv {
  const dict = translations(lang);
  return {
    user: {} as User,
    resolve: () => null,
    roll: () => Promise.reject(new Error('no dice in the gallery')),
    t: (x: Text) => formatKey(dict, x.key, x.data),
    userTargets: () => [],
  };
}

function card(state: SiegeState, step: string): CardSnapshot<SiegeState> {
  return {
    ruleset: 'fantasia',
    flow: 'fantasia.siege',
    step,
    revision: 1,
    actorUuid: 'Actor.g',
    tokenUuid: '',
    itemId: 'engine',
    targets: MEN.map((m) => ({ actorUuid: `Actor.${m.id}`, tokenUuid: '', name: m.name })),
    combatId: '',
    round: 1,
    state,
  };
}

function siegePage(lang: string, step: 'fired' | 'applied', kraf: boolean) {
  const env = envFor(lang);
  const engine = kraf ? SIEGE_ENGINES.kraf : SIEGE_ENGINES.catapulte;
  const targets = kraf
    ? [
        { combatant: MEN[0]!, at: at(12, 0) },
        { combatant: MEN[1]!, at: at(20, 0.4) },
        { combatant: MEN[2]!, at: at(90, 0) },
      ]
    : [
        { combatant: MEN[0]!, at: at(120, 0) },
        { combatant: MEN[1]!, at: at(121.5, 1.5) },
        { combatant: MEN[2]!, at: at(127.5, 0) },
      ];
  const dice = new ScriptedDice(kraf ? [22, 4, 5, 2, 6] : [31, 6, 5, 4, 3, 2, 3, 4]);
  const opened = openSiegeShot({ engine, crew: CREW, at: at(0, 0), targets }, dice);
  const state = step === 'applied' ? { ...opened.state, applied: [] } : opened.state;
  const label = step === 'applied' ? 'PDA.Siege.Action.undo' : 'PDA.Siege.Action.apply';
  return {
    ...siegeContext(card(state, step), env),
    flow: 'fantasia-siege',
    step,
    revision: 1,
    actions: [
      {
        id: step === 'applied' ? 'undo' : 'apply',
        label: env.t({ key: label }),
        enabled: true,
        reason: '',
        rule: step === 'applied' ? '' : 'F-S2',
        owners: '',
        style: step === 'applied' ? 'danger' : 'primary',
      },
    ],
    gone: '',
  };
}

const FIGHTERS = [
  man('bretteur', 'Bretteur', { kind: 'aventurier', states: { halfMovement: true } }),
  man('arbaletriere', 'Aventurière arbalétrière', { kind: 'aventurier' }),
  man('brigand', 'Brigand', { characteristics: { FOR: 12, CON: 3, TAI: 12, INT: 10, DEX: 13, CHA: 9 } }),
];

function chasePage(lang: string, running: boolean) {
  const dict = translations(lang);
  const t = (key: string, data?: Record<string, string | number>) => formatKey(dict, key, data);
  const roles = ['pursuer', 'pursuer', 'pursued'] as const;
  const setup = FIGHTERS.map((f, i) => ({
    id: f.id,
    name: f.name,
    role: roles[i]!,
    base: f.mouvement,
    mouvement: f.states.halfMovement ? f.mouvement / 2 : f.mouvement,
    con: f.characteristics.CON,
    elevation: f.id === 'arbaletriere' ? 12 : 0,
  }));
  let state: ChaseState | null = null;
  let events: ReturnType<typeof chaseRound>['events'] = [];
  if (running) {
    const runners = FIGHTERS.map((f, i) => runnerOf(f, roles[i]!));
    state = startChase(runners, (a) => (a === 'bretteur' ? 7.5 : 24));
    for (let r = 0; r < 3; r++) ({ state, events } = chaseRound(state));
  }
  const reach = running
    ? [
        {
          pursuer: 'arbaletriere',
          pursued: 'brigand',
          weapon: 'Arbalète',
          range: 30,
          distance: 26.8,
          inRange: true,
        },
      ]
    : [];
  const elevations = { arbaletriere: 12 };
  return { ...chaseView({ setup, state, elevations, reach, events }, t), isGM: true };
}

export const pages: GalleryPage[] = [
  {
    name: 'fantasia-siege-card-catapult',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 560,
    context: (lang) => siegePage(lang, 'fired', false),
  },
  {
    name: 'fantasia-siege-card-kraf',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 560,
    context: (lang) => siegePage(lang, 'applied', true),
  },
  {
    name: 'fantasia-chase-setup',
    template: 'fantasia/chase.hbs',
    width: 720,
    height: 300,
    classes: ['passe-d-armes', 'pda-chase'],
    title: 'Poursuite',
    context: (lang) => chasePage(lang, false),
  },
  {
    name: 'fantasia-chase-running',
    template: 'fantasia/chase.hbs',
    width: 720,
    height: 490,
    classes: ['passe-d-armes', 'pda-chase'],
    title: 'Poursuite',
    context: (lang) => chasePage(lang, true),
  },
];
