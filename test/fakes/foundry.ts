import Handlebars from 'handlebars';
/**
 * A small, explicit fake of the Foundry globals our adapters touch. It is written from Foundry's
 * public API documentation, not from its source: enough behaviour (field defaults, cleaning,
 * validation, document updates, notifications, queries) for adapter tests and for the template
 * snapshot script, nothing more. Installed once by test/setup.ts; `resetFoundry()` gives each test
 * a clean world.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake of an untyped global surface */
import { compareCombatants } from '../harness/server';
import {
  Collection,
  DataModel,
  TypeDataModel,
  deepClone,
  expandObject,
  fields,
  getProperty,
  mergeObject,
  randomID,
  utils,
  type Obj,
} from './data';

export { deepClone, escapeHTML, fields, getProperty, mergeObject, randomID, setProperty } from './data';

/** A minimal Document: id, name, type, system model, ownership, update with hooks-free semantics. */
export class FakeDocument {
  static documentName = 'Document';
  static dataModels: Record<string, typeof DataModel> = {};
  id: string;
  _id: string;
  name: string;
  type: string;
  system: any;
  flags: Obj;
  parent: any;
  ownerIds: Set<string>;
  updates: Obj[] = [];

  constructor(data: Obj = {}, options: Obj = {}) {
    const ctor = this.constructor as typeof FakeDocument;
    this._id = this.id = data._id ?? randomID();
    this.name = data.name ?? '';
    this.type = data.type ?? 'base';
    this.flags = deepClone(data.flags ?? {});
    this.parent = options.parent ?? null;
    this.ownerIds = new Set(data.ownerIds ?? []);
    const Model = ctor.dataModels[this.type];
    this.system = Model ? new Model(data.system ?? {}, { parent: this }) : deepClone(data.system ?? {});
    this.prepareData();
  }

  get uuid(): string {
    return `${(this.constructor as typeof FakeDocument).documentName}.${this.id}`;
  }

  get documentName(): string {
    return (this.constructor as typeof FakeDocument).documentName;
  }

  /** Records what the create dialog would be opened with. */
  static async createDialog(data: Obj = {}, createOptions: Obj = {}, options: Obj = {}): Promise<Obj> {
    return { data, createOptions, options };
  }

  /** An embedded document has its parent's ownership (an actor's items are its owners'). */
  get isOwner(): boolean {
    if (this.parent?.isOwner !== undefined) return Boolean(this.parent.isOwner);
    const user = (globalThis as any).game?.user;
    return Boolean(user?.isGM || this.ownerIds.has(user?.id));
  }

  testUserPermission(user: { id: string; isGM?: boolean }, level: string | number): boolean {
    if (typeof this.parent?.testUserPermission === 'function')
      return this.parent.testUserPermission(user, level);
    return Boolean(user.isGM || (level && this.ownerIds.has(user.id)));
  }

