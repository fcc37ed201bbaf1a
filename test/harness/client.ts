/**
 * One harness client: a browser (happy-dom window) logged in as one user, with its own copy of
 * the system (the bundle evaluated with this client's globals), its own documents, hooks,
 * settings of client scope, notifications, chat log, combat tracker, canvas targets and open
 * applications. All clients of a table share one FakeServer. See test/harness/FAKE.md.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake of Foundry's untyped globals */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { installDomFidelity } from './dom-fidelity';
import {
  DataModel,
  TypeDataModel,
  deepClone,
  fields,
  operators,
  reviveOperators,
  utils,
  type Obj,
} from '../fakes/data';
import { ROOT, fixSelects, makeApplications, makeTemplates } from './apps';
import { loadSystem } from './bundle';
import { installTooltips, makeEnrichHTML } from './text';
import { Collection, makeDocumentClasses } from './documents';
import { COLLECTIONS, type Connection, type FakeServer, type Operation } from './server';

/** The dice every client rolls with: scripted values first, then a seeded generator. */
export class TableDice {
  private queue: { faces?: number; value: number }[] = [];
  private seed = 0x5eed;
  /** Every die rolled, in order, with the client that rolled it. */
  readonly rolled: { faces: number; value: number; userId: string }[] = [];

  /** Queues results for the next dice; `[100, 35]` pins a d100 to 35, a bare number any die. */
  push(...values: (number | [number, number])[]): void {
    for (const v of values) this.queue.push(Array.isArray(v) ? { faces: v[0], value: v[1] } : { value: v });
  }
  get pending(): number {
    return this.queue.length;
  }
  roll(faces: number, userId: string): number {
    let value: number;
    const next = this.queue.shift();
    if (next) {
      if (next.faces !== undefined && next.faces !== faces)
        throw new Error(`Scripted die d${next.faces}=${next.value} but the system rolled a d${faces}`);
      if (next.value < 1 || next.value > faces)
        throw new Error(`Scripted value ${next.value} is not on a d${faces}`);
      value = next.value;
    } else {
      // mulberry32: reproducible dice when a test does not pin them.
      this.seed = (this.seed + 0x6d2b79f5) | 0;
      let t = this.seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      value = 1 + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * faces);
    }
    this.rolled.push({ faces, value, userId });
    return value;
  }
}

const LANG_CACHE = new Map<string, Obj>();
function translationsFor(lang: string): Obj {
  if (!LANG_CACHE.has(lang))
    LANG_CACHE.set(lang, JSON.parse(readFileSync(join(ROOT, 'lang', `${lang}.json`), 'utf8')));
  return LANG_CACHE.get(lang)!;
}

/** Compendium sources of the system, by pack name (packs-src/<ruleset>/<pack>/*.json). */
function packSources(name: string): Obj[] {
  for (const group of readdirSync(join(ROOT, 'packs-src'))) {
    const dir = join(ROOT, 'packs-src', group, name);
    if (!existsSync(dir)) continue;
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Obj);
  }
  return [];
}

export interface ClientOptions {
  readonly server: FakeServer;
  readonly userId: string;
  readonly lang: string;
  readonly dice: TableDice;
  /** Foundry's generation to model where v13 and v14 differ. */
  readonly generation: number;
  /**
   * The browser's localStorage, where Foundry keeps client-scoped settings: a page reload of the
   * same seat (same browser) passes the previous client's store, so those settings survive it.
   */
  readonly localStorage?: Map<string, unknown>;
}

/** Core's `CONFIG.statusEffects`: an array on v13, an object keyed by id from v14. */
function statusEffectsFor(generation: number, list: Obj[]): Obj[] | Record<string, Obj> {
  return generation >= 14 ? Object.fromEntries(list.map((e) => [e.id as string, e])) : list;
}

/**
 * Grid spaces between two points of a square grid (their cells), by a `CONST.GRID_DIAGONALS`
 * rule: 0 EQUIDISTANT (a diagonal is 1), 1 EXACT (√2), 2 APPROXIMATE (1.5), 3 RECTILINEAR (2),
 * 4 ALTERNATING_1 (1, 2, 1…), 5 ALTERNATING_2 (2, 1, 2…), 6 ILLEGAL (no diagonal: counted as 2).
 */
export function squareSpaces(
  a: { x: number; y: number },
  b: { x: number; y: number },
  size: number,
  rule: number,
): number {
  const di = Math.abs(Math.floor(b.x / size) - Math.floor(a.x / size));
  const dj = Math.abs(Math.floor(b.y / size) - Math.floor(a.y / size));
  const diagonal = Math.min(di, dj);
  const straight = Math.max(di, dj) - diagonal;
  const cost: Record<number, number> = {
    0: diagonal,
    1: diagonal * Math.SQRT2,
    2: diagonal * 1.5,
    3: diagonal * 2,
    4: diagonal + Math.floor(diagonal / 2),
    5: diagonal + Math.ceil(diagonal / 2),
    6: diagonal * 2,
  };
  return straight + (cost[rule] ?? diagonal);
}

