/**
 * Gallery pages of Souffle: the combattant and adversaire sheets, the tracker during the posture
 * and actions steps (posture icons and action pips), the posture dialog, the attack dialog and
 * every Souffle card (attack, forced, defended, applied with a disarm, aim, grapple). Sample data,
 * built with the pure context builders and the real engine on scripted dice.
 */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import type { Requester, RoundState } from '../../src/engine/round/types';
import { declare, startPasses, startRound, nextSlot } from '../../src/engine/round/engine';
import { forceAttack, resolveAttack, type AttackInput } from '../../src/engine/souffle/attack';
import { resolveDefence } from '../../src/engine/souffle/defence';
import { WEAPONS } from '../../src/engine/souffle/equipment';
import { disarmTest } from '../../src/engine/souffle/manoeuvres';
import { DEFAULT_OPTIONS } from '../../src/engine/souffle/options';
import {
  souffleRound,
  type SouffleDeclaration,
  type SouffleReadiness,
  type SouffleRoundCombatant,
} from '../../src/engine/souffle/round';
import type { CardAction, CardSnapshot, FlowEnv, Text } from '../../src/foundry/chat/flow';
import {
  souffleAttackFlow,
  type SouffleAttackState,
} from '../../src/foundry/rulesets/souffle/cards/attack-flow';
import { setSouffleOptionsSource } from '../../src/foundry/rulesets/souffle/cards/fighters';
import {
  souffleOpportunityFlow,
  type SouffleOpportunityState,
} from '../../src/foundry/rulesets/souffle/cards/opportunity-flow';
import {
  souffleAimFlow,
  souffleGrappleFlow,
  type SouffleAimState,
  type SouffleGrappleState,
} from '../../src/foundry/rulesets/souffle/cards/manoeuvre-flows';
import { attackDialogContext } from '../../src/foundry/rulesets/souffle/cards/dialog';
import {
  postureDialogContext,
  soufflePostureView,
  souffleRoundAdapter,
} from '../../src/foundry/rulesets/souffle/round/adapter';
import { buildTrackerView } from '../../src/foundry/combat/view';
import {
  souffleSheetContext,
  type SouffleSheetInput,
} from '../../src/foundry/rulesets/souffle/sheets/context';
import { formatKey, icon, translations, withI18n } from '../shared';
import type { GalleryPage } from '../types';

type Dict = Record<string, unknown>;
type State = RoundState<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness>;

setSouffleOptionsSource(() => DEFAULT_OPTIONS);

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

// ------------------------------------------------------------------------------------- sheets

function sheetInput(type: 'combattant' | 'adversaire', tab?: string): SouffleSheetInput {
  const gardien = type === 'combattant';
  return {
    actor: {
      id: gardien ? 'gardien' : 'chasseur',
      name: gardien ? "Gardien du Waka'Hata de Puu'Pili" : 'Chasseur',
      img: icon(gardien ? '#7a4b2a' : '#3d5a80', gardien ? 'Y' : 'C'),
      type,
    },
    system: {
      geste: 2,
      vigueur: 3,
      acuite: gardien ? 2 : 4,
      metiers: gardien ? [{ name: 'Gardienne', level: 4 }] : [{ name: 'Chasseur', level: 3 }],
      disciplines: gardien ? ['Guerrier'] : [],
      defense: gardien ? 4 : 5,
      initiative: 2,
      souffle: { value: gardien ? 5 : 6, max: 10 },
      pv: { value: gardien ? 9 : 12, max: 12 },
      wounds: gardien ? [3] : [],
      chance: 2,
      posture: gardien ? 'intrepide' : 'defensif',
      assommeRounds: 0,
      size: 2,
      biography: '<p>Garde le gué depuis dix hivers.</p>',
    },
    derived: { gesteEffective: 2, armourDefence: 1, guerrier: gardien },
    items: [
      {
        id: 'w1',
        name: 'Épée longue',
        img: icon('#5b6770', 'É'),
        type: 'arme-souffle',
        system: {
          catalogue: 'epeeLongue',
          category: 'moyenne',
          advantage: 0,
          damage: 3,
          blunt: false,
          hands: 1,
          equipped: true,
          description: '',
        },
      },
      {
        id: 'w2',
        name: gardien ? 'Épée longue' : 'Arc court',
        img: icon('#5b6770', gardien ? 'É' : 'A'),
        type: 'arme-souffle',
        system: gardien
          ? {
              catalogue: 'epeeLongue',
              category: 'moyenne',
              advantage: 0,
              damage: 3,
              blunt: false,
              hands: 1,
              equipped: true,
              description: '',
            }
          : {
              catalogue: 'arcCourt',
              category: 'distance',
              advantage: 1,
              damage: 0,
              blunt: false,
              hands: 2,
              equipped: true,
              description: '',
            },
      },
      {
        id: 'a1',
        name: 'Cuir clouté',
        img: icon('#4d5b3a', 'C'),
        type: 'armure-souffle',
        system: { catalogue: 'cuir', kind: 'armure', defence: 1, gesteMalus: 0, worn: true, description: '' },
      },
    ],
    // S-ST1 states are the actor's effects' statuses.
    statuses: gardien ? ['fatigue'] : [],
    editable: true,
    enrichedBiography: '<p>Garde le gué depuis dix hivers.</p>',
    ...(tab ? { activeTab: tab } : {}),
    options: DEFAULT_OPTIONS,
  };
}