  prepareData(): void {
    this.system?.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.system?.prepareDerivedData?.();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareEmbeddedDocuments(): void {}
  prepareDerivedData(): void {}

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  /**
   * Applies `changes` as Foundry does (test/harness/FAKE.md): only an owner (or a GM) may write;
   * the system model's `_preUpdate` may veto; dotted keys, `-=` deletions and `recursive: false`
   * are honoured; the change is validated whole and an invalid one throws and changes nothing;
   * `_onUpdate` then runs with the diff and the writing user's id. As since v12, `_preUpdate` gets
   * the change as requested (unchanged keys included); a change that changes nothing is written
   * nowhere and runs no `_onUpdate` (foundryvtt #10841).
   */
  async update(changes: Obj, options: Obj = {}): Promise<this | undefined> {
    const user = (globalThis as any).game?.user;
    if (user && !this.mayWrite(user))
      throw new Error(`User ${user.id} lacks permission to update ${this.uuid}`);
    const expanded = expandObject(changes);
    if (this.system instanceof TypeDataModel && typeof (this.system as any)._preUpdate === 'function') {
      if ((await (this.system as any)._preUpdate(expanded, options, user)) === false) return undefined;
    }
    const diff: Obj = {};
    if (expanded.system !== undefined && this.system instanceof DataModel) {
      const backup = this.system.toObject();
      try {
        diff.system = this.system.updateSource(expanded.system, { recursive: options.recursive });
      } catch (error) {
        this.system.updateSource(backup, { recursive: false });
        throw error;
      }
    } else if (expanded.system !== undefined) {
      this.system =
        options.recursive === false
          ? deepClone(expanded.system)
          : mergeObject(this.system, expanded.system, { inplace: false, performDeletions: true });
      diff.system = expanded.system;
    }
    for (const [key, value] of Object.entries(expanded)) {
      if (key === 'system') continue;
      const target = this as Obj;
      // An unchanged top-level value is no part of the diff.
      if (!key.startsWith('-=') && JSON.stringify(target[key]) === JSON.stringify(value)) continue;
      if (key.startsWith('-=')) delete target[key.slice(2)];
      else if (
        options.recursive === false ||
        value === null ||
        typeof value !== 'object' ||
        Array.isArray(value)
      )
        target[key] = deepClone(value);
      else target[key] = mergeObject(target[key] ?? {}, value, { inplace: false, performDeletions: true });
      diff[key] = deepClone(value);
    }
    this.updates.push(deepClone(changes));
    if (diff.system !== undefined && !Object.keys(diff.system as Obj).length && expanded.system !== undefined)
      delete diff.system;
    if (!Object.keys(diff).length) return this;
    this.prepareData();
    (this.system as any)?._onUpdate?.(diff.system ?? {}, options, user?.id ?? '');
    this._onUpdate(diff, options, user?.id ?? '');
    return this;
  }

  /** Who may write this document: its owners and the GMs. */
  mayWrite(user: { id: string; isGM?: boolean }): boolean {
    return Boolean(user.isGM) || this.isOwner;
  }

  _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}

  toObject(): Obj {
    return {
      _id: this.id,
      name: this.name,
      type: this.type,
      system: this.system instanceof DataModel ? this.system.toObject() : deepClone(this.system),
      flags: deepClone(this.flags),
    };
  }
}

/** The fake's collections are Foundry's Collection (test/fakes/data.ts). */
export class FakeCollection<T extends { id: string | null; name?: string | null }> extends Collection<T> {}

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  query?: (name: string, data: unknown, options?: unknown) => Promise<unknown>;
}

/** Dice: a queue of results the tests set; falls back to 1s. */
export const rollQueue: number[] = [];

export class FakeRoll {
  formula: string;
  total: number | undefined;
  _evaluated = false;
  constructor(formula: string) {
    this.formula = formula;
  }
  async evaluate(): Promise<this> {
    const m = /^1d(\d+)$/.exec(this.formula);
    const faces = m ? Number(m[1]) : 6;
    const next = rollQueue.shift() ?? 1;
    this.total = Math.min(Math.max(1, next), faces);
    this._evaluated = true;
    return this;
  }
  toJSON(): Obj {
    return { formula: this.formula, total: this.total };
  }
}

export interface FakeWorld {
  notifications: { level: string; message: string }[];
  hooks: Map<string, ((...args: unknown[]) => unknown)[]>;
  settings: Map<string, unknown>;
  settingConfigs: Map<string, Obj>;
}

export const world: FakeWorld = {
  notifications: [],
  hooks: new Map(),
  settings: new Map(),
  settingConfigs: new Map(),
};

/** Translations used by the fake i18n: set from lang/*.json by tests that want real strings. */
export const translations: { data: Obj } = { data: {} };

function localize(key: string): string {
  const v = getProperty(translations.data, key);
  return typeof v === 'string' ? v : key;
}

function format(key: string, data: Obj = {}): string {
  return localize(key).replace(/\{(\w+)\}/g, (_, k: string) => (k in data ? String(data[k]) : `{${k}}`));
}