export class Client implements Connection {
  readonly server: FakeServer;
  readonly userId: string;
  readonly window: any;
  readonly document: Document;
  readonly notifications: { level: string; message: string }[] = [];
  readonly game: any;
  readonly CONFIG: any;
  readonly Hooks: any;
  readonly ui: any;
  readonly foundry: any;
  readonly canvas: any;
  readonly dice: TableDice;
  readonly templates: ReturnType<typeof makeTemplates>;
  private readonly hooks = new Map<
    string,
    { fn: (...a: unknown[]) => unknown; once: boolean; id: number }[]
  >();
  /** Client-scoped settings: the browser's localStorage (kept across a reload of the seat). */
  readonly clientSettings: Map<string, unknown>;
  private readonly settingConfigs = new Map<string, Obj>();
  /** Keybinding actions registered at init (`game.keybindings.register`), by `namespace.action`. */
  readonly keybindings = new Map<string, Obj>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Errors thrown by hooks or renders on this client (a test fails on unexpected ones). */
  readonly errors: unknown[] = [];
  /** Deprecation warnings (v14: `-=`/`==` update keys), as Foundry logs them in the console. */
  readonly deprecations: string[] = [];
  /**
   * What the chat log showed the moment each message's HTML reached it (before any asynchronous
   * work a render hook started could change it): the message id and the element's HTML.
   */
  readonly chatSnapshots: { messageId: string; html: string }[] = [];
  /** Ids of the world documents whose stored data failed validation at load, by document name. */
  readonly invalidDocuments = new Map<string, Set<string>>();
  readonly docs: ReturnType<typeof makeDocumentClasses>;
  readonly apps: ReturnType<typeof makeApplications>;

