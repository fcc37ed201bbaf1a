import { SYSTEM_ID } from '../constants';
import { checkUpdate, holds, serialise } from '../security';
import { combatantById, type CombatLike } from './adapter';
import type { CoreAdvance, RoundUpdates } from './types';
import { isActiveGM } from '../active-gm';

/**
 * A round command's writes, made whole (docs/trust.md). A command touches
 * up to three kinds of documents: items of the fighters (readiness), the Combatants (declarations,
 * budgets) and the Combat (the schedule). All of them are checked first; then, when more than the
 * Combat changes, the Combat gets a write-ahead journal of every pending write (absolute values,
 * nothing secret: the same values land on documents every client receives), then the items and
 * Combatants are written, and the Combat's own update clears the journal. A command cut off
 * midway is finished, never run twice, by the next command on that combat on the active GM's
 * client (or at `ready`): the writes already made are skipped, the rest are made.
 *
 * The journal and the Combatants' writes are made without re-rendering (`render: false`): the
 * tracker shows neither the journal nor a half-made command, and the Combat's last update renders
 * it once with everything landed, on every client, instead of once per write.
 */
const QUIET = { render: false } as const;

export const ROUND_JOURNAL = 'roundJournal';

export interface RoundJournal {
  /** The command and requester whose writes these are: the same command again only finishes them. */
  readonly key: string;
  readonly items: { readonly actorUuid: string; readonly updates: Record<string, unknown>[] }[];
  readonly combatants: Record<string, unknown>[];
  readonly combat: Record<string, unknown>;
  readonly move: CoreAdvance | null;
}

interface Embedded {
  get(id: string): unknown;
}
interface ActorLike {
  readonly uuid?: string;
  readonly items?: Embedded;
  updateEmbeddedDocuments(name: 'Item', updates: Record<string, unknown>[]): Promise<unknown>;
}
interface CoreCombat {
  readonly combatants: Iterable<unknown> & Partial<Embedded>;
  coreAdvance?(kind: CoreAdvance, update: Record<string, unknown>): Promise<void>;
}

function withoutId(update: Record<string, unknown>): Record<string, unknown> {
  const { _id: _ignored, ...rest } = update;
  return rest;
}

/** Refuses, before anything is written, a round write that could not land (see checkUpdate). */
export function checkRoundUpdates(combat: CombatLike, updates: RoundUpdates): void {
  for (const { actor, updates: list } of updates.items) {
    const items = (actor as unknown as ActorLike).items;
    for (const u of list) checkUpdate(items?.get(String(u._id)), withoutId(u));
  }
  for (const u of updates.combatants) checkUpdate(combatantById(combat, String(u._id)), withoutId(u));
  const system = (updates.combat as { system?: unknown }).system;
  if (system !== undefined) checkUpdate(combat, { system });
}

/** The journal a Combat holds, or undefined. */
export function roundJournalOf(combat: CombatLike): RoundJournal | undefined {
  const raw = combat.flags?.[SYSTEM_ID]?.[ROUND_JOURNAL];
  if (typeof raw !== 'object' || raw === null) return undefined;
  const j = raw as Partial<RoundJournal>;
  if (typeof j.key !== 'string' || !Array.isArray(j.items) || !Array.isArray(j.combatants)) return undefined;
  if (typeof j.combat !== 'object' || j.combat === null) return undefined;
  return j as RoundJournal;
}

const CLEARED = { flags: { [SYSTEM_ID]: { [ROUND_JOURNAL]: null } } };

async function finalCombatWrite(
  combat: CombatLike,
  update: Record<string, unknown>,
  move: CoreAdvance | null,
) {
  const core = combat as unknown as CoreCombat;
  const withClear = { ...update, ...CLEARED };
  if (move && typeof core.coreAdvance === 'function') await core.coreAdvance(move, withClear);
  else await combat.update(withClear);
}

function actorByUuid(uuid: string): ActorLike | null {
  try {
    return (fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown as ActorLike | null) ?? null;
  } catch {
    return null;
  }
}

/** Writes a command's updates: journal first when more than the Combat changes, Combat last. */
export async function writeRoundUpdates(
  combat: CombatLike,
  updates: RoundUpdates,
  move: CoreAdvance | null,
  key: string,
): Promise<void> {
  const parts = updates.items.length > 0 || updates.combatants.length > 0;
  if (parts) {
    const journal: RoundJournal = {
      key,
      items: updates.items.map(({ actor, updates: list }) => ({ actorUuid: actor.uuid, updates: list })),
      combatants: updates.combatants,
      combat: updates.combat,
      move,
    };
    await combat.update({ flags: { [SYSTEM_ID]: { [ROUND_JOURNAL]: journal } } }, QUIET);
  }
  for (const { actor, updates: list } of updates.items) await actor.updateEmbeddedDocuments('Item', list);
  if (updates.combatants.length) await combat.updateEmbeddedDocuments('Combatant', updates.combatants, QUIET);
  if (parts) await finalCombatWrite(combat, updates.combat, move);
  else {
    const core = combat as unknown as CoreCombat;
    if (move && typeof core.coreAdvance === 'function') await core.coreAdvance(move, updates.combat);
    else await combat.update(updates.combat);
  }
}

/**
 * Finishes a journal left on the Combat: the writes the documents do not hold yet are made, the
 * Combat's update last (it clears the journal). Returns the journal's key, or undefined.
 */
export async function finishRoundJournal(combat: CombatLike): Promise<string | undefined> {
  const journal = roundJournalOf(combat);
  if (!journal) return undefined;
  for (const { actorUuid, updates } of journal.items) {
    const actor = actorByUuid(actorUuid);
    const left = updates.filter((u) => {
      const item = actor?.items?.get(String(u._id));
      return item !== undefined && !holds(item, withoutId(u));
    });
    if (actor && left.length) await actor.updateEmbeddedDocuments('Item', left);
  }
  const combatants = journal.combatants.filter((u) => {
    const c = combatantById(combat, String(u._id));
    return c !== undefined && !holds(c, withoutId(u));
  });
  if (combatants.length) await combat.updateEmbeddedDocuments('Combatant', combatants, QUIET);
  await finalCombatWrite(combat, journal.combat, journal.move);
  return journal.key;
}

/**
 * Finishes the round journal of every combat (GM side, inside the GM-side queue): a card action
 * or a realignment that writes a Combat (a parry spent, F-D2) runs it first, so a round command
 * cut off earlier can never write its older round data over the later write.
 */
export async function finishRoundJournals(): Promise<void> {
  for (const doc of game.combats ?? []) {
    const combat = doc as unknown as CombatLike;
    if (roundJournalOf(combat)) await finishRoundJournal(combat);
  }
}

/** On the active GM's client at `ready`: finishes the journals left on combats. */
export async function resumeRoundJournals(): Promise<void> {
  if (!isActiveGM()) return;
  for (const doc of game.combats ?? []) {
    const combat = doc as unknown as CombatLike;
    if (!roundJournalOf(combat)) continue;
    await serialise(`combat.${combat.id ?? ''}`, () => finishRoundJournal(combat)).catch((error: unknown) =>
      console.error(error),
    );
  }
}
