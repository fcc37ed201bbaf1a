/**
 * Foundry v13 and v14 where they differ (src/foundry/compat.ts): roll mode vs message mode, the
 * shape of CONFIG.statusEffects, and forms or nodes of a popped-out window. Each behaviour runs
 * with `game.release.generation` set to 13 and to 14.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
import { beforeEach, describe, expect, it } from 'vitest';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia/weapons';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { wireCard } from '../../../src/foundry/chat/hooks';
import { postTemplateCard } from '../../../src/foundry/chat/simple-card';
import {
  applyMessageMode,
  configuredStatusEffects,
  setStatusEffects,
  userMessageMode,
} from '../../../src/foundry/compat';
import {
  configureTokens,
  FANTASIA_STATUS_EFFECTS,
} from '../../../src/foundry/rulesets/fantasia/status-effects';
import { listenOnce } from '../../../src/foundry/apps/dom';
import { formObject } from '../../../src/foundry/rulesets/souffle/ladder-form';
import { POSTURE_STATUS_EFFECTS } from '../../../src/foundry/rulesets/souffle/posture';
import { SOUFFLE_STATE_STATUS_EFFECTS } from '../../../src/foundry/rulesets/souffle/states';
import { SOUFFLE_STATES } from '../../../src/engine/souffle/states';
import { souffleRuleset } from '../../../src/foundry/rulesets/souffle';
import { FakeChatMessage, world, actAs, type FakeUser } from '../../fakes/foundry';
import { chatWorld, dice, fighter, lastMessage, targetOf, TestMessage } from '../chat/helpers';

const g = globalThis as any;
const GENERATIONS = [13, 14] as const;

function setGeneration(generation: number): void {
  g.game.release = { generation, build: generation === 13 ? 351 : 370 };
}

/** v14's documented ChatMessage.applyMode next to v13's applyRollMode; records which one ran. */
class ModeMessage extends TestMessage {
  static calls: string[] = [];
  static applyMode(data: any, mode: string): any {
    ModeMessage.calls.push(`applyMode:${mode}`);
    const gms = g.game.users.filter((u: FakeUser) => u.isGM).map((u: FakeUser) => u.id);
    if (mode === 'gm' || mode === 'blind') data.whisper = gms;
    if (mode === 'blind') data.blind = true;
    if (mode === 'self') data.whisper = [g.game.user.id];
    return data;
  }
  static override applyRollMode(data: any, mode: string): any {
    ModeMessage.calls.push(`applyRollMode:${mode}`);
    return FakeChatMessage.applyRollMode(data, mode);
  }
}

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;
beforeEach(() => {
  ({ gm, player, other } = chatWorld());
  g.CONFIG.ChatMessage.documentClass = ModeMessage;
  ModeMessage.calls = [];
});

/** Sets the user's private-GM choice in the generation's own setting. */
function chooseMode(generation: number, v13: string, v14: string): void {
  setGeneration(generation);
  if (generation >= 14) world.settings.set('core.messageMode', v14);
  else world.settings.set('core.rollMode', v13);
}

describe('roll mode (v13) and message mode (v14)', () => {
  it.each(GENERATIONS)('v%i: the chat control is read from its own setting', (generation) => {
    // The other generation's setting holds a different value: reading it would be the mistake.
    world.settings.set('core.rollMode', generation === 13 ? 'blindroll' : 'publicroll');
    world.settings.set('core.messageMode', generation === 14 ? 'self' : 'public');
    setGeneration(generation);
    expect(userMessageMode()).toBe(generation === 13 ? 'blind' : 'self');
  });

  it.each(GENERATIONS)("v%i: core's own method of the generation applies the mode", (generation) => {
    setGeneration(generation);
    const data = applyMessageMode({} as Record<string, unknown>, 'gm');
    expect(ModeMessage.calls).toEqual([generation === 13 ? 'applyRollMode:gmroll' : 'applyMode:gm']);
    expect(data.whisper).toEqual([gm.id]);
  });

  it.each(GENERATIONS)('v%i: a one-shot roll keeps a self roll to its author', async (generation) => {
    chooseMode(generation, 'selfroll', 'self');
    actAs(player);
    const actor = fighter({ name: 'Aldo', owner: player });
    await postTemplateCard(actor, 'chat/card.hbs', {}, []);
    expect((lastMessage() as any).whisper).toEqual([player.id]);
  });

  it.each(GENERATIONS)(
    "v%i: a private shared card still reaches the defender's player, not the rest of the table",
    async (generation) => {
      const stranger: FakeUser = { id: 'pl00000000000003', name: 'Tiers', isGM: false, active: true };
      g.game.users.set(stranger.id, stranger);
      chooseMode(generation, 'gmroll', 'gm');
      const aldo = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
      const brute = fighter({ name: 'Brute', owner: other, weapons: [FANTASIA_WEAPONS.epeeLongue] });
      dice(30);
      actAs(player);
      await startAttack(aldo as never, 'epeeLongue', { targets: [targetOf(brute)], skipDialog: true });
      actAs(gm);
      const card = lastMessage() as any;
      expect([...card.whisper].sort()).toEqual([gm.id, player.id, other.id].sort());
      expect(card.whisper).not.toContain(stranger.id);
      expect(card.blind).toBe(false);
    },
  );
});