// ------------------------------------------------------------------------------------ tracker

const COMBATANTS: SouffleRoundCombatant[] = [
  { id: 'ysolde', name: "Gardien du Waka'Hata", side: 'pc', initiative: 2, guerrier: true },
  { id: 'chasseur', name: 'Chasseur', side: 'npc', initiative: 2, guerrier: false },
  { id: 'mael', name: "Gardien du Waka'Hata de Puu'Pili", side: 'pc', initiative: 1, guerrier: false },
];
const INFO = [
  { id: 'ysolde', name: "Gardien du Waka'Hata", img: icon('#7a4b2a', 'Y'), hidden: false },
  { id: 'chasseur', name: 'Chasseur', img: icon('#3d5a80', 'C'), hidden: false },
  { id: 'mael', name: "Gardien du Waka'Hata de Puu'Pili", img: icon('#8e3b46', 'M'), hidden: false },
];
const VIEWER: Requester = { gm: false, owns: ['ysolde', 'mael'] };

function postureStep(): State {
  // Initiative: the Gardien (Guerrier) 1d12 → 5, the Chasseur 1d12 → 9, the Gardien de Puu'Pili 1d10 → 7.
  let s = startRound(souffleRound, COMBATANTS, new ScriptedDice([5, 9, 7]));
  s = declare(souffleRound, s, 'ysolde', { posture: 'intrepide' }, VIEWER);
  s = declare(souffleRound, s, 'chasseur', { posture: 'defensif' }, { gm: true });
  return s;
}

/** S-R3: the hunter and the Gardien de Puu'Pili tie on 7 (a d12 and a d10); the tie buttons show. */
function tieStep(): State {
  return startRound(souffleRound, COMBATANTS, new ScriptedDice([5, 7, 7]));
}

function actionsStep(): State {
  let s = declare(souffleRound, postureStep(), 'mael', { posture: 'prudent' }, VIEWER);
  s = startPasses(souffleRound, s, { by: { gm: true } });
  return nextSlot(souffleRound, s, { gm: true });
}

function trackerContext(lang: string, state: State) {
  return withI18n(lang, () => {
    const view = buildTrackerView({
      adapter: souffleRoundAdapter,
      state: state as never,
      combatants: INFO,
      viewer: VIEWER,
      hasCombat: true,
    });
    return { ...view, souffle: INFO.map((c) => soufflePostureView(state, c.id)) };
  });
}

// -------------------------------------------------------------------------------------- cards

const SWORD = WEAPONS.epeeLongue!;
const INPUT: AttackInput = {
  kind: 'melee',
  characteristic: { id: 'vigueur', value: 3 },
  metier: 4,
  weapons: [SWORD, SWORD],
};

function attackCard(step: string, extra: Partial<SouffleAttackState> = {}, input = INPUT, die = [1, 7]) {
  const attack = resolveAttack(input, new ScriptedDice(die), DEFAULT_OPTIONS);
  const card: CardSnapshot<SouffleAttackState> = {
    ruleset: 'souffle',
    flow: 'souffle.attack',
    step,
    revision: 1,
    actorUuid: 'Actor.ysolde',
    tokenUuid: '',
    itemId: 'w1',
    targets: [{ actorUuid: 'Actor.chasseur', tokenUuid: '', name: 'Chasseur' }],
    combatId: '',
    round: 1,
    state: {
      attackerName: "Gardien du Waka'Hata",
      weaponName: 'Épée longue',
      input,
      attack,
      souffleSpent: 0,
      undone: 0,
      ...extra,
    },
  };
  return card;
}

function forced(step: string) {
  const base = attackCard(step);
  const attack = forceAttack(base.state.attack, 5, 10, DEFAULT_OPTIONS);
  return { ...base, state: { ...base.state, attack, souffleSpent: 5 } };
}

function defended(): CardSnapshot<SouffleAttackState> {
  const card = forced('defended');
  const result = resolveDefence(
    card.state.attack,
    { defense: 5, metier: 3 },
    { mode: 'parade', states: [], posture: 'defensif' },
    new ScriptedDice([4]),
    DEFAULT_OPTIONS,
  );
  return { ...card, state: { ...card.state, defence: { mode: 'parade', result } } };
}

