/**
 * World for the Souffle Foundry tests: real Souffle actor models on the fake documents, real
 * templates rendered with the `handlebars` package, the French strings, the chat pipeline with
 * Souffle's flows, fake Combat/Combatant documents shaped like the combat adapter's CombatLike,
 * and a GM who answers players' queries.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { registerRuleHelpers } from '../../../src/foundry/rules/links';
import { setTemplateRenderer } from '../../../src/foundry/chat/card';
import { registerFlow } from '../../../src/foundry/chat/flow';
import { registerChat } from '../../../src/foundry/chat/index';
import { registerSouffleOpenQuery, souffleCardFlows } from '../../../src/foundry/rulesets/souffle/cards';
import { setSouffleOptionsSource } from '../../../src/foundry/rulesets/souffle/cards/fighters';
import type { CombatLike, CombatantLike } from '../../../src/foundry/combat/adapter';
import { registerRoundAdapter } from '../../../src/foundry/combat/adapter';
import { registerRoundQueries } from '../../../src/foundry/combat/service';
import { souffleRoundAdapter } from '../../../src/foundry/rulesets/souffle/round/adapter';
import { SYSTEM_PATH } from '../../../src/foundry/constants';
import { souffleRuleset } from '../../../src/foundry/rulesets/souffle';
import { registerPostureQuery } from '../../../src/foundry/rulesets/souffle/posture';
import {
  actAs,
  FakeActor,
  FakeChatMessage,
  resetFoundry,
  rollQueue,
  translations,
  type FakeUser,
  resolveFakeUuid,
  randomID,
  FakeCollection,
} from '../../fakes/foundry';
import { runRequest, setRequestTransport } from '../../../src/foundry/queries';

const g = globalThis as any;

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function merge(a: any, b: any): any {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] ? merge(out[k], v) : v;
  }
  return out;
}

export function strings(lang: 'fr' | 'en'): any {
  return ['core', 'chat', 'round', 'souffle', 'souffle-ui', 'souffle-flee'].reduce(
    (acc, part) => merge(acc, readJson(`lang/parts/${part}.${lang}.json`)),
    {},
  );
}

const compiled = new Map<string, HandlebarsTemplateDelegate>();
// The card's parts, which Foundry loads at init (chat/index.ts), as partials of the same Handlebars,
// and the system's helpers, which it registers at init (rules/index.ts).
registerRuleHelpers(Handlebars);
for (const part of ['header', 'check', 'rows', 'actions'])
  Handlebars.registerPartial(
    `${SYSTEM_PATH}/templates/chat/parts/${part}.hbs`,
    readFileSync(`templates/chat/parts/${part}.hbs`, 'utf8'),
  );

/** Renders our templates from disk as Foundry would (every {{ }} escaped). */
export async function renderFromDisk(path: string, context: Record<string, unknown>): Promise<string> {
  const file = path.replace(`${SYSTEM_PATH}/`, '');
  let template = compiled.get(file);
  if (!template) {
    template = Handlebars.compile(readFileSync(file, 'utf8'));
    compiled.set(file, template);
  }
  return template(context);
}

export class SouffleMessage extends FakeChatMessage {
  override async update(changes: Record<string, any>): Promise<this> {
    await super.update(changes);
    if (typeof changes.content === 'string') this.content = changes.content;
    if (Array.isArray(changes.rolls)) this.rolls = changes.rolls;
    return this;
  }
}

export interface FighterSpec {
  name: string;
  type?: 'combattant' | 'adversaire';
  owner?: FakeUser;
  geste?: number;
  vigueur?: number;
  acuite?: number;
  metiers?: { name: string; level: number }[];
  disciplines?: string[];
  defense?: number;
  initiative?: number;
  souffle?: number;
  pv?: number;
  chance?: number;
  posture?: string;
  weapons?: { id: string; name: string; category: string; damage: number; blunt?: boolean; hands?: number }[];
}

/** A fake actor with Active Effects (plain records; Actor#statuses is their union). */
export class SouffleActor extends FakeActor {
  effects = new FakeCollection<any>();
  get statuses(): Set<string> {
    return new Set([...this.effects.values()].flatMap((e: any) => [...(e.statuses ?? [])]));
  }
  override async createEmbeddedDocuments(name: string, data: any[]): Promise<any[]> {
    if (name !== 'ActiveEffect') return super.createEmbeddedDocuments(name, data);
    const made = data.map((d) => ({
      ...structuredClone(d),
      id: randomID(),
      statuses: new Set(d.statuses ?? []),
    }));
    for (const e of made) this.effects.set(e.id, e);
    return made;
  }
  override async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]> {
    if (name !== 'ActiveEffect') return super.deleteEmbeddedDocuments(name, ids);
    for (const id of ids) this.effects.delete(id);
    return ids;
  }
}

