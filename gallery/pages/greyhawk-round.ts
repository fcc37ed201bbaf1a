/**
 * Gallery pages of the Greyhawk tracker (issue 14): the declarations with the sealed d10 as a
 * player sees them, and the GM's passes of a first round with a free shot before it (G-F1), a
 * fighter standing up (G-P2) and a specialist's two attacks (G-M4). Played with the real engine
 * and the tracker's real view builder.
 */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import { declare, nextSlot, startPasses, startRound } from '../../src/engine/round/engine';
import type { Requester } from '../../src/engine/round/types';
import {
  greyhawkRoundRules,
  type GreyhawkDeclaration,
  type GreyhawkRoundCombatant,
  type GreyhawkRoundState,
} from '../../src/engine/greyhawk/round';
import { greyhawkRoundAdapter } from '../../src/foundry/rulesets/greyhawk/round/adapter';
import { buildTrackerView } from '../../src/foundry/combat/view';
import { icon, withI18n } from '../shared';
import type { GalleryPage } from '../types';

const COMBATANTS: GreyhawkRoundCombatant[] = [
  {
    id: 'kael',
    name: 'Kael, archer spécialiste',
    side: 'pc',
    attacksPerTwoRounds: 4,
    speed: 8,
    shoots: true,
    missileSpecialist: true,
    freeShot: 'shooter',
  },
  {
    id: 'drevin',
    name: "Drevin, spécialiste de l'épée longue",
    side: 'pc',
    attacksPerTwoRounds: 4,
    speed: 5,
    prone: true,
  },
  { id: 'orc', name: 'Orque', side: 'npc', attacksPerTwoRounds: 2, speed: 7, freeShot: 'target' },
  { id: 'gnoll', name: 'Gnoll', side: 'npc', attacksPerTwoRounds: 2, speed: 7, freeShot: 'target' },
];
const INFO = COMBATANTS.map((c, i) => ({
  id: c.id,
  name: c.name,
  img: icon(['#6b4f2a', '#7a4b2a', '#4f6d3a', '#8e3b46'][i]!, c.name[0]!),
  hidden: false,
}));
const GM: Requester = { gm: true };
const PLAYER: Requester = { gm: false, owns: ['kael', 'drevin'] };

const DECLARATIONS: Record<string, GreyhawkDeclaration> = {
  kael: { action: 'missile', targetId: 'orc' },
  drevin: { action: 'standUp', standUp: 'forfeitAttack' },
  orc: { action: 'attack', targetId: 'kael' },
  gnoll: { action: 'attack', targetId: 'drevin' },
};

function declaring(): GreyhawkRoundState {
  let s = startRound(greyhawkRoundRules, COMBATANTS, new ScriptedDice([6, 3, 8, 2]));
  for (const id of ['kael', 'orc']) s = declare(greyhawkRoundRules, s, id, DECLARATIONS[id]!, GM);
  return s;
}

function passes(): GreyhawkRoundState {
  let s = declaring();
  for (const id of ['drevin', 'gnoll']) s = declare(greyhawkRoundRules, s, id, DECLARATIONS[id]!, GM);
  s = startPasses(greyhawkRoundRules, s, { by: GM });
  return nextSlot(greyhawkRoundRules, s, GM);
}

const tracker = (state: () => GreyhawkRoundState, viewer: Requester) => (lang: string) =>
  withI18n(lang, (): Record<string, unknown> => ({
    ...buildTrackerView({
      adapter: greyhawkRoundAdapter as never,
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
  page('greyhawk-tracker-declarations-player', tracker(declaring, PLAYER)),
  page('greyhawk-tracker-passes-gm', tracker(passes, GM)),
];