class FakeApplication {
  static DEFAULT_OPTIONS: Obj = {};
  static PARTS: Obj = {};
  options: Obj;
  rendered = false;
  constructor(options: Obj = {}) {
    this.options = { ...(this.constructor as typeof FakeApplication).DEFAULT_OPTIONS, ...options };
  }
  async render(): Promise<this> {
    this.rendered = true;
    return this;
  }
  async close(): Promise<this> {
    this.rendered = false;
    return this;
  }
  async _prepareContext(_options: Obj): Promise<Obj> {
    return {};
  }
  async _preparePartContext(_partId: string, context: Obj, _options: Obj): Promise<Obj> {
    return context;
  }
  _onRender(_context: Obj, _options: Obj): void {}
}

function HandlebarsApplicationMixin<T extends new (...args: any[]) => any>(Base: T): T {
  return class extends Base {};
}

class FakeDocumentSheet extends FakeApplication {
  document: any;
  constructor(options: Obj = {}) {
    super(options);
    this.document = options.document;
  }
  get actor(): any {
    return this.document;
  }
  get item(): any {
    return this.document;
  }
  get isEditable(): boolean {
    return Boolean(this.document?.isOwner);
  }
}

class FakeDialogV2 extends FakeApplication {
  static responses: unknown[] = [];
  static async wait(_config: Obj): Promise<unknown> {
    return FakeDialogV2.responses.shift() ?? null;
  }
  static async prompt(_config: Obj): Promise<unknown> {
    return FakeDialogV2.responses.shift() ?? null;
  }
  static async confirm(_config: Obj): Promise<unknown> {
    return FakeDialogV2.responses.shift() ?? false;
  }
}

class FakeActor extends FakeDocument {
  static override documentName = 'Actor';
  items = new FakeCollection<any>();
  override prepareEmbeddedDocuments(): void {
    for (const item of this.items?.values() ?? []) item.prepareData();
  }
  get itemTypes(): Record<string, any[]> {
    const out: Record<string, any[]> = {};
    for (const i of this.items.values()) (out[i.type] ??= []).push(i);
    return out;
  }
  async createEmbeddedDocuments(_name: string, data: Obj[]): Promise<any[]> {
    const ItemClass = (globalThis as any).CONFIG.Item.documentClass ?? FakeItem;
    const created = data.map((d) => new ItemClass(d, { parent: this }));
    for (const c of created) this.items.set(c.id, c);
    this.prepareData();
    return created;
  }
  async updateEmbeddedDocuments(_name: string, updates: Obj[]): Promise<any[]> {
    const out = [];
    for (const { _id, ...changes } of updates) {
      const item = this.items.get(_id);
      if (!item) throw new Error(`Item ${_id} does not exist`);
      out.push(await item.update(changes));
    }
    this.prepareData();
    return out;
  }
  async deleteEmbeddedDocuments(_name: string, ids: string[]): Promise<string[]> {
    for (const id of ids) this.items.delete(id);
    this.prepareData();
    return ids;
  }
}
class FakeItem extends FakeDocument {
  static override documentName = 'Item';
  get actor(): any {
    return this.parent;
  }
}
class FakeCombatant extends FakeDocument {
  static override documentName = 'Combatant';
  actorId = '';
  tokenId = '';
  initiative: number | null = null;
  defeated = false;
  hidden = false;
  get combat(): any {
    return this.parent;
  }
  get actor(): any {
    return (globalThis as any).game.actors.get(this.actorId);
  }
  constructor(data: Obj = {}, options: Obj = {}) {
    super(data, options);
    this.actorId = data.actorId ?? '';
    this.tokenId = data.tokenId ?? '';
    this.initiative = data.initiative ?? null;
    this.defeated = data.defeated ?? false;
  }
}
class FakeCombat extends FakeDocument {
  static override documentName = 'Combat';
  /** Combatants in turn order, through `_sortCombatants` handed unbound to `Array#sort`, as core does. */
  get turns(): any[] {
    return [...this.combatants.contents].sort(this._sortCombatants);
  }
  /** Core's order: initiative highest first (none last), ties by combatant id. */
  _sortCombatants(a: any, b: any): number {
    return compareCombatants(a, b);
  }
  round = 0;
  turn: number | null = null;
  started = false;
  combatants = new FakeCollection<any>();
  constructor(data: Obj = {}, options: Obj = {}) {
    super(data, options);
    this.round = data.round ?? 0;
    this.started = data.started ?? false;
  }
}
class FakeActiveEffect extends FakeDocument {
  static override documentName = 'ActiveEffect';
  async _preCreate(_data: Obj, _options: Obj, _user: any): Promise<boolean | void> {}
  async _preUpdate(_changed: Obj, _options: Obj, _user: any): Promise<boolean | void> {}
  async _preDelete(_options: Obj, _user: any): Promise<boolean | void> {}
}
class FakeChatMessage extends FakeDocument {
  static override documentName = 'ChatMessage';
  static created: FakeChatMessage[] = [];
  author: any;
  content = '';
  rolls: any[] = [];
  constructor(data: Obj = {}, options: Obj = {}) {
    super(data, options);
    this.content = data.content ?? '';
    this.rolls = data.rolls ?? [];
    this.whisper = data.whisper ?? [];
    this.blind = data.blind ?? false;
    this.author = data.author ?? (globalThis as any).game?.user ?? null;
  }
  /** Only its author or a GM may edit a chat message. */
  override mayWrite(user: { id: string; isGM?: boolean }): boolean {
    return Boolean(user.isGM) || this.author?.id === user.id;
  }
  static async create(data: Obj): Promise<FakeChatMessage> {
    const Cls = (globalThis as any).CONFIG.ChatMessage.documentClass ?? FakeChatMessage;
    const msg = new Cls(data);
    FakeChatMessage.created.push(msg);
    (globalThis as any).game.messages.set(msg.id, msg);
    return msg;
  }
  /** Foundry's documented behaviour: private GM and blind rolls go to the GMs, self rolls to the author. */
  static applyRollMode(data: Obj, mode: string): Obj {
    const g = globalThis as any;
    const gms = g.game.users.filter((u: FakeUser) => u.isGM).map((u: FakeUser) => u.id);
    if (mode === 'gmroll' || mode === 'blindroll') data.whisper = gms;
    if (mode === 'blindroll') data.blind = true;
    if (mode === 'selfroll') data.whisper = [g.game.user.id];
    return data;
  }

