/** Gallery pages of the Greyhawk parries (G-PA1..G-PA3) and a token with Greyhawk conditions. */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import { catalogueWeapon } from '../../src/engine/greyhawk/data';
import {
  greyhawkParryExchange,
  newParryState,
  type ParryView,
} from '../../src/engine/greyhawk/exchange/parry';
import type { GreyhawkCharacter } from '../../src/engine/greyhawk/types';
import type { CardSnapshot, FlowEnv, Text } from '../../src/foundry/chat/flow';
import { parryContext, type ParryCardState } from '../../src/foundry/rulesets/greyhawk/parries/flow';
import { parryDialogContext } from '../../src/foundry/rulesets/greyhawk/parries/start';
import { conditionRows } from '../../src/foundry/rulesets/greyhawk/sheets/conditions-context';
import { formatKey, icon, translations, withI18n } from '../shared';
import type { GalleryPage } from '../types';

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

const KAEL: GreyhawkCharacter = {
  id: 'kael',
  name: 'Kael, archer spécialiste',
  classes: [{ cls: 'fighter', level: 5 }],
  str: 15,
  dex: 18,
  int: 13,
  size: 'M',
  proficiencies: ['longBow'],
};

function view(magic: number, attacks: ParryView['attacks']): ParryView {
  return {
    parrier: KAEL,
    weapon: { ...catalogueWeapon('longBow'), name: 'Arc long', magic },
    weaponState: { magic, ruined: false, broken: false },
    attacks,
    foes: [
      { id: 'orc', name: 'Orque' },
      { id: 'ogre', name: 'Ogre' },
    ],
    round: 2,
  };
}

const ORC = {
  key: 'm1',
  attackerId: 'Actor.orc',
  attackerName: 'Orque',
  attackerAc: 6,
  attackerSize: 'M' as const,
  polearm: false,
  hit: true,
  taken: false,
};
const GNOLL = { ...ORC, key: 'm0', attackerId: 'Actor.gnoll', attackerName: 'Gnoll', taken: true };

function snapshot(step: string, state: ParryCardState): CardSnapshot<ParryCardState> {
  return {
    ruleset: 'greyhawk',
    flow: 'greyhawk.parry',
    step,
    revision: 1,
    actorUuid: 'Actor.kael',
    tokenUuid: '',
    itemId: 'bow',
    targets: [{ actorUuid: 'Actor.kael', tokenUuid: '', name: 'Kael, archer spécialiste' }],
    combatId: '',
    round: 2,
    state,
  };
}

function base(): ParryCardState {
  return {
    ...newParryState({
      parrierName: 'Kael, archer spécialiste',
      weaponName: 'Arc long +1',
      itemId: 'bow',
      round: 2,
    }),
    heldFor: { id: 'ogre', name: 'Ogre' },
    earlier: [],
  };
}

function context(lang: string, step: string, state: ParryCardState, v: ParryView) {
  const env = envFor(lang);
  const c = snapshot(step, state);
  const actions = greyhawkParryExchange.actions(step, state, v).map((a) => ({
    id: a.id,
    label: env.t(a.label),
    enabled: !a.refused,
    reason: a.refused ? env.t(a.refused) : '',
    rule: a.refused?.rule ?? a.rule ?? '',
    owners: '',
    style: a.style ?? 'secondary',
  }));
  return { ...parryContext(c, env), flow: 'greyhawk-parry', step, revision: 1, actions, gone: '' };
}

/** Kael parries the orc with his +1 long bow: 14 + 1 ≥ 10, then the wood's save 9 < 13 breaks it. */
function parried(lang: string) {
  const v = view(1, [GNOLL, ORC]);
  const done = greyhawkParryExchange.perform('ready', base(), v, 'parry.m1', new ScriptedDice([14, 9]));
  return context(lang, done.step, { ...done.state, earlier: [] }, view(0, [GNOLL, { ...ORC, taken: true }]));
}

const TOKEN = icon('#6b4f2a', 'O');
const STATUS_ICONS: Readonly<Record<string, string>> = {
  pinned: icon('#4a6b8a', 'C'),
  shieldOffLine: icon('#8a6d3b', 'B'),
  prone: icon('#7a3b3b', 'T'),
  parried: icon('#3b6b4a', 'P'),
};

function tokenContext(lang: string) {
  const dict = translations(lang);
  const tr = (key: string, data?: Record<string, string | number>) => formatKey(dict, key, data);
  const rows = conditionRows({ pinned: 2, shieldOffLine: true, prone: true }, tr);
  return {
    name: 'Orque',
    img: TOKEN,
    hpPercent: 60,
    statuses: [
      ...rows.map((r) => ({ ...r, label: tr(r.label), icon: STATUS_ICONS[r.id] ?? TOKEN })),
      {
        id: 'parried',
        label: tr('PDA.Greyhawk.Status.parried'),
        detail: '',
        rule: 'G-PA1',
        icon: STATUS_ICONS.parried,
      },
    ],
  };
}

export const pages: GalleryPage[] = [
  {
    name: 'greyhawk-card-parry-ready',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 420,
    classes: ['greyhawk'],
    context: (lang) => context(lang, 'ready', base(), view(1, [GNOLL, ORC])),
  },
  {
    name: 'greyhawk-card-parry',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 520,
    classes: ['greyhawk'],
    context: (lang) => parried(lang),
  },
  {
    name: 'greyhawk-parry-dialog',
    template: 'greyhawk/chat/parry-dialog.hbs',
    width: 420,
    height: 220,
    classes: ['greyhawk'],
    context: (lang) =>
      withI18n(lang, () =>
        parryDialogContext('Garde', 'Glaive', [{ actorUuid: 'Actor.ayla', tokenUuid: '', name: 'Ayla' }]),
      ),
  },
  {
    name: 'greyhawk-token-conditions',
    template: 'greyhawk/token-statuses.hbs',
    width: 420,
    height: 180,
    classes: ['greyhawk'],
    context: (lang) => tokenContext(lang),
  },
];
