/**
 * Gallery pages of the Greyhawk cards: attack with damage, a disarm, a seize contest, the dialog.
 * A refused manoeuvre has no card (a notification: docs/rulings.md).
 */
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
import { styleDialogContext } from '../../src/foundry/rulesets/greyhawk/styles/dialog';
import { DEFAULT_STYLE_ANSWERS } from '../../src/engine/greyhawk/style-use';
import {
  DEFAULT_CHOICES,
  firstPart,
  followUp,
  type Fighters,
  type GreyhawkChoices,
} from '../../src/foundry/rulesets/greyhawk/cards/steps';
import { derive } from '../../src/foundry/rulesets/greyhawk/models/derived';
import {
  actorSheetContext,
  type GreyhawkSheetInput,
} from '../../src/foundry/rulesets/greyhawk/sheets/context';
import { formatKey, icon, translations, withI18n } from '../shared';
import type { GalleryPage } from '../types';

/** The card's two actors as the exchange's view reads them (Gord with his sword, the brute). */
function galleryActor(uuid: string): unknown {
  const character = uuid === 'Actor.gord' ? fighters.attacker : fighters.defender;
  // Each holds the sword readied: the cards read a defender's weapon from its own items (G-D1..G-D5).
  const sword = {
    id: 'sword',
    type: 'arme-adnd',
    name: fighters.weapon.name,
    system: { equipped: true, toEngine: () => fighters.weapon },
  };
  return {
    uuid,
    name: character.name,
    system: {
      toEngine: () => character,
      ac: fighters.defenderAc,
      size: fighters.defenderSize,
      shield: '',
      hp: { value: 30 },
      abilities: { dex: fighters.defenderDex },
    },
    items: Object.assign([sword], { get: () => sword }),
    effects: [],
  };
}