  whisper: string[] = [];
  blind = false;

  static getSpeaker(options: Obj = {}): Obj {
    return { actor: options.actor?.id ?? null, alias: options.actor?.name ?? '' };
  }
}

/** Installs the fake globals (idempotent). */
export function installFoundry(): void {
  const g = globalThis as any;
  // Foundry's global Handlebars is the library's own environment (the system registers its
  // helpers there at init).
  g.Handlebars = Handlebars;
  g.foundry = {
    abstract: { DataModel, TypeDataModel },
    data: { fields },
    utils,
    documents: {
      Actor: FakeActor,
      Item: FakeItem,
      Combat: FakeCombat,
      Combatant: FakeCombatant,
      ChatMessage: FakeChatMessage,
      ActiveEffect: FakeActiveEffect,
    },
    applications: {
      api: {
        ApplicationV2: FakeApplication,
        HandlebarsApplicationMixin,
        DialogV2: FakeDialogV2,
        DocumentSheetV2: FakeDocumentSheet,
      },
      sheets: { ActorSheetV2: FakeDocumentSheet, ItemSheetV2: FakeDocumentSheet },
      sidebar: { tabs: { CombatTracker: FakeApplication } },
      apps: {
        DocumentSheetConfig: {
          registered: [] as Obj[],
          registerSheet(documentClass: unknown, scope: string, sheetClass: unknown, options: Obj = {}) {
            this.registered.push({ documentClass, scope, sheetClass, options });
          },
        },
      },
      handlebars: { renderTemplate: async () => '', loadTemplates: async () => [] },
      ux: { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } },
    },
  };
  g.Roll = FakeRoll;
  g.Hooks = {
    on: (name: string, fn: (...a: unknown[]) => unknown) => {
      world.hooks.set(name, [...(world.hooks.get(name) ?? []), fn]);
      return world.hooks.get(name)!.length;
    },
    once: (name: string, fn: (...a: unknown[]) => unknown) => g.Hooks.on(name, fn),
    callAll: (name: string, ...args: unknown[]) => {
      for (const fn of world.hooks.get(name) ?? []) fn(...args);
      return true;
    },
  };
  resetFoundry();
}