  constructor(options: ClientOptions) {
    this.server = options.server;
    this.userId = options.userId;
    this.dice = options.dice;
    this.clientSettings = options.localStorage ?? new Map<string, unknown>();
    installDomFidelity();
    this.window = new Window({ url: 'http://localhost:30000/game', width: 1600, height: 1000 });
    this.document = this.window.document as Document;
    this.document.body.innerHTML =
      // Core's markup where the system or the e2e runner reads it: since v13 the chat log is an
      // `ol.chat-log` inside the chat tab (`#chat`), with no id of its own (foundryvtt #11333).
      '<div id="interface"><section id="chat" class="tab sidebar-tab chat"><ol class="chat-log plain"></ol></section><section id="sidebar-combat"></section></div>';
    const lang = options.lang;
    const translations = translationsFor(lang);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- getters of plain objects below need the client
    const self = this;

    // --- Hooks ----------------------------------------------------------------------------------
    let hookId = 0;
    this.Hooks = {
      on: (name: string, fn: (...a: unknown[]) => unknown) => {
        hookId += 1;
        this.hooks.set(name, [...(this.hooks.get(name) ?? []), { fn, once: false, id: hookId }]);
        return hookId;
      },
      once: (name: string, fn: (...a: unknown[]) => unknown) => {
        hookId += 1;
        this.hooks.set(name, [...(this.hooks.get(name) ?? []), { fn, once: true, id: hookId }]);
        return hookId;
      },
      off: (name: string, fnOrId: unknown) => {
        this.hooks.set(
          name,
          (this.hooks.get(name) ?? []).filter((h) => h.fn !== fnOrId && h.id !== fnOrId),
        );
      },
      callAll: (name: string, ...args: unknown[]) => {
        for (const h of [...(this.hooks.get(name) ?? [])]) {
          if (h.once) this.Hooks.off(name, h.id);
          try {
            const out = h.fn(...args);
            if (out && typeof (out as Promise<unknown>).then === 'function')
              this.track(out as Promise<unknown>);
          } catch (error) {
            this.errors.push(error);
          }
        }
        return true;
      },
      call: (name: string, ...args: unknown[]) => {
        for (const h of [...(this.hooks.get(name) ?? [])]) {
          if (h.once) this.Hooks.off(name, h.id);
          try {
            if (h.fn(...args) === false) return false;
          } catch (error) {
            this.errors.push(error);
          }
        }
        return true;
      },
      events: this.hooks,
    };

    // --- CONFIG ---------------------------------------------------------------------------------
    this.CONFIG = {
      queries: {},
      Actor: { dataModels: {}, trackableAttributes: {} },
      Item: { dataModels: {} },
      ActiveEffect: { dataModels: {} },
      Combat: { dataModels: {} },
      Combatant: { dataModels: {} },
      ChatMessage: { dataModels: {} },
      User: { dataModels: {} },
      Scene: { dataModels: {} },
      Token: { dataModels: {} },
      Macro: { dataModels: {} },
      JournalEntry: { dataModels: {} },
      JournalEntryPage: { dataModels: {} },
      Adventure: { dataModels: {} },
      ui: {},
      // An array on v13, a record keyed by id on v14 (its insertion order is the display order).
      statusEffects: statusEffectsFor(options.generation, [
        { id: 'dead', name: 'EFFECT.StatusDead', img: 'icons/svg/skull.svg' },
        { id: 'prone', name: 'EFFECT.StatusProne', img: 'icons/svg/falling.svg' },
      ]),
      specialStatusEffects: { DEFEATED: 'dead', INVISIBLE: 'invisible', BLIND: 'blind' },
      time: { roundTime: 6, turnTime: 0 },
      Dice: { rolls: [] },
      TextEditor: { enrichers: [] },
    };

    // --- Templates and applications -----------------------------------------------------------
    const appHost = {
      window: this.window,
      document: this.document,
      Hooks: this.Hooks,
      translations,
      get game() {
        return self.game;
      },
    };
    this.templates = makeTemplates(appHost);
    this.apps = makeApplications(appHost, this.templates);

    // --- Dice -----------------------------------------------------------------------------------
    const Roll = makeRoll(() => this.dice, this.userId);
    this.CONFIG.Dice.rolls.push(Roll);

    // --- game -----------------------------------------------------------------------------------
    const collections = new Map<string, Collection<any>>();
    const game: any = {
      collections,
      i18n: {
        lang,
        translations,
        localize: (key: string) => {
          const v = utils.getProperty(translations, key);
          return typeof v === 'string' ? v : key;
        },
        format: (key: string, data: Obj = {}) => {
          const v = utils.getProperty(translations, key);
          const text = typeof v === 'string' ? v : key;
          return text.replace(/\{(\w+)\}/g, (m: string, k: string) => (k in data ? String(data[k]) : m));
        },
        has: (key: string) => typeof utils.getProperty(translations, key) === 'string',
      },
      release: { generation: options.generation, build: options.generation === 13 ? 351 : 370 },
      system: {
        id: 'passe-d-armes',
        version: JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')).version,
      },
      world: { id: 'table-harness' },
      keybindings: {
        // Foundry reads the registered actions once the game is set up: register during init.
        register: (ns: string, action: string, config: Obj) => {
          if (game.ready) throw new Error(`Keybinding ${ns}.${action} registered after init`);
          this.keybindings.set(`${ns}.${action}`, config);
        },
        actions: this.keybindings,
      },
      settings: {
        register: (ns: string, key: string, config: Obj) => {
          this.settingConfigs.set(`${ns}.${key}`, config);
        },
        registerMenu: (ns: string, key: string, config: Obj) => {
          this.settingConfigs.set(`menu:${ns}.${key}`, config);
        },
        get: (ns: string, key: string) => {
          const id = `${ns}.${key}`;
          const config = this.settingConfigs.get(id);
          if (!config && ns !== 'core') throw new Error(`Setting ${id} is not registered`);
          if (config?.scope === 'client' || ns === 'core') {
            return this.clientSettings.has(id) ? deepClone(this.clientSettings.get(id)) : config?.default;
          }
          return this.server.settings.has(id)
            ? deepClone(this.server.settings.get(id))
            : deepClone(config?.default);
        },
        set: async (ns: string, key: string, value: unknown) => {
          const id = `${ns}.${key}`;
          const config = this.settingConfigs.get(id);
          if (config?.scope === 'client' || ns === 'core') {
            this.clientSettings.set(id, deepClone(value));
            config?.onChange?.(value);
            return value;
          }
          this.server.setSetting(this.userId, id, value);
          for (const c of this.server.connections.values()) (c as Client).settingChanged(id, value);
          return value;
        },
        settings: this.settingConfigs,
        menus: this.settingConfigs,
      },
      time: {
        get worldTime() {
          return Number(self.server.settings.get('core.time') ?? 0);
        },
        advance: async (seconds: number) => {
          const now = Number(this.server.settings.get('core.time') ?? 0) + seconds;
          this.server.setSetting(this.userId, 'core.time', now);
          for (const c of this.server.connections.values())
            (c as Client).Hooks.callAll('updateWorldTime', now, seconds);
          return now;
        },
      },
      paused: false,
      ready: false,
      __track: (p: Promise<unknown>) => this.track(p),
      __document: this.document,
      __fromUuid: async (uuid: string) => this.fromUuidSync(uuid),
      __tokensOf: (actor: any) => this.tokensOf(actor),
      __tokenById: (id: string) => this.tokenById(id),
      __placeableOf: (token: any) => this.placeableOf(token),
      __dialogs: {
        confirm: (c: Obj) => this.apps.DialogV2.confirm(c),
        prompt: (c: Obj) => this.apps.DialogV2.prompt(c),
      },
    };
    this.game = game;
    installTooltips(this.window, (key) => game.i18n.localize(key));
    Object.defineProperty(game, 'user', { get: () => game.users.get(this.userId) });
    Object.defineProperty(game, 'combat', {
      get: () => {
        const scene = this.canvas?.scene?.id ?? null;
        const all = game.combats.contents as any[];
        return (
          all.find((c) => c.active && (!c._source.scene || c._source.scene === scene)) ??
          all.find((c) => c.active) ??
          null
        );
      },
    });
    game.__ui = null;

    this.docs = makeDocumentClasses({
      server: this.server,
      userId: this.userId,
      game,
      CONFIG: this.CONFIG,
      Hooks: this.Hooks,
      sheetClassFor: (name, type) => this.apps.sheetClassFor(name, type),
      Roll,
      generation: options.generation,
      deprecations: this.deprecations,
    });
    for (const name of [
      'Actor',
      'Item',
      'ActiveEffect',
      'Combat',
      'Combatant',
      'ChatMessage',
      'User',
      'Scene',
      'Token',
      'Macro',
      'JournalEntry',
      'JournalEntryPage',
      'Adventure',
    ]) {
      this.CONFIG[name].documentClass = (this.docs as Obj)[name];
    }
    for (const [documentName, collection] of Object.entries(COLLECTIONS)) {
      const coll = new Collection<any>();
      collections.set(documentName, coll);
      game[collection] = coll;
    }
    // "An active Gamemaster (non-assistant if possible)": a full GM before an assistant, then by id.
    Object.defineProperty(game.users, 'activeGM', {
      get: () =>
        (game.users.contents as any[])
          .filter((u) => u.isGM && u.active)
          .sort((a, b) => b.role - a.role || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0] ?? null,
    });
    Object.defineProperty(game.users, 'players', { get: () => game.users.filter((u: any) => !u.isGM) });
    Object.defineProperty(game.users, 'current', { get: () => game.user });
    Object.defineProperty(game.combats, 'active', { get: () => game.combat });
    Object.defineProperty(game.combats, 'viewed', { get: () => game.combat });

    // Packs, from the compendium sources (read-only documents).
    const packs = new Collection<any>();
    const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8'));
    for (const pack of manifest.packs ?? []) {
      const collection = `passe-d-armes.${pack.name}`;
      const Cls = () => this.CONFIG[pack.type].documentClass;
      let documents: Collection<any> | null = null;
      const load = (): Collection<any> => {
        if (!documents) {
          documents = new Collection<any>();
          for (const source of packSources(pack.name)) {
            const { _key: _k, ...data } = source;
            documents.set(data._id, new (Cls())(data, { pack: collection }));
          }
        }
        return documents;
      };
      packs.set(collection, {
        id: collection,
        collection,
        metadata: { ...pack, id: collection },
        documentName: pack.type,
        title: pack.label,
        get index() {
          return new Collection(
            load().map((d: any) => [
              d.id,
              { _id: d.id, name: d.name, type: d.type, img: d.img, uuid: d.uuid },
            ]) as any,
          );
        },
        getIndex: async () => packs.get(collection).index,
        getDocuments: async () => load().contents,
        getDocument: async (id: string) => load().get(id) ?? null,
        get contents() {
          return load().contents;
        },
        _load: load,
      });
    }
    game.packs = packs;

    // --- ui -------------------------------------------------------------------------------------
    const notify = (level: string) => (message: string) => {
      this.notifications.push({ level, message });
      return { id: this.notifications.length };
    };
    this.ui = {
      notifications: {
        info: notify('info'),
        warn: notify('warn'),
        error: notify('error'),
        success: notify('success'),
        notify: (m: string, l = 'info') => notify(l)(m),
      },
      chat: { element: this.document.querySelector('#chat') },
      combat: null,
      windows: {},
      hotbar: { render: () => undefined },
    };
    game.__ui = this.ui;

    // --- canvas ---------------------------------------------------------------------------------
    this.canvas = {
      ready: true,
      /** Where this client's view was panned to, and the pings it sent (newest last). */
      panned: [] as { x: number; y: number }[],
      pings: [] as { x: number; y: number }[],
      animatePan: async (view: { x: number; y: number }) => {
        this.canvas.panned.push({ x: view.x, y: view.y });
        return true;
      },
      ping: async (at: { x: number; y: number }) => {
        this.canvas.pings.push({ x: at.x, y: at.y });
        return true;
      },
      get scene() {
        return game.scenes.find((s: any) => s.active) ?? null;
      },
      get grid() {
        const scene = this.scene;
        const size = scene?.grid?.size ?? 100;
        const distance = scene?.grid?.distance ?? 1.5;
        return {
          size,
          distance,
          units: scene?.grid?.units ?? 'm',
          /**
           * Distance in scene units between waypoints. On a square grid (Foundry's default type)
           * it counts grid spaces by the diagonal rule of `core.gridDiagonals` (default
           * EQUIDISTANT: a diagonal step is one space); on a gridless scene (`grid.type` 0) it is
           * the straight line (API `SquareGridConfiguration#diagonals`, `CONST.GRID_DIAGONALS`).
           */
          measurePath: (waypoints: { x: number; y: number; elevation?: number }[]) => {
            const square = (scene?.grid?.type ?? 1) === 1;
            const rule = Number(self.clientSettings.get('core.gridDiagonals') ?? 0);
            let total = 0;
            for (let i = 1; i < waypoints.length; i++) {
              const a = waypoints[i - 1]!;
              const b = waypoints[i]!;
              const flat = square
                ? squareSpaces(a, b, size, rule) * distance
                : (Math.hypot(b.x - a.x, b.y - a.y) / size) * distance;
              const dz = (b.elevation ?? 0) - (a.elevation ?? 0);
              total += Math.hypot(flat, dz);
            }
            return { distance: total, cost: total, spaces: total / distance };
          },
        };
      },
      get dimensions() {
        return { size: this.grid.size, distance: this.grid.distance };
      },
      tokens: {
        get placeables() {
          return self.placeables();
        },
        get controlled() {
          return self.placeables().filter((p: any) => p.controlled);
        },
        get: (id: string) => self.placeables().find((p: any) => p.id === id),
      },
    };

    // --- foundry namespace ----------------------------------------------------------------------
    const TextEditor = {
      enrichHTML: makeEnrichHTML(this.window, () => this.CONFIG),
      getDragEventData: (event: DragEvent) => JSON.parse(event.dataTransfer?.getData('text/plain') ?? '{}'),
    };
    this.foundry = {
      abstract: { DataModel, TypeDataModel },
      // v14 brought the data operators (foundryvtt issue #13090); v13 has none.
      data: options.generation >= 14 ? { fields, operators } : { fields },
      utils,
      // The keyboard manager's modifier names (API v13 KeyboardManager.MODIFIER_KEYS).
      helpers: {
        interaction: {
          KeyboardManager: { MODIFIER_KEYS: { CONTROL: 'Control', SHIFT: 'Shift', ALT: 'Alt' } },
        },
      },
      documents: {
        Actor: this.docs.Actor,
        Item: this.docs.Item,
        ActiveEffect: this.docs.ActiveEffect,
        Combat: this.docs.Combat,
        Combatant: this.docs.Combatant,
        ChatMessage: this.docs.ChatMessage,
        User: this.docs.User,
        Scene: this.docs.Scene,
        TokenDocument: this.docs.Token,
        Macro: this.docs.Macro,
      },
      applications: {
        api: {
          ApplicationV2: this.apps.ApplicationV2,
          HandlebarsApplicationMixin: this.apps.HandlebarsApplicationMixin,
          DialogV2: this.apps.DialogV2,
          DocumentSheetV2: this.apps.DocumentSheetV2,
        },
        sheets: { ActorSheetV2: this.apps.ActorSheetV2, ItemSheetV2: this.apps.ItemSheetV2 },
        sidebar: { tabs: { CombatTracker: this.apps.CombatTracker } },
        apps: { DocumentSheetConfig: this.apps.DocumentSheetConfig },
        handlebars: {
          renderTemplate: this.templates.renderTemplate,
          loadTemplates: this.templates.loadTemplates,
          getTemplate: async (p: string) => this.templates.getTemplate(p),
        },
        ux: { TextEditor: { implementation: TextEditor }, FormDataExtended: this.apps.FormDataExtended },
      },
      dice: { Roll },
    };
  }

