import { RulesError } from '../../../../engine/core/errors';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../../../../engine/souffle/equipment';
import type { SouffleFighter } from '../../../../engine/souffle/fighter';
import type { LadderRoll } from '../../../../engine/souffle/ladder';
import type { SouffleOptions } from '../../../../engine/souffle/options';
import { souffleOptionsFromSettings } from '../settings';
import { undoConflict, undoRefusal } from '../../../security/undo';
import type { DocumentWrite, Text } from '../../../chat/flow';

/**
 * What the Souffle cards read from and write to actors. The actor model gives the engine view
 * (toEngine) and stores an engine fighter back (changesFrom); this file only wraps them.
 */

export interface SouffleActorDoc {
  readonly uuid: string;
  readonly name: string;
  readonly system: {
    toEngine(): SouffleFighter;
    engineArmour(): SouffleArmour | undefined;
    engineShield(): SouffleShield | undefined;
    engineWeapons(): SouffleWeapon[];
  };
}

export function isSouffleActor(doc: unknown): doc is SouffleActorDoc {
  const system = (doc as { system?: { toEngine?: unknown } } | null)?.system;
  return typeof system?.toEngine === 'function';
}

/** The Souffle actor behind a uuid, or a refusal naming what is gone. */
export function souffleActor(doc: unknown, name: string): SouffleActorDoc {
  if (!isSouffleActor(doc)) throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return doc;
}

interface ChangesFrom {
  changesFrom(fighter: SouffleFighter): Record<string, unknown>;
}

/** The actor model's inverse of toEngine (SouffleActorModel.changesFrom), reached via its class. */
function changesOf(actor: SouffleActorDoc, fighter: SouffleFighter): Record<string, unknown> {
  const model = (actor.system as unknown as { constructor: Partial<ChangesFrom> }).constructor;
  if (typeof model.changesFrom !== 'function')
    throw new RulesError('PDA.Chat.Gone.Actor', { name: actor.name });
  return model.changesFrom(fighter);
}

/** The write that stores an engine fighter on its actor. */
export function fighterWrite(actor: SouffleActorDoc, fighter: SouffleFighter): DocumentWrite {
  return { uuid: actor.uuid, update: { system: changesOf(actor, fighter) } };
}

/** The stored values a write will replace (kept on the card for undo). */
export function fighterSnapshot(actor: SouffleActorDoc, fighter: SouffleFighter): Record<string, unknown> {
  return changesOf(actor, fighter);
}

/** The métier a sheet roll uses: the fighter's best (docs/rulings/souffle.md, S-AT1/S-DF3). */
export function bestMetier(fighter: SouffleFighter): number {
  return Math.max(0, ...Object.values(fighter.metiers));
}

let optionsSource: () => SouffleOptions = () => souffleOptionsFromSettings();

/** Test seam: where the cards read the world's Souffle options. */
export function setSouffleOptionsSource(source: (() => SouffleOptions) | null): void {
  optionsSource = source ?? (() => souffleOptionsFromSettings());
}

export function souffleOptionsNow(): SouffleOptions {
  return optionsSource();
}

/** "1d10+1d12 keep best : 1, [7]" — every die, the kept ones in brackets. */
export function diceText(roll: LadderRoll): string {
  const dice = roll.rolls.map((d) => (d.kept && roll.rolls.length > 1 ? `[${d.value}]` : String(d.value)));
  return `${roll.dice} : ${dice.join(', ')}`;
}

/** A signed level: +2, 0, −1. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export const text = (key: string, data?: Record<string, string | number>): Text =>
  data ? { key, data } : { key };

/**
 * Why undoing a write on this actor is refused now: its stored values are no longer those the
 * action wrote (`wrote`, its system changes). Undefined when the undo may go ahead, or when the
 * actor is gone (the card pipeline says so).
 */
export function souffleUndoBlocked(
  doc: unknown,
  name: string,
  wrote: Record<string, unknown> | undefined,
): Text | undefined {
  if (!wrote || !isSouffleActor(doc)) return undefined;
  let current: Record<string, unknown>;
  try {
    current = changesOf(doc, doc.system.toEngine());
  } catch {
    return undefined;
  }
  const conflict = undoConflict(current, wrote);
  return conflict ? undoRefusal(name, conflict) : undefined;
}

/** Throws the refusal of souffleUndoBlocked, if any. */
export function ensureSouffleUndo(
  doc: unknown,
  name: string,
  wrote: Record<string, unknown> | undefined,
): void {
  const blocked = souffleUndoBlocked(doc, name, wrote);
  if (blocked) throw new RulesError(blocked.key, { ...blocked.data });
}
