/**
 * World for the chat-card tests: real templates rendered with the `handlebars` package, real
 * French strings, a Fantasia actor whose engine view reads its PV and flat states (as the
 * Fantasia actor model stores them), a ChatMessage that keeps its content, and fromUuidSync.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { localCardHtml } from '../../../src/foundry/chat/hooks';
import { registerRuleHelpers } from '../../../src/foundry/rules/links';
import type { FantasiaCombatant, FantasiaStates, FantasiaWeapon } from '../../../src/engine/fantasia/types';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia/weapons';
import { DEFAULT_FANTASIA_OPTIONS } from '../../../src/engine/fantasia/options';
import { timedStatesOf } from '../../../src/foundry/rulesets/fantasia/timed-states';
import { setTemplateRenderer } from '../../../src/foundry/chat/card';
import { setFantasiaOptionsSource } from '../../../src/foundry/rulesets/fantasia/cards/attack-flow';
import {
  setFantasiaRoundProvider,
  type FantasiaRoundFacts,
} from '../../../src/foundry/rulesets/fantasia/cards/round-context';
import { registerChat, registerFlow } from '../../../src/foundry/chat/index';
import { fantasiaAttackCardFlow } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { fantasiaResistanceFlow } from '../../../src/foundry/rulesets/fantasia/cards/resistance-flow';
import { SYSTEM_PATH } from '../../../src/foundry/constants';
import {
  actAs,
  FakeActor,
  FakeChatMessage,
  FakeCombat,
  FakeItem,
  resetFoundry,
  rollQueue,
  translations,
  type FakeUser,
  resolveFakeUuid,
} from '../../fakes/foundry';
import { runRequest, setRequestTransport } from '../../../src/foundry/queries';
import { registerResistanceQuery } from '../../../src/foundry/rulesets/fantasia/cards/resistance';

const g = globalThis as any;

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function merge(a: any, b: any): any {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] ? merge(out[k], v) : v;
  }
  return out;
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

/** Renders our templates from disk, as Foundry would (Handlebars escapes every {{ }}). */
export async function renderFromDisk(path: string, context: Record<string, unknown>): Promise<string> {
  const file = path.replace(`${SYSTEM_PATH}/`, '');
  let template = compiled.get(file);
  if (!template) {
    template = Handlebars.compile(readFileSync(file, 'utf8'));
    compiled.set(file, template);
  }
  return template(context);
}

/** The inverse of the Fantasia model's flat states (what engineStates() reads). */
function statesFromSource(s: any): FantasiaStates {
  const out: any = {};
  for (const k of ['fallen', 'halfMovement', 'cannotMove', 'armLost', 'dead']) if (s[k]) out[k] = true;
  if (s.unconscious) out.unconscious = s.unconsciousHours > 0 ? { hours: s.unconsciousHours } : {};
  if (s.immobilisedBy) out.immobilised = { by: s.immobilisedBy };
  if (s.strangledBy)
    out.strangled = { by: s.strangledBy, ...(s.strangleDamage ? { extraDamage: s.strangleDamage } : {}) };
  if (s.entangledBy) out.entangled = { by: s.entangledBy, weaponId: s.entangledWeapon };
  if (s.disarmedWeapon) out.disarmed = { weaponId: s.disarmedWeapon };
  if (s.brokenWeapons?.length) out.weaponBroken = [...s.brokenWeapons];
  if (s.reloadingWeapon) out.reloading = { weaponId: s.reloadingWeapon };
  if (s.arquebusWeapon) out.arquebusReload = { weaponId: s.arquebusWeapon, roundsLeft: s.arquebusRounds };
  return out;
}

export class TestActor extends FakeActor {
  base!: FantasiaCombatant;
  /** Active Effects (the timed states, F-H6 F-B7 F-H7, are effects with a status). */
  effects: { id: string; statuses: string[]; duration?: any; flags?: any }[] = [];
  override async createEmbeddedDocuments(name: string, data: Record<string, any>[]): Promise<any[]> {
    if (name !== 'ActiveEffect') return super.createEmbeddedDocuments(name, data);
    const made = data.map((d, i) => ({
      ...d,
      id: `effect${this.effects.length + i}`,
      statuses: [...d.statuses],
    }));
    this.effects.push(...made);
    return made;
  }
  override async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]> {
    if (name !== 'ActiveEffect') return super.deleteEmbeddedDocuments(name, ids);
    this.effects = this.effects.filter((e) => !ids.includes(e.id));
    return ids;
  }
  /** Statuses of its effects, as Foundry's Actor#statuses. */
  get statuses(): Set<string> {
    return new Set(this.effects.flatMap((e) => e.statuses));
  }
  engineView<T>(): T {
    // A weapon's drawn/loaded flags live on its item when it has one (the round writes them there).
    const weapons = this.base.weapons?.map((w) => {
      const item = this.items.get(w.id) as { system?: { drawn: boolean; loaded: boolean } } | undefined;
      return item?.system ? { ...w, ready: item.system.drawn, loaded: item.system.loaded } : w;
    });
    const thrusts = this.items.contents
      .filter((i: any) => i.type === 'botte')
      .map((i: any) => ({ thrustId: i.system.thrustId, crosses: i.system.crosses }));
    const view: FantasiaCombatant = {
      ...this.base,
      id: this.id,
      name: this.name,
      pv: { value: this.system.pv.value, max: this.base.pv.max },
      states: { ...statesFromSource(this.system.states ?? {}), ...timedStatesOf(this) },
      ...(weapons ? { weapons } : {}),
      ...(thrusts.length ? { thrusts } : {}),
    };
    return view as T;
  }
}

