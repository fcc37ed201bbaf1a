/** Gallery pages of the Greyhawk cards: attack with damage, a disarm, a seize contest, a refusal, the dialog. */
import { ScriptedDice } from '../../src/engine/dice/scripted';
import { catalogueWeapon } from '../../src/engine/greyhawk/data';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../src/engine/greyhawk/options';
import type { GreyhawkCharacter } from '../../src/engine/greyhawk/types';
import type { CardSnapshot, FlowEnv, Text } from '../../src/foundry/chat/flow';
import {
  greyhawkAttackFlow,
  type GreyhawkAttackState,
} from '../../src/foundry/rulesets/greyhawk/cards/attack-flow';
import { greyhawkDialogContext } from '../../src/foundry/rulesets/greyhawk/cards/start';
import {
  DEFAULT_CHOICES,
  firstPart,
  followUp,
  type Fighters,
  type GreyhawkChoices,
} from '../../src/foundry/rulesets/greyhawk/cards/steps';
import { formatKey, translations, withI18n } from '../shared';
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

const hero = (id: string, name: string, extra: Partial<GreyhawkCharacter> = {}): GreyhawkCharacter => ({
  id,
  name,
  classes: [{ cls: 'fighter', level: 5 }],
  str: 18,
  strPercent: 51,
  dex: 15,
  int: 12,
  size: 'M',
  proficiencies: ['longSword'],
  mastery: { longSword: { rank: 'specialist', since: 1, firstSpecialised: 1 } },
  ...extra,
});

const GORD = hero('gord', 'Gord le Rôdeur');
const BRUTE = hero('brute', 'Brute des collines', { str: 17, mastery: {} });
const fighters: Fighters = {
  attacker: GORD,
  weapon: { ...catalogueWeapon('longSword'), name: 'Épée longue' },
  attackerShield: 'medium',
  defender: BRUTE,
  defenderAc: 4,
  defenderSize: 'M',
  defenderDex: 13,
};

function state(
  choices: Partial<GreyhawkChoices>,
  rolls: number[],
  follow: number[] = [],
): GreyhawkAttackState {
  const c = { ...DEFAULT_CHOICES, ...choices };
  const base = { attackerName: GORD.name, weaponName: 'Épée longue', choices: c, undone: 0 };
  try {
    const first = firstPart(fighters, c, DEFAULT_GREYHAWK_OPTIONS)(new ScriptedDice(rolls));
    const outcome =
      first.outcome ??
      (follow.length
        ? followUp(fighters, c, DEFAULT_GREYHAWK_OPTIONS, first.dice)(new ScriptedDice(follow))
        : undefined);
    return { ...base, first, ...(outcome ? { outcome } : {}) };
  } catch (error) {
    const e = error as { key: string; data?: Record<string, string | number> };
    return { ...base, refusal: { key: e.key, ...(e.data ? { data: { ...e.data } } : {}) } };
  }
}

function card(step: string, s: GreyhawkAttackState): CardSnapshot<GreyhawkAttackState> {
  return {
    ruleset: 'greyhawk',
    flow: 'greyhawk.attack',
    step,
    revision: 1,
    actorUuid: 'Actor.gord',
    tokenUuid: '',
    itemId: 'sword',
    targets: [{ actorUuid: 'Actor.brute', tokenUuid: '', name: BRUTE.name }],
    combatId: '',
    round: 0,
    state: s,
  };
}

function context(lang: string, c: CardSnapshot<GreyhawkAttackState>) {
  const env = envFor(lang);
  const actions = greyhawkAttackFlow.actions(c, env).map((a) => ({
    id: a.id,
    label: env.t(a.label),
    enabled: a.enabled,
    reason: a.reason ? env.t(a.reason) : '',
    rule: a.rule ?? '',
    owners: a.owners.join(','),
    style: a.style ?? 'secondary',
  }));
  return {
    ...greyhawkAttackFlow.context(c, env),
    flow: 'greyhawk-attack',
    step: c.step,
    revision: 1,
    actions,
    gone: '',
  };
}

const chatPage = (
  name: string,
  height: number,
  build: () => CardSnapshot<GreyhawkAttackState>,
): GalleryPage => ({
  name,
  template: 'chat/card.hbs',
  frame: 'chat',
  width: 320,
  height,
  classes: ['greyhawk'],
  context: (lang) => context(lang, build()),
});

export const pages: GalleryPage[] = [
  chatPage('greyhawk-card-attack', 560, () =>
    card('resolved', state({ position: 'kneeling', calledShot: 1, purpose: 'clothing' }, [17, 6])),
  ),
  chatPage('greyhawk-card-applied', 560, () => {
    const s = state({}, [15, 5]);
    const dmg = s.first?.damage?.total ?? 0;
    return card('applied', { ...s, applied: { before: 30, after: 30 - dmg, damage: dmg, from: 'resolved' } });
  }),
  chatPage('greyhawk-card-disarm', 520, () =>
    card('resolved', state({ manoeuvre: 'disarm', grip: 'twoHanded', earlierDisarms: 1 }, [19], [2, 5])),
  ),
  chatPage('greyhawk-card-seize-pending', 480, () =>
    card('attack', state({ manoeuvre: 'seizeObject', freeHands: 1 }, [18])),
  ),
  chatPage('greyhawk-card-seize', 520, () =>
    card('resolved', state({ manoeuvre: 'seizePerson', freeHands: 1 }, [18], [6, 6, 4, 11])),
  ),
  chatPage('greyhawk-card-rush', 600, () =>
    card(
      'attack',
      state({ manoeuvre: 'shieldRush', distance: 6, stayUp: { stillOrClosing: true } }, [16, 3]),
    ),
  ),
  chatPage('greyhawk-card-refused', 320, () =>
    card('refused', state({ manoeuvre: 'shieldRush', distance: 2 }, [])),
  ),
  {
    name: 'greyhawk-attack-dialog',
    template: 'greyhawk/chat/attack-dialog.hbs',
    width: 420,
    height: 820,
    classes: ['greyhawk', 'dialog'],
    context: (lang) =>
      withI18n(lang, () =>
        greyhawkDialogContext(
          'Épée longue',
          [{ actorUuid: 'Actor.brute', tokenUuid: '', name: BRUTE.name }],
          { ...DEFAULT_CHOICES, manoeuvre: 'disarm', calledShot: 1, purpose: 'pin' },
        ),
      ),
  },
];