function disarmApplied(): CardSnapshot<SouffleAttackState> {
  const input: AttackInput = { ...INPUT, metier: 0, weapons: [SWORD], aim: 'desarmer' };
  const card = attackCard('applied', {}, input, [3, 6]);
  const result = resolveDefence(
    card.state.attack,
    { defense: 2, metier: 0 },
    { mode: 'esquive', states: [], posture: 'prudent' },
    new ScriptedDice([3, 5]),
    DEFAULT_OPTIONS,
  );
  const r = disarmTest(
    card.state.attack,
    result.taken,
    { geste: 1, acuite: 1 },
    new ScriptedDice([2, 3, 4, 5]),
  );
  return {
    ...card,
    state: {
      ...card.state,
      defence: { mode: 'esquive', result },
      test: { kind: 'desarmer', result: r, effect: r.disarmed, rounds: 0 },
      applied: { toSouffle: 4, toPv: 0, effect: 'desarme', luckSpent: false, written: [], undo: [] },
    },
  };
}

function buttons(env: FlowEnv, list: CardAction[]) {
  return list.map((a) => ({
    id: a.id,
    label: env.t(a.label),
    enabled: a.enabled,
    reason: a.reason ? env.t(a.reason) : '',
    rule: a.rule ?? '',
    owners: a.owners.join(','),
    style: a.style ?? 'secondary',
  }));
}

/** The card as renderCard would give it; the actions are listed as the GM sees them. */
function cardPage(
  name: string,
  height: number,
  make: () => CardSnapshot<unknown>,
  flowOf: 'attack' | 'aim' | 'grapple' | 'opportunity',
  actions: (env: FlowEnv) => CardAction[],
): GalleryPage {
  const flow = {
    attack: souffleAttackFlow,
    aim: souffleAimFlow,
    grapple: souffleGrappleFlow,
    opportunity: souffleOpportunityFlow,
  }[flowOf] as unknown as {
    context(card: CardSnapshot<unknown>, env: FlowEnv): Dict;
  };
  return {
    name,
    template: 'chat/card.hbs',
    frame: 'chat',
    width: 320,
    height,
    context: (lang) => {
      const env = envFor(lang);
      const card = make();
      return {
        ...flow.context(card, env),
        flow: card.flow.replace(/\W/g, '-'),
        step: card.step,
        revision: card.revision,
        actions: buttons(env, actions(env)),
        gone: '',
      };
    },
  };
}

const act = (id: string, key: string, extra: Partial<CardAction> = {}): CardAction => ({
  id,
  label: { key },
  owners: [],
  enabled: true,
  style: 'secondary',
  ...extra,
});

