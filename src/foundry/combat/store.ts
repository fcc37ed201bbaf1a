import type { Dice } from '../../engine/dice/port';
import type {
  Budgets,
  CombatantId,
  InitiativeEntry,
  RoundCombatant,
  RoundState,
  Slot,
} from '../../engine/round/types';
import { foundryDieRoller, withFoundryDice, type DieRoller } from '../dice';
import type { AnyRoundAdapter, CombatLike, CombatantLike } from './adapter';
import type { CoreAdvance, RoundUpdates } from './types';
import { checkRoundUpdates, writeRoundUpdates } from './round-writes';

/*
 * Reads the round from the Combat and Combatant documents and writes an engine state back. The
 * documents are the single source of truth, so every client rebuilds the same round.
 */

type State = RoundState<RoundCombatant, unknown, unknown>;

/**
 * Where a ruleset keeps the exact declarations that players must not receive (a PNJ's secret
 * intent): every client gets the Combatant documents, so those hold only a public stand-in, and
 * the exact text lives in a place Foundry sends to the GMs alone. Registered per round rules id.
 */
export interface DeclarationVault {
  /** The stored exact declaration of a combatant, on a client allowed to read it; else undefined. */
  read(combat: CombatLike, combatantId: string): string | undefined;
  /** What the Combatant stores instead of `declaration` (undefined: the declaration itself). */
  conceal(combat: CombatLike, combatant: RoundCombatant, declaration: unknown): unknown;
  /** Stores the exact declarations of the concealed combatants (GM side, before the Combatants). */
  write(combat: CombatLike, secrets: Readonly<Record<string, string>>): Promise<void>;
  /**
   * True while the initiative order is sealed (Greyhawk's d10 during the declarations): the
   * Combat then holds a stand-in order (by combatant id, no score, no Combatant initiative) and
   * the vault the real one, until the step that reveals it.
   */
  sealsOrder?(state: State): boolean;
}

const vaults = new Map<string, DeclarationVault>();

/**
 * True while the rules keep this round's order sealed in the vault (Greyhawk's d10s until the
 * declarations close): nothing that reaches players' clients may carry the dice then.
 */
export function orderSealed(state: State): boolean {
  return !state.ended && vaults.get(state.rules)?.sealsOrder?.(state) === true;
}

