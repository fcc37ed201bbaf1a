import { takeAction, type ExchangeSide } from '../../../../src/engine/core/exchange';
import { ScriptedDice, type ScriptedDie } from '../../../../src/engine/dice/scripted';
import {
  DEFAULT_CHOICES,
  greyhawkAttackMachine,
  openGreyhawkAttack,
  type GreyhawkAttackState,
  type GreyhawkChoices,
  type GreyhawkExchangeView,
} from '../../../../src/engine/greyhawk/exchange';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../../../src/engine/greyhawk/options';
import { fighter, w } from '../fixtures';

/**
 * Gord (fighter 5, THAC0 16, STR 16: +0 to hit, +1 damage) with a long sword against Brute
 * (AC 5, 30 hp, DEX 14): Gord needs 11 on the d20.
 */
export function view(over: Partial<GreyhawkExchangeView> = {}): GreyhawkExchangeView {
  return {
    attacker: fighter({
      id: 'gord',
      name: 'Gord',
      classes: [{ cls: 'fighter', level: 5 }],
      str: 16,
      dex: 14,
    }),
    weapon: w('longSword'),
    attackerConditions: {},
    attackerRef: 'Actor.gord',
    defender: fighter({
      id: 'brute',
      name: 'Brute',
      classes: [{ cls: 'fighter', level: 5 }],
      str: 15,
      dex: 14,
    }),
    defenderAc: 5,
    defenderSize: 'M',
    defenderDex: 14,
    defenderHp: 30,
    defenderConditions: {},
    options: DEFAULT_GREYHAWK_OPTIONS,
    ...over,
  };
}

export interface Card {
  step: string;
  state: GreyhawkAttackState;
}

/** Opens the card with these choices and dice; every scripted die must be used. */
export function open(v: GreyhawkExchangeView, choices: Partial<GreyhawkChoices>, dice: ScriptedDie[]): Card {
  const scripted = new ScriptedDice(dice);
  const card = openGreyhawkAttack(
    v,
    { ...DEFAULT_CHOICES, ...choices },
    { attackerName: 'Gord', weaponName: 'Épée' },
    scripted,
  );
  if (scripted.remaining) throw new Error(`${scripted.remaining} scripted dice left`);
  return card;
}

/** Takes an action as `side` (through takeAction's checks); every scripted die must be used. */
export function act(
  card: Card,
  v: GreyhawkExchangeView,
  id: string,
  side: ExchangeSide,
  dice: ScriptedDie[] = [],
) {
  const scripted = new ScriptedDice(dice);
  const next = takeAction(greyhawkAttackMachine, card.step, card.state, v, id, side, scripted);
  if (scripted.remaining) throw new Error(`${scripted.remaining} scripted dice left`);
  return next;
}

/** The actions listed now: id, side, and the refusal's key when refused. */
export function listed(card: Card, v: GreyhawkExchangeView) {
  return greyhawkAttackMachine
    .actions(card.step, card.state, v)
    .map((a) => ({ id: a.id, side: a.side, ...(a.refused ? { refused: a.refused.key } : {}) }));
}
