/**
 * The table's server: the one authoritative copy of the world (users, actors, items, combats,
 * chat messages, scenes and tokens, macros, world settings) that every client of the harness
 * talks to. Like Foundry's server it checks each operation against the requesting user's
 * permissions, applies it with Foundry's update semantics, stamps it with the id of the user who
 * made it, and broadcasts the result to the clients allowed to see it (a whispered message only
 * reaches its recipients). Behaviours and their public sources: test/harness/FAKE.md.
 */
import { deepClone, diffObject, expandObject, mergeObject, randomID, type Obj } from '../fakes/data';

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** `CONST.USER_ROLES`. */
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/** What the owner of a combatant's actor may change on it (every other field is the GM's). */
export const COMBATANT_OWNER_FIELDS: readonly string[] = ['_id', 'initiative', 'flags', 'defeated', 'system'];

/** What a user below Assistant may not change on their own User. */
export const USER_RESTRICTED_FIELDS: readonly string[] = ['name', 'role'];

export interface ServerUser {
  _id: string;
  name: string;
  role: number;
  active: boolean;
  character: string | null;
  flags: Obj;
  color: string;
}

/** World documents by collection; embedded collections live inside their parent's source. */
export type CollectionName =
  'actors' | 'items' | 'combats' | 'messages' | 'scenes' | 'macros' | 'users' | 'journal';

export const COLLECTIONS: Record<string, CollectionName> = {
  Actor: 'actors',
  Item: 'items',
  Combat: 'combats',
  ChatMessage: 'messages',
  Scene: 'scenes',
  Macro: 'macros',
  User: 'users',
  JournalEntry: 'journal',
};

/** Embedded document name → [parent document name, field holding the array]. */
export const EMBEDDED: Record<string, [string, string]> = {
  'Actor.Item': ['Actor', 'items'],
  'Actor.ActiveEffect': ['Actor', 'effects'],
  'Item.ActiveEffect': ['Item', 'effects'],
  'Combat.Combatant': ['Combat', 'combatants'],
  'Scene.Token': ['Scene', 'tokens'],
  'JournalEntry.JournalEntryPage': ['JournalEntry', 'pages'],
};

export interface Operation {
  readonly action: 'create' | 'update' | 'delete';
  readonly documentName: string;
  /** Parent of an embedded document: `{ documentName, id }`, or null for world documents. */
  readonly parent: { documentName: string; id: string } | null;
  /** Created sources, update diffs (with `_id`), or deleted ids. */
  readonly result: Obj[] | string[];
  readonly options: Obj;
  /** The user the server attests made the operation. */
  readonly userId: string;
}

/** What a connected client gives the server. */
export interface Connection {
  readonly userId: string;
  receive(operation: Operation): void;
  /** Runs a query handler registered in the client's CONFIG.queries. */
  handleQuery(name: string, data: unknown, options: Obj): Promise<unknown>;
}

export class PermissionError extends Error {}

export class FakeServer {
  readonly world: Record<CollectionName, Map<string, Obj>> = {
    actors: new Map(),
    items: new Map(),
    combats: new Map(),
    messages: new Map(),
    scenes: new Map(),
    macros: new Map(),
    users: new Map(),
    journal: new Map(),
  };
  readonly settings = new Map<string, unknown>();
  readonly connections = new Map<string, Connection>();
  /** Every accepted operation, in order (tests count writes per click with it). */
  readonly log: Operation[] = [];
  /** Every query sent through the server (name, from, to). */
  readonly queries: { name: string; from: string; to: string }[] = [];

  addUser(name: string, role: number, id?: string): ServerUser {
    const user: ServerUser = {
      _id: id ?? randomID(),
      name,
      role,
      active: false,
      character: null,
      flags: {},
      color: '#336699',
    };
    this.world.users.set(user._id, user as unknown as Obj);
    return user;
  }

  user(id: string): ServerUser | undefined {
    return this.world.users.get(id) as ServerUser | undefined;
  }

  /** `User#isGM`: true for Assistant GMs (role 3) as well as GMs (role 4). */
  isGM(userId: string): boolean {
    return (this.user(userId)?.role ?? 0) >= ROLES.ASSISTANT;
  }

