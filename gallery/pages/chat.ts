/** Gallery pages of the chat cards: the Fantasia attack chain at its steps, and a resistance roll. */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import { availableDefences, resolveAttack, resolveDefence } from '../../src/engine/fantasia/attack';
import { rollDamage } from '../../src/engine/fantasia/damage';
import { DEFAULT_FANTASIA_OPTIONS } from '../../src/engine/fantasia/options';
import { rollResistance } from '../../src/engine/fantasia/resistance';
import type { FantasiaCombatant } from '../../src/engine/fantasia/types';
import { FANTASIA_WEAPONS } from '../../src/engine/fantasia/weapons';
import type { FantasiaAttackState } from '../../src/engine/fantasia/exchange';
import { fantasiaAttackFlow } from '../../src/foundry/rulesets/fantasia/cards/attack-flow';
import {
  fantasiaResistanceFlow,
  type ResistanceState,
} from '../../src/foundry/rulesets/fantasia/cards/resistance-flow';
import type { CardSnapshot, FlowEnv, Text } from '../../src/foundry/chat/flow';
import { formatKey, translations } from '../shared';
import type { GalleryPage } from '../types';

function envFor(lang: string): FlowEnv {
  const dict = translations(lang);
  const t = (x: Text): string => formatKey(dict, x.key, x.data);
  return {
    user: {} as User,
    resolve: () => null,
    roll: () => Promise.reject(new Error('no dice in the gallery')),
    t,
    userTargets: () => [],
  };
}

const fighter = (id: string, name: string, extra: Partial<FantasiaCombatant> = {}): FantasiaCombatant => ({
  id,
  name,
  kind: 'aventurier',
  characteristics: { FOR: 13, CON: 12, TAI: 13, INT: 11, DEX: 14, CHA: 10 },
  pv: { value: 13, max: 13 },
  mouvement: 8,
  damageBonus: '1d4',
  armour: 2,
  skills: { armesDeMelee: 65 },
  states: {},
  weapons: [{ ...FANTASIA_WEAPONS.epeeLongue, name: 'Épée longue' }],
  ...extra,
});

const ALDO = fighter('aldo', 'Aldo de Mirecourt');
const BRUTE = fighter('brute', 'Chef brigand', { skills: { armesDeMelee: 45 } });
const O = DEFAULT_FANTASIA_OPTIONS;

function baseCard(state: FantasiaAttackState, step: string): CardSnapshot<FantasiaAttackState> {
  return {
    ruleset: 'fantasia',
    flow: 'fantasia.attack',
    step,
    revision: 1,
    actorUuid: 'Actor.aldo',
    tokenUuid: '',
    itemId: 'epeeLongue',
    targets: [{ actorUuid: 'Actor.brute', tokenUuid: '', name: BRUTE.name }],
    combatId: '',
    round: 1,
    state,
  };
}

function attackState(d100: number, extra: Partial<FantasiaAttackState> = {}): FantasiaAttackState {
  const attack = resolveAttack(
    { attacker: ALDO, defender: BRUTE, weapon: ALDO.weapons![0]!, cover: 10 },
    new ScriptedDice([d100]),
    O,
  );
  const { attackerAfter: _a, ...stored } = attack;
  return {
    attackerName: ALDO.name,
    intent: { cover: 10, thrustId: '', knockOut: false, whip: '' },
    attack: stored,
    defence: null,
    damage: null,
    whip: null,
    applied: null,
    undone: 0,
    fumble: null,
    mishap: null,
    thrustPlaced: false,
    escapes: [],
    ...extra,
  };
}

function damaged(): FantasiaAttackState {
  const s = attackState(4);
  const [parry] = availableDefences(s.attack, BRUTE);
  const dice = new ScriptedDice([72, 5, 3, 4]);
  const defence = resolveDefence(s.attack, parry!, dice, O);
  const damage = rollDamage(s.attack, ALDO, BRUTE, defence, dice, O);
  return { ...s, defence: { ...defence, withName: 'Épée longue' }, damage };
}

type Action = {
  id: string;
  label: string;
  enabled: boolean;
  reason: string;
  rule: string;
  owners: string;
  style: string;
};

function cardContext(
  lang: string,
  card: CardSnapshot<FantasiaAttackState>,
  actions: (env: FlowEnv) => Action[],
) {
  const env = envFor(lang);
  return {
    ...fantasiaAttackFlow.context(card, env),
    flow: 'fantasia-attack',
    step: card.step,
    revision: 1,
    actions: actions(env),
    gone: '',
  };
}

const action = (env: FlowEnv, id: string, label: Text, extra: Partial<Action> = {}): Action => ({
  id,
  label: env.t(label),
  enabled: true,
  reason: '',
  rule: '',
  owners: 'Actor.brute',
  style: 'secondary',
  ...extra,
});

export const pages: GalleryPage[] = [
  {
    name: 'chat-attack-defence',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 520,
    context: (lang) =>
      cardContext(lang, baseCard(attackState(31), 'defence'), (env) => [
        action(
          env,
          'parry.epeeLongue',
          {
            key: 'PDA.Chat.Action.WithPercent',
            data: {
              action: env.t({ key: 'PDA.Chat.Action.ParryWith', data: { name: 'Épée longue' } }),
              percent: 45,
            },
          },
          { style: 'primary' },
        ),
        action(
          env,
          'dodge',
          {
            key: 'PDA.Chat.Action.WithPercent',
            data: { action: env.t({ key: 'PDA.Chat.Action.Dodge' }), percent: 28 },
          },
          {
            enabled: false,
            reason: env.t({ key: 'PDA.Fantasia.Refusal.DodgeNotDeclared' }),
            rule: 'F-D1',
          },
        ),
        action(env, 'none', { key: 'PDA.Chat.Action.NoDefence' }),
      ]),
  },
  {
    name: 'chat-attack-damage',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 640,
    context: (lang) =>
      cardContext(lang, baseCard(damaged(), 'damage'), (env) => [
        action(env, 'apply', { key: 'PDA.Chat.Action.Apply' }, { style: 'primary' }),
      ]),
  },
  {
    name: 'chat-attack-fumble',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 480,
    context: (lang) =>
      cardContext(lang, baseCard(attackState(98), 'fumble'), (env) =>
        ['weaponBreaks', 'loseBalance', 'hitFriend'].map((id) =>
          action(env, `fumble.${id}`, { key: `PDA.Fantasia.Fumble.${id}` }, { rule: 'F-H6', owners: '' }),
        ),
      ),
  },
  {
    name: 'chat-resistance',
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height: 360,
    context: (lang) => {
      const env = envFor(lang);
      const card: CardSnapshot<ResistanceState> = {
        ...baseCard(attackState(31), 'done'),
        flow: 'fantasia.resistance',
        targets: [],
        state: { label: 'FOR 14 / FOR 11', roll: rollResistance(14, 11, new ScriptedDice([42]), 'F-U3', O) },
      };
      return {
        ...fantasiaResistanceFlow.context(card, env),
        flow: 'fantasia-resistance',
        step: 'done',
        revision: 0,
        actions: [],
        gone: '',
      };
    },
  },
];
