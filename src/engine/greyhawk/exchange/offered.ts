import { RulesError } from '../../core/errors';
import type { ExchangeText } from '../../core/exchange';
import type { GreyhawkOptions } from '../options';
import { refusalRule } from '../refusals';
import {
  DEFAULT_CHOICES,
  MANOEUVRE_RULE,
  MANOEUVRES,
  type CalledPurpose,
  type Fighters,
  type GreyhawkChoices,
  type Manoeuvre,
} from './choices';
import { firstPart } from './parts';

/**
 * What the attack dialog can refuse before it is sent (issue 29, docs/rulings.md "Chat: refusals
 * are notifications"): the manoeuvres and called-shot purposes the rules refuse this attacker
 * with this weapon against every offered target, whatever the dialog's other answers. Each is
 * checked through the engine's own validation (firstPart, nothing rolled) with the permissive
 * choices (DEFAULT_CHOICES: a one-handed weapon to disarm, a free hand, a declared 6 m run-up, a
 * wall behind the target). When the plain attack is refused too, nothing is disabled: the GM's
 * refusal of the request says why. The GM checks every request again.
 */

export interface RefusedChoice extends ExchangeText {
  /** The rule the refusal cites ('' when none). */
  readonly rule: string;
}

export interface ImpossibleChoices {
  readonly manoeuvres: Partial<Record<Manoeuvre, RefusedChoice>>;
  readonly purposes: Partial<Record<CalledPurpose, RefusedChoice>>;
}

const PURPOSES_CHECKED = ['initials', 'clothing', 'pin', 'hostage'] as const;

function refusalOf(f: Fighters, c: GreyhawkChoices, o: GreyhawkOptions): RefusedChoice | undefined {
  try {
    firstPart(f, c, o);
    return undefined;
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return {
      key: error.key,
      data: { ...error.data },
      rule: refusalRule(error.key, MANOEUVRE_RULE[c.manoeuvre]),
    };
  }
}

/** The choices refused against every target (the reason given is the first target's). */
export function impossibleChoices(
  targets: readonly Fighters[],
  o: GreyhawkOptions,
  thrown = false,
): ImpossibleChoices {
  const manoeuvres: Partial<Record<Manoeuvre, RefusedChoice>> = {};
  const purposes: Partial<Record<CalledPurpose, RefusedChoice>> = {};
  if (targets.length === 0) return { manoeuvres, purposes };
  // A shot's distance is the dialog's (or the scene's): never the reason to disable a choice.
  const start: GreyhawkChoices = { ...DEFAULT_CHOICES, thrown, targetDistance: 1 };
  const everywhere = (c: GreyhawkChoices): RefusedChoice | undefined => {
    const all = targets.map((f) => refusalOf(f, c, o));
    return all.every((r) => r !== undefined) ? all[0] : undefined;
  };
  if (targets.some((f) => refusalOf(f, start, o) !== undefined)) return { manoeuvres, purposes };
  for (const m of MANOEUVRES) {
    if (m === 'normal') continue;
    const refused = everywhere({ ...start, manoeuvre: m });
    if (refused) manoeuvres[m] = refused;
  }
  for (const p of PURPOSES_CHECKED) {
    const refused = everywhere({ ...start, calledShot: 1, purpose: p });
    if (refused) purposes[p] = refused;
  }
  return { manoeuvres, purposes };
}