export const pages: GalleryPage[] = [
  {
    name: 'souffle-combattant-profil',
    template: ['souffle/actor/header.hbs', 'shared/tabs.hbs', 'souffle/actor/profil.hbs'],
    context: (lang) => withI18n(lang, () => souffleSheetContext(sheetInput('combattant', 'profil'))),
    width: 700,
    height: 720,
    classes: ['passe-d-armes', 'souffle', 'actor'],
    title: "Gardien du Waka'Hata",
  },
  {
    name: 'souffle-combattant-combat',
    template: ['souffle/actor/header.hbs', 'shared/tabs.hbs', 'souffle/actor/combat.hbs'],
    context: (lang) => withI18n(lang, () => souffleSheetContext(sheetInput('combattant', 'combat'))),
    width: 700,
    height: 720,
    classes: ['passe-d-armes', 'souffle', 'actor'],
    title: "Gardien du Waka'Hata",
  },
  {
    name: 'souffle-adversaire',
    template: ['souffle/actor/header.hbs', 'souffle/actor/adversaire.hbs'],
    context: (lang) => withI18n(lang, () => souffleSheetContext(sheetInput('adversaire'))),
    width: 600,
    height: 680,
    classes: ['passe-d-armes', 'souffle', 'actor', 'adversaire'],
    title: 'Chasseur',
  },
  {
    name: 'souffle-tracker-postures',
    template: 'combat/tracker.hbs',
    context: (lang) => trackerContext(lang, postureStep()),
    width: 300,
    height: 360,
    classes: ['pda-combat-tracker'],
  },
  {
    name: 'souffle-tracker-tie',
    template: 'combat/tracker.hbs',
    context: (lang) => trackerContext(lang, tieStep()),
    width: 300,
    height: 360,
    classes: ['pda-combat-tracker'],
  },
  {
    name: 'souffle-tracker-actions',
    template: 'combat/tracker.hbs',
    context: (lang) => trackerContext(lang, actionsStep()),
    width: 300,
    height: 420,
    classes: ['pda-combat-tracker'],
  },
  {
    name: 'souffle-tracker-row-parts',
    template: 'souffle/combat/row.hbs',
    context: (lang) => trackerContext(lang, actionsStep()).souffle[0] as unknown as Dict,
    width: 320,
    height: 80,
  },
  {
    name: 'souffle-posture-dialog',
    template: 'souffle/combat/posture-dialog.hbs',
    context: (lang) => withI18n(lang, () => postureDialogContext("Gardien du Waka'Hata", 'intrepide')),
    width: 360,
    height: 260,
  },
  {
    name: 'souffle-attack-dialog',
    template: 'souffle/chat/attack-dialog.hbs',
    context: (lang) =>
      withI18n(lang, () =>
        attackDialogContext(
          {
            id: 'y',
            name: "Gardien du Waka'Hata",
            geste: 2,
            vigueur: 3,
            acuite: 2,
            metiers: { Gardienne: 4 },
            disciplines: [],
            defense: 4,
            initiative: 2,
            souffle: { value: 10, max: 10 },
            pv: { value: 12, max: 12 },
            wounds: [],
            chance: 1,
            states: [],
          },
          { ...INPUT },
          'Épée longue',
          [{ actorUuid: 'Actor.chasseur', tokenUuid: '', name: 'Chasseur' }],
          'viser',
        ),
      ),
    width: 360,
    height: 340,
  },
  cardPage(
    'souffle-card-attack',
    520,
    () => attackCard('attack') as never,
    'attack',
    () => [
      act('force1', 'PDA.Souffle.Chat.Force', {
        label: { key: 'PDA.Souffle.Chat.Force', data: { n: 1 } },
        rule: 'S-AT2',
      }),
      act('forceMax', 'PDA.Souffle.Chat.Force', {
        label: { key: 'PDA.Souffle.Chat.Force', data: { n: 5 } },
        rule: 'S-AT2',
      }),
      act('parade', 'PDA.Souffle.Chat.Parry', { rule: 'S-DF1', style: 'primary' }),
      act('esquive', 'PDA.Souffle.Chat.Dodge', { rule: 'S-DF1', style: 'primary' }),
    ],
  ),
  cardPage(
    'souffle-card-defended',
    640,
    () => defended() as never,
    'attack',
    () => [act('apply', 'PDA.Chat.Action.Apply', { rule: 'S-DF3', style: 'primary' })],
  ),
  cardPage(
    'souffle-card-disarm-luck',
    760,
    () => disarmApplied() as never,
    'attack',
    () => [
      act('undo', 'PDA.Chat.Action.Undo', { rule: 'S-DF3', style: 'danger' }),
      act('luck', 'PDA.Souffle.Chat.Luck.desarme', { rule: 'S-MN2' }),
    ],
  ),
  cardPage(
    'souffle-card-aim',
    260,
    () =>
      ({
        ...attackCard('prepared'),
        flow: 'souffle.aim',
        state: { actorName: "Gardien du Waka'Hata", aim: 'feinte' } satisfies SouffleAimState,
      }) as never,
    'aim',
    () => [],
  ),
  cardPage(
    'souffle-card-grapple',
    320,
    () =>
      ({
        ...attackCard('held'),
        flow: 'souffle.grapple',
        state: {
          attackerName: "Gardien du Waka'Hata",
          result: { grabbed: true, automatic: false, attackerScore: 5, targetScore: 4 },
          applied: { written: [], undo: [] },
          undone: 0,
        } satisfies SouffleGrappleState,
      }) as never,
    'grapple',
    () => [
      act('undo', 'PDA.Chat.Action.Undo', { rule: 'S-GR1', style: 'danger' }),
      act('escape', 'PDA.Souffle.Chat.Escape', { rule: 'S-GR1' }),
    ],
  ),
  cardPage(
    'souffle-card-opportunity',
    240,
    () =>
      ({
        ...attackCard('offered'),
        flow: 'souffle.opportunity',
        state: {
          provoker: { actorUuid: 'Actor.chasseur', tokenUuid: '', name: 'Chasseur' },
          reason: 'ramasser',
          foes: [{ actorUuid: 'Actor.ysolde', tokenUuid: '', name: "Gardien du Waka'Hata" }],
          taken: [],
        } satisfies SouffleOpportunityState,
      }) as never,
    'opportunity',
    () => [
      {
        id: 'strike0',
        label: { key: 'PDA.Souffle.Chat.Opportunity.Strike', data: { name: "Gardien du Waka'Hata" } },
        owners: [],
        enabled: true,
        rule: 'S-AT6',
        style: 'danger',
      },
    ],
  ),
];
