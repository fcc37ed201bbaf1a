/**
 * Gallery pages of the Fantasia three-pass tracker, at sidebar width: the declarations step and
 * the passes of a five-fighter round (a ready archer, a dodger, a crossbowman reloading, someone
 * drawing a sword and a mage casting), seen by a player and by the GM. The round is played with
 * the real engine and the tracker's real view builder.
 */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import { declare, nextSlot, startPasses, startRound } from '../../src/engine/round/engine';
import type { Requester } from '../../src/engine/round/types';
import {
  fantasiaRound,
  type FantasiaDeclaration,
  type FantasiaRoundCombatant,
  type FantasiaRoundState,
} from '../../src/engine/fantasia/round';
import type { FantasiaWeapon } from '../../src/engine/fantasia/types';
import { fantasiaRoundAdapter } from '../../src/foundry/rulesets/fantasia/round/adapter';
import { buildTrackerView } from '../../src/foundry/combat/view';
import { icon, withI18n } from '../shared';
import type { GalleryPage } from '../types';

const weapon = (id: string, name: string, over: Partial<FantasiaWeapon>): FantasiaWeapon => ({
  id,
  name,
  skill: 'armesDeMelee',
  damage: '1d6+2',
  hands: 1,
  kind: 'melee',
  blunt: false,
  range: 0,
  canParry: true,
  reload: 'none',
  ready: true,
  loaded: true,
  ...over,
});

const BOW = weapon('arc', 'Arc court', {
  skill: 'armesDeTir',
  damage: '1d8',
  hands: 2,
  kind: 'missile',
  range: 90,
  canParry: false,
  reload: 'bow',
});
const CROSSBOW = weapon('arbalete', 'Arbalète', {
  skill: 'armesDeTir',
  damage: '2d6',
  hands: 2,
  kind: 'missile',
  range: 60,
  canParry: false,
  reload: 'crossbow',
  loaded: false,
});
const SWORD = weapon('epee', 'Épée', {});
const SHEATHED = weapon('epee', 'Épée', { ready: false });

const COMBATANTS: FantasiaRoundCombatant[] = [
  { id: 'aline', name: 'Aventurière arbalétrière', side: 'pc', dex: 15, int: 12, weapons: [BOW] },
  { id: 'brute', name: 'Chef brigand', side: 'npc', dex: 14, int: 8, weapons: [SWORD] },
  { id: 'bruno', name: 'Brigand', side: 'npc', dex: 12, int: 10, weapons: [CROSSBOW] },
  { id: 'sam', name: 'Bretteur', side: 'pc', dex: 11, int: 11, weapons: [SHEATHED] },
  { id: 'mira', name: 'Garde de la porte', side: 'pc', dex: 9, int: 17, weapons: [] },
];
const INFO = COMBATANTS.map((c, i) => ({
  id: c.id,
  name: c.name,
  img: icon(['#7a4b2a', '#8e3b46', '#3d5a80', '#4f6d3a', '#6b4f8e'][i]!, c.name[0]!),
  hidden: false,
}));
const GM: Requester = { gm: true };
const PLAYER: Requester = { gm: false, owns: ['aline', 'sam', 'mira'] };

const DECLARATIONS: Record<string, FantasiaDeclaration> = {
  aline: { intents: [{ kind: 'shoot', weaponId: 'arc', targetId: 'brute' }] },
  brute: {
    intents: [{ kind: 'dodge' }, { kind: 'parry', weaponId: 'epee' }],
    publicText: 'Se ramasse derrière son épée',
  },
  bruno: { intents: [{ kind: 'reload', weaponId: 'arbalete' }], publicText: 'Manipule son arbalète' },
  sam: { intents: [{ kind: 'draw', weaponId: 'epee' }] },
};

function declaring(): FantasiaRoundState {
  let s = startRound(fantasiaRound, COMBATANTS, new ScriptedDice([]));
  for (const id of ['aline', 'brute', 'bruno']) s = declare(fantasiaRound, s, id, DECLARATIONS[id]!, GM);
  return s;
}

function passes(): FantasiaRoundState {
  let s = declare(fantasiaRound, declaring(), 'sam', DECLARATIONS.sam!, GM);
  s = declare(
    fantasiaRound,
    s,
    'mira',
    { intents: [{ kind: 'cast', note: 'Éclair', targetId: 'bruno' }] },
    GM,
  );
  s = startPasses(fantasiaRound, s, { by: GM });
  return nextSlot(fantasiaRound, s, GM);
}

const tracker = (state: () => FantasiaRoundState, viewer: Requester) => (lang: string) =>
  withI18n(lang, (): Record<string, unknown> => ({
    ...buildTrackerView({
      adapter: fantasiaRoundAdapter as never,
      state: state() as never,
      combatants: INFO,
      viewer,
      hasCombat: true,
    }),
  }));

const page = (name: string, context: (lang: string) => Record<string, unknown>): GalleryPage => ({
  name,
  template: 'combat/tracker.hbs',
  context,
  width: 300,
  height: 640,
  classes: ['pda-combat-tracker'],
});

export const pages: GalleryPage[] = [
  page('combat-declarations-player', tracker(declaring, PLAYER)),
  page('combat-passes-player', tracker(passes, PLAYER)),
  page('combat-passes-gm', tracker(passes, GM)),
];
