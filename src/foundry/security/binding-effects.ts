import { isActiveGM } from '../active-gm';
import { hasRecord, record, recorded, recordedKeys, restoring } from './gm-record';

/**
 * Conditions that bind a fighter (grabbed, held, knocked out, reloading, cannot move, disarmed,
 * prone…) are Active Effects on the fighter's actor (docs/trust.md, "Facts that bind a fighter").
 * Foundry lets an actor's owner create, alter and delete its effects (the token HUD toggles them),
 * so an effect carrying one of these statuses is the GM's alone:
 *
 * - the system's ActiveEffect refuses a non-GM's change or deletion, and creation of an advantage
 *   (a prepared aim), on that user's own client (`_preCreate`, `_preUpdate`, `_preDelete`), which
 *   stops the HUD and honest scripts;
 * - the active GM's client, which receives every change with the user the server attests, undoes
 *   a non-GM's change that skipped those checks (a raw call from the console): a deleted effect is
 *   created again with its id, a changed one written back, a created advantage deleted.
 *
 * Each ruleset registers the statuses its rules read (`registerBindingStatuses`, at init).
 */

interface UserLike {
  readonly isGM?: boolean;
}

const binding = new Set<string>();
/** Binding statuses that help their holder (a prepared aim): a player may not even set one. */
const advantages = new Set<string>();

/**
 * The statuses the rules read as binding facts (a ruleset's conditions and states). A player may
 * put a penalty on her own fighter (the Souffle sheet's state boxes: it only limits her), never an
 * `advantage`, and never take one off or change it.
 */
export function registerBindingStatuses(ids: Iterable<string>, advantage = false): void {
  for (const id of ids) {
    binding.add(id);
    if (advantage) advantages.add(id);
  }
}

function carriesAdvantage(data: EffectData | null | undefined): boolean {
  const statuses = data?.statuses;
  if (!statuses || typeof (statuses as Iterable<string>)[Symbol.iterator] !== 'function') return false;
  for (const s of statuses) if (advantages.has(s)) return true;
  return false;
}

/** A non-GM's creation refused: an effect carrying an advantage status. */
export function creationRefusedToPlayer(user: unknown, data: unknown): boolean {
  return !(user as UserLike | null)?.isGM && carriesAdvantage(data as EffectData | null);
}

interface EffectData {
  readonly statuses?: Iterable<string> | null;
}

function carriesBinding(data: EffectData | null | undefined): boolean {
  const statuses = data?.statuses;
  if (!statuses || typeof (statuses as Iterable<string>)[Symbol.iterator] !== 'function') return false;
  for (const s of statuses) if (binding.has(s)) return true;
  return false;
}

/** True when the effect (or the data of one) carries a binding status. */
export function isBindingEffect(effect: unknown): boolean {
  return carriesBinding(effect as EffectData | null);
}

/**
 * The refusal of the system's ActiveEffect for a non-GM user: true when this change touches a
 * binding effect (before or after it).
 */
export function refusedToPlayer(user: unknown, before: unknown, after?: unknown): boolean {
  if ((user as UserLike | null)?.isGM) return false;
  return isBindingEffect(before) || isBindingEffect(after);
}

interface EffectDoc {
  readonly id: string | null;
  readonly statuses?: Iterable<string>;
  /** The actor (or item) holding the effect. */
  readonly parent?: unknown;
  toObject(): object;
  update(changes: object, options?: object): Promise<unknown>;
  delete(options?: object): Promise<unknown>;
}

interface EffectParent {
  readonly uuid?: string;
  createEmbeddedDocuments?(name: 'ActiveEffect', data: object[], options?: object): Promise<unknown>;
}

const parentOf = (effect: EffectDoc): EffectParent | null => (effect.parent ?? null) as EffectParent | null;

/*
 * The GM's copy of each binding effect as a GM last left it, by parent and id: in the GM's record
 * (gm-record.ts), which survives a reload of the GM's page, so that what a player changed while
 * the GM was away is undone at the next `ready`.
 */
const PREFIX = 'Effect|';
const keyOf = (effect: EffectDoc): string => `${PREFIX}${parentOf(effect)?.uuid ?? ''}|${effect.id ?? ''}`;
const known = {
  get: (key: string): object | undefined => recorded(key) as object | undefined,
  set: (key: string, data: object): void => record(key, data),
  delete: (key: string): void => record(key, undefined),
};

function writtenByGM(userId: unknown): boolean {
  return Boolean((game.users?.get(String(userId)) as UserLike | undefined)?.isGM);
}