  connect(connection: Connection): void {
    this.connections.set(connection.userId, connection);
    const user = this.user(connection.userId);
    if (user) user.active = true;
  }

  /** A client closed (a page reload): its user is inactive until a client connects again. */
  disconnect(userId: string): void {
    this.connections.delete(userId);
    const user = this.user(userId);
    if (user) user.active = false;
  }

  // ---------------------------------------------------------------------------------------------
  // Permissions (Foundry's documented defaults for each document type)

  /** The ownership level of a user on an actor, item, journal… source (GMs are owners). */
  ownershipLevel(userId: string, source: Obj | undefined): number {
    if (this.isGM(userId)) return OWNERSHIP.OWNER;
    if (!source) return OWNERSHIP.NONE;
    const own = (source.ownership ?? {}) as Record<string, number>;
    return own[userId] ?? own.default ?? OWNERSHIP.NONE;
  }

  /** The source of a world document, or of an embedded one inside its parent. */
  find(documentName: string, id: string, parent: Operation['parent']): Obj | undefined {
    if (!parent) return this.world[COLLECTIONS[documentName]!]?.get(id);
    const host = this.find(parent.documentName, parent.id, null);
    const field = EMBEDDED[`${parent.documentName}.${documentName}`]?.[1];
    return field ? (host?.[field] as Obj[] | undefined)?.find((d) => d._id === id) : undefined;
  }

  private actorOfCombatant(c: Obj): Obj | undefined {
    return c.actorId ? this.world.actors.get(c.actorId) : undefined;
  }

  /** May `userId` make `action` on this document (with these changes)? */
  mayModify(
    userId: string,
    action: Operation['action'],
    documentName: string,
    source: Obj | undefined,
    parent: Operation['parent'],
    changes?: Obj,
  ): boolean {
    if (documentName === 'User' && action === 'update' && 'role' in (changes ?? {})) {
      // Roles are the Gamemaster's: an assistant may not promote anyone (themselves included).
      return (this.user(userId)?.role ?? 0) >= ROLES.GAMEMASTER;
    }
    if (this.isGM(userId)) return true;
    const parentSource = parent ? this.find(parent.documentName, parent.id, null) : undefined;
    switch (documentName) {
      case 'Actor':
      case 'Item':
        if (parent) return this.ownershipLevel(userId, parentSource) >= OWNERSHIP.OWNER;
        // Players may not create world actors or items (ACTOR_CREATE/ITEM_CREATE are not granted
        // to the PLAYER role by default); they may update and delete what they own.
        if (action === 'create') return false;
        return this.ownershipLevel(userId, source) >= OWNERSHIP.OWNER;
      case 'ActiveEffect':
        return this.ownershipLevel(userId, parentSource) >= OWNERSHIP.OWNER;
      case 'ChatMessage':
        // Anyone may post as themselves; only the author (or a GM) may edit or delete a message,
        // and no player changes its author.
        if (action === 'create') return (source?.author ?? userId) === userId;
        if (changes && 'author' in changes && changes.author !== userId) return false;
        return source?.author === userId;
      case 'Combat':
        // Combats are the GM's; under the stricter reading (FAKE.md) any player may move `turn`
        // and `round` of any Combat, whoever the current combatant is.
        if (action !== 'update' || !source || !changes) return false;
        return !Object.keys(changes).some((k) => !['_id', 'turn', 'round'].includes(k));
      case 'Combatant':
        if (action !== 'update' || !source) return false;
        // Only initiative, flags, defeated and system; under the stricter reading (FAKE.md) any
        // player may write them on any Combatant.
        return !Object.keys(changes ?? {}).some((k) => !COMBATANT_OWNER_FIELDS.includes(k));
      case 'Token':
        if (action !== 'update' || !source) return false;
        return this.ownershipLevel(userId, this.world.actors.get(source.actorId)) >= OWNERSHIP.OWNER;
      case 'User':
        // A user may edit their own User, but not its name or role; only a GM edits others.
        return (
          action === 'update' &&
          source?._id === userId &&
          !Object.keys(changes ?? {}).some((k) => USER_RESTRICTED_FIELDS.includes(k))
        );
      case 'Macro':
        if (action === 'create') return true;
        return this.ownershipLevel(userId, source) >= OWNERSHIP.OWNER;
      case 'Scene':
        return false;
      case 'JournalEntry':
        return action !== 'create' && this.ownershipLevel(userId, source) >= OWNERSHIP.OWNER;
      case 'JournalEntryPage':
        return this.ownershipLevel(userId, parentSource) >= OWNERSHIP.OWNER;
      default:
        return false;
    }
  }

