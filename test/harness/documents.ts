/**
 * Client-side documents of one harness client: each client holds its own copy of every document
 * it may see, built from the server's sources, and every write goes to the server, which
 * broadcasts the result back (test/harness/server.ts). What the classes model, with the public
 * API pages they follow, is listed in test/harness/FAKE.md.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake of Foundry's untyped document surface */
import {
  Collection,
  DataModel,
  deepClone,
  diffObject,
  expandObject,
  getProperty,
  legacyOperatorKeys,
  mergeObject,
  operatorOf,
  type Obj,
} from '../fakes/data';

export { Collection };
import { EMBEDDED, OWNERSHIP, ROLES, compareCombatants, type FakeServer, type Operation } from './server';

/** What documents need from their client. */
export interface DocumentHost {
  readonly server: FakeServer;
  readonly userId: string;
  readonly game: any;
  readonly CONFIG: any;
  readonly Hooks: {
    call(name: string, ...a: unknown[]): boolean;
    callAll(name: string, ...a: unknown[]): boolean;
  };
  /** Sheet class registered for a document, for `document.sheet`. */
  sheetClassFor(documentName: string, type: string): (new (options: Obj) => any) | undefined;
  /** The Roll class of this client (to revive a message's rolls). */
  readonly Roll: any;
  /** Foundry's generation this client models (v14 deprecates `-=`/`==` keys, v16 refuses them). */
  readonly generation: number;
  /** Deprecation warnings this client logged (a v14 client warns once per legacy key). */
  readonly deprecations: string[];
}

/** Core fields each document type keeps besides `system`, `flags` and the embedded arrays. */
const CORE: Record<string, Obj> = {
  Actor: {
    name: '',
    type: 'base',
    img: 'icons/svg/mystery-man.svg',
    ownership: { default: 0 },
    folder: null,
    sort: 0,
    prototypeToken: {},
  },
  Item: {
    name: '',
    type: 'base',
    img: 'icons/svg/item-bag.svg',
    ownership: { default: 0 },
    folder: null,
    sort: 0,
  },
  ActiveEffect: {
    name: '',
    img: 'icons/svg/aura.svg',
    statuses: [],
    disabled: false,
    origin: null,
    transfer: false,
    changes: [],
    duration: {},
    description: '',
  },
  Combat: { type: 'base', round: 0, turn: null, active: false, scene: null, sort: 0 },
  Combatant: {
    type: 'base',
    name: '',
    img: null,
    actorId: null,
    tokenId: null,
    sceneId: null,
    initiative: null,
    hidden: false,
    defeated: false,
  },
  ChatMessage: {
    type: 'base',
    author: null,
    content: '',
    flavor: '',
    whisper: [],
    blind: false,
    rolls: [],
    speaker: {},
    style: 0,
    timestamp: 0,
    sound: null,
  },
  Scene: {
    name: '',
    active: false,
    grid: { size: 100, distance: 1.5, units: 'm' },
    width: 4000,
    height: 3000,
  },
  Token: {
    name: '',
    actorId: null,
    actorLink: true,
    x: 0,
    y: 0,
    elevation: 0,
    width: 1,
    height: 1,
    disposition: -1,
    hidden: false,
  },
  Macro: {
    name: '',
    type: 'script',
    command: '',
    img: 'icons/svg/dice-target.svg',
    ownership: { default: 0 },
    scope: 'global',
  },
  User: { name: '', role: 1, active: false, character: null, color: '#336699' },
  JournalEntry: { name: '', pages: [], ownership: { default: 0 } },
  JournalEntryPage: { name: '', type: 'text', text: { content: '', format: 1 }, sort: 0 },
  Adventure: { name: '', caption: '', description: '', actors: [], items: [], scenes: [], journal: [] },
};

/** Embedded collections of each document type: collection name → embedded document name. */
const CHILDREN: Record<string, Record<string, string>> = {
  Actor: { items: 'Item', effects: 'ActiveEffect' },
  Item: { effects: 'ActiveEffect' },
  Combat: { combatants: 'Combatant' },
  Scene: { tokens: 'Token' },
  JournalEntry: { pages: 'JournalEntryPage' },
};

/** The options that travel with an operation (the parent travels as a reference). */
function wire(options: Obj): Obj {
  const { parent: _parent, ...rest } = options;
  return rest;
}

/** Sets a source field on the instance unless a getter of the class derives it. */
function assignField(doc: object, key: string, value: unknown): void {
  for (let p = Object.getPrototypeOf(doc); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d?.get) {
      if (d.set) (doc as Obj)[key] = deepClone(value);
      return;
    }
  }
  (doc as Obj)[key] = deepClone(value);
}

