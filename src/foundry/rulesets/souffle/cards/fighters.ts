import { RulesError } from '../../../../engine/core/errors';
import type { FighterRef } from '../../../../engine/core/exchange';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../../../../engine/souffle/equipment';
import type { SouffleFighter } from '../../../../engine/souffle/fighter';
import type { LadderRoll } from '../../../../engine/souffle/ladder';
import type { SouffleOptions } from '../../../../engine/souffle/options';
import type { PostureTurn } from '../../../../engine/souffle/posture';
import { SOUFFLE_STATES } from '../../../../engine/souffle/states';
import type { SouffleExchangeEffect, SouffleFighterView } from '../../../../engine/souffle/exchange';
import { SYSTEM_ID } from '../../../constants';
import { souffleOptionsFromSettings } from '../settings';
import type { DocumentWrite, Text } from '../../../chat/flow';

export { bestMetier } from '../../../../engine/souffle/exchange';

/**
 * What the Souffle cards read from actors (the engine's view of a fighter, from the actor
 * model's toEngine) and how the engine's effects land on them: PV, souffle, chance, défense,
 * wounds and S-ST1 states on the actor's system data; "freiné" and a prepared aim as actor flags
 * marked with their combat and round (they last the round).
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
export function fighterView(doc: unknown, turn?: PostureTurn): SouffleFighterView | undefined {
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
    };
  } catch {
    return undefined;
  }
}

/** Actor flag: the round a failed flight slowed the runner in (S-FL1). */
export const SLOWED_FLAG = 'souffleSlowed';
/** Actor flag: the aim prepared for the next attack, with its round (S-AT7). */
export const AIM_FLAG = 'souffleAim';

const SYSTEM_RESOURCE: Readonly<Record<string, string>> = {
  pv: 'system.pv.value',
  souffle: 'system.souffle.value',
  chance: 'system.chance',
  defense: 'system.defense',
};

/**
 * The document writes of the engine's effects: one update per actor. `uuidOf` names the actor of
 * each fighter reference; `round` marks the conditions that last the round. Budgets and new cards
 * are not document writes (the card runner handles them).
 */
export function effectWrites(
  effects: readonly SouffleExchangeEffect[],
  uuidOf: (ref: FighterRef) => string | undefined,
  round: { combatId: string; round: number },
): DocumentWrite[] {
  const updates = new Map<string, Record<string, unknown>>();
  const on = (ref: FighterRef) => {
    const uuid = uuidOf(ref);
    if (!uuid) throw new RulesError('PDA.Chat.Gone.Document');
    let u = updates.get(uuid);
    if (!u) updates.set(uuid, (u = {}));
    return u;
  };
  for (const e of effects) {
    if (e.type === 'resource') {
      const path = SYSTEM_RESOURCE[e.resource];
      if (path) on(e.fighter)[path] = e.to;
    } else if (e.type === 'wounds') on(e.fighter)['system.wounds'] = [...e.to];
    else if (e.type === 'condition') {
      const u = on(e.fighter);
      if ((SOUFFLE_STATES as readonly string[]).includes(e.status)) {
        u[`system.states.${e.status}`] = e.on;
        if (e.status === 'assomme') u['system.assommeRounds'] = e.on ? (e.rounds ?? 0) : 0;
      } else if (e.status === 'freine') {
        if (e.on) u[`flags.${SYSTEM_ID}.${SLOWED_FLAG}`] = { ...round };
        else u[`flags.${SYSTEM_ID}.-=${SLOWED_FLAG}`] = null;
      } else if (e.status === 'vise') {
        if (e.on) u[`flags.${SYSTEM_ID}.${AIM_FLAG}`] = { aim: String(e.data?.aim ?? ''), ...round };
        else u[`flags.${SYSTEM_ID}.-=${AIM_FLAG}`] = null;
      }
    }
  }
  return [...updates].map(([uuid, update]) => ({ uuid, update }));
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
