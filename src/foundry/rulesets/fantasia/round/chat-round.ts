import { RulesError } from '../../../../engine/core/errors';
import {
  fantasiaRound,
  missileUsedThisRound,
  nockingInSlot,
  withMissileShot,
  type FantasiaDeclaration,
  type FantasiaReadiness,
  type FantasiaRoundState,
  type IntentKind,
  type WeaponReadiness,
} from '../../../../engine/fantasia/round';
import { isRanged } from '../../../../engine/fantasia/weapons';
import type { DeclaredBlow } from '../../../../engine/fantasia/declared';
import { setReadiness } from '../../../../engine/round/engine';
import { GM, type Requester } from '../../../../engine/round/types';
import {
  defaultFantasiaRoundProvider,
  type FantasiaRoundFacts,
  type FantasiaRoundProvider,
  type ReadinessChange,
} from '../cards/round-context';
import { resolveUuid, type DocumentWrite } from '../../../chat';
import { weaponReadinessUpdate } from './readiness';
import {
  roundAdapterFor,
  type CombatLike,
  type CombatantLike,
  hasSealedRound,
  readRoundState,
} from '../../../combat';

/*
 * The attack card's view of a Fantasia round kept by the Combat documents: declarations (F-D1),
 * the parry budget (F-D2), crossbow reloads (F-W5), the arquebus countdown (F-W6) and the fight's
 * thrust memory (F-B5). Reads work on every client; the writes it returns are applied by the
 * card's GM-side handler (card.ts), so players never write Combat or Combatant data.
 */

const ATTACKS: ReadonlySet<IntentKind> = new Set(['melee', 'shoot', 'throw', 'knockout']);

/**
 * Budget pool of the parries made on cards this round (F-D2). Budgets are rebuilt each round, so
 * it starts empty every round; a declared "parry" slot keeps the engine's own "parry" pool.
 */
export const CARD_PARRY = 'parried';

interface Uuid {
  readonly uuid: string;
}
type RoundCombat = CombatLike &
  Uuid & { readonly system: CombatLike['system'] & { thrustMemory?: string[] } };
type RoundCombatant = CombatantLike & Uuid;

function combatOf(combatId: string): RoundCombat | undefined {
  if (!combatId) return undefined;
  return (game.combats?.get(combatId) as unknown as RoundCombat | undefined) ?? undefined;
}

/** The Fantasia round a combat holds, or undefined before its start (or for another ruleset). */
export function fantasiaStateOf(combat: CombatLike): FantasiaRoundState | undefined {
  const adapter = roundAdapterFor(fantasiaRound.id);
  if (!adapter || !combat.system?.step || combat.system.rules !== fantasiaRound.id) return undefined;
  return (readRoundState(adapter, combat) as FantasiaRoundState | null) ?? undefined;
}

/** The combatant of `combat` whose actor is `actorUuid`. */
export function combatantOfActor<T extends CombatantLike>(
  combat: { readonly combatants: Iterable<T> },
  actorUuid: string,
): T | undefined {
  for (const c of combat.combatants) if (c.actor?.uuid === actorUuid) return c;
  return undefined;
}

interface Found {
  readonly combat: RoundCombat;
  readonly combatant: RoundCombatant;
  readonly id: string;
  readonly state: FantasiaRoundState;
}

function find(combatId: string, actorUuid: string): Found | undefined {
  const combat = combatOf(combatId);
  if (!combat) return undefined;
  const state = fantasiaStateOf(combat);
  const combatant = combatantOfActor(combat as { combatants: Iterable<RoundCombatant> }, actorUuid);
  if (!state || !combatant?.id || !state.combatants[combatant.id]) return undefined;
  return { combat, combatant, id: combatant.id, state };
}

/**
 * F-W5: the crossbow a combatant reloads this round. The reload fills passes 2 and 3: from the
 * start of the pass holding its first reload slot until its last reload slot is over (ruling).
 */
export function crossbowReloading(state: FantasiaRoundState, id: string): string | undefined {
  const pass = state.pass ?? 0;
  const weapons = state.combatants[id]?.weapons ?? [];
  const reloads = state.slots.filter((s) => {
    if (s.combatantId !== id || s.action !== 'reload' || s.status === 'skipped') return false;
    const weaponId = String(s.detail?.weaponId ?? '');
    return weapons.some((w) => w.id === weaponId && w.reload === 'crossbow');
  });
  const started = reloads.some((s) => s.pass <= pass);
  const unfinished = reloads.some((s) => s.status === 'waiting' || s.status === 'current');
  const first = reloads[0];
  return started && unfinished && first ? String(first.detail?.weaponId ?? '') : undefined;
}

