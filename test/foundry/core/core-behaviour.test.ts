/**
 * Core Foundry behaviour the system keeps: core's Combat methods run (their hooks fire, world
 * time advances), a player's "defeated" drops the combatant, new actors get their ruleset's token
 * bar, every ruleset's GM queries exist in every world, a compendium weapon dropped on the hotbar
 * makes no broken macro, and the GM's dice show in Dice So Nice for everyone.
 *
 * Core's Combat, Combatant and Actor are small local stubs of their documented behaviour (the
 * shared fake has no turn methods): startCombat fires `combatStart` then writes round 1;
 * nextRound fires `combatRound` and advances world time by a round; nextTurn fires `combatTurn`
 * and advances by a turn, or moves on to nextRound after the last turn.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- stubs of core documents and fake globals */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestCardAction } from '../../../src/foundry/chat/card-action';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { registerRoundAdapter } from '../../../src/foundry/combat/adapter';
import { fantasiaRoundAdapter } from '../../../src/foundry/rulesets/fantasia/round/adapter';
import * as Docs from '../../../src/foundry/combat/documents';
import { sendRoundCommand } from '../../../src/foundry/combat/service';
import { coreMoveOf } from '../../../src/foundry/combat/store';
import * as ActorDocs from '../../../src/foundry/documents/actor';
import { registerAllRulesets } from '../../../src/foundry/rulesets/all';
import { runRequest } from '../../../src/foundry/queries';
import { initSystem } from '../../../src/foundry/system';
import { showRollsToAll } from '../../../src/foundry/dice/dice-so-nice';
import { fantasiaHotbarDrop, weaponDropKind } from '../../../src/foundry/rulesets/fantasia/hotbar';
import { actAs, translations, world, type FakeUser } from '../../fakes/foundry';
import { chatWorld, dice, fighter, targetOf } from '../chat/helpers';
import { FakeRoundCombatant } from '../combat/fakes';

const g = globalThis as any;
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

// Installed before the modules below are imported: their classes extend foundry.documents.*.
const stubs = vi.hoisted(() => {
  const g = globalThis as any;
  const merge = (target: any, source: any): any => {
    for (const [k, v] of Object.entries(source)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) target[k] = merge(target[k] ?? {}, v);
      else target[k] = v;
    }
    return target;
  };
  class CoreCombatStub {
    static documentName = 'Combat';
    id = 'combat-core';
    round = 0;
    turn: number | null = null;
    system: any = {
      rules: '',
      step: '',
      pass: null,
      slotIndex: -1,
      slots: [],
      order: [],
      out: [],
      thrustMemory: [],
    };
    list: FakeRoundCombatant[] = [];
    writes: { changed: any; options: any }[] = [];
    get combatants() {
      return this.list;
    }
    get turns() {
      return [...this.list].sort((a, b) => (b.initiative ?? -99) - (a.initiative ?? -99));
    }
    async startCombat() {
      const data = { round: 1, turn: 0 };
      g.Hooks.callAll('combatStart', this, data);
      await this.update(data);
      return this;
    }
    async nextRound() {
      const data = { round: this.round + 1, turn: 0 };
      const options = { direction: 1, worldTime: { delta: g.CONFIG.time.roundTime } };
      g.Hooks.callAll('combatRound', this, data, options);
      await this.update(data, options);
      return this;
    }
    async nextTurn(): Promise<this> {
      const next = (this.turn ?? -1) + 1;
      if (next >= this.turns.length) return (this as any).nextRound();
      const data = { round: this.round, turn: next };
      const options = { direction: 1, worldTime: { delta: g.CONFIG.time.turnTime } };
      g.Hooks.callAll('combatTurn', this, data, options);
      await this.update(data, options);
      return this;
    }
    async _preUpdate(_changed: any, _options: any, _userId: string) {}
    async update(changed: any, options: any = {}) {
      await this._preUpdate(changed, options, g.game.user.id);
      this.writes.push({ changed: structuredClone(changed), options });
      if (changed.round !== undefined) this.round = changed.round;
      if (changed.turn !== undefined) this.turn = changed.turn;
      if (changed.system) this.system = { ...this.system, ...structuredClone(changed.system) };
      if (options.worldTime) g.game.time.worldTime += options.worldTime.delta;
      return this;
    }
    async updateEmbeddedDocuments(_name: string, updates: any[]) {
      for (const u of structuredClone(updates)) {
        const c = this.list.find((x) => x.id === u._id)!;
        if (u.initiative !== undefined) c.initiative = u.initiative;
        if (u.system) c.system = { ...c.system, ...u.system };
      }
      return updates;
    }
  }
  class CoreCombatantStub {
    static documentName = 'Combatant';
    id = '';
    parent: any = null;
    _onUpdate(_changed: any, _options: any, _userId: string) {}
  }
  class CoreActorStub {
    static documentName = 'Actor';
    type: string;
    source: any;
    constructor(data: any) {
      this.type = data.type;
      this.source = structuredClone(data);
    }
    async _preCreate(_data: any, _options: any, _user: any): Promise<boolean | void> {}
    updateSource(changes: any) {
      merge(this.source, changes);
    }
  }

  g.foundry.documents.Combat = CoreCombatStub;
  g.foundry.documents.Combatant = CoreCombatantStub;
  g.foundry.documents.Actor = CoreActorStub;
  return { CoreCombatStub };
});
const { CoreCombatStub } = stubs;

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;
beforeEach(() => {
  ({ gm, player, other } = chatWorld());
  g.game.time = { worldTime: 0 };
  g.CONFIG.time = { roundTime: 6, turnTime: 0 };
  registerRoundAdapter(fantasiaRoundAdapter);
  g.game.settings.set('passe-d-armes', 'ruleset', 'fantasia');
});