/** A fresh world: a GM user and a player, empty collections, no notifications, empty CONFIG. */
export function resetFoundry(): { gm: FakeUser; player: FakeUser } {
  const g = globalThis as any;
  world.notifications.length = 0;
  world.settings.clear();
  // A test that loads real strings must not leak them into the next file of a shared worker.
  translations.data = {};
  rollQueue.length = 0;
  FakeChatMessage.created.length = 0;
  const gm: FakeUser = { id: 'gm00000000000001', name: 'MJ', isGM: true, active: true };
  const player: FakeUser = { id: 'pl00000000000001', name: 'Joueuse', isGM: false, active: true };
  const users = new FakeCollection<FakeUser>([
    [gm.id, gm],
    [player.id, player],
  ]);
  Object.defineProperty(users, 'activeGM', { get: () => users.find((u) => u.isGM && u.active) ?? null });
  g.CONFIG = {
    queries: {},
    Actor: { dataModels: {}, documentClass: FakeActor },
    Item: { dataModels: {}, documentClass: FakeItem },
    Combat: { dataModels: {}, documentClass: FakeCombat },
    Combatant: { dataModels: {}, documentClass: FakeCombatant },
    ChatMessage: { dataModels: {}, documentClass: FakeChatMessage },
    ActiveEffect: { dataModels: {}, documentClass: FakeActiveEffect },
    ui: {},
    statusEffects: [],
  };
  FakeActor.dataModels = g.CONFIG.Actor.dataModels;
  FakeItem.dataModels = g.CONFIG.Item.dataModels;
  FakeCombat.dataModels = g.CONFIG.Combat.dataModels;
  FakeCombatant.dataModels = g.CONFIG.Combatant.dataModels;
  FakeChatMessage.dataModels = g.CONFIG.ChatMessage.dataModels;
  g.ui = {
    notifications: {
      info: (message: string) => world.notifications.push({ level: 'info', message }),
      warn: (message: string) => world.notifications.push({ level: 'warn', message }),
      error: (message: string) => world.notifications.push({ level: 'error', message }),
    },
  };
  g.game = {
    user: gm,
    users,
    actors: new FakeCollection(),
    items: new FakeCollection(),
    messages: new FakeCollection(),
    combats: new FakeCollection(),
    combat: null,
    i18n: { localize, format, lang: 'fr' },
    settings: {
      register: (ns: string, key: string, config: Obj) => {
        world.settingConfigs.set(`${ns}.${key}`, config);
        if (!world.settings.has(`${ns}.${key}`)) world.settings.set(`${ns}.${key}`, config.default);
      },
      get: (ns: string, key: string) => world.settings.get(`${ns}.${key}`),
      set: async (ns: string, key: string, value: unknown) => world.settings.set(`${ns}.${key}`, value),
    },
  };
  return { gm, player };
}

/** `fromUuidSync` over the fake world's actors, combats and messages ("Actor.<id>"…). */
export function resolveFakeUuid(uuid: string): unknown {
  const g = globalThis as any;
  const [kind, id] = uuid.split('.');
  if (!id) return null;
  if (kind === 'Actor') return g.game.actors.get(id) ?? null;
  if (kind === 'Combat') return g.game.combats.get(id) ?? null;
  if (kind === 'ChatMessage') return g.game.messages.get(id) ?? null;
  return null;
}

/** Acts as `user` for the following calls. */
export function actAs(user: FakeUser): void {
  (globalThis as any).game.user = user;
}

export {
  FakeActor,
  FakeItem,
  FakeCombat,
  FakeCombatant,
  FakeChatMessage,
  FakeDialogV2,
  DataModel,
  TypeDataModel,
};