/** The blows, shots and throws of a declaration, with their targets (F-R5). */
function declaredBlowsOf(declaration: FantasiaDeclaration | undefined): DeclaredBlow[] {
  return (declaration?.intents ?? []).flatMap((i) =>
    ATTACKS.has(i.kind)
      ? [{ kind: i.kind as DeclaredBlow['kind'], ...(i.targetId ? { targetId: i.targetId } : {}) }]
      : [],
  );
}

/** F-D1 / F-D2 / F-W5 facts of a combatant in a running round. */
export function roundFacts(state: FantasiaRoundState, id: string): FantasiaRoundFacts {
  const declaration = state.declarations[id] as FantasiaDeclaration | undefined;
  const kinds = (declaration?.intents ?? []).map((i) => i.kind);
  const parried = state.budgets[id]?.[CARD_PARRY];
  const reloading = crossbowReloading(state, id);
  const rank = state.order.findIndex((e) => e.combatantId === id);
  const nocking = nockingInSlot(state, id);
  return {
    dodgeDeclared: kinds.includes('dodge'),
    attackDeclared: kinds.some((k) => ATTACKS.has(k)),
    knockOutDeclared: kinds.includes('knockout'),
    parriedThisRound: parried ? parried.used >= parried.max : false,
    ...(reloading ? { reloadingWeaponId: reloading } : {}),
    ...(missileUsedThisRound(state, id) ? { missileUsed: true as const } : {}),
    ...(nocking ? { nockingWeaponId: nocking } : {}),
    ...(state.pass !== undefined && state.step !== 'ended'
      ? { inPasses: true as const, pass: state.pass, declaredBlows: declaredBlowsOf(declaration) }
      : {}),
    ...(rank >= 0 ? { initiativeRank: rank } : {}),
  };
}

function readinessOf(state: FantasiaRoundState, id: string): FantasiaReadiness {
  return state.readiness[id] ?? { weapons: {} };
}

/**
 * The round after a weapon's readiness change, through the engine's setReadiness. A fired crossbow
 * or arquebus is unloaded (F-W5, F-W6); too much powder sets the doubled countdown, which the
 * round's carry-over keeps instead of rolling a fresh one.
 */
export function withReadinessChange(
  state: FantasiaRoundState,
  id: string,
  weaponId: string,
  change: ReadinessChange,
): FantasiaRoundState {
  const combatant = state.combatants[id];
  const weapon = combatant?.weapons.find((w) => w.id === weaponId);
  if (!combatant || !weapon) throw new RulesError('PDA.Error.Round.UnknownWeapon', { id: weaponId });
  const readiness = readinessOf(state, id);
  const current: WeaponReadiness = readiness.weapons[weaponId] ?? {
    ready: weapon.ready,
    loaded: weapon.loaded,
  };
  let next: WeaponReadiness;
  if (change.kind === 'fired') {
    if (weapon.reload !== 'crossbow' && weapon.reload !== 'arquebus') return state;
    next = { ...current, ready: true, loaded: false };
  } else {
    next = { ready: true, loaded: false, reloadRoundsLeft: change.rounds };
  }
  return setReadiness(fantasiaRound, state, id, { weapons: { ...readiness.weapons, [weaponId]: next } }, GM);
}

/**
 * A weapon fired on a card (GM side; a player's request only for a combatant the requester owns):
 * a shot or throw spends the round's one (F-R9), a crossbow or arquebus is unloaded (F-W5, F-W6).
 */
export function weaponFired(
  state: FantasiaRoundState,
  combatantId: string,
  weaponId: string,
  by: Requester,
): FantasiaRoundState {
  const combatant = state.combatants[combatantId];
  if (!combatant) throw new RulesError('PDA.Error.UnknownCombatant', { id: combatantId });
  if (!by.gm && !by.owns.includes(combatantId))
    throw new RulesError('PDA.Error.NotOwner', { name: combatant.name });
  const after = withReadinessChange(state, combatantId, weaponId, { kind: 'fired' });
  const weapon = combatant.weapons.find((w) => w.id === weaponId);
  return weapon && isRanged(weapon) && weapon.kind !== 'siege' ? withMissileShot(after, combatantId) : after;
}