export type DocumentClasses = ReturnType<typeof makeDocumentClasses>;

/** Builds the document classes of one client. */
export function makeDocumentClasses(host: DocumentHost) {
  const models = (name: string): Record<string, typeof DataModel> => host.CONFIG[name]?.dataModels ?? {};
  const currentUser = (): any => host.game.users.get(host.userId);

  class ClientDocument {
    static documentName = 'Document';
    static metadata = { name: 'Document' };
    declare _source: Obj;
    declare parent: any;
    declare pack: string | null;
    declare system: any;
    declare flags: Obj;
    declare id: string;
    declare _id: string;
    declare name: string;
    declare type: string;
    /** Applications showing this document, re-rendered when it changes. */
    apps: Record<string, any> = {};
    _sheet: any = null;
    /** Data a `_preCreate` adds with `updateSource` (roll mode whispers…), sent with the creation. */
    _pendingCreate?: Obj;

    static get implementation(): any {
      const name = (this as unknown as typeof ClientDocument).documentName;
      return host.CONFIG[name]?.documentClass ?? this;
    }

    constructor(data: Obj = {}, options: { parent?: any; pack?: string | null } = {}) {
      const ctor = this.constructor as typeof ClientDocument;
      Object.defineProperty(this, 'parent', {
        value: options.parent ?? null,
        writable: true,
        enumerable: false,
      });
      Object.defineProperty(this, 'pack', { value: options.pack ?? null, writable: true, enumerable: false });
      const source = mergeObject(deepClone(CORE[ctor.documentName] ?? {}), deepClone(data), {
        inplace: true,
      });
      source._id ??= null;
      source.flags ??= {};
      this._source = source;
      this._initializeSource();
      this.prepareData();
    }

    get documentName(): string {
      return (this.constructor as typeof ClientDocument).documentName;
    }

    /** Copies the source onto the instance, builds the system model and embedded collections. */
    _initializeSource(): void {
      const name = this.documentName;
      const s = this._source;
      for (const [k, v] of Object.entries(s)) {
        if (k === 'system' || (CHILDREN[name] && k in CHILDREN[name]!)) continue;
        assignField(this, k, v);
      }
      this.id = s._id;
      const Model = models(name)[s.type];
      if (Model) {
        try {
          this.system = new Model(s.system ?? {}, { parent: this });
        } catch (error) {
          // Foundry keeps invalid stored data readable as raw source (an "invalid document").
          (this as Obj).invalid = String(error);
          this.system = deepClone(s.system ?? {});
        }
        this._source.system = this.system instanceof DataModel ? this.system.toObject() : s.system;
      } else this.system = deepClone(s.system ?? {});
      for (const [field, childName] of Object.entries(CHILDREN[name] ?? {})) {
        const Cls = classFor(childName);
        const coll = new Collection<any>();
        for (const child of (s[field] ?? []) as Obj[])
          coll.set(child._id, new Cls(child, { parent: this, pack: this.pack }));
        (this as Obj)[field] = coll;
      }
    }

    get uuid(): string {
      const own = `${this.documentName}.${this.id}`;
      if (this.parent) return `${this.parent.uuid}.${own}`;
      if (this.pack) return `Compendium.${this.pack}.${own}`;
      return own;
    }

    get isEmbedded(): boolean {
      return Boolean(this.parent);
    }

    get collectionName(): string {
      return EMBEDDED[`${this.parent?.documentName}.${this.documentName}`]?.[1] ?? '';
    }

    prepareData(): void {
      this.system?.prepareBaseData?.();
      this.prepareBaseData();
      this.prepareEmbeddedDocuments();
      this.system?.prepareDerivedData?.();
      this.prepareDerivedData();
    }
    prepareBaseData(): void {}
    prepareEmbeddedDocuments(): void {
      for (const field of Object.keys(CHILDREN[this.documentName] ?? {})) {
        for (const child of ((this as Obj)[field] as Collection<any>).values()) child.prepareData();
      }
    }
    prepareDerivedData(): void {}

    // --- Permissions --------------------------------------------------------------------------
    getUserLevel(user: any = currentUser()): number {
      if (!user) return OWNERSHIP.NONE;
      if (user.isGM) return OWNERSHIP.OWNER;
      if (
        this.parent &&
        ['Item', 'ActiveEffect', 'Token'].includes(this.documentName) &&
        this.parent.getUserLevel
      )
        return this.parent.getUserLevel(user);
      const own = (this._source.ownership ?? {}) as Record<string, number>;
      return own[user.id] ?? own.default ?? OWNERSHIP.NONE;
    }
    get permission(): number {
      return this.getUserLevel();
    }
    get ownership(): Obj {
      return this._source.ownership ?? {};
    }
    testUserPermission(user: any, level: string | number, { exact = false } = {}): boolean {
      const wanted = typeof level === 'number' ? level : ((OWNERSHIP as Record<string, number>)[level] ?? 0);
      const has = this.getUserLevel(user);
      return exact ? has === wanted : has >= wanted;
    }
    get isOwner(): boolean {
      return this.testUserPermission(currentUser(), 'OWNER');
    }
    get limited(): boolean {
      return this.testUserPermission(currentUser(), 'LIMITED', { exact: true });
    }
    get visible(): boolean {
      return this.testUserPermission(currentUser(), 'OBSERVER') || this.documentName === 'Combatant';
    }
    canUserModify(user: any, action: 'create' | 'update' | 'delete', data?: Obj): boolean {
      return host.server.mayModify(user.id, action, this.documentName, this._source, this.parentRef(), data);
    }

    parentRef(): Operation['parent'] {
      return this.parent ? { documentName: this.parent.documentName, id: this.parent.id } : null;
    }

    // --- Flags ---------------------------------------------------------------------------------
    getFlag(scope: string, key: string): unknown {
      return getProperty(this.flags ?? {}, `${scope}.${key}`);
    }
    async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
      return this.update({ [`flags.${scope}.${key}`]: value });
    }
    async unsetFlag(scope: string, key: string): Promise<this | undefined> {
      const parts = key.split('.');
      const last = parts.pop()!;
      const path = ['flags', scope, ...parts, `-=${last}`].join('.');
      return this.update({ [path]: null });
    }

    // --- Writes --------------------------------------------------------------------------------
    /**
     * The change as the initiating client sends it, in Foundry's order since v12: `_preUpdate`
     * (which runs the system model's) and the `preUpdate<Doc>` hooks get the change as requested,
     * unchanged keys included, even when nothing changes; then it is validated and diffed against
     * the source, and an empty diff is not sent (foundryvtt issues #10841, #10842).
     */
    async _prepareUpdate(changes: Obj, options: Obj): Promise<Obj | null> {
      const legacy = legacyOperatorKeys(changes);
      if (legacy.length && host.generation >= 16)
        throw new Error(`Foundry v16 no longer accepts the update keys ${legacy.join(', ')}`);
      if (legacy.length && host.generation >= 14)
        for (const key of legacy) host.deprecations.push(`legacy deletion or replacement key ${key}`);
      const requested = expandObject(changes);
      delete requested._id;
      const user = currentUser();
      const allowed = await this._preUpdate(requested, options, user);
      if (allowed === false) return null;
      if (host.Hooks.call(`preUpdate${this.documentName}`, this, requested, options, host.userId) === false)
        return null;
      // Validate the change against the schema as Foundry does before sending it.
      if (requested.system !== undefined && this.system instanceof DataModel) {
        const probe = new (this.system.constructor as typeof DataModel)(this.system.toObject(), {
          parent: null,
        });
        probe.updateSource(requested.system, { recursive: options.recursive });
      }
      const expanded =
        options.diff === false || options.recursive === false
          ? requested
          : diffObject(this._source, requested);
      if (!Object.keys(expanded).length) return null;
      return expanded;
    }
    /** Core's base `_preUpdate` runs the system model's (a subclass that skips `super` skips it). */
    async _preUpdate(changes: Obj, options: Obj, user: any): Promise<boolean | void> {
      if (this.system instanceof DataModel && typeof (this.system as Obj)._preUpdate === 'function')
        return (this.system as Obj)._preUpdate(changes, options, user);
    }
    async _preCreate(_data: Obj, _options: Obj, _user: any): Promise<boolean | void> {}
    async _preDelete(_options: Obj, _user: any): Promise<boolean | void> {}
    _onCreate(_data: Obj, _options: Obj, _userId: string): void {}
    _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
    _onDelete(_options: Obj, _userId: string): void {}

    async update(changes: Obj = {}, options: Obj = {}): Promise<this | undefined> {
      const expanded = await this._prepareUpdate(changes, options);
      if (!expanded) return undefined;
      if (this.pack) throw new Error('Compendium documents are locked in the harness');
      await host.server.update(
        host.userId,
        this.documentName,
        [{ ...expanded, _id: this.id }],
        this.parentRef(),
        options,
      );
      return this;
    }

    async delete(options: Obj = {}): Promise<this | undefined> {
      if ((await this._preDelete(options, currentUser())) === false) return undefined;
      if (host.Hooks.call(`preDelete${this.documentName}`, this, options, host.userId) === false)
        return undefined;
      await host.server.delete(host.userId, this.documentName, [this.id], this.parentRef(), options);
      return this;
    }

    static async create(data: Obj | Obj[], options: Obj = {}): Promise<any> {
      const list = Array.isArray(data) ? data : [data];
      const created = await (this as any).createDocuments(list, options);
      return Array.isArray(data) ? created : created[0];
    }

    static async createDocuments(data: Obj[], options: Obj = {}): Promise<any[]> {
      const Cls = (this as any).implementation as typeof ClientDocument;
      const name = Cls.documentName;
      const parent = options.parent ?? null;
      const prepared: Obj[] = [];
      for (const d of data) {
        const source = deepClone(d instanceof ClientDocument ? d.toObject() : d);
        const probe = new Cls(source, { parent });
        if ((await probe._preCreate(source, options, currentUser())) === false) continue;
        if (host.Hooks.call(`preCreate${name}`, probe, source, options, host.userId) === false) continue;
        const clean = probe.toObject();
        if (!options.keepId) delete clean._id;
        prepared.push(mergeObject(clean, probe._pendingCreate ?? {}, { inplace: true }));
      }
      if (!prepared.length) return [];
      const ref = parent ? { documentName: parent.documentName, id: parent.id } : null;
      const created = await host.server.create(host.userId, name, prepared, ref, wire(options));
      return created.map((s) => findLocal(name, s._id, ref));
    }

    static async updateDocuments(updates: Obj[], options: Obj = {}): Promise<any[]> {
      const Cls = (this as any).implementation as typeof ClientDocument;
      const parent = options.parent ?? null;
      const ref = parent ? { documentName: parent.documentName, id: parent.id } : null;
      const sent: Obj[] = [];
      for (const u of updates) {
        const doc = findLocal(Cls.documentName, u._id, ref);
        if (!doc) throw new Error(`${Cls.documentName} ${u._id} does not exist`);
        const expanded = await doc._prepareUpdate(u, options);
        if (expanded) sent.push({ ...expanded, _id: u._id });
      }
      if (!sent.length) return [];
      await host.server.update(host.userId, Cls.documentName, sent, ref, wire(options));
      return sent.map((u) => findLocal(Cls.documentName, u._id, ref));
    }

    static async deleteDocuments(ids: string[], options: Obj = {}): Promise<string[]> {
      const Cls = (this as any).implementation as typeof ClientDocument;
      const parent = options.parent ?? null;
      const ref = parent ? { documentName: parent.documentName, id: parent.id } : null;
      return host.server.delete(host.userId, Cls.documentName, ids, ref, wire(options));
    }

    async createEmbeddedDocuments(name: string, data: Obj[], options: Obj = {}): Promise<any[]> {
      return classFor(name).createDocuments(data, { ...options, parent: this });
    }
    async updateEmbeddedDocuments(name: string, updates: Obj[], options: Obj = {}): Promise<any[]> {
      return classFor(name).updateDocuments(updates, { ...options, parent: this });
    }
    async deleteEmbeddedDocuments(name: string, ids: string[], options: Obj = {}): Promise<string[]> {
      return classFor(name).deleteDocuments(ids, { ...options, parent: this });
    }
    getEmbeddedDocument(name: string, id: string): any {
      const field = EMBEDDED[`${this.documentName}.${name}`]?.[1];
      return field ? (this as Obj)[field]?.get(id) : undefined;
    }

    toObject(): Obj {
      const out = deepClone(this._source);
      if (this.system instanceof DataModel) out.system = this.system.toObject();
      for (const field of Object.keys(CHILDREN[this.documentName] ?? {})) {
        out[field] = ((this as Obj)[field] as Collection<any>).map((c) => c.toObject());
      }
      return out;
    }
    toJSON(): Obj {
      return this.toObject();
    }
    clone(data: Obj = {}): any {
      const Cls = this.constructor as typeof ClientDocument;
      return new Cls(mergeObject(this.toObject(), data), { parent: this.parent, pack: this.pack });
    }
    toDragData(): Obj {
      return { type: this.documentName, uuid: this.uuid };
    }

    get sheet(): any {
      if (!this._sheet) {
        const Sheet = host.sheetClassFor(this.documentName, this.type);
        if (!Sheet) return null;
        this._sheet = new Sheet({ document: this });
      }
      return this._sheet;
    }

    async deleteDialog(): Promise<unknown> {
      const ok = await host.game.__dialogs.confirm({ content: this.name });
      return ok ? this.delete() : null;
    }

    /**
     * Core's creation dialog, as the sidebar's Create button calls it on the document class:
     * `(data, createOptions, options)`, a name and a type chosen among `options.types` (all the
     * registered types otherwise), then `create` (API v13 `Document.createDialog`).
     */
    static async createDialog(data: Obj = {}, createOptions: Obj = {}, options: Obj = {}): Promise<any> {
      const Cls = (this as any).implementation as typeof ClientDocument;
      const name = Cls.documentName;
      const types: string[] = Array.isArray(options.types) ? options.types : Object.keys(models(name));
      const esc = (v: unknown): string => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const label = (t: string): string =>
        host.game.i18n.localize(host.CONFIG[name]?.typeLabels?.[t] ?? `TYPES.${name}.${t}`);
      const content =
        `<input type="text" name="name" value="">` +
        `<select name="type">${types.map((t) => `<option value="${esc(t)}">${esc(label(t))}</option>`).join('')}</select>`;
      const chosen = (await host.game.__dialogs.prompt({
        content,
        ok: {
          label: 'Create',
          callback: (_event: Event, button: any) => ({
            name: button.form.querySelector('[name="name"]').value,
            type: button.form.querySelector('[name="type"]').value,
          }),
        },
      })) as Obj | null;
      if (!chosen) return null;
      return (Cls as any).create({ ...data, ...chosen, name: chosen.name || name }, createOptions);
    }

    static async fromDropData(data: Obj): Promise<any> {
      return host.game.__fromUuid(data.uuid);
    }

    /** Applies a change the server broadcast (every client, the initiating one included). */
    _applyRemote(diff: Obj, options: Obj): void {
      const { _id: _ignored, ...changes } = diff;
      const childFields = CHILDREN[this.documentName] ?? {};
      for (const [k, v] of Object.entries(changes)) {
        if (k === 'system' || k in childFields) continue;
        if (operatorOf(v) === 'delete') delete this._source[k];
        else if (operatorOf(v) === 'replace') this._source[k] = deepClone((v as Obj).replacement);
        else if (options.recursive === false || typeof v !== 'object' || v === null || Array.isArray(v)) {
          if (k.startsWith('-=')) delete this._source[k.slice(2)];
          else this._source[k] = deepClone(v);
        } else {
          this._source[k] ??= {};
          mergeObject(this._source[k], v, { performDeletions: true });
        }
      }
      if (changes.system !== undefined) {
        if (this.system instanceof DataModel)
          this.system.updateSource(changes.system, { recursive: options.recursive });
        else mergeObject(this.system, changes.system, { performDeletions: true });
        this._source.system = this.system instanceof DataModel ? this.system.toObject() : this.system;
      }
      const system = this.system;
      const children: Obj = {};
      for (const field of Object.keys(childFields)) children[field] = (this as Obj)[field];
      for (const [k, v] of Object.entries(this._source)) {
        if (k === 'system' || k in childFields) continue;
        assignField(this, k, v);
      }
      for (const k of Object.keys(this as Obj)) {
        if (k.startsWith('-=')) delete (this as Obj)[k];
      }
      this.system = system;
      Object.assign(this, children);
      this.id = this._source._id;
    }
  }

  function classFor(name: string): any {
    return host.CONFIG[name]?.documentClass ?? base[name as keyof typeof base];
  }

  /** The local copy of a document (world or embedded). */
  function findLocal(documentName: string, id: string, parent: Operation['parent']): any {
    if (!parent) return host.game.collections.get(documentName)?.get(id);
    const host2 = findLocal(parent.documentName, parent.id, null);
    return host2?.getEmbeddedDocument(documentName, id);
  }

  class BaseActor extends ClientDocument {
    static override documentName = 'Actor';
    declare items: Collection<any>;
    declare effects: Collection<any>;
    get itemTypes(): Record<string, any[]> {
      const out: Record<string, any[]> = {};
      for (const t of Object.keys(models('Item'))) out[t] = [];
      for (const i of this.items.values()) (out[i.type] ??= []).push(i);
      return out;
    }
    /** Statuses of the actor's active effects (Foundry derives `Actor#statuses` from them). */
    get statuses(): Set<string> {
      const out = new Set<string>();
      for (const e of this.effects?.values() ?? [])
        if (!e.disabled) for (const s of e.statuses ?? []) out.add(s);
      return out;
    }
    get appliedEffects(): any[] {
      return this.effects.filter((e: any) => !e.disabled);
    }
    getActiveTokens(): any[] {
      return host.game.__tokensOf(this);
    }
    async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<unknown> {
      const existing = this.effects.filter((e: any) => (e.statuses ?? []).includes(statusId));
      const on = active ?? existing.length === 0;
      if (!on) {
        if (existing.length)
          await this.deleteEmbeddedDocuments(
            'ActiveEffect',
            existing.map((e: any) => e.id),
          );
        return false;
      }
      if (existing.length) return true;
      // An array on v13, a record keyed by id on v14.
      const config = host.CONFIG.statusEffects as Obj[] | Record<string, Obj>;
      const status = Array.isArray(config)
        ? config.find((s) => s.id === statusId)
        : Object.hasOwn(config, statusId)
          ? { ...config[statusId], id: statusId }
          : undefined;
      if (!status) throw new Error(`Unknown status ${statusId}`);
      const [effect] = await this.createEmbeddedDocuments('ActiveEffect', [
        { name: host.game.i18n.localize(status.name), img: status.img, statuses: [statusId] },
      ]);
      return effect;
    }
    get isToken(): boolean {
      return false;
    }
    get hasPlayerOwner(): boolean {
      return host.game.users.some((u: any) => !u.isGM && this.testUserPermission(u, 'OWNER'));
    }
  }

  class BaseItem extends ClientDocument {
    static override documentName = 'Item';
    get actor(): any {
      return this.parent?.documentName === 'Actor' ? this.parent : null;
    }
  }

  class BaseActiveEffect extends ClientDocument {
    static override documentName = 'ActiveEffect';
    get isTemporary(): boolean {
      const d = (this as Obj).duration ?? {};
      return Boolean(d.rounds || d.turns || d.seconds) || ((this as Obj).statuses ?? []).length > 0;
    }
  }

  class BaseCombatant extends ClientDocument {
    static override documentName = 'Combatant';
    declare actorId: string | null;
    declare tokenId: string | null;
    declare initiative: number | null;
    declare defeated: boolean;
    declare hidden: boolean;
    get combat(): any {
      return this.parent;
    }
    get actor(): any {
      return this.actorId ? (host.game.actors.get(this.actorId) ?? null) : null;
    }
    get token(): any {
      return this.tokenId ? host.game.__tokenById(this.tokenId) : null;
    }
    /** A combatant shows its actor's name and image unless it has its own. */
    override prepareBaseData(): void {
      this.name = (this._source.name || this.actor?.name) ?? '';
      (this as Obj).img = this._source.img || this.actor?.img || '';
    }
    override getUserLevel(user: any = currentUser()): number {
      if (user?.isGM) return OWNERSHIP.OWNER;
      return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
    }
    get isDefeated(): boolean {
      return Boolean(this.defeated);
    }
    get players(): any[] {
      return host.game.users.filter((u: any) => !u.isGM && this.testUserPermission(u, 'OWNER'));
    }
    get isNPC(): boolean {
      return !this.actor || !this.players.length;
    }
  }

  class BaseCombat extends ClientDocument {
    static override documentName = 'Combat';
    declare combatants: Collection<any>;
    declare round: number;
    declare turn: number | null;
    /**
     * Combatants sorted by `_sortCombatants` (a system may override it), as `setupTurns` does:
     * core hands the method to `Array#sort` as an unbound reference, so `this` is undefined inside.
     */
    get turns(): any[] {
      return [...(this.combatants.contents as any[])].sort(this._sortCombatants);
    }
    /** Core's order: initiative highest first (none last), ties broken by combatant id only. */
    _sortCombatants(a: any, b: any): number {
      return compareCombatants(a, b);
    }
    /** `setupTurns`: the fake's `turns` are always sorted afresh, so this only returns them. */
    setupTurns(): any[] {
      return this.turns;
    }
    get combatant(): any {
      return typeof this.turn === 'number' ? (this.turns[this.turn] ?? null) : null;
    }
    get started(): boolean {
      return this.round > 0;
    }
    get isActive(): boolean {
      return Boolean((this as Obj).active);
    }
    get scene(): any {
      return (this as Obj)._source.scene ? host.game.scenes.get((this as Obj)._source.scene) : null;
    }
    // Core's turn methods: hooks first, then the update; world time advances with each round.
    async startCombat(): Promise<this> {
      host.Hooks.callAll('combatStart', this, { round: 1, turn: 0 });
      await this.update({ round: 1, turn: 0 });
      return this;
    }
    async nextTurn(): Promise<this> {
      const turn = (this.turn ?? -1) + 1;
      if (turn >= this.turns.length) return this.nextRound();
      host.Hooks.callAll('combatTurn', this, { round: this.round, turn }, {});
      await this.update({ turn });
      return this;
    }
    async previousTurn(): Promise<this> {
      await this.update({ turn: Math.max(0, (this.turn ?? 0) - 1) });
      return this;
    }
    async nextRound(): Promise<this> {
      host.Hooks.callAll('combatRound', this, { round: this.round + 1, turn: 0 }, {});
      await this.update(
        { round: this.round + 1, turn: 0 },
        { advanceTime: host.CONFIG.time?.roundTime ?? 6 },
      );
      await host.game.time.advance(host.CONFIG.time?.roundTime ?? 6);
      return this;
    }
    async previousRound(): Promise<this> {
      await this.update({ round: Math.max(0, this.round - 1), turn: 0 });
      return this;
    }
    async endCombat(): Promise<this | undefined> {
      return this.delete();
    }
    async rollInitiative(): Promise<this> {
      return this;
    }
    async rollAll(): Promise<this> {
      return this;
    }
    async rollNPC(): Promise<this> {
      return this;
    }
    async resetAll(): Promise<this> {
      return this;
    }
    async activate(): Promise<this | undefined> {
      return this.update({ active: true });
    }
    getCombatantsByActor(actor: any): any[] {
      return this.combatants.filter((c: any) => c.actorId === (actor?.id ?? actor));
    }
  }

  class BaseChatMessage extends ClientDocument {
    static override documentName = 'ChatMessage';
    declare whisper: string[];
    declare blind: boolean;
    declare content: string;
    get author(): any {
      return host.game.users.get(this._source.author) ?? null;
    }
    set author(_v: unknown) {}
    get isAuthor(): boolean {
      return this._source.author === host.userId;
    }
    get rolls(): any[] {
      return ((this._source.rolls ?? []) as unknown[]).map((r) =>
        host.Roll.fromData(typeof r === 'string' ? JSON.parse(r) : r),
      );
    }
    set rolls(_v: unknown) {}
    /** A blind message's content is the GMs'; a whisper's its author's, recipients' and GMs'. */
    get isContentVisible(): boolean {
      return host.server.mayReadContent(host.userId, this._source);
    }
    override get visible(): boolean {
      return host.server.mayView(host.userId, 'ChatMessage', this._source);
    }
    override getUserLevel(user: any = currentUser()): number {
      if (user?.isGM || this._source.author === user?.id) return OWNERSHIP.OWNER;
      return OWNERSHIP.OBSERVER;
    }
    static getSpeaker({ actor, token, alias }: Obj = {}): Obj {
      return {
        actor: actor?.id ?? null,
        token: token?.id ?? null,
        scene: null,
        alias: alias ?? actor?.name ?? currentUser()?.name,
      };
    }
    static getWhisperRecipients(name: string): any[] {
      if (name === 'GM') return host.game.users.filter((u: any) => u.isGM);
      return host.game.users.filter((u: any) => u.name === name);
    }
    /** Foundry v13: gmroll/blindroll whisper to the GMs, blindroll hides, selfroll to the author. */
    static applyRollMode(data: Obj, mode: string): Obj {
      const gms = host.game.users.filter((u: any) => u.isGM).map((u: any) => u.id);
      if (mode === 'roll') mode = host.game.settings.get('core', 'rollMode') ?? 'publicroll';
      if (mode === 'gmroll' || mode === 'blindroll') data.whisper = gms;
      if (mode === 'blindroll') data.blind = true;
      if (mode === 'selfroll') data.whisper = [host.userId];
      if (mode === 'publicroll') data.whisper = [];
      return data;
    }
    applyRollMode(mode: string): void {
      const data = BaseChatMessage.applyRollMode(
        { whisper: this._source.whisper, blind: this._source.blind },
        mode,
      );
      this._pendingCreate = data;
      Object.assign(this._source, data);
    }
    /** The message's HTML as the chat log shows it; fires `renderChatMessageHTML`. */
    async renderHTML(): Promise<HTMLElement> {
      const doc = host.game.__document as Document;
      const li = doc.createElement('li');
      li.className = 'chat-message message flexcol';
      li.dataset.messageId = this.id;
      if (this.whisper?.length) li.classList.add('whisper');
      if (this.blind) li.classList.add('blind');
      const header = doc.createElement('header');
      header.className = 'message-header';
      header.textContent = this.author?.name ?? '';
      const content = doc.createElement('div');
      content.className = 'message-content';
      // A whispered roll shown to someone else: core's "… rolled privately" notice, no content.
      content.innerHTML = this.isContentVisible
        ? this.content
        : `${this.author?.name ?? ''} rolled privately`;
      li.append(header, content);
      host.Hooks.callAll('renderChatMessageHTML', this, li, {
        message: this.toObject(),
        canDelete: this.isOwner,
      });
      return li;
    }
  }

  class BaseUser extends ClientDocument {
    static override documentName = 'User';
    declare role: number;
    targets = new Set<any>();
    /** True for Assistant GMs (role 3) as well as Gamemasters (role 4). */
    get isGM(): boolean {
      return this.role >= ROLES.ASSISTANT;
    }
    get active(): boolean {
      return host.server.connections.has(this.id);
    }
    set active(_v: boolean) {}
    get isSelf(): boolean {
      return this.id === host.userId;
    }
    get character(): any {
      return this._source.character ? host.game.actors.get(this._source.character) : null;
    }
    set character(_v: unknown) {}
    hasRole(role: number | string): boolean {
      const r =
        typeof role === 'number'
          ? role
          : (({ PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as Obj)[role] ?? 9);
      return this.role >= r;
    }
    can(_action: string): boolean {
      return this.isGM;
    }
    /** `User#query`: runs a registered query on that user's client, through the server. */
    async query(name: string, data: unknown, options: Obj = {}): Promise<unknown> {
      return host.server.query(host.userId, this.id, name, data, options);
    }
    async assignHotbarMacro(macro: any, slot: number | string): Promise<this | undefined> {
      return this.update({ [`hotbar.${slot}`]: macro?.id ?? null });
    }
    override getUserLevel(user: any = currentUser()): number {
      // A player has no level on another User (NONE), not LIMITED.
      return user?.isGM || user?.id === this.id ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
    }
  }

  class BaseScene extends ClientDocument {
    static override documentName = 'Scene';
    declare tokens: Collection<any>;
    get dimensions(): Obj {
      const grid = (this as Obj).grid;
      return { size: grid.size, distance: grid.distance, distancePixels: grid.size / grid.distance };
    }
  }

  class BaseToken extends ClientDocument {
    static override documentName = 'Token';
    declare actorId: string | null;
    declare x: number;
    declare y: number;
    declare elevation: number;
    get actor(): any {
      return this.actorId ? (host.game.actors.get(this.actorId) ?? null) : null;
    }
    get object(): any {
      return host.game.__placeableOf(this);
    }
    override getUserLevel(user: any = currentUser()): number {
      return this.actor?.getUserLevel(user) ?? (user?.isGM ? OWNERSHIP.OWNER : OWNERSHIP.NONE);
    }
    override get isOwner(): boolean {
      return this.testUserPermission(currentUser(), 'OWNER');
    }
  }

  class BaseMacro extends ClientDocument {
    static override documentName = 'Macro';
    async execute(scope: Obj = {}): Promise<unknown> {
      const fn = new Function(
        'scope',
        'game',
        'ui',
        'fromUuid',
        `return (async () => { ${(this as Obj).command} })();`,
      );
      return fn(scope, host.game, host.game.__ui, host.game.__fromUuid);
    }
  }

  class BaseJournalEntry extends ClientDocument {
    static override documentName = 'JournalEntry';
    declare pages: Collection<any>;
  }

  class BaseJournalEntryPage extends ClientDocument {
    static override documentName = 'JournalEntryPage';
  }

  /**
   * An Adventure of a compendium: `import()` creates its documents in the world, keeping their
   * ids so that tokens still point at their actors (API v13 `Adventure#import`, `importContent`).
   */
  class BaseAdventure extends ClientDocument {
    static override documentName = 'Adventure';
    async import(): Promise<{ created: Record<string, any[]> }> {
      const created: Record<string, any[]> = {};
      for (const [field, name] of [
        ['actors', 'Actor'],
        ['items', 'Item'],
        ['journal', 'JournalEntry'],
        ['scenes', 'Scene'],
      ] as const) {
        const sources = ((this._source as Obj)[field] ?? []) as Obj[];
        if (!sources.length) continue;
        created[name] = await classFor(name).createDocuments(deepClone(sources), { keepId: true });
      }
      return { created };
    }
  }

  const base = {
    JournalEntry: BaseJournalEntry,
    JournalEntryPage: BaseJournalEntryPage,
    Adventure: BaseAdventure,
    Actor: BaseActor,
    Item: BaseItem,
    ActiveEffect: BaseActiveEffect,
    Combat: BaseCombat,
    Combatant: BaseCombatant,
    ChatMessage: BaseChatMessage,
    User: BaseUser,
    Scene: BaseScene,
    Token: BaseToken,
    Macro: BaseMacro,
  };
  return { ClientDocument, classFor, findLocal, ...base };
}