describe('CONFIG.statusEffects', () => {
  const core = [
    { id: 'dead', name: 'EFFECT.StatusDead', img: 'icons/svg/skull.svg' },
    { id: 'prone', name: 'EFFECT.StatusProne', img: 'icons/svg/falling.svg' },
  ];

  function installCore(generation: number): unknown {
    const list = core.map((e) => ({ ...e }));
    g.CONFIG.statusEffects = generation >= 14 ? Object.fromEntries(list.map((e) => [e.id, e])) : list;
    return g.CONFIG.statusEffects;
  }
  const ids = (): string[] =>
    Array.isArray(g.CONFIG.statusEffects)
      ? g.CONFIG.statusEffects.map((e: any) => e.id)
      : Object.keys(g.CONFIG.statusEffects);

  it.each(GENERATIONS)(
    'v%i: Fantasia assigns its own list once, in its order, on the generation shape',
    (generation) => {
      setGeneration(generation);
      const before = installCore(generation);
      const snapshot = structuredClone(before);
      configureTokens();
      expect(Array.isArray(g.CONFIG.statusEffects)).toBe(generation === 13);
      expect(ids()).toEqual(FANTASIA_STATUS_EFFECTS.map((e) => e.id));
      expect(g.CONFIG.statusEffects).not.toBe(before);
      expect(before).toEqual(snapshot); // core's list is untouched
      if (generation >= 14) expect(g.CONFIG.statusEffects.dead.img).toBe('icons/svg/skull.svg');
    },
  );

  it.each(GENERATIONS)(
    "v%i: Souffle keeps core's statuses first, then its postures and its states",
    (generation) => {
      setGeneration(generation);
      const before = installCore(generation);
      const snapshot = structuredClone(before);
      souffleRuleset.init?.();
      expect(ids()).toEqual([
        'dead',
        'prone',
        ...POSTURE_STATUS_EFFECTS.map((e) => e.id),
        ...SOUFFLE_STATE_STATUS_EFFECTS.map((e) => e.id),
      ]);
      expect(before).toEqual(snapshot);
      // Running init twice (a second world load) does not duplicate them.
      souffleRuleset.init?.();
      expect(ids()).toHaveLength(5 + SOUFFLE_STATES.length);
    },
  );

  it.each(GENERATIONS)('v%i: a list read back is the same list, whatever the shape', (generation) => {
    setGeneration(generation);
    setStatusEffects([...core, core[0]!]);
    expect(configuredStatusEffects()).toEqual(core);
  });
});

describe('pop-out windows (v14 pop-out applications; same code on v13)', () => {
  /** A <form> of another window: the right tag and node type, but none of this realm's classes. */
  function foreignForm(values: Record<string, string>) {
    return {
      nodeType: 1,
      tagName: 'FORM',
      querySelectorAll: () => Object.entries(values).map(([name, value]) => ({ name, value })),
    };
  }

  it.each(GENERATIONS)(
    "v%i: the ladder form of a popped-out window is read with core's form data",
    (generation) => {
      setGeneration(generation);
      const seen: unknown[] = [];
      g.foundry.applications.ux = {
        ...g.foundry.applications.ux,
        FormDataExtended: class {
          object: Record<string, unknown>;
          constructor(form: any) {
            seen.push(form);
            this.object = { 'rows.0.dice': 'avantage' };
          }
        },
      };
      const form = foreignForm({ 'rows.0.dice': 'ignored' });
      expect(formObject(form as never)).toEqual({ 'rows.0.dice': 'avantage' });
      expect(seen).toEqual([form]);
    },
  );

  it.each(GENERATIONS)(
    'v%i: a render that keeps an element does not bind its listener twice',
    (generation) => {
      setGeneration(generation);
      const listeners: string[] = [];
      const element = () => ({
        dataset: {} as Record<string, string>,
        addEventListener: (type: string) => listeners.push(type),
      });
      const field = element();
      // _onRender runs on the first render, then again on re-renders that kept this part.
      for (let render = 0; render < 3; render++)
        listenOnce(field as never, 'change', 'Metier', () => undefined);
      expect(listeners).toEqual(['change']);
      // A freshly rendered element (a replaced part) gets its own listener.
      listenOnce(element() as never, 'change', 'Metier', () => undefined);
      expect(listeners).toEqual(['change', 'change']);
    },
  );

  it.each(GENERATIONS)(
    "v%i: a disabled card button's reason is made by the card's own document",
    (generation) => {
      setGeneration(generation);
      const made: string[] = [];
      const ownerDocument = {
        createElement: (tag: string) => {
          made.push(tag);
          return { className: '', textContent: '' };
        },
      };
      const button = { dataset: { pdaAction: 'parry' }, disabled: false, addEventListener: () => undefined };
      const appended: unknown[] = [];
      const wrap = {
        ownerDocument,
        querySelector: (sel: string) => (sel.startsWith('button') ? button : null),
        append: (node: unknown) => appended.push(node),
        remove: () => undefined,
      };
      const html = { querySelectorAll: () => [wrap] };
      const message = new ModeMessage({ type: 'carte', system: {} });
      const live = new Map([['parry', { visible: true, enabled: false, reason: 'Combat terminé' }]]);
      wireCard(message as never, html as never, live as never);
      expect(made).toEqual(['span']);
      expect(button.disabled).toBe(true);
      expect(appended).toEqual([{ className: 'pda-card__reason', textContent: 'Combat terminé' }]);
    },
  );
});
