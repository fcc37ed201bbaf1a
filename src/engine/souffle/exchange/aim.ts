import type { ExchangeMachine } from '../../core/exchange';
import { RulesError } from '../../core/errors';
import type { AimKind, AttackKind } from '../attack';
import type { SouffleOptions } from '../options';
import type { SouffleExchangeEffect } from './effects';
import {
  budgetRefusal,
  ensure,
  stateRefusal,
  type SouffleExchangeView,
  type SouffleFighterView,
} from './view';

/**
 * The aim exchange (S-AT7, S-MN1..S-MN3): a short action whose card records what the next attack
 * carries (aim, feint, disarm, knock-out). It has no buttons: the attack card runs the test and
 * the luck point. The prepared aim is a condition ("vise") lasting until the end of the round;
 * the next attack uses it up.
 */

export const SOUFFLE_AIM_EXCHANGE = 'souffle.aim';
export const AIM_KINDS: readonly AimKind[] = ['viser', 'feinte', 'desarmer', 'assommer'];

export interface SouffleAimState {
  readonly actorName: string;
  readonly aim: AimKind;
}

export function isAimKind(value: unknown): value is AimKind {
  return AIM_KINDS.includes(value as AimKind);
}

/** The opening: the short action spent, the aim prepared for the rest of the round. */
export function openSouffleAim(
  fighter: SouffleFighterView,
  aim: AimKind,
): { state: SouffleAimState; effects: SouffleExchangeEffect[] } {
  if (!isAimKind(aim)) throw new RulesError('PDA.Error.CardNoSuchAction');
  ensure(stateRefusal(fighter, 'viser'));
  ensure(budgetRefusal(fighter, 'viser'));
  return {
    state: { actorName: fighter.fighter.name, aim },
    effects: [
      { type: 'budget', fighter: 'attacker', action: 'viser' },
      { type: 'condition', fighter: 'attacker', status: 'vise', on: true, data: { aim } },
    ],
  };
}

/**
 * S-AT7: the aim an attack may carry: in a fight's actions step, only the one prepared by its own
 * short action (never picked for free); outside it, where no action is counted, preparing costs
 * nothing and the attack may name it directly (a macro). A feint only in melee (S-MN1).
 */
export function attackAim(
  prepared: AimKind | undefined,
  asked: AimKind | '' | undefined,
  kind: AttackKind,
  counted: boolean,
): AimKind | undefined {
  const aim = asked === undefined ? prepared : asked || undefined;
  if (aim && !isAimKind(aim)) throw new RulesError('PDA.Error.CardNoSuchAction');
  if (aim && aim !== prepared && counted) throw new RulesError('PDA.Error.SouffleAimNotPrepared');
  if (aim === 'feinte' && kind !== 'melee') return undefined;
  return aim;
}

export const souffleAimExchange: ExchangeMachine<
  SouffleAimState,
  SouffleExchangeView,
  SouffleExchangeEffect
> = {
  id: SOUFFLE_AIM_EXCHANGE,
  actions: () => [],
  perform: () => {
    throw new RulesError('PDA.Error.CardNoSuchAction');
  },
};

/** Where and when an aim was prepared (the "vise" condition's mark on the fighter). */
export interface AimMark {
  readonly aim: AimKind;
  readonly combatId: string;
  readonly round: number;
}

/**
 * S-AT7 (ruling, docs/rulings.md): the aim still prepared now. One made in another combat (or
 * outside a fight, for a fight) is gone. Within its combat it lasts its own round ('round'),
 * until the end of the next round ('nextRound', the default: a prudent fighter aims with his one
 * action and strikes with it next round), or until used ('used').
 */
export function preparedAimNow(
  mark: unknown,
  combatId: string,
  round: number,
  lasts: SouffleOptions['aimLasts'] = 'round',
): AimKind | undefined {
  const m: Partial<AimMark> | undefined =
    typeof mark === 'string'
      ? { aim: mark as AimKind, combatId: '', round: 0 }
      : ((mark ?? undefined) as Partial<AimMark> | undefined);
  if (!m || !isAimKind(m.aim)) return undefined;
  if ((m.combatId ?? '') !== combatId) return undefined;
  return combatId && aimExpired(m.round ?? 0, round, lasts) ? undefined : m.aim;
}

/** S-AT7: whether an aim made in round `made` is gone in round `now` of the same combat. */
export function aimExpired(made: number, now: number, lasts: SouffleOptions['aimLasts']): boolean {
  if (lasts === 'used') return false;
  return now > made + (lasts === 'nextRound' ? 1 : 0) || now < made;
}