  // --- lifecycle ----------------------------------------------------------------------------------

  /** Loads the world the server holds, then the system, then runs init → setup → ready. */
  async boot(): Promise<void> {
    const w = this.window;
    loadSystem({
      game: this.game,
      CONFIG: this.CONFIG,
      Hooks: this.Hooks,
      ui: this.ui,
      foundry: this.foundry,
      canvas: this.canvas,
      fromUuid: async (uuid: string) => this.fromUuidSync(uuid),
      fromUuidSync: (uuid: string) => this.fromUuidSync(uuid),
      Roll: this.foundry.dice.Roll,
      Actor: this.docs.Actor,
      Item: this.docs.Item,
      Combat: this.docs.Combat,
      Combatant: this.docs.Combatant,
      ChatMessage: this.docs.ChatMessage,
      User: this.docs.User,
      Macro: this.docs.Macro,
      ActiveEffect: this.docs.ActiveEffect,
      TokenDocument: this.docs.Token,
      window: w,
      document: this.document,
      globalThis: {
        game: this.game,
        CONFIG: this.CONFIG,
        ui: this.ui,
        canvas: this.canvas,
        foundry: this.foundry,
        Hooks: this.Hooks,
      },
      HTMLElement: w.HTMLElement,
      HTMLButtonElement: w.HTMLButtonElement,
      HTMLInputElement: w.HTMLInputElement,
      HTMLSelectElement: w.HTMLSelectElement,
      HTMLTextAreaElement: w.HTMLTextAreaElement,
      HTMLFormElement: w.HTMLFormElement,
      Element: w.Element,
      Node: w.Node,
      Event: w.Event,
      CustomEvent: w.CustomEvent,
      MouseEvent: w.MouseEvent,
      PointerEvent: w.PointerEvent ?? w.MouseEvent,
      DragEvent: w.DragEvent ?? w.Event,
      KeyboardEvent: w.KeyboardEvent,
      FormData: w.FormData,
      DOMParser: w.DOMParser,
      // Foundry's global Handlebars environment: this client's own (helpers registered at init).
      Handlebars: this.templates.hb,
      getComputedStyle: w.getComputedStyle.bind(w),
      requestAnimationFrame: (fn: () => void) => setTimeout(fn, 0),
      // The system's console: errors it logs count as this client's errors.
      console: {
        ...console,
        log: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: (...a: unknown[]) => console.warn(`[${this.game.user?.name}]`, ...a),
        error: (...a: unknown[]) => {
          this.errors.push(a.length === 1 ? a[0] : a);
        },
      },
    });
    this.Hooks.callAll('init');
    // `game.data`: the world as the server sent it at load (stored sources, unknown fields kept).
    const data: Obj = {};
    for (const [documentName, collection] of Object.entries(COLLECTIONS))
      data[collection] = [...this.server.world[collection].values()]
        .filter((source) => this.server.mayReceive(this.userId, documentName, source))
        .map((source) => deepClone(source));
    this.game.data = data;
    // Documents are built once the system's classes and data models are configured.
    for (const [documentName, collection] of Object.entries(COLLECTIONS)) {
      const coll = this.game.collections.get(documentName);
      const invalid = new Set<string>();
      this.invalidDocuments.set(documentName, invalid);
      Object.defineProperty(coll, 'invalidDocumentIds', { value: invalid, configurable: true });
      for (const source of this.server.world[collection].values()) {
        if (!this.server.mayReceive(this.userId, documentName, source)) continue;
        const doc = new this.CONFIG[documentName].documentClass(deepClone(source));
        // Stored data that fails its model's validation (joint included) makes an invalid
        // document: Foundry keeps it out of the collection and the sidebar.
        if (doc.invalid) invalid.add(source._id);
        else coll.set(source._id, doc);
      }
    }
    this.Hooks.callAll('i18nInit');
    this.Hooks.callAll('setup');
    const CombatTrackerClass = this.CONFIG.ui.combat ?? this.apps.CombatTracker;
    this.ui.combat = new CombatTrackerClass();
    this.ui.compendium = new this.apps.CompendiumDirectory();
    this.game.ready = true;
    this.Hooks.callAll('ready');
    for (const message of this.game.messages.contents) await this.renderMessage(message);
    await this.settle();
  }