function envFor(lang: string): FlowEnv {
  const dict = translations(lang);
  return {
    user: {} as User,
    resolve: (uuid: string) => (uuid === 'Actor.gord' || uuid === 'Actor.brute' ? galleryActor(uuid) : null),
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
const BRUTE = hero('brute', 'Gnoll', { str: 17, mastery: {} });
const fighters: Fighters = {
  attacker: GORD,
  weapon: { ...catalogueWeapon('longSword'), name: 'Épée longue' },
  attackerShield: 'medium',
  defender: BRUTE,
  defenderAc: 4,
  defenderSize: 'M',
  defenderDex: 13,
};

const archers: Fighters = {
  ...fighters,
  attacker: {
    ...GORD,
    classes: [{ cls: 'fighter', level: 15 }],
    proficiencies: ['longBow'],
    mastery: { longBow: { rank: 'highMaster', since: 15, firstSpecialised: 3 } },
  },
  weapon: { ...catalogueWeapon('longBow'), name: 'Arc long' },
};

function state(
  choices: Partial<GreyhawkChoices>,
  rolls: number[],
  follow: number[] = [],
  who: Fighters = fighters,
): GreyhawkAttackState {
  const c = { ...DEFAULT_CHOICES, ...choices };
  const base = { attackerName: GORD.name, weaponName: who.weapon.name, choices: c, undone: 0 };
  try {
    const first = firstPart(who, c, DEFAULT_GREYHAWK_OPTIONS)(new ScriptedDice(rolls));
    const outcome =
      first.outcome ??
      (follow.length
        ? followUp(who, c, DEFAULT_GREYHAWK_OPTIONS, first.dice)(new ScriptedDice(follow))
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

// ---------------------------------------------------------------------------------------------
// Character and monster sheets

const SWORD = icon('#5b6770', 'E');
const BOW = icon('#6b4f2a', 'A');

function sheetWeapon(base: string, name: string, img: string, equipped: boolean) {
  return { ...catalogueWeapon(base, { id: `w-${base}`, name }), equipped, img };
}

function sheetInput(
  lang: string,
  type: 'guerrier-adnd' | 'monstre-adnd',
  character: GreyhawkCharacter,
  weapons: GreyhawkSheetInput['weapons'],
  system: Record<string, unknown>,
  activeTab: string,
): GreyhawkSheetInput {
  const dict = translations(lang);
  const parent = {
    items: weapons.map((w) => ({ type: 'arme-adnd', system: { equipped: w.equipped, toEngine: () => w } })),
  };
  const derived = derive(character, parent);
  return {
    actor: { id: character.id, name: character.name, img: icon('#7a4b2a', character.name[0] ?? 'G'), type },
    system,
    character,
    derived: type === 'monstre-adnd' ? { ...derived, attacksPerTwoRounds: 3 } : derived,
    weapons,
    editable: true,
    enrichedBiography: '<p>Vétéran des Marches, il a servi dans la garde de Greyhawk.</p>',
    activeTab,
    ...(system === GORD_SYSTEM ? { conditions: GORD_CONDITIONS } : {}),
    t: (key, data) => formatKey(dict, key, data),
  };
}

const GORD_SHEET: GreyhawkCharacter = {
  id: 'gord',
  name: 'Gord de Greyhawk',
  classes: [{ cls: 'fighter', level: 7 }],
  str: 18,
  strPercent: 63,
  dex: 16,
  int: 13,
  size: 'M',
  proficiencies: ['longSword', 'longBow', 'dagger', 'tight:axes'],
  weaponOfChoice: 'longSword',
  mastery: { longSword: { rank: 'specialist', since: 1, firstSpecialised: 1 } },
  styles: { freeHand: 0, twoHanded: 1 },
  handedness: 'right',
};

const GORD_SYSTEM = {
  abilities: { str: 18, strPercent: 63, dex: 16, int: 13 },
  ac: 3,
  hp: { value: 52, max: 58 },
  movement: 12,
  shield: '',
  handedness: 'right',
  biography: '',
};

/** Shown in the header: a pin with two rounds left (G-C1) and a sword off line (G-D2), as effects give them. */
const GORD_CONDITIONS = { pinned: 2, held: false, heldRounds: 0, offLine: true };

const gordWeapons = (lang: string) => [
  sheetWeapon('longSword', lang === 'fr' ? 'Épée longue' : 'Long sword', SWORD, true),
  sheetWeapon('longBow', lang === 'fr' ? 'Arc long' : 'Long bow', BOW, false),
];

const OGRE: GreyhawkCharacter = {
  id: 'ogre',
  name: 'Ogre',
  classes: [],
  monster: { hitDice: 4 },
  str: 20,
  dex: 8,
  int: 6,
  size: 'L',
  proficiencies: [],
};

const sheetPage = (tab: string): GalleryPage => ({
  name: `greyhawk-guerrier-${tab}`,
  template: [
    'greyhawk/actor/header.hbs',
    'shared/tabs.hbs',
    ...(tab === 'notes' ? ['greyhawk/actor/notes.hbs'] : [`greyhawk/actor/${tab}.hbs`]),
  ],
  context: (lang) =>
    actorSheetContext(sheetInput(lang, 'guerrier-adnd', GORD_SHEET, gordWeapons(lang), GORD_SYSTEM, tab)),
  width: 720,
  height: 760,
  classes: ['greyhawk', 'actor'],
  title: GORD_SHEET.name,
});

const sheetPages: GalleryPage[] = [
  ...['profile', 'weapons', 'styles'].map(sheetPage),
  {
    name: 'greyhawk-guerrier-paladin',
    template: ['greyhawk/actor/header.hbs', 'shared/tabs.hbs', 'greyhawk/actor/weapons.hbs'],
    context: (lang) =>
      actorSheetContext(
        sheetInput(
          lang,
          'guerrier-adnd',
          {
            ...GORD_SHEET,
            id: 'tenser',
            name: 'Sire Tenser',
            classes: [{ cls: 'paladin', level: 3 }],
            proficiencies: ['longSword', 'lance'],
            mastery: {},
            weaponOfChoice: undefined,
          },
          [],
          GORD_SYSTEM,
          'weapons',
        ),
      ),
    width: 720,
    height: 760,
    classes: ['greyhawk', 'actor'],
    title: 'Sire Tenser',
  },
  {
    name: 'greyhawk-guerrier-cleric',
    template: ['greyhawk/actor/header.hbs', 'shared/tabs.hbs', 'greyhawk/actor/profile.hbs'],
    context: (lang) =>
      actorSheetContext(
        sheetInput(
          lang,
          'guerrier-adnd',
          {
            ...GORD_SHEET,
            id: 'rary',
            name: 'Frère Rary',
            classes: [{ cls: 'cleric', level: 4 }],
            int: 12,
            proficiencies: ['footmansMace', 'longSword'],
            mastery: {},
            styles: {},
            weaponOfChoice: undefined,
          },
          [],
          GORD_SYSTEM,
          'profile',
        ),
      ),
    width: 720,
    height: 760,
    classes: ['greyhawk', 'actor'],
    title: 'Frère Rary',
  },
  {
    name: 'greyhawk-monstre',
    template: ['greyhawk/actor/header.hbs', 'shared/tabs.hbs', 'greyhawk/actor/attacks.hbs'],
    context: (lang) =>
      actorSheetContext(
        sheetInput(
          lang,
          'monstre-adnd',
          OGRE,
          [
            {
              ...catalogueWeapon('club', { id: 'w-club', name: lang === 'fr' ? 'Gourdin' : 'Club' }),
              damageSM: '1d10',
              damageL: '1d10',
              equipped: true,
              img: SWORD,
            },
          ],
          {
            abilities: { str: 20, strPercent: 0, dex: 8, int: 6 },
            ac: 5,
            hp: { value: 30, max: 30 },
            movement: 9,
            shield: '',
            hitDice: 4,
            thac0: null,
            hasStr: true,
            attacksPerTwoRounds: 3,
          },
          'attacks',
        ),
      ),
    width: 720,
    height: 760,
    classes: ['greyhawk', 'actor'],
    title: OGRE.name,
  },
];

export const pages: GalleryPage[] = [
  ...sheetPages,
  chatPage('greyhawk-card-attack', 560, () =>
    card('resolved', state({ position: 'kneeling', calledShot: 1, purpose: 'clothing' }, [17, 6])),
  ),
  chatPage('greyhawk-card-applied', 560, () => {
    const s = state({}, [15, 5]);
    const dmg = s.first?.damage?.total ?? 0;
    return card('applied', {
      ...s,
      applied: { before: 30, after: 30 - dmg, damage: dmg, from: 'resolved', effects: [], undo: [] },
    });
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
  chatPage('greyhawk-card-extreme-range', 520, () =>
    card('resolved', state({ targetDistance: 250, distanceFrom: 'scene' }, [19, 4], [], archers)),
  ),
  chatPage('greyhawk-card-point-blank', 520, () =>
    card('resolved', state({ targetDistance: 8, distanceFrom: 'dialog' }, [14, 5], [], archers)),
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
          undefined,
          styleDialogContext(
            GORD_SHEET,
            { ...catalogueWeapon('longSword'), name: 'Épée longue' },
            { shield: false, grip: 'one' },
            DEFAULT_STYLE_ANSWERS,
          ),
        ),
      ),
  },
  {
    name: 'greyhawk-attack-dialog-missile',
    template: 'greyhawk/chat/attack-dialog.hbs',
    width: 420,
    height: 900,
    classes: ['greyhawk', 'dialog'],
    context: (lang) =>
      withI18n(lang, () =>
        greyhawkDialogContext(
          'Dague',
          [
            { actorUuid: 'Actor.brute', tokenUuid: 'Scene.s.Token.b', name: BRUTE.name },
            { actorUuid: 'Actor.orc', tokenUuid: '', name: 'Orque' },
          ],
          DEFAULT_CHOICES,
          {
            missile: true,
            canThrow: true,
            measured: [
              { name: BRUTE.name, distance: 7.5 },
              { name: 'Orque', distance: null },
            ],
          },
        ),
      ),
  },
  {
    name: 'greyhawk-attack-dialog-two-weapons',
    template: 'greyhawk/chat/attack-dialog.hbs',
    width: 420,
    height: 980,
    classes: ['greyhawk', 'dialog'],
    context: (lang) =>
      withI18n(lang, () => {
        const sword = { ...catalogueWeapon('longSword'), name: lang === 'fr' ? 'Épée longue' : 'Long sword' };
        const short = {
          ...catalogueWeapon('shortSword'),
          name: lang === 'fr' ? 'Épée courte' : 'Short sword',
        };
        const facts = { otherWeapon: short, shield: false, grip: 'one' as const };
        const answers = { ...DEFAULT_STYLE_ANSWERS, hand: 'main' as const, bothHands: true };
        return greyhawkDialogContext(
          sword.name,
          [{ actorUuid: 'Actor.brute', tokenUuid: '', name: BRUTE.name }],
          { ...DEFAULT_CHOICES, styleAnswers: answers },
          undefined,
          styleDialogContext(GORD_SHEET, sword, facts, answers),
        );
      }),
  },
  {
    name: 'greyhawk-attack-dialog-mounted',
    template: 'greyhawk/chat/attack-dialog.hbs',
    width: 420,
    height: 980,
    classes: ['greyhawk', 'dialog'],
    context: (lang) =>
      withI18n(lang, () => {
        const bow = {
          ...catalogueWeapon('compositeShortBow'),
          name: lang === 'fr' ? 'Arc court composite' : 'Composite short bow',
        };
        const facts = { shield: false, grip: 'one' as const, mount: { name: 'Cheval', normal: 24 } };
        const answers = { ...DEFAULT_STYLE_ANSWERS, missileMove: 'half' as const, mountMoved: 20 };
        return greyhawkDialogContext(
          bow.name,
          [{ actorUuid: 'Actor.orc', tokenUuid: 'Scene.s.Token.o', name: 'Orque' }],
          { ...DEFAULT_CHOICES, styleAnswers: answers },
          { missile: true, canThrow: false, measured: [{ name: 'Orque', distance: 30 }] },
          styleDialogContext(GORD_SHEET, bow, facts, answers),
        );
      }),
  },
];
