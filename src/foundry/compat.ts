/**
 * The places where Foundry v13 and v14 differ for this system, behind one small API. Each branch
 * reads `game.release.generation` (not the presence of a method, which a compatibility shim may
 * fake), so a test can set the generation and check both paths. Everything else in the adapter
 * calls these helpers instead of reading the core settings or CONFIG shapes directly.
 *
 * - Roll modes became message modes in v14: the `core.messageMode` setting (public, gm, blind, self,
 *   ic) and `ChatMessage.applyMode`, where v13 has `core.rollMode` (publicroll, gmroll, blindroll,
 *   selfroll) and `ChatMessage.applyRollMode`. Inside the system a mode is always a v14 name.
 * - `CONFIG.statusEffects` is an array in v13 and keyed by id in v14: the system builds its list
 *   and assigns it once, in its order, on either shape (it never pushes into core's list).
 */

/** Foundry's major version: 13 or 14 (13 when unknown, the oldest supported). */
export function generation(): number {
  const g = (game as unknown as { release?: { generation?: number } }).release?.generation;
  return typeof g === 'number' && Number.isFinite(g) ? g : 13;
}

/** The v14 names of the message modes; v13's roll modes map onto the first four. */
export type MessageMode = 'public' | 'gm' | 'blind' | 'self' | 'ic';

const FROM_ROLL_MODE: Readonly<Record<string, MessageMode>> = {
  publicroll: 'public',
  roll: 'public',
  gmroll: 'gm',
  blindroll: 'blind',
  selfroll: 'self',
};
const TO_ROLL_MODE: Readonly<Record<MessageMode, string>> = {
  public: 'publicroll',
  ic: 'publicroll',
  gm: 'gmroll',
  blind: 'blindroll',
  self: 'selfroll',
};
const MODES = new Set<string>(['public', 'gm', 'blind', 'self', 'ic']);

/** A mode of either generation as a v14 name (unknown values are public). */
export function normaliseMode(value: unknown): MessageMode {
  const s = String(value ?? '');
  if (MODES.has(s)) return s as MessageMode;
  return FROM_ROLL_MODE[s] ?? 'public';
}

/** The v13 roll mode of a message mode (in-character is public). */
export function rollModeOf(mode: MessageMode): string {
  return TO_ROLL_MODE[mode];
}

/** The mode the user chose in the chat controls: `core.messageMode` (v14) or `core.rollMode` (v13). */
export function userMessageMode(): MessageMode {
  const keys = generation() >= 14 ? ['messageMode', 'rollMode'] : ['rollMode'];
  for (const key of keys) {
    try {
      // fvtt-types of v13 do not know the v14 setting key.
      const value = game.settings?.get('core', key as 'rollMode');
      if (value !== undefined && value !== null && value !== '') return normaliseMode(value);
    } catch {
      // not registered in this build: try the next name
    }
  }
  return 'public';
}

interface MessageClassWithModes {
  applyMode?: (data: Record<string, unknown>, mode: string) => unknown;
  applyRollMode?: (data: Record<string, unknown>, mode: string) => unknown;
}

/** Ids of the GM users. */
export function gmIds(): string[] {
  return (game.users?.filter((u) => u.isGM).map((u) => u.id ?? '') ?? []).filter(Boolean);
}

/**
 * Sets who sees a message about to be created: core's own `applyMode` (v14) or `applyRollMode`
 * (v13) on the configured ChatMessage class. Without either (a stripped-down class), the
 * documented outcome is written directly: gm and blind go to the GMs (blind hidden from the
 * author), self to the author.
 */
export function applyMessageMode<T extends Record<string, unknown>>(data: T, mode: MessageMode): T {
  const Message = CONFIG.ChatMessage.documentClass as unknown as MessageClassWithModes;
  if (generation() >= 14 && typeof Message.applyMode === 'function') {
    Message.applyMode(data, mode);
    return data;
  }
  if (generation() < 14 && typeof Message.applyRollMode === 'function') {
    Message.applyRollMode(data, rollModeOf(mode));
    return data;
  }
  const out = data as Record<string, unknown>;
  if (mode === 'gm' || mode === 'blind') out.whisper = gmIds();
  if (mode === 'blind') out.blind = true;
  if (mode === 'self') out.whisper = [game.user?.id ?? ''];
  return data;
}