export function registerDeclarationVault(rules: string, vault: DeclarationVault): void {
  vaults.set(rules, vault);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A Combatant's stored declaration through the ruleset's parser. The owner of a combatant can
 * edit its document directly, so stored text is as untrusted as a payload: what the parser
 * refuses counts as no declaration (and cannot break the tracker for everyone).
 */
function storedDeclaration(adapter: AnyRoundAdapter, text: string): unknown {
  const raw = parseJson(text);
  if (raw === undefined) return undefined;
  try {
    return adapter.parseDeclaration(raw);
  } catch {
    return undefined;
  }
}

/** Stored budgets: `{ pool: { max, used } }` with finite numbers, else none. */
function storedBudgets(text: string): Budgets | undefined {
  const raw = parseJson(text);
  if (!isPlainObject(raw)) return undefined;
  const out: Record<string, { max: number; used: number }> = {};
  for (const [pool, value] of Object.entries(raw)) {
    if (!isPlainObject(value)) return undefined;
    const { max, used } = value;
    if (
      typeof max !== 'number' ||
      typeof used !== 'number' ||
      !Number.isFinite(max) ||
      !Number.isFinite(used)
    )
      return undefined;
    out[pool] = { ...value, max, used };
  }
  return out as unknown as Budgets;
}

/** The vault's key holding the full schedule (never a combatant id: those are document ids). */
const SLOTS_KEY = '#slots';
/** The vault's key holding a sealed initiative order. */
const ORDER_KEY = '#order';

/** A sealed order as every client may see it: who is in it, sorted by id, no score. */
function concealOrder(order: readonly InitiativeEntry[]): InitiativeEntry[] {
  return [...order]
    .map((e) => ({ combatantId: e.combatantId, score: 0, tieBreak: [], reason: e.reason }))
    .sort((a, b) => (a.combatantId < b.combatantId ? -1 : a.combatantId > b.combatantId ? 1 : 0));
}

/** The stored order, or the sealed one from the vault where this client reads it. */
function revealOrder(
  vault: DeclarationVault | undefined,
  combat: CombatLike,
  stored: readonly InitiativeEntry[],
): InitiativeEntry[] {
  const full = vault ? parseJson(vault.read(combat, ORDER_KEY) ?? '') : undefined;
  if (!Array.isArray(full) || full.length !== stored.length) return [...stored];
  const ids = new Set(stored.map((e) => e.combatantId));
  const entries = full.filter(
    (e): e is InitiativeEntry =>
      isPlainObject(e) &&
      typeof e.combatantId === 'string' &&
      typeof e.score === 'number' &&
      ids.has(e.combatantId),
  );
  return entries.length === stored.length ? entries : [...stored];
}
/** What a concealed combatant's waiting slot shows in the Combat document. */
const HIDDEN_ACTION = 'hidden';

/**
 * A concealed combatant's slots that have not run yet, as every client may see them: their pass
 * and place only (what the tracker shows players); the action, weapon and target stay in the vault.
 */
function concealSlots(slots: readonly Slot[], concealed: Readonly<Record<string, string>>): Slot[] {
  return slots.map((slot) =>
    slot.secret && slot.status === 'waiting' && Object.hasOwn(concealed, slot.combatantId)
      ? {
          id: slot.id,
          combatantId: slot.combatantId,
          pass: slot.pass,
          order: slot.order,
          status: slot.status,
          secret: true,
          action: HIDDEN_ACTION,
          label: '',
        }
      : slot,
  );
}

/** The stored schedule with the concealed slots restored from the vault, where this client reads it. */
function revealSlots(vault: DeclarationVault, combat: CombatLike, stored: readonly Slot[]): Slot[] {
  const full = parseJson(vault.read(combat, SLOTS_KEY) ?? '');
  if (!Array.isArray(full) || full.length !== stored.length) return [...stored];
  return stored.map((slot, i) => {
    const kept = full[i] as Slot | undefined;
    return slot.action === HIDDEN_ACTION && isPlainObject(kept) && kept.id === slot.id ? kept : slot;
  });
}

/** Engine snapshots of every combatant of the combat. */
export function snapshots(adapter: AnyRoundAdapter, combat: CombatLike): RoundCombatant[] {
  const list: RoundCombatant[] = [];
  for (const c of combat.combatants) if (c.id) list.push(adapter.toCombatant(c, combat) as RoundCombatant);
  return list;
}

type SealedFields = Record<'declarations' | 'budgets' | 'readiness', Record<string, unknown>>;

/**
 * The GM's copy of the combatants' round fields on the Combat (GM-written only), or null for a
 * round stored before it existed (then the Combatants' own fields are read).
 */
function sealedFields(combat: CombatLike): SealedFields | null {
  const raw = (combat.system as { sealed?: unknown }).sealed;
  if (!isPlainObject(raw)) return null;
  const { declarations, budgets, readiness } = raw;
  if (!isPlainObject(declarations) || !isPlainObject(budgets) || !isPlainObject(readiness)) return null;
  return { declarations, budgets, readiness };
}

/** True when the round reads the combatants' fields from the Combat's sealed copy. */
export function hasSealedRound(combat: CombatLike): boolean {
  return sealedFields(combat) !== null;
}

function sealedOf(
  sealed: SealedFields,
  id: string,
): { declaration: string; budgets: string; readiness: string } {
  const text = (map: Record<string, unknown>): string => {
    const v = Object.hasOwn(map, id) ? map[id] : '';
    return typeof v === 'string' ? v : '';
  };
  return {
    declaration: text(sealed.declarations),
    budgets: text(sealed.budgets),
    readiness: text(sealed.readiness),
  };
}

/** The round as the documents hold it, or null before the combat starts. */
export function readRoundState(adapter: AnyRoundAdapter, combat: CombatLike): State | null {
  const sys = combat.system;
  if (!sys.step) return null;
  const combatants: Record<CombatantId, RoundCombatant> = {};
  const declarations: Record<CombatantId, unknown> = {};
  const readiness: Record<CombatantId, unknown> = {};
  const budgets: Record<CombatantId, Budgets> = {};
  const vault = vaults.get(sys.rules);
  const sealed = sealedFields(combat);
  for (const c of combat.combatants) {
    if (!c.id) continue;
    const snapshot = adapter.toCombatant(c, combat) as RoundCombatant;
    combatants[c.id] = snapshot;
    const own = sealed ? sealedOf(sealed, c.id) : c.system;
    const declaration = storedDeclaration(adapter, vault?.read(combat, c.id) ?? own.declaration);
    if (declaration !== undefined) declarations[c.id] = declaration;
    const ready = parseJson(own.readiness);
    readiness[c.id] = adapter.documentReadiness
      ? adapter.documentReadiness.read(c)
      : isPlainObject(ready)
        ? ready
        : adapter.rules.initialReadiness(snapshot);
    budgets[c.id] = storedBudgets(own.budgets) ?? {};
  }
  const order = revealOrder(vault, combat, sys.order as unknown as InitiativeEntry[]);
  // Own keys only: a stored id such as 'constructor' must not pass for a combatant.
  const known = (id: unknown): boolean => typeof id === 'string' && Object.hasOwn(combatants, id);
  return {
    rules: sys.rules,
    round: combat.round,
    step: sys.step,
    ...(sys.pass ? { pass: sys.pass } : {}),
    combatants,
    // A combatant deleted mid-fight leaves the order; its remaining slots are for the GM to skip.
    order: order.filter((e) => known(e.combatantId)),
    declarations,
    readiness,
    budgets,
    slots: vault
      ? revealSlots(vault, combat, sys.slots as unknown as Slot[])
      : (sys.slots as unknown as Slot[]),
    slotIndex: sys.slotIndex,
    out: sys.out.filter(known),
    ended: false,
  };
}

export type { RoundUpdates } from './types';

/** The document updates that store `state` (combatants only when something changed). */
export function roundUpdates(combat: CombatLike, state: State, adapter?: AnyRoundAdapter): RoundUpdates {
  const onDocuments = adapter?.documentReadiness;
  const rank = new Map(state.order.map((e, i) => [e.combatantId, i]));
  const current = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  const turn = current ? (rank.get(current.combatantId) ?? null) : null;
  const secrets: Record<string, string> = {};
  const combatUpdate = {
    round: state.round,
    turn,
    system: {
      rules: state.rules,
      step: state.ended ? '' : state.step,
      pass: state.pass ?? null,
      slotIndex: state.slotIndex,
      slots: state.slots as readonly Slot[],
      order: state.order,
      out: state.out,
    },
  };
  const combatants: Record<string, unknown>[] = [];
  const items: { actor: Actor.Implementation; updates: Record<string, unknown>[] }[] = [];
  const vault = vaults.get(state.rules);
  const sealOrder = orderSealed(state);
  if (sealOrder) {
    secrets[ORDER_KEY] = JSON.stringify(state.order);
    combatUpdate.system.order = concealOrder(state.order);
  }
  const sealed: SealedFields = { declarations: {}, budgets: {}, readiness: {} };
  for (const c of combat.combatants) {
    if (!c.id) continue;
    const d = state.declarations[c.id];
    const snapshot = state.combatants[c.id];
    const standIn = d !== undefined && snapshot && vault ? vault.conceal(combat, snapshot, d) : undefined;
    if (standIn !== undefined) secrets[c.id] = JSON.stringify(d);
    const r = state.readiness[c.id];
    const b = state.budgets[c.id];
    if (onDocuments && r !== undefined && c.actor) {
      const updates = onDocuments.writes(c, r);
      if (updates.length) items.push({ actor: c.actor, updates });
    }
    sealed.declarations[c.id] = d === undefined ? '' : JSON.stringify(standIn ?? d);
    sealed.budgets[c.id] = b === undefined ? '' : JSON.stringify(b);
    sealed.readiness[c.id] = r === undefined || onDocuments ? '' : JSON.stringify(r);
    const position = rank.get(c.id);
    // Foundry sorts turns by initiative, highest first: mirror the engine's order.
    const initiative =
      position === undefined || state.ended || sealOrder ? null : state.order.length - position;
    // The round fields live on the Combat only (one copy, GM-written); a Combatant still holding
    // the fields of a round stored before that copy existed has them cleared once.
    const legacy = Boolean(c.system.declaration || c.system.readiness || c.system.budgets);
    const initiativeChanged = initiative !== (c as CombatantLike & { initiative?: number | null }).initiative;
    if (legacy || initiativeChanged)
      combatants.push({
        _id: c.id,
        initiative,
        ...(legacy ? { system: { declaration: '', readiness: '', budgets: '' } } : {}),
      });
  }
  (combatUpdate.system as Record<string, unknown>).sealed = state.ended ? {} : sealed;
  if (vault && Object.keys(secrets).length) {
    const slots = concealSlots(state.slots, secrets);
    if (slots.some((slot, i) => slot !== state.slots[i])) {
      secrets[SLOTS_KEY] = JSON.stringify(state.slots);
      combatUpdate.system.slots = slots;
    }
  }
  return { combat: combatUpdate, combatants, items, secrets };
}

/**
 * Which of core's moves a write is: the start, a new round, or the next turn forward within the
 * round (a pass that starts again from the top is written directly: core would take it for a new
 * round). Null for anything else (declarations, a step back, the end).
 */
export function coreMoveOf(
  combat: CombatLike & { turn?: number | null },
  update: { round: number; turn: number | null },
  state: State,
): CoreAdvance | null {
  if (state.ended) return null;
  if (!combat.system.step && combat.round === 0 && update.round >= 1) return 'start';
  if (update.round > combat.round) return 'round';
  const before = combat.turn ?? null;
  if (update.round === combat.round && before !== null && update.turn !== null && update.turn > before)
    return 'turn';
  return null;
}

/**
 * Writes `state` to the documents, whole (round-writes.ts): every write is checked first; the
 * secrets go to the vault, then the items (readiness) and combatants under a write-ahead journal
 * on the Combat, and the Combat last, so the combat's render sees them. A start, a new round or
 * the next turn goes through core's own method when the combat has it (the system's Combat
 * document), so core's hooks and world time follow the round. `key` names the command (a command
 * cut off midway and sent again only finishes its writes).
 */
export async function writeRoundState(
  combat: CombatLike,
  state: State,
  adapter?: AnyRoundAdapter,
  key = '',
): Promise<void> {
  const updates = roundUpdates(combat, state, adapter);
  checkRoundUpdates(combat, updates);
  // The secrets first: a client re-rendering on the Combatant update must find them in place.
  await vaults.get(state.rules)?.write(combat, updates.secrets);
  const move = coreMoveOf(combat, updates.combat as { round: number; turn: number | null }, state);
  await writeRoundUpdates(combat, updates, move, key);
}

/**
 * Runs an engine transition on the stored round with Foundry's dice and stores the result.
 * Returns the new state and the Rolls made (to show in chat). RulesErrors propagate unchanged.
 */
export async function applyTransition(
  adapter: AnyRoundAdapter,
  combat: CombatLike,
  step: (state: State | null, dice: Dice) => State,
  roller: DieRoller = foundryDieRoller,
  key = '',
): Promise<{ state: State; rolls: Roll[] }> {
  const before = readRoundState(adapter, combat);
  const { value, rolls } = await withFoundryDice((dice) => step(before, dice), roller);
  await writeRoundState(combat, value, adapter, key);
  return { state: value, rolls };
}