  track<T>(p: Promise<T>): Promise<T> {
    const tracked = p.catch((error: unknown) => {
      this.errors.push(error);
      return undefined as T;
    });
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }

  /** Lets every pending microtask, hook and render of this client finish. */
  async settle(): Promise<void> {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  }

  settingChanged(id: string, value: unknown): void {
    this.settingConfigs.get(id)?.onChange?.(value);
  }

  // --- receiving operations from the server ------------------------------------------------------

  receive(op: Operation): void {
    try {
      if (op.action === 'create') this.onCreate(op);
      else if (op.action === 'update') this.onUpdate(op);
      else this.onDelete(op);
    } catch (error) {
      this.errors.push(error);
    }
  }

  private parentOf(op: Operation): any {
    return op.parent ? this.docs.findLocal(op.parent.documentName, op.parent.id, null) : null;
  }

  private onCreate(op: Operation): void {
    const parent = this.parentOf(op);
    if (op.parent && !parent) return;
    const Cls = this.CONFIG[op.documentName].documentClass;
    for (const source of op.result as Obj[]) {
      const doc = new Cls(deepClone(source), { parent });
      if (parent) {
        const field = Object.entries({
          Item: 'items',
          ActiveEffect: 'effects',
          Combatant: 'combatants',
          Token: 'tokens',
          JournalEntryPage: 'pages',
        }).find(([n]) => n === op.documentName)?.[1];
        parent._source[field!] = [...(parent._source[field!] ?? []), deepClone(source)];
        parent[field!].set(doc.id, doc);
        parent.prepareData();
      } else this.game.collections.get(op.documentName).set(doc.id, doc);
      doc._onCreate(source, op.options, op.userId);
      this.Hooks.callAll(`create${op.documentName}`, doc, op.options, op.userId);
      this.afterChange(op, doc, parent);
      if (op.documentName === 'ChatMessage') void this.track(this.renderMessage(doc));
    }
    this.afterBatch(op, parent);
  }

