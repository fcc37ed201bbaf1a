import { RulesError } from '../../../../engine/core/errors';
import { ruledWeapon, type GreyhawkOptions } from '../../../../engine/greyhawk/options';
import type { GreyhawkCharacter, GreyhawkWeapon, ShieldKind, Size } from '../../../../engine/greyhawk/types';
import type { GreyhawkAttackState, GreyhawkExchangeView } from '../../../../engine/greyhawk/exchange';
import { greyhawkOptionsFromSettings } from '../settings';
import { greyhawkConditionsOf } from '../conditions';
import { bracedAgainst, declaredDmgParry, declaredRush } from '../parries/view';
import type { CardSnapshot, FlowEnv, Text } from '../../../chat';
import type { DefenderWeapon } from '../../../../engine/greyhawk/exchange';
import { readiedWeapons } from '../styles/facts';

/**
 * What the Greyhawk attack card reads of its documents: the engine exchange's view (both
 * fighters, the weapon, the defender's AC, hit points and shield, both fighters' condition
 * effects, the world's options), read again for every action. The exchange itself, its state and
 * its rules are in src/engine/greyhawk/exchange.
 */

export type {
  GreyhawkApplied,
  GreyhawkAttackState,
  GreyhawkExchangeView,
} from '../../../../engine/greyhawk/exchange';
export type { GreyhawkConditionState as GreyhawkConditions } from '../../../../engine/greyhawk/conditions';

export type Card = CardSnapshot<GreyhawkAttackState>;

export const K = 'PDA.Greyhawk.Cards';
export const text = (key: string, data?: Record<string, string | number>): Text =>
  data ? { key, data } : { key };

// ------------------------------------------------------------------------------------ documents

interface GreyhawkActorDoc {
  readonly uuid: string;
  readonly name: string;
  readonly system: {
    toEngine(): GreyhawkCharacter;
    readonly ac: number;
    readonly size: string;
    readonly shield: string;
    readonly hp: { readonly value: number };
    readonly abilities: { readonly dex: number };
  };
  readonly items: {
    get(id: string):
      | {
          name?: string;
          system: { toEngine?: () => GreyhawkWeapon; ruined?: boolean; broken?: boolean; unloaded?: boolean };
        }
      | undefined;
  };
}

export function greyhawkActor(doc: unknown, name: string): GreyhawkActorDoc {
  const system = (doc as { system?: { toEngine?: unknown; ac?: unknown } } | null)?.system;
  if (typeof system?.toEngine !== 'function' || typeof system.ac !== 'number')
    throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return doc as GreyhawkActorDoc;
}

let optionsSource: () => GreyhawkOptions = () => greyhawkOptionsFromSettings();

/** Test seam: where the cards read the world's Greyhawk options. */
export function setGreyhawkOptionsSource(source: (() => GreyhawkOptions) | null): void {
  optionsSource = source ?? (() => greyhawkOptionsFromSettings());
}

export function greyhawkOptionsNow(): GreyhawkOptions {
  return optionsSource();
}

/**
 * The weapon the defender holds, from its own documents (G-D1..G-D5): its first readied weapon, held
 * in two hands when it needs them or when the actor's grip says so; null when it holds none.
 */
function defenderWeaponOf(doc: unknown): DefenderWeapon | null {
  const first = readiedWeapons(doc)[0];
  if (!first) return null;
  const w = first.weapon;
  const grip = (doc as { system?: { grip?: string } } | null)?.system?.grip;
  const two = w.hands === 2 || (w.hands === 'either' && grip === 'two');
  return { id: first.id, grip: two ? 'twoHanded' : 'oneHanded', natural: w.base === 'natural' };
}

/** The exchange's view from the attacker's actor and weapon and the defender's actor, as they are now. */
export function exchangeView(
  attackerDoc: unknown,
  attackerName: string,
  itemId: string,
  defenderDoc: unknown,
  defenderName: string,
): GreyhawkExchangeView {
  const a = greyhawkActor(attackerDoc, attackerName);
  const d = greyhawkActor(defenderDoc, defenderName);
  const item = a.items.get(itemId);
  const weapon = item?.system.toEngine?.();
  if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
  const options = greyhawkOptionsNow();
  return {
    attacker: a.system.toEngine(),
    // The world's rulings on the weapon (the footman's pick in both hands, docs/rulings.md).
    weapon: ruledWeapon({ ...weapon, name: item?.name || weapon.name }, options),
    ...(a.system.shield ? { attackerShield: a.system.shield as ShieldKind } : {}),
    attackerConditions: greyhawkConditionsOf(a),
    attackerRef: a.uuid,
    attackerHp: a.system.hp.value,
    defender: d.system.toEngine(),
    defenderAc: d.system.ac,
    ...(d.system.shield ? { defenderShield: d.system.shield as ShieldKind } : {}),
    defenderWeapon: defenderWeaponOf(defenderDoc),
    defenderSize: d.system.size as Size,
    defenderDex: d.system.abilities.dex,
    defenderHp: d.system.hp.value,
    defenderConditions: greyhawkConditionsOf(d),
    options,
    // G-PA3 the weapon's wear; this round's declarations from the Combat's sealed (GM) copy.
    weaponWear: {
      ruined: item?.system.ruined === true,
      broken: item?.system.broken === true,
      unloaded: item?.system.unloaded === true,
    },
    round: {
      attackerDmgParry: declaredDmgParry(a),
      defenderDmgParry: declaredDmgParry(d),
      defenderRushing: declaredRush(d),
      attackerBracedAgainstDefender: bracedAgainst(a, d),
    },
  };
}

/** The view of a card's exchange (its attacker, weapon and first target). */
export function cardView(card: Card, env: FlowEnv): GreyhawkExchangeView {
  const target = card.targets[0];
  if (!target) throw new RulesError('PDA.Error.CardNoTarget');
  return exchangeView(
    env.resolve(card.actorUuid),
    card.state.attackerName,
    card.itemId,
    env.resolve(target.actorUuid),
    target.name,
  );
}