function combatOf(...fighters: [string, number][]): any {
  const combat = new (Docs.PasseDArmesCombat as any)();
  combat.list = fighters.map(([name, dex]) => new FakeRoundCombatant({ id: name, name, kind: 'pnj', dex }));
  g.game.combats.set(combat.id, combat);
  return combat;
}

function recordHooks(): string[] {
  const seen: string[] = [];
  for (const name of ['combatStart', 'combatRound', 'combatTurn'])
    g.Hooks.on(name, (combat: any, data: any) => seen.push(`${name}:${combat.id}:${data.round}`));
  return seen;
}

describe("core's Combat methods run under the round engine", () => {
  it('the start and a new round fire their hooks, and the new round advances world time', async () => {
    world.hooks.clear();
    const seen = recordHooks();
    const combat = combatOf(['Rorque', 16], ['Ava', 17]);
    await combat.startCombat();
    expect(seen).toEqual(['combatStart:combat-core:1']);
    // The engine's round is stored, merged into core's own write; the only other Combat write is
    // the write-ahead journal made before the Combatants' (src/foundry/combat/round-writes.ts).
    expect(combat.round).toBe(1);
    expect(combat.system.step).toBe('declaration');
    expect(combat.system.rules).toBe('fantasia');
    const roundWrites = combat.writes.filter(
      (w: { changed: any }) => !w.changed.flags?.['passe-d-armes']?.roundJournal,
    );
    expect(roundWrites).toHaveLength(1);
    expect(combat.writes).toHaveLength(2);

    await Docs.PasseDArmesCombat.prototype.coreAdvance.call(combat, 'round', {
      round: 2,
      turn: null,
      system: { step: 'declaration' },
    });
    expect(seen.at(-1)).toBe('combatRound:combat-core:2');
    expect(g.game.time.worldTime).toBe(6);
    // The engine's turn (no slot yet) wins over core's turn 0.
    expect(combat.turn).toBeNull();
    expect(combat.round).toBe(2);
  });

  it('the GM forcing the next round from the tracker also goes through core', async () => {
    world.hooks.clear();
    const seen = recordHooks();
    const combat = combatOf(['Rorque', 16], ['Ava', 17]);
    await combat.startCombat();
    await sendRoundCommand(combat, { kind: 'nextRound', force: true });
    expect(combat.round).toBe(2);
    expect(seen).toEqual(['combatStart:combat-core:1', 'combatRound:combat-core:2']);
    expect(g.game.time.worldTime).toBe(6);
  });

  it('a slot forward in the round is core\'s next turn; "combatTurn" fires with world time', async () => {
    world.hooks.clear();
    g.CONFIG.time.turnTime = 2;
    const seen = recordHooks();
    const combat = combatOf(['Rorque', 16], ['Ava', 17], ['Bran', 12]);
    combat.round = 1;
    combat.turn = 0;
    await combat.coreAdvance('turn', { round: 1, turn: 2, system: { slotIndex: 1 } });
    expect(seen).toEqual(['combatTurn:combat-core:1']);
    expect(g.game.time.worldTime).toBe(2);
    expect(combat.turn).toBe(2); // the engine's slot, not core's "next" (1)
    expect(combat.system.slotIndex).toBe(1);
  });

  it('which writes are core moves: start, a later round, a turn forward; never a pass restart', () => {
    const state = { ended: false } as any;
    const idle = { round: 0, turn: null, system: { step: '' } } as any;
    expect(coreMoveOf(idle, { round: 1, turn: null }, state)).toBe('start');
    const running = { round: 1, turn: 2, system: { step: 'passes' } } as any;
    expect(coreMoveOf(running, { round: 2, turn: 0 }, state)).toBe('round');
    expect(coreMoveOf(running, { round: 1, turn: 3 }, state)).toBe('turn');
    // Pass 2 starting again from the fastest combatant: core would read it as a new round.
    expect(coreMoveOf(running, { round: 1, turn: 0 }, state)).toBeNull();
    expect(coreMoveOf(running, { round: 1, turn: null }, state)).toBeNull();
    expect(coreMoveOf(running, { round: 1, turn: 3 }, { ended: true } as any)).toBeNull();
  });

  it('when core refuses to write, the round is stored all the same', async () => {
    const combat = combatOf(['Rorque', 16], ['Ava', 17]);
    const spy = vi.spyOn(CoreCombatStub.prototype, 'startCombat').mockRejectedValueOnce(new Error('refused'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await combat.startCombat();
    expect(combat.round).toBe(1);
    expect(combat.system.step).toBe('declaration');
    spy.mockRestore();
    error.mockRestore();
  });
});

describe('a combatant marked defeated', () => {
  async function startedWith(): Promise<any> {
    const combat = combatOf(['Rorque', 16], ['Ava', 17]);
    await combat.startCombat();
    return combat;
  }
  function combatant(combat: any, id: string): any {
    const c = new (Docs.PasseDArmesCombatant as any)();
    c.id = id;
    c.parent = combat;
    // Ava is the player's fighter (a Combatant's permission is its actor's).
    c.testUserPermission = (user: FakeUser) => user.isGM || (id === 'Ava' && user.id === player.id);
    return c;
  }

  it("by a player on their own combatant is dropped from the round by the active GM's client", async () => {
    const combat = await startedWith();
    actAs(gm);
    combatant(combat, 'Ava')._onUpdate({ defeated: true }, {}, player.id);
    await flush();
    expect(combat.system.out).toContain('Ava');
  });

  it("is not sent from a player's client (the GM's client does it)", async () => {
    const combat = await startedWith();
    actAs(player);
    combatant(combat, 'Ava')._onUpdate({ defeated: true }, {}, player.id);
    await flush();
    actAs(gm);
    expect(combat.system.out).not.toContain('Ava');
  });
});

describe('token bars and GM queries in every world', () => {
  it("a new actor's token shows its ruleset's hit points: hp for Greyhawk, pv for the others", async () => {
    registerAllRulesets();
    const bar = async (type: string, data: any = {}) => {
      const actor = new (ActorDocs.PasseDArmesActor as any)({ type, ...data });
      await actor._preCreate({ type, ...data }, {}, gm.id);
      return actor.source.prototypeToken?.bar1?.attribute;
    };
    expect(await bar('guerrier-adnd')).toBe('hp');
    expect(await bar('monstre-adnd')).toBe('hp');
    expect(await bar('aventurier')).toBe('pv');
    expect(await bar('combattant')).toBe('pv');
    // A bar chosen in the creation data (an imported actor) is kept.
    expect(await bar('guerrier-adnd', { prototypeToken: { bar1: { attribute: null } } })).toBeNull();
  });

  it("a Fantasia world registers every ruleset's token attributes and the Souffle posture query", async () => {
    g.game.settings.set('passe-d-armes', 'ruleset', 'fantasia');
    initSystem();
    // The GM's client knows the request: it answers it (here a refusal of the empty payload).
    const answer = await runRequest('souffle.posture', {}, gm as never);
    expect(answer).not.toMatchObject({ key: 'PDA.Error.UnknownQuery' });
    expect(g.CONFIG.Actor.trackableAttributes['guerrier-adnd']).toEqual({ bar: ['hp'], value: [] });
    expect(g.CONFIG.Actor.trackableAttributes.aventurier).toEqual({ bar: ['pv'], value: ['mouvement'] });
    expect(g.CONFIG.Actor.trackableAttributes.combattant.bar).toContain('pv');
  });

  it.each(['fantasia', 'souffle', 'greyhawk'])(
    "a %s world loads every ruleset's sheet partials (their sheets are registered everywhere)",
    (active) => {
      const loaded: string[] = [];
      const original = g.foundry.applications.handlebars.loadTemplates;
      g.foundry.applications.handlebars.loadTemplates = async (paths: string[]) => (
        loaded.push(...paths),
        []
      );
      g.game.settings.set('passe-d-armes', 'ruleset', active);
      initSystem();
      g.foundry.applications.handlebars.loadTemplates = original;
      expect(loaded).toContain('systems/passe-d-armes/templates/fantasia/actor/skills.hbs');
      expect(loaded).toContain('systems/passe-d-armes/templates/souffle/actor/metiers.hbs');
    },
  );

  it("core's legacy v1 sheets are withdrawn from every one of the system's types", () => {
    const removed: any[] = [];
    const ActorSheet = class {};
    const ItemSheet = class {};
    g.foundry.appv1 = { sheets: { ActorSheet, ItemSheet } };
    g.foundry.applications.apps.DocumentSheetConfig.unregisterSheet = (...args: any[]) => removed.push(args);
    initSystem();
    delete g.foundry.appv1;
    delete g.foundry.applications.apps.DocumentSheetConfig.unregisterSheet;
    expect(removed.map(([, scope, sheet]) => [scope, sheet])).toEqual([
      ['core', ActorSheet],
      ['core', ItemSheet],
    ]);
    expect(removed[0][3].types).toEqual(
      expect.arrayContaining(['aventurier', 'guerrier-adnd', 'combattant', 'pnj']),
    );
    expect(removed[1][3].types).toEqual(expect.arrayContaining(['arme', 'arme-adnd', 'arme-souffle']));
  });
});

describe('a weapon dropped on the hotbar', () => {
  let created: any[];
  beforeEach(() => {
    created = [];
    translations.data = { PDA: { Error: { MacroNotOwnedWeapon: '« {name} » n’appartient à personne' } } };
    g.CONFIG.Macro = { documentClass: { create: async (data: any) => (created.push(data), data) } };
    g.game.macros = { find: () => undefined };
    g.fromUuid = async (uuid: string) => ({ uuid, name: 'Épée longue', type: 'arme', img: null });
  });

  it('from a compendium is refused with a message, and no macro is made', async () => {
    const uuid = 'Compendium.passe-d-armes.fantasia-armes.Item.abc123';
    expect(weaponDropKind(uuid)).toBe('compendium');
    expect(fantasiaHotbarDrop(null, { type: 'Item', uuid }, 1)).toBe(false);
    await flush();
    expect(created).toEqual([]);
    expect(world.notifications).toEqual([
      { level: 'warn', message: '« Épée longue » n’appartient à personne' },
    ]);
  });

  it("of a compendium actor is refused too; an actor's own weapon makes an attack macro", async () => {
    expect(weaponDropKind('Compendium.passe-d-armes.fantasia-bestiaire.Actor.a1.Item.w1')).toBe('compendium');
    expect(fantasiaHotbarDrop(null, { type: 'Item', uuid: 'Actor.a1.Item.w1' }, 2)).toBe(false);
    await flush();
    expect(created).toHaveLength(1);
    expect(created[0].command).toContain('Actor.a1.Item.w1');
    // A world item outside any actor gets core's default macro.
    expect(fantasiaHotbarDrop(null, { type: 'Item', uuid: 'Item.w2' }, 3)).toBeUndefined();
  });
});

describe('Dice So Nice', () => {
  it("the defender's parry rolled by the GM's client animates for everyone, the d100 as Foundry's d100", async () => {
    const shown: any[] = [];
    g.game.dice3d = {
      showForRoll: async (roll: any, user: any, synchronize: boolean, whisper: any, blind: boolean) => {
        shown.push({ formula: roll.formula, user: user.id, synchronize, whisper, blind });
        return true;
      },
    };
    const aldo = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 }, damageBonus: '1d4' });
    const brute = fighter({ name: 'Brute', owner: other, skills: { armesDeMelee: 40 }, armour: 2, pv: 14 });
    dice(3);
    actAs(player);
    await startAttack(aldo as never, 'epeeLongue', { targets: [targetOf(brute)], skipDialog: true });
    expect(shown).toEqual([]); // a new message: Dice So Nice animates it by itself
    dice(70, 4, 5, 3);
    actAs(other);
    const parry = await requestCardAction(g.game.messages.contents.at(-1).id, 'parry.epeeLongue');
    actAs(gm);
    expect(parry.ok).toBe(true);
    expect(shown.map((s) => s.formula)).toEqual(['1d100', '1d6', '1d6', '1d4']);
    expect(shown.every((s) => s.synchronize && s.whisper === null && !s.blind && s.user === gm.id)).toBe(
      true,
    );
  });

  it('a whispered card animates only for its audience; without the module nothing is called', async () => {
    const calls: any[] = [];
    g.game.dice3d = { showForRoll: async (...args: any[]) => (calls.push(args), true) };
    const roll = { formula: '1d100' } as never;
    await showRollsToAll([roll], { id: 'm1', whisper: ['gm', 'p1'], blind: false });
    expect(calls[0].slice(2, 6)).toEqual([true, ['gm', 'p1'], false, 'm1']);
    delete g.game.dice3d;
    await expect(showRollsToAll([roll], { id: 'm1' })).resolves.toBeUndefined();
  });
});