  private onUpdate(op: Operation): void {
    const parent = this.parentOf(op);
    for (const wired of op.result as Obj[]) {
      // The hooks receive the operators themselves (v14), not their clone off the wire.
      const diff = reviveOperators(wired);
      const doc = this.docs.findLocal(op.documentName, diff._id, op.parent);
      if (!doc) continue;
      doc._applyRemote(diff, op.options);
      if (parent) {
        const field = doc.collectionName;
        const list = (parent._source[field] ?? []) as Obj[];
        const i = list.findIndex((s) => s._id === doc.id);
        if (i >= 0) list[i] = doc.toObject();
        parent.prepareData();
      } else doc.prepareData();
      doc._onUpdate(diff, op.options, op.userId);
      doc.system?._onUpdate?.(diff.system ?? {}, op.options, op.userId);
      this.Hooks.callAll(`update${op.documentName}`, doc, diff, op.options, op.userId);
      this.afterChange(op, doc, parent);
      if (op.documentName === 'ChatMessage') void this.track(this.renderMessage(doc));
    }
    this.afterBatch(op, parent);
  }

  private onDelete(op: Operation): void {
    const parent = this.parentOf(op);
    for (const id of op.result as string[]) {
      const doc = this.docs.findLocal(op.documentName, id, op.parent);
      if (!doc) continue;
      if (parent) {
        const field = doc.collectionName;
        parent._source[field] = ((parent._source[field] ?? []) as Obj[]).filter((s) => s._id !== id);
        parent[field].delete(id);
        parent.prepareData();
      } else this.game.collections.get(op.documentName).delete(id);
      doc._onDelete(op.options, op.userId);
      this.Hooks.callAll(`delete${op.documentName}`, doc, op.options, op.userId);
      for (const app of Object.values(doc.apps ?? {})) void (app as any).close();
      this.afterChange(op, doc, parent);
      if (op.documentName === 'ChatMessage')
        this.document.querySelector(`#chat .chat-log [data-message-id="${id}"]`)?.remove();
    }
    this.afterBatch(op, parent);
  }