  /**
   * Does `userId`'s chat log show this message (`ChatMessage#visible`)? A whisper shows to its
   * author, its recipients and the GMs; a whisper that carries rolls shows to everyone, its
   * content hidden ("… rolled privately", `isContentVisible`).
   */
  mayView(userId: string, documentName: string, source: Obj): boolean {
    if (documentName !== 'ChatMessage' || this.isGM(userId)) return true;
    const whisper = (source.whisper ?? []) as string[];
    if (((source.rolls ?? []) as unknown[]).length) return true;
    return whisper.length === 0 || whisper.includes(userId) || source.author === userId;
  }

  /** May `userId` read this message's content (`ChatMessage#isContentVisible`)? */
  mayReadContent(userId: string, source: Obj): boolean {
    if (this.isGM(userId)) return true;
    if (source.blind) return false;
    const whisper = (source.whisper ?? []) as string[];
    return whisper.length === 0 || whisper.includes(userId) || source.author === userId;
  }

  /**
   * Does `userId`'s client receive this document? Every client receives every document, chat
   * messages included: a whispered message that carries rolls reaches everyone (players see
   * "… rolled privately"), and where no public source says the server withholds a whisper, the
   * stricter reading is kept (issue 39): a secret must never ride on a ChatMessage.
   */
  mayReceive(_userId: string, _documentName: string, _source: Obj): boolean {
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // Operations

  private collectionFor(documentName: string, parent: Operation['parent']): Obj[] | Map<string, Obj> {
    if (!parent) {
      const name = COLLECTIONS[documentName];
      if (!name) throw new Error(`Unknown document type ${documentName}`);
      return this.world[name];
    }
    const host = this.find(parent.documentName, parent.id, null);
    const field = EMBEDDED[`${parent.documentName}.${documentName}`]?.[1];
    if (!host || !field) throw new Error(`No ${documentName} collection in ${parent.documentName}`);
    host[field] ??= [];
    return host[field] as Obj[];
  }

  async create(
    userId: string,
    documentName: string,
    data: Obj[],
    parent: Operation['parent'],
    options: Obj = {},
  ) {
    const created: Obj[] = [];
    for (const d of data) {
      const source = deepClone(d);
      source._id = options.keepId && source._id ? source._id : (source._id ?? randomID());
      // Embedded documents created with their parent get their ids from the server too.
      for (const field of ['items', 'effects']) {
        const embedded = source[field];
        if (Array.isArray(embedded))
          for (const e of embedded as Obj[]) if (e && typeof e === 'object' && !e._id) e._id = randomID();
      }
      if (documentName === 'ChatMessage') {
        // The server records who posted: a player cannot post in someone else's name.
        if (!this.isGM(userId) || !source.author) source.author = userId;
        source.timestamp = Date.now();
      }
      if (!this.mayModify(userId, 'create', documentName, source, parent)) {
        throw new PermissionError(`User ${userId} lacks permission to create ${documentName}`);
      }
      created.push(source);
    }
    const collection = this.collectionFor(documentName, parent);
    for (const source of created) {
      if (collection instanceof Map) collection.set(source._id, source);
      else collection.push(source);
    }
    this.broadcast({ action: 'create', documentName, parent, result: deepClone(created), options, userId });
    return created;
  }

  async update(
    userId: string,
    documentName: string,
    updates: Obj[],
    parent: Operation['parent'],
    options: Obj = {},
  ) {
    const diffs: Obj[] = [];
    const plan: [Obj, Obj][] = [];
    // All-or-nothing, as one database operation: every change is checked before any is applied.
    for (const u of updates) {
      const source = this.find(documentName, u._id, parent);
      if (!source) throw new Error(`${documentName} ${u._id} does not exist`);
      const changes = expandObject(u);
      if (!this.mayModify(userId, 'update', documentName, source, parent, changes)) {
        throw new PermissionError(`User ${userId} lacks permission to update ${documentName} ${u._id}`);
      }
      plan.push([source, changes]);
    }
    for (const [source, changes] of plan) {
      const before = deepClone(source);
      if (options.recursive === false) Object.assign(source, deepClone(changes));
      else mergeObject(source, changes, { performDeletions: true });
      const diff = options.recursive === false ? deepClone(changes) : diffObject(before, changes);
      // Deletion keys travel to the clients so they delete the same keys.
      for (const [k, v] of Object.entries(changes)) if (k.startsWith('-=')) diff[k] = v;
      diff._id = source._id;
      if (Object.keys(diff).length > 1) diffs.push(diff);
    }
    if (diffs.length)
      this.broadcast({ action: 'update', documentName, parent, result: deepClone(diffs), options, userId });
    return diffs;
  }

  async delete(
    userId: string,
    documentName: string,
    ids: string[],
    parent: Operation['parent'],
    options: Obj = {},
  ) {
    const collection = this.collectionFor(documentName, parent);
    for (const id of ids) {
      const source = this.find(documentName, id, parent);
      if (!source) throw new Error(`${documentName} ${id} does not exist`);
      if (!this.mayModify(userId, 'delete', documentName, source, parent)) {
        throw new PermissionError(`User ${userId} lacks permission to delete ${documentName} ${id}`);
      }
    }
    for (const id of ids) {
      if (collection instanceof Map) collection.delete(id);
      else
        collection.splice(
          collection.findIndex((d) => d._id === id),
          1,
        );
    }
    this.broadcast({ action: 'delete', documentName, parent, result: [...ids], options, userId });
    return ids;
  }

  /** Sends the operation to every client that receives it (`mayReceive`: every client). */
  private broadcast(operation: Operation): void {
    this.log.push(operation);
    for (const connection of this.connections.values()) {
      let op = operation;
      if (operation.action !== 'delete') {
        const received = (operation.result as Obj[]).filter((r) => {
          const source = this.find(operation.documentName, r._id, operation.parent) ?? r;
          return this.mayReceive(connection.userId, operation.documentName, source);
        });
        if (!received.length) continue;
        op = { ...operation, result: received };
      }
      connection.receive(deepClone(op));
    }
  }

  /**
   * `User#query`: the server relays a query to the target user's client and its answer back. As
   * in Foundry v13, the handler receives the data and options only: nothing names the sender.
   */
  async query(fromUserId: string, toUserId: string, name: string, data: unknown, options: Obj = {}) {
    const target = this.connections.get(toUserId);
    if (!target) throw new Error(`User ${toUserId} is not connected`);
    this.queries.push({ name, from: fromUserId, to: toUserId });
    const answer = await target.handleQuery(name, deepClone(data), { timeout: options.timeout });
    return deepClone(answer);
  }

  /** World settings: only a GM may write them. */
  setSetting(userId: string, key: string, value: unknown): void {
    if (!this.isGM(userId)) throw new PermissionError(`User ${userId} may not change world settings`);
    this.settings.set(key, deepClone(value));
  }
}

/** The current combatant of a combat source: `turns` sorted as Foundry sorts them. */
export function currentCombatant(combat: Obj): Obj | undefined {
  const turns = sortTurns((combat.combatants ?? []) as Obj[]);
  return typeof combat.turn === 'number' ? turns[combat.turn] : undefined;
}

type Sortable = { initiative?: number | null; _id?: string | null; id?: string | null };

/**
 * Core's `Combat#_sortCombatants`: initiative highest first (none last), then the combatant id
 * alone breaks ties (never the name).
 */
export function compareCombatants(a: Sortable, b: Sortable): number {
  const ia = typeof a.initiative === 'number' ? a.initiative : -Infinity;
  const ib = typeof b.initiative === 'number' ? b.initiative : -Infinity;
  if (ia !== ib) return ib - ia;
  const ka = String(a.id ?? a._id);
  const kb = String(b.id ?? b._id);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Core's turn order (the server's view: no system override). */
export function sortTurns<T extends Sortable>(combatants: T[]): T[] {
  return [...combatants].sort(compareCombatants);
}