/** A Souffle actor with the real data model and equipped weapons. */
export async function souffleFighter(spec: FighterSpec): Promise<any> {
  const actor = new SouffleActor({
    name: spec.name,
    type: spec.type ?? 'combattant',
    ownerIds: spec.owner ? [spec.owner.id] : [],
    system: {
      geste: spec.geste ?? 2,
      vigueur: spec.vigueur ?? 2,
      acuite: spec.acuite ?? 2,
      metiers: spec.metiers ?? [],
      disciplines: spec.disciplines ?? [],
      defense: spec.defense ?? 2,
      initiative: spec.initiative ?? 0,
      souffle: { value: spec.souffle ?? 10, max: Math.max(10, spec.souffle ?? 10) },
      pv: { value: spec.pv ?? 10, max: Math.max(10, spec.pv ?? 10) },
      chance: spec.chance ?? 1,
      posture: spec.posture ?? '',
    },
  });
  await actor.createEmbeddedDocuments(
    'Item',
    (spec.weapons ?? []).map((w) => ({
      _id: w.id,
      name: w.name,
      type: 'arme-souffle',
      system: {
        category: w.category,
        damage: w.damage,
        blunt: w.blunt ?? false,
        hands: w.hands ?? 1,
        equipped: true,
      },
    })),
  );
  g.game.actors.set(actor.id, actor);
  return actor;
}

export const LONG_SWORD = { category: 'moyenne', damage: 3 };

export function targetOf(actor: { uuid: string; name: string }) {
  return { actorUuid: actor.uuid, tokenUuid: '', name: actor.name };
}

/** A fresh Souffle world; returns the users. */
export function souffleWorld(): { gm: FakeUser; player: FakeUser; other: FakeUser } {
  const { gm, player } = resetFoundry();
  const other: FakeUser = { id: 'pl00000000000002', name: 'Autre', isGM: false, active: true };
  g.game.users.set(other.id, other);
  Object.assign(g.CONFIG.Actor.dataModels, souffleRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, souffleRuleset.itemModels);
  g.CONFIG.ChatMessage.documentClass = SouffleMessage;
  g.fromUuidSync = resolveFakeUuid;
  translations.data = strings('fr');
  setTemplateRenderer(renderFromDisk);
  setSouffleOptionsSource(null);
  registerChat();
  for (const flow of souffleCardFlows) registerFlow(flow);
  registerRoundAdapter(souffleRoundAdapter);
  registerRoundQueries();
  registerPostureQuery();
  registerSouffleOpenQuery();
  // A player's request runs on the GM's client for the calling user: as the GM, then back.
  setRequestTransport(async (name, data) => {
    const caller = g.game.user;
    actAs(gm);
    try {
      return await runRequest(name, structuredClone(data), caller);
    } finally {
      actAs(caller);
    }
  });
  return { gm, player, other };
}

export function dice(...values: number[]): void {
  rollQueue.push(...values);
}

export function lastMessage(): SouffleMessage {
  const m = FakeChatMessage.created.at(-1);
  if (!m) throw new Error('no message');
  return m as SouffleMessage;
}

/** The card as the GM's client shows it (chat/helpers.ts). */
export { shownCard } from '../chat/helpers';

/** A Combatant shaped like the adapter's CombatantLike, pointing at a Souffle actor. */
export class SouffleCombatant implements CombatantLike {
  id: string;
  name: string;
  img = '';
  hidden = false;
  defeated = false;
  initiative: number | null = null;
  system = { declaration: '', readiness: '', budgets: '', surprised: false };
  actor: Actor.Implementation | null;

  constructor(id: string, actor: any) {
    this.id = id;
    this.name = actor.name;
    this.actor = actor;
  }

  testUserPermission(user: User.Implementation): boolean {
    return Boolean(user.isGM || (this.actor as any)?.ownerIds?.has(user.id));
  }
}

/** A Combat shaped like the adapter's CombatLike that stores what the adapter writes. */
export class SouffleCombat implements CombatLike {
  id = 'combatSouffle01';
  round = 0;
  turn: number | null = null;
  system = {
    rules: 'souffle',
    step: '',
    pass: null as number | null,
    slotIndex: -1,
    slots: [] as object[],
    order: [] as object[],
    out: [] as string[],
  };
  readonly list: SouffleCombatant[];

  constructor(list: SouffleCombatant[]) {
    this.list = list;
    g.game.combats.set(this.id, this);
    g.game.combat = this;
  }

  get combatants(): Iterable<SouffleCombatant> {
    return this.list;
  }

  async update(data: Record<string, unknown>): Promise<this> {
    const d = structuredClone(data) as { round?: number; turn?: number | null; system?: object };
    if (d.round !== undefined) this.round = d.round;
    if (d.turn !== undefined) this.turn = d.turn;
    if (d.system) this.system = { ...this.system, ...d.system };
    return this;
  }

  async updateEmbeddedDocuments(_name: 'Combatant', updates: Record<string, unknown>[]): Promise<unknown[]> {
    for (const u of structuredClone(updates) as {
      _id: string;
      initiative?: number | null;
      system?: object;
    }[]) {
      const c = this.list.find((x) => x.id === u._id);
      if (!c) throw new Error(`no combatant ${u._id}`);
      if (u.initiative !== undefined) c.initiative = u.initiative;
      if (u.system) c.system = { ...c.system, ...u.system };
    }
    return updates;
  }
}
