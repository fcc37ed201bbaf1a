import type { ExchangeMachine, ExchangeSide } from '../../engine/core/exchange';
import { SYSTEM_ID } from '../constants';

/**
 * Who may press a card's *Apply* and *Undo* of damage (docs/rulings.md, "Who applies damage"):
 * a table policy, not a rule of any seed, so one world setting shared by the three rulesets.
 *
 * - `owner` (default): the GM, and the owner of the wounded character (the defender of an attack,
 *   the shooter of a burst arquebus). Another player never.
 * - `gm`: the GM alone.
 *
 * Each ruleset's card binding names its damage actions and whose wound each one writes
 * (`ExchangeBinding.damage`); the card host lists and performs them through `withDamageRights`, so
 * the button a user sees and the check the active GM makes when the click arrives are the same
 * code. That check reads the requester Foundry attests (the `updateUser` hook's user, see
 * docs/architecture.md), never a user named in the payload, and runs on the GM's client.
 */

export type DamageRights = 'gm' | 'owner';
export const DAMAGE_RIGHTS = ['owner', 'gm'] as const satisfies readonly DamageRights[];
export const DAMAGE_RIGHTS_SETTING = 'damageRights';
export const DEFAULT_DAMAGE_RIGHTS: DamageRights = 'owner';

/** The fighter whose wound a damage action writes (its owner may act under `owner`). */
export type Wounded = 'attacker' | 'defender';

declare global {
  interface SettingConfig {
    'passe-d-armes.damageRights': DamageRights;
  }
}

/** Registers the world setting (every ruleset reads it). */
export function registerDamageRightsSetting(): void {
  game.settings?.register(SYSTEM_ID, DAMAGE_RIGHTS_SETTING, {
    name: 'PDA.Settings.DamageRights.Name',
    hint: 'PDA.Settings.DamageRights.Hint',
    scope: 'world',
    config: true,
    type: String,
    choices: {
      owner: 'PDA.Settings.DamageRights.owner',
      gm: 'PDA.Settings.DamageRights.gm',
    },
    default: DEFAULT_DAMAGE_RIGHTS,
  });
}

/** The world's choice (the default when unset, unknown, or not registered yet). */
export function damageRights(): DamageRights {
  let value: unknown;
  try {
    value = game.settings?.get(SYSTEM_ID, DAMAGE_RIGHTS_SETTING);
  } catch {
    return DEFAULT_DAMAGE_RIGHTS; // not registered (an adapter test world)
  }
  return (DAMAGE_RIGHTS as readonly unknown[]).includes(value)
    ? (value as DamageRights)
    : DEFAULT_DAMAGE_RIGHTS;
}

/** The side that may take a damage action writing `wounded`'s wound (the GM may take any side). */
export function damageSide(wounded: Wounded, rights: DamageRights): ExchangeSide {
  return rights === 'owner' ? wounded : 'gm';
}

/**
 * The machine with the side of each damage action set by the world's rights (read at every call,
 * so a change of the setting holds from the next click). Other actions are the machine's own.
 */
export function withDamageRights<S, V, E>(
  machine: ExchangeMachine<S, V, E>,
  damage: Readonly<Record<string, Wounded>>,
  rights: () => DamageRights = damageRights,
): ExchangeMachine<S, V, E> {
  return {
    id: machine.id,
    actions(step, state, view) {
      const now = rights();
      return machine.actions(step, state, view).map((a) => {
        const wounded = Object.hasOwn(damage, a.id) ? damage[a.id] : undefined;
        return wounded ? { ...a, side: damageSide(wounded, now) } : a;
      });
    },
    perform: (step, state, view, actionId, dice) => machine.perform(step, state, view, actionId, dice),
  };
}