  /**
   * Re-renders what shows a changed document: its own sheets and, for a world document (a Combat,
   * an Actor), the tracker; none of them when the operation was made with `render: false`. What
   * shows an embedded document's parent is rendered once the whole batch is applied (`afterBatch`).
   */
  private afterChange(op: Operation, doc: any, parent: any): void {
    if (op.options.render === false) return;
    for (const app of Object.values(doc.apps ?? {})) void this.track((app as any).render(false));
    if (!parent) this.renderTracker(op.documentName);
  }

  /**
   * Core's descendant handlers (`_onCreateDescendantDocuments` and its update and delete kin) run
   * once per operation on the parent, after every document of the batch is applied: the parent's
   * sheets and (for Combatants and Tokens) the tracker render once, from the whole batch.
   */
  private afterBatch(op: Operation, parent: any): void {
    if (!parent || op.options.render === false || (op.result as unknown[]).length === 0) return;
    for (const app of Object.values(parent.apps ?? {})) void this.track((app as any).render(false));
    this.renderTracker(op.documentName);
  }

  private renderTracker(documentName: string): void {
    if (['Combat', 'Combatant', 'Actor', 'Token'].includes(documentName) && this.ui.combat?.rendered)
      void this.track(this.ui.combat.render(false));
  }

  /** The chat log: each message this client may see, rendered through `renderHTML`. */
  async renderMessage(message: any): Promise<void> {
    if (!this.game.messages.get(message.id)) return;
    // The client holds every message; its log shows only those `visible` to its user.
    if (!message.visible) return;
    const li = await message.renderHTML();
    fixSelects(li);
    const log = this.document.querySelector('#chat .chat-log')!;
    const existing = log.querySelector(`[data-message-id="${message.id}"]`);
    if (existing) existing.replaceWith(li);
    else log.append(li);
    this.chatSnapshots.push({ messageId: message.id, html: li.outerHTML });
  }

  /** A query another user sent this client (GM-side handlers live in CONFIG.queries). */
  async handleQuery(name: string, data: unknown, options: Obj): Promise<unknown> {
    const handler = this.CONFIG.queries[name];
    if (typeof handler !== 'function') throw new Error(`No query handler ${name} on ${this.userId}`);
    return this.track(Promise.resolve(handler(data, options)));
  }

  // --- uuids, tokens ------------------------------------------------------------------------------

