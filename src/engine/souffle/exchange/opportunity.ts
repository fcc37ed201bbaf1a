import type { ExchangeMachine } from '../../core/exchange';
import { RulesError } from '../../core/errors';
import { opportunityWeapon, resolveAttack } from '../attack';
import { pickUpWeapon } from '../manoeuvres';
import { SOUFFLE_ATTACK_EXCHANGE, type SouffleAttackState } from './attack';
import { fighterEffects, type SouffleExchangeEffect } from './effects';
import {
  budgetRefusal,
  ensure,
  postureRefusal,
  stateRefusal,
  sheetAttackInput,
  type SouffleExchangeView,
  type SouffleFighterView,
  type ExchangeFighter,
} from './view';

/**
 * The opportunity exchange (S-AT6): a fighter leaves the reach of adjacent foes (moving away, a
 * flight the GM resolves as an attack, picking up a dropped weapon: S-MN2). Each foe within reach
 * may strike once, a passive action outside the posture's budget (S-R2), unless the foe is
 * défensif (S-P4: nothing but defence and the base move): the foe's melee blow
 * (first equipped melee weapon, else bare hands) opens an ordinary attack card against the
 * fighter. Foe `i` is the fighter `target:<i>` of the effects; the provoker is the 'defender'.
 *
 * Step: 'offered'.
 */

export const SOUFFLE_OPPORTUNITY_EXCHANGE = 'souffle.opportunity';
const K = `PDA.Souffle.Chat.Opportunity`;

export type OpportunityReason = 'ramasser' | 'fuite' | 'depart';

export interface SouffleOpportunityState {
  readonly provoker: ExchangeFighter;
  readonly reason: OpportunityReason;
  readonly foes: readonly ExchangeFighter[];
  /** Actor uuids of the foes who struck. */
  readonly taken: readonly string[];
}

/** The foe a strike action names (strike0, strike1…), or undefined. */
export function strikeIndex(actionId: string): number | undefined {
  const m = /^strike(\d{1,2})$/.exec(actionId);
  return m ? Number(m[1]) : undefined;
}

export const souffleOpportunityExchange: ExchangeMachine<
  SouffleOpportunityState,
  SouffleExchangeView,
  SouffleExchangeEffect
> = {
  id: SOUFFLE_OPPORTUNITY_EXCHANGE,

  actions(_step, state, view) {
    return state.foes.map((foe, i) => {
      const done = state.taken.includes(foe.actorUuid);
      const gone = !view.others?.[i] || !view.defender;
      const refused = done
        ? { rule: 'S-AT6', key: `${K}.Taken`, data: { name: foe.name } }
        : gone
          ? {
              rule: 'S-AT6',
              key: 'PDA.Chat.Gone.Actor',
              data: { name: view.others?.[i] ? state.provoker.name : foe.name },
            }
          : (stateRefusal(view.others?.[i], 'attaqueOpportuniste') ??
            postureRefusal(view.others?.[i], 'attaqueOpportuniste'));
      return {
        id: `strike${i}`,
        label: { key: `${K}.Strike`, data: { name: foe.name } },
        side: 'attacker' as const,
        rule: 'S-AT6',
        style: 'danger' as const,
        ...(refused ? { refused } : {}),
      };
    });
  },

  perform(_step, state, view, actionId, dice) {
    const index = strikeIndex(actionId);
    const foe = index === undefined ? undefined : state.foes[index];
    const striker = index === undefined ? undefined : view.others?.[index];
    if (index === undefined || !foe || !striker || state.taken.includes(foe.actorUuid))
      throw new RulesError('PDA.Error.CardNoSuchAction');
    ensure(stateRefusal(striker, 'attaqueOpportuniste'));
    ensure(postureRefusal(striker, 'attaqueOpportuniste'));
    const weapon = opportunityWeapon(striker.weapons);
    const input = sheetAttackInput(striker.fighter, weapon, striker.weapons);
    const attack = resolveAttack(input, dice, view.options);
    const armed = striker.weapons.includes(weapon);
    const blow: SouffleAttackState = {
      attackerName: foe.name,
      // The adapter names the weapon from its item (bare hands: its own label).
      weaponName: '',
      input,
      attack,
      souffleSpent: 0,
      undone: 0,
      opportunity: true,
    };
    return {
      step: 'offered',
      state: { ...state, taken: [...state.taken, foe.actorUuid] },
      effects: [
        {
          type: 'card',
          flow: SOUFFLE_ATTACK_EXCHANGE,
          actor: `target:${index}`,
          targets: ['defender'],
          itemId: armed ? weapon.id : '',
          state: blow,
        },
      ],
      undo: [],
    };
  },
};

/**
 * S-MN2: picking up the dropped weapon: a short action that clears "désarmé" and provokes an
 * opportunity attack from the foes within reach (S-AT6). `foes` are those the adapter found.
 */
export function pickUpSouffleWeapon(
  fighter: SouffleFighterView,
  self: ExchangeFighter,
  foes: readonly ExchangeFighter[],
): SouffleExchangeEffect[] {
  ensure(stateRefusal(fighter, 'ramasser'));
  const picked = pickUpWeapon(fighter.fighter);
  ensure(budgetRefusal(fighter, 'ramasser'));
  const opportunity: SouffleOpportunityState = {
    provoker: self,
    reason: 'ramasser',
    foes: [...foes],
    taken: [],
  };
  return [
    { type: 'budget', fighter: 'attacker', action: 'ramasser' },
    ...fighterEffects('attacker', fighter.fighter, picked.fighter),
    { type: 'card', flow: SOUFFLE_OPPORTUNITY_EXCHANGE, actor: 'attacker', targets: [], state: opportunity },
  ];
}

/**
 * S-AT6/S-FL1: the foes a departure gives an opportunity attack: those it leaves the reach of,
 * none when the fighter's flight got away this round (the flight settled the leaving: a runner who
 * made his defence, or had a free way, is spared the attack).
 */
export function departureFoes<F>(
  before: readonly F[],
  after: readonly F[],
  same: (a: F, b: F) => boolean,
  fledThisRound: boolean,
): F[] {
  return fledThisRound ? [] : leftBehind(before, after, same);
}

/** S-AT6: the foes a move leaves the reach of (within reach before, out of it after). */
export function leftBehind<F>(before: readonly F[], after: readonly F[], same: (a: F, b: F) => boolean): F[] {
  return before.filter((f) => !after.some((g) => same(f, g)));
}