export class TestMessage extends FakeChatMessage {
  override async update(changes: Record<string, any>): Promise<this> {
    await super.update(changes);
    if (typeof changes.content === 'string') this.content = changes.content;
    if (Array.isArray(changes.rolls)) this.rolls = changes.rolls;
    return this;
  }
}

export interface FighterSpec {
  name: string;
  owner?: FakeUser;
  pv?: number;
  armour?: number;
  skills?: FantasiaCombatant['skills'];
  weapons?: FantasiaWeapon[];
  shield?: FantasiaCombatant['shield'];
  damageBonus?: string;
  characteristics?: Partial<FantasiaCombatant['characteristics']>;
}

export function fighter(spec: FighterSpec): TestActor {
  const actor = new TestActor({
    name: spec.name,
    type: 'aventurier',
    system: { pv: { value: spec.pv ?? 14 }, states: {} },
    ownerIds: spec.owner ? [spec.owner.id] : [],
  });
  actor.base = {
    id: actor.id,
    name: spec.name,
    kind: 'aventurier',
    characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 12, DEX: 12, CHA: 10, ...spec.characteristics },
    pv: { value: spec.pv ?? 14, max: spec.pv ?? 14 },
    mouvement: 8,
    damageBonus: spec.damageBonus ?? '',
    armour: spec.armour ?? 0,
    skills: spec.skills ?? {},
    states: {},
    weapons: spec.weapons ?? [FANTASIA_WEAPONS.epeeLongue],
    ...(spec.shield ? { shield: spec.shield } : {}),
  };
  // Weapons are items: their drawn/loaded flags are the readiness the round and the card read.
  for (const w of actor.base.weapons ?? []) {
    if (w.skill === 'bagarre' || w.skill === 'lutte') continue;
    const item = new FakeItem(
      {
        _id: w.id,
        name: w.name,
        type: 'arme',
        system: { drawn: w.ready, loaded: w.loaded, reloadRoundsLeft: null },
      },
      { parent: actor },
    );
    actor.items.set(item.id, item);
  }
  g.game.actors.set(actor.id, actor);
  return actor;
}

export function targetOf(actor: TestActor) {
  return { actorUuid: actor.uuid, tokenUuid: '', name: actor.name };
}

/** Declarations the round tracker would give `who` (F-D1, F-D2); others declared nothing. */
export function declare(who: { uuid: string }, facts: Partial<FantasiaRoundFacts>): void {
  setFantasiaRoundProvider({
    facts: (_combatId, actorUuid) => ({
      dodgeDeclared: false,
      attackDeclared: false,
      parriedThisRound: false,
      ...(actorUuid === who.uuid ? facts : {}),
    }),
    parryWrite: () => undefined,
    memory: () => [],
    memoryWrite: () => undefined,
  });
}

export function dice(...values: number[]): void {
  rollQueue.push(...values);
}

/** A fresh chat world; returns the users. */
export function chatWorld(): { gm: FakeUser; player: FakeUser; other: FakeUser } {
  const { gm, player } = resetFoundry();
  const other: FakeUser = { id: 'pl00000000000002', name: 'Autre', isGM: false, active: true };
  g.game.users.set(other.id, other);
  g.CONFIG.Actor.documentClass = TestActor;
  g.CONFIG.ChatMessage.documentClass = TestMessage;
  g.fromUuidSync = resolveFakeUuid;
  translations.data = merge(
    merge(readJson('lang/parts/chat.fr.json'), readJson('lang/parts/fantasia-engine.fr.json')),
    readJson('lang/parts/dialogs.fr.json'),
  );
  setTemplateRenderer(renderFromDisk);
  setFantasiaOptionsSource(() => DEFAULT_FANTASIA_OPTIONS);
  setFantasiaRoundProvider(null);
  registerChat();
  registerFlow(fantasiaAttackCardFlow);
  registerFlow(fantasiaResistanceFlow);
  registerResistanceQuery();
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

export function newCombat(): FakeCombat {
  const combat = new FakeCombat({ round: 1, started: true });
  g.game.combats.set(combat.id, combat);
  return combat;
}

export function lastMessage(): TestMessage {
  const m = FakeChatMessage.created.at(-1);
  if (!m) throw new Error('no message');
  return m as TestMessage;
}

/**
 * The card as the GM's client shows it: rendered from the message's data for that user, as every
 * client renders a card (chat/message.ts), not the plain record stored as its content.
 */
export async function shownCard(message: { readonly system: unknown } = lastMessage()): Promise<string> {
  const gm = (game.users as unknown as { find(f: (u: { isGM: boolean }) => boolean): unknown }).find(
    (u) => u.isGM,
  );
  const html = await localCardHtml(message as unknown as ChatMessage, gm as User);
  if (html === null) throw new Error('the card cannot be rendered from its data');
  return html;
}