  fromUuidSync(uuid: string): any {
    if (!uuid) return null;
    const parts = uuid.split('.');
    let doc: any = null;
    let i = 0;
    if (parts[0] === 'Compendium') {
      const pack = this.game.packs.get(`${parts[1]}.${parts[2]}`);
      doc = pack?._load().get(parts[4]) ?? null;
      i = 5;
    } else {
      doc = this.game.collections.get(parts[0]!)?.get(parts[1]!) ?? null;
      i = 2;
    }
    while (doc && i < parts.length) {
      doc = doc.getEmbeddedDocument(parts[i]!, parts[i + 1]!) ?? null;
      i += 2;
    }
    return doc;
  }

  private placeableCache = new Map<string, any>();
  placeables(): any[] {
    const scene = this.canvas.scene;
    if (!scene) return [];
    return scene.tokens.map((t: any) => this.placeableOf(t));
  }
  placeableOf(token: any): any {
    let p = this.placeableCache.get(token.id);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the placeable's getters need the client
    const self = this;
    if (!p) {
      p = {
        controlled: false,
        get document() {
          return self.canvas.scene?.tokens.get(token.id) ?? token;
        },
        get id() {
          return token.id;
        },
        get name() {
          return this.document.name;
        },
        get actor() {
          return this.document.actor;
        },
        get isOwner() {
          return this.document.isOwner;
        },
        get center() {
          const size = self.canvas.grid.size;
          return { x: this.document.x + size / 2, y: this.document.y + size / 2 };
        },
        get isTargeted() {
          return self.game.user.targets.has(this);
        },
        setTarget(targeted = true, { releaseOthers = true }: Obj = {}) {
          const targets: Set<any> = self.game.user.targets;
          if (releaseOthers) targets.clear();
          if (targeted) targets.add(this);
          else targets.delete(this);
          self.Hooks.callAll('targetToken', self.game.user, this, targeted);
        },
        control({ releaseOthers = true }: Obj = {}) {
          if (releaseOthers) for (const o of self.placeables()) o.controlled = false;
          this.controlled = true;
          self.Hooks.callAll('controlToken', this, true);
          return true;
        },
      };
      this.placeableCache.set(token.id, p);
    }
    return p;
  }
  tokensOf(actor: any): any[] {
    return this.placeables().filter((p) => p.document.actorId === actor?.id);
  }
  tokenById(id: string): any {
    return this.canvas.scene?.tokens.get(id) ?? null;
  }
}

/** Foundry's Roll for the harness: NdX and constants, dice from the table's dice. */
function makeRoll(dice: () => TableDice, userId: string) {
  return class Roll {
    formula: string;
    data: Obj;
    terms: Obj[] = [];
    total: number | undefined;
    _evaluated = false;
    options: Obj;
    constructor(formula: string, data: Obj = {}, options: Obj = {}) {
      this.formula = String(formula).replace(/\s+/g, '');
      this.data = data;
      this.options = options;
    }
    get dice(): Obj[] {
      return this.terms.filter((t) => t.faces);
    }
    get result(): string {
      return this.terms
        .map((t) => (t.faces ? t.results.map((r: Obj) => r.result).join('+') : String(t.number)))
        .join(' + ');
    }
    async evaluate(): Promise<this> {
      return this.evaluateSync();
    }
    evaluateSync(): this {
      const tokens = this.formula.match(/[+-]?[^+-]+/g) ?? [];
      let total = 0;
      for (const token of tokens) {
        const sign = token.startsWith('-') ? -1 : 1;
        const body = token.replace(/^[+-]/, '');
        const m = /^(\d*)d(\d+)$/i.exec(body);
        if (m) {
          const number = Number(m[1] || 1);
          const faces = Number(m[2]);
          const results = Array.from({ length: number }, () => ({
            result: dice().roll(faces, userId),
            active: true,
          }));
          this.terms.push({ class: 'Die', number, faces, results });
          total += sign * results.reduce((s, r) => s + r.result, 0);
        } else {
          const n = Number(body);
          if (!Number.isFinite(n)) throw new Error(`Unsupported roll term ${token} in ${this.formula}`);
          this.terms.push({ class: 'NumericTerm', number: n });
          total += sign * n;
        }
      }
      this.total = total;
      this._evaluated = true;
      return this;
    }
    toJSON(): Obj {
      return {
        class: 'Roll',
        formula: this.formula,
        terms: this.terms,
        total: this.total,
        evaluated: this._evaluated,
        options: this.options,
      };
    }
    static fromData(data: Obj): Roll {
      const roll = new Roll(data.formula ?? '0');
      roll.terms = data.terms ?? [];
      roll.total = data.total;
      roll._evaluated = Boolean(data.evaluated ?? true);
      return roll;
    }
    async render(): Promise<string> {
      return `<div class="dice-roll"><div class="dice-formula">${this.formula}</div><h4 class="dice-total">${this.total}</h4></div>`;
    }
    async toMessage(data: Obj = {}, { rollMode }: Obj = {}): Promise<unknown> {
      const game = (globalThis as Obj).__harnessGame;
      void game;
      void rollMode;
      return data;
    }
  };
}