/** One status effect as the system declares it (name is a localization key). */
export interface StatusEffectSource {
  readonly id: string;
  readonly name: string;
  readonly img: string;
}

/** The status effects currently configured, in their order, whatever the CONFIG shape. */
export function configuredStatusEffects(): StatusEffectSource[] {
  const current = (CONFIG as unknown as { statusEffects?: unknown }).statusEffects;
  if (Array.isArray(current)) return current.map((e) => ({ ...(e as StatusEffectSource) }));
  if (current && typeof current === 'object') {
    return Object.entries(current as Record<string, StatusEffectSource>).map(([id, e]) => ({ ...e, id }));
  }
  return [];
}

/**
 * Replaces CONFIG.statusEffects with `effects`, in that order, in one assignment: an array on v13,
 * an object keyed by id on v14 (insertion order is the display order). A later duplicate id is
 * dropped. Core's list is never mutated: pass `configuredStatusEffects()` first to keep it.
 */
export function setStatusEffects(effects: readonly StatusEffectSource[]): void {
  const seen = new Set<string>();
  const list = effects.filter((e) => !seen.has(e.id) && Boolean(seen.add(e.id))).map((e) => ({ ...e }));
  const config = CONFIG as unknown as { statusEffects: unknown };
  config.statusEffects =
    generation() >= 14 ? Object.fromEntries(list.map((e) => [e.id, e])) : (list as unknown);
}

/*
 * Deleting or replacing a key in an update. v13 writes the special keys `-=key` (delete) and
 * `==key` (replace whole); v14 deprecates them for its data operators, which share the field's own
 * key (`foundry.data.operators.ForcedDeletion` / `ForcedReplacement`, shorthands `_del` and
 * `_replace`), and v16 removes the special keys (foundryvtt issue #13090, "V14 DataFieldOperator
 * Replacement of Special Operation Keys"). The operators are read from `foundry.data.operators`,
 * never from the `_del` / `_replace` globals (not bindings in an ES module, and mutable).
 */

interface DataOperators {
  ForcedDeletion?: { create?: () => unknown; new (): unknown };
  ForcedReplacement?: { create?: (value: unknown) => unknown; new (value: unknown): unknown };
}

function dataOperators(): DataOperators | undefined {
  if (generation() < 14) return undefined;
  // fvtt-types of v13 know no `foundry.data.operators`.
  return (foundry as unknown as { data?: { operators?: DataOperators } }).data?.operators;
}

/** `a.b.c` → [`a.b.`, `c`]: the key a v13 special key prefixes. */
function splitPath(path: string): [string, string] {
  const i = path.lastIndexOf('.');
  return i < 0 ? ['', path] : [path.slice(0, i + 1), path.slice(i + 1)];
}

/** The update entry deleting the key at dotted `path`, as this generation expects it. */
export function deletionUpdate(path: string): Record<string, unknown> {
  const Deletion = dataOperators()?.ForcedDeletion;
  if (Deletion) return { [path]: Deletion.create ? Deletion.create() : new Deletion() };
  const [head, key] = splitPath(path);
  return { [`${head}-=${key}`]: null };
}

/** The update entry replacing (not merging) the value at dotted `path`, as this generation expects it. */
export function replacementUpdate(path: string, value: unknown): Record<string, unknown> {
  const Replacement = dataOperators()?.ForcedReplacement;
  if (Replacement) return { [path]: Replacement.create ? Replacement.create(value) : new Replacement(value) };
  const [head, key] = splitPath(path);
  return { [`${head}==${key}`]: value };
}

/**
 * True for a value of a received change that deletes its key: a v14 ForcedDeletion operator (an
 * update hook may receive one where v13 sent a `-=` key). Such a value is never data.
 */
export function isDeletionValue(value: unknown): boolean {
  const Deletion = (foundry as unknown as { data?: { operators?: DataOperators } }).data?.operators
    ?.ForcedDeletion as (abstract new () => unknown) | undefined;
  return typeof Deletion === 'function' && value instanceof Deletion;
}