function remember(effect: EffectDoc): void {
  if (isBindingEffect(effect)) known.set(keyOf(effect), effect.toObject());
  else known.delete(keyOf(effect));
}

/** What a write-back compares: the fields a rule or its holder's benefit can depend on. */
function bindingPart(data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  const statuses = d.statuses ? [...(d.statuses as Iterable<string>)].sort() : [];
  return JSON.stringify([
    statuses,
    d.disabled ?? false,
    d.changes ?? [],
    d.duration ?? {},
    d.flags ?? {},
    d.name,
  ]);
}

/**
 * At `ready` on a GM's client: every binding effect of the world's actors and of the scenes'
 * unlinked tokens checked against the GM's record. The active GM re-creates what a player deleted
 * and writes back what a player changed while it was away; an effect the record does not hold is
 * recorded as it stands (a penalty the player put on her own fighter binds her from then on).
 */
function checkAll(): void {
  const actors: unknown[] = [...(game.actors ?? [])];
  for (const scene of game.scenes ?? [])
    for (const token of scene.tokens) if (!token.actorLink && token.actor) actors.push(token.actor);
  const present = new Set<string>();
  const byUuid = new Map<string, EffectParent>();
  for (const actor of actors) {
    const parent = actor as EffectParent & { effects?: Iterable<EffectDoc> };
    if (parent.uuid) byUuid.set(parent.uuid, parent);
    for (const effect of parent.effects ?? []) {
      const key = keyOf(effect);
      present.add(key);
      const before = hasRecord(key) ? known.get(key) : undefined;
      if (!before || bindingPart(before) === bindingPart(effect.toObject())) {
        remember(effect);
        continue;
      }
      if (!isActiveGM()) continue;
      const { _id: _ignored, ...restore } = before as { _id?: unknown };
      restoring(parent.uuid ?? '', effect.update(restore, { recursive: false }));
    }
  }
  for (const key of recordedKeys(PREFIX)) {
    if (present.has(key)) continue;
    const [, uuid = ''] = key.split('|');
    const parent = byUuid.get(uuid);
    const data = known.get(key);
    // The actor is gone (a GM deleted it): its effects are forgotten.
    if (!parent || !data) {
      known.delete(key);
      continue;
    }
    if (!isActiveGM()) continue;
    const work = parent.createEmbeddedDocuments?.('ActiveEffect', [data], { keepId: true });
    if (work) restoring(uuid, work);
  }
}

/** The GM's side: a non-GM's change of a binding effect is undone (see above). */
export function registerBindingEffectGuard(): void {
  Hooks.once('ready', () => {
    if (game.user?.isGM) checkAll();
  });
  // An actor created with its effects (an import) brings them without an effect hook.
  Hooks.on('createActor', (actor: { effects: Iterable<EffectDoc> }) => {
    if (game.user?.isGM) for (const effect of actor.effects) remember(effect);
  });
  Hooks.on('createActiveEffect', (effect: EffectDoc, _options: object, userId: string) => {
    if (!game.user?.isGM) return;
    // A penalty a player put on her own fighter binds her from then on; an advantage is removed.
    if (writtenByGM(userId) || !carriesAdvantage(effect)) return remember(effect);
    if (isActiveGM()) restoring(parentOf(effect)?.uuid ?? '', effect.delete());
  });
  Hooks.on('updateActiveEffect', (effect: EffectDoc, _changed: object, _options: object, userId: string) => {
    if (!game.user?.isGM) return;
    if (writtenByGM(userId)) return remember(effect);
    if (!isActiveGM()) return;
    const before = known.get(keyOf(effect));
    if (before) {
      const { _id: _ignored, ...restore } = before as { _id?: unknown };
      restoring(parentOf(effect)?.uuid ?? '', effect.update(restore, { recursive: false }));
    } else if (isBindingEffect(effect)) restoring(parentOf(effect)?.uuid ?? '', effect.delete());
  });
  Hooks.on('deleteActiveEffect', (effect: EffectDoc, _options: object, userId: string) => {
    if (!game.user?.isGM) return;
    const before = known.get(keyOf(effect));
    if (writtenByGM(userId)) {
      known.delete(keyOf(effect));
      return;
    }
    if (!isActiveGM() || !(before || isBindingEffect(effect))) return;
    const data = before ?? effect.toObject();
    const parent = parentOf(effect);
    const work = parent?.createEmbeddedDocuments?.('ActiveEffect', [data], { keepId: true });
    if (work) restoring(parent?.uuid ?? '', work);
  });
}