/** The write storing a weapon's readiness of `state` on its item (the one place it lives). */
function readinessWriteOf(
  actorUuid: string,
  state: FantasiaRoundState,
  id: string,
  weaponId: string,
): DocumentWrite | undefined {
  const wanted = state.readiness[id]?.weapons[weaponId];
  const actor = resolveUuid(actorUuid) as {
    items?: { get(id: string): { system: unknown } | undefined };
  } | null;
  const item = actor?.items?.get(weaponId);
  if (!wanted || !item) return undefined;
  const update = weaponReadinessUpdate(item.system as Parameters<typeof weaponReadinessUpdate>[0], wanted);
  return update ? { uuid: actorUuid, itemId: weaponId, update: { system: update } } : undefined;
}

/**
 * Outside a tracked round the item alone holds the weapon's readiness (readiness.ts): a fired
 * crossbow or arquebus is unloaded, too much powder leaves the doubled countdown on the item
 * (F-W5, F-W6), which a round started later carries on.
 */
function itemReadinessWrite(
  actorUuid: string,
  weaponId: string,
  change: ReadinessChange,
): DocumentWrite | undefined {
  const actor = resolveUuid(actorUuid) as {
    items?: { get(id: string): { system: unknown } | undefined };
  } | null;
  const item = actor?.items?.get(weaponId);
  if (!item) return undefined;
  const system = item.system as Parameters<typeof weaponReadinessUpdate>[0] & { reload?: string };
  let wanted: WeaponReadiness;
  if (change.kind === 'fired') {
    if (system.reload !== 'crossbow' && system.reload !== 'arquebus') return undefined;
    wanted = { ready: true, loaded: false };
  } else {
    wanted = { ready: true, loaded: false, reloadRoundsLeft: change.rounds };
  }
  const update = weaponReadinessUpdate(system, wanted);
  return update ? { uuid: actorUuid, itemId: weaponId, update: { system: update } } : undefined;
}

/**
 * The provider the card uses (set at registration): a running Fantasia round answers from the
 * Combat documents; a combat without one, or no combat, falls back to the default provider.
 */
export const combatRoundProvider: FantasiaRoundProvider = {
  facts(combatId, actorUuid) {
    const found = find(combatId, actorUuid);
    return found
      ? roundFacts(found.state, found.id)
      : defaultFantasiaRoundProvider.facts(combatId, actorUuid);
  },
  parryWrite(combatId, actorUuid) {
    const found = find(combatId, actorUuid);
    if (!found) return defaultFantasiaRoundProvider.parryWrite(combatId, actorUuid);
    const budgets = found.state.budgets[found.id] ?? {};
    const parried = budgets[CARD_PARRY] ?? { max: 1, used: 0 };
    const next = { ...budgets, [CARD_PARRY]: { ...parried, used: parried.used + 1 } };
    const json = JSON.stringify(next);
    // The round reads budgets from the Combat's GM-only copy when it has one (combat/store.ts).
    const combat = found.combat as unknown as CombatLike & {
      uuid?: string;
      system: { sealed?: Record<string, Record<string, unknown>> };
    };
    const sealed = combat.system.sealed;
    if (combat.uuid && sealed && hasSealedRound(combat)) {
      // The whole copy, so that the write means the same merged or replaced.
      const copy = { ...sealed, budgets: { ...sealed.budgets, [found.id]: json } };
      return { uuid: combat.uuid, update: { system: { sealed: copy } } };
    }
    return { uuid: found.combatant.uuid, update: { system: { budgets: json } } };
  },
  memory(combatId) {
    const combat = combatOf(combatId);
    const stored = combat?.system?.thrustMemory;
    return Array.isArray(stored) ? [...stored] : defaultFantasiaRoundProvider.memory(combatId);
  },
  memoryWrite(combatId, memory) {
    const combat = combatOf(combatId);
    if (!combat || !Array.isArray(combat.system?.thrustMemory))
      return defaultFantasiaRoundProvider.memoryWrite(combatId, memory);
    return { uuid: combat.uuid, update: { system: { thrustMemory: [...memory] } } };
  },
  readinessWrite(combatId, actorUuid, weaponId, change) {
    const found = find(combatId, actorUuid);
    if (!found) return itemReadinessWrite(actorUuid, weaponId, change);
    const after = withReadinessChange(found.state, found.id, weaponId, change);
    return readinessWriteOf(actorUuid, after, found.id, weaponId);
  },
};
