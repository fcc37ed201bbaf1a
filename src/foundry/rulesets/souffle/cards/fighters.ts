import { RulesError } from '../../../../engine/core/errors';
import type { FighterRef, Refusal } from '../../../../engine/core/exchange';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../../../../engine/souffle/equipment';
import type { SouffleFighter } from '../../../../engine/souffle/fighter';
import type { LadderRoll } from '../../../../engine/souffle/ladder';
import { diceWords } from '../dice-words';

export { diceWords };
import type { SouffleOptions } from '../../../../engine/souffle/options';
import type { PostureTurn } from '../../../../engine/souffle/posture';
import { isSouffleState } from '../../../../engine/souffle/states';
import type { SouffleExchangeEffect, SouffleFighterView } from '../../../../engine/souffle/exchange';
import { SYSTEM_ID } from '../../../constants';
import { souffleOptionsFromSettings } from '../settings';
import { stateStatusWrite } from '../states';
import type { DocumentWrite, StatusWrite, Text } from '../../../chat';
import { t } from '../../../i18n';

export { bestMetier } from '../../../../engine/souffle/exchange';

/**
 * What the Souffle cards read from actors (the engine's view of a fighter, from the actor
 * model's toEngine) and how the engine's effects land on them: PV, souffle, chance, défense,
 * wounds and assommé's rounds on the actor's system data; the S-ST1 states as Active Effects
 * carrying their status (../states.ts); "freiné" and a prepared aim as effects marked with their
 * combat and round (they last the round).
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

/** The engine's view of an actor (undefined when it is not a Souffle actor any more). */
export function fighterView(
  doc: unknown,
  turn?: PostureTurn,
  outOfTurn?: Refusal,
): SouffleFighterView | undefined {
  if (!isSouffleActor(doc)) return undefined;
  try {
    const armour = doc.system.engineArmour();
    const shield = doc.system.engineShield();
    return {
      fighter: doc.system.toEngine(),
      weapons: doc.system.engineWeapons(),
      ...(armour ? { armour } : {}),
      ...(shield ? { shield } : {}),
      ...(turn ? { turn } : {}),
      ...(outOfTurn ? { outOfTurn } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The conditions that last the round (S-FL1 "freiné", S-AT7 a prepared aim): Active Effects
 * carrying their status, marked with the combat and round they were set in (flags) and a one-round
 * duration; the round's start removes those of an earlier round (round/conditions.ts).
 */
export const ROUND_CONDITIONS = ['freine', 'vise'] as const;
export type RoundCondition = (typeof ROUND_CONDITIONS)[number];

export const ROUND_CONDITION_ICONS: Readonly<Record<RoundCondition, string>> = {
  freine: 'icons/svg/net.svg',
  vise: 'icons/svg/target.svg',
};

interface EffectLike {
  readonly statuses?: Iterable<string>;
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
}

/** The mark (combat, round, aim…) of the actor's effect carrying `status`, or undefined. */
export function conditionMark(doc: unknown, status: RoundCondition): Record<string, unknown> | undefined {
  const effects = (doc as { effects?: Iterable<EffectLike> } | null)?.effects;
  for (const e of effects ?? []) {
    if ([...(e.statuses ?? [])].includes(status)) return { ...(e.flags?.[SYSTEM_ID]?.mark ?? {}) };
  }
  return undefined;
}

/** How many rounds a condition lasts (S-AT7: the aim follows the `aimLasts` setting). */
function roundsOf(status: RoundCondition): { rounds?: number } {
  if (status !== 'vise') return { rounds: 1 };
  const lasts = souffleOptionsNow().aimLasts;
  return lasts === 'used' ? {} : { rounds: lasts === 'nextRound' ? 2 : 1 };
}

function roundConditionEffect(
  status: RoundCondition,
  mark: { combatId: string; round: number },
  data: Readonly<Record<string, string | number | boolean>> | undefined,
): StatusWrite {
  return {
    name: t(`PDA.Souffle.Condition.${status}`),
    img: ROUND_CONDITION_ICONS[status],
    statuses: [status],
    duration: {
      ...roundsOf(status),
      ...(mark.combatId ? { combat: mark.combatId, startRound: mark.round } : {}),
    },
    flags: { [SYSTEM_ID]: { mark: { ...mark, ...(data ?? {}) } } },
  };
}

const SYSTEM_RESOURCE: Readonly<Record<string, string>> = {
  pv: 'system.pv.value',
  souffle: 'system.souffle.value',
  chance: 'system.chance',
  defense: 'system.defense',
};

/**
 * The document writes of the engine's effects: one update per actor, with the status effects it
 * sets or removes. `uuidOf` names the actor of each fighter reference; `round` marks the
 * conditions that last the round. Budgets and new cards are not document writes (the card runner
 * handles them).
 */
export function effectWrites(
  effects: readonly SouffleExchangeEffect[],
  uuidOf: (ref: FighterRef) => string | undefined,
  round: { combatId: string; round: number },
): DocumentWrite[] {
  const writes = new Map<
    string,
    { update: Record<string, unknown>; statuses: Record<string, StatusWrite | null> }
  >();
  const on = (ref: FighterRef) => {
    const uuid = uuidOf(ref);
    if (!uuid) throw new RulesError('PDA.Chat.Gone.Document');
    let w = writes.get(uuid);
    if (!w) writes.set(uuid, (w = { update: {}, statuses: {} }));
    return w;
  };
  for (const e of effects) {
    if (e.type === 'resource') {
      const path = SYSTEM_RESOURCE[e.resource];
      if (path) on(e.fighter).update[path] = e.to;
    } else if (e.type === 'wounds') on(e.fighter).update['system.wounds'] = [...e.to];
    else if (e.type === 'condition') {
      const w = on(e.fighter);
      if (isSouffleState(e.status)) {
        w.statuses[e.status] = stateStatusWrite(e.status, e.on);
        if (e.status === 'assomme') w.update['system.assommeRounds'] = e.on ? (e.rounds ?? 0) : 0;
      } else if ((ROUND_CONDITIONS as readonly string[]).includes(e.status)) {
        const status = e.status as RoundCondition;
        w.statuses[status] = e.on ? roundConditionEffect(status, round, e.data) : null;
      }
    }
  }
  return [...writes].map(([uuid, w]) => ({
    uuid,
    update: w.update,
    ...(Object.keys(w.statuses).length ? { statuses: w.statuses } : {}),
  }));
}

let optionsSource: () => SouffleOptions = () => souffleOptionsFromSettings();

/** Test seam: where the cards read the world's Souffle options. */
export function setSouffleOptionsSource(source: (() => SouffleOptions) | null): void {
  optionsSource = source ?? (() => souffleOptionsFromSettings());
}

export function souffleOptionsNow(): SouffleOptions {
  return optionsSource();
}

/** "le meilleur de 1d10 et 1d12 : 1, [7]" — the rule in words, every die, the kept ones in brackets. */
export function diceText(roll: LadderRoll, tr: (text: Text) => string): string {
  const dice = roll.rolls.map((d) => (d.kept && roll.rolls.length > 1 ? `[${d.value}]` : String(d.value)));
  return tr({
    key: 'PDA.Souffle.Dice.Rolled',
    data: { dice: diceWords(roll.dice, tr), values: dice.join(', ') },
  });
}

/** A signed level: +2, 0, −1. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export const text = (key: string, data?: Record<string, string | number>): Text =>
  data ? { key, data } : { key };

declare module '../../../flags' {
  interface SystemActiveEffectFlags {
    /** Souffle's mark on a round effect (freiné, a prepared aim): the combat and round it was set in. */
    mark?: Record<string, unknown>;
  }
}
