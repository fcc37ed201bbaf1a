import { attackTurnRefusal } from '../../engine/round/turns';
import { SYSTEM_ID } from '../constants';
import { requesterFor, roundAdapterFor, type CombatLike } from './adapter';
import { readRoundState } from './store';

declare global {
  interface SettingConfig {
    'passe-d-armes.attackTurnOrder': boolean;
  }
}

/** World setting: attacks follow the round's order (default on; see docs/rulings.md F-R1). */
export const TURN_ORDER_SETTING = 'attackTurnOrder';

export function registerTurnSettings(): void {
  game.settings?.register(SYSTEM_ID, TURN_ORDER_SETTING, {
    name: 'PDA.Settings.TurnOrder.Name',
    hint: 'PDA.Settings.TurnOrder.Hint',
    scope: 'world',
    config: true,
    type: Boolean,
    default: true,
  });
}

/** Whether attacks must wait for the fighter's slot (the setting; on when unknown). */
export function turnOrderEnforced(): boolean {
  try {
    return game.settings?.get(SYSTEM_ID, TURN_ORDER_SETTING) !== false;
  } catch {
    return true;
  }
}

/*
 * Whose turn it is to attack, as the documents hold the round (engine: round/turns.ts). The
 * rulesets' attack openers call it on the active GM's client for every request (sheet, tracker,
 * macro alike), and their starters call it before the dialog so a player is told at once. Outside
 * a started round holding the actor, or with the world setting off, nothing is checked.
 */

interface ActiveCombat extends CombatLike {
  readonly active?: boolean;
}

function holds(combat: CombatLike, actorUuid: string): string | undefined {
  for (const c of combat.combatants) if (c.id && c.actor?.uuid === actorUuid) return c.id;
  return undefined;
}

/** The started combats holding the actor: the one named when it does, else the active ones. */
function combatsOf(actorUuid: string, combatId: string): ActiveCombat[] {
  const named = combatId ? (game.combats?.get(combatId) as unknown as ActiveCombat | undefined) : undefined;
  if (named && named.system?.step && holds(named, actorUuid)) return [named];
  const all = (game.combats?.contents ?? []) as unknown as ActiveCombat[];
  return all.filter((c) => c.active && c.system?.step && holds(c, actorUuid) !== undefined);
}

/**
 * Throws the refusal when `user` may not attack with the actor now (not its slot, the round's
 * declarations or postures, no turn left): the message says when its turn comes.
 */
export function refuseAttackOutOfTurn(actorUuid: string, user: User | null | undefined, combatId = ''): void {
  if (!turnOrderEnforced()) return;
  for (const combat of combatsOf(actorUuid, combatId)) {
    const adapter = roundAdapterFor(combat.system.rules);
    const id = holds(combat, actorUuid);
    if (!adapter || !id) continue;
    const state = readRoundState(adapter, combat);
    const refused = attackTurnRefusal(
      adapter.rules,
      state,
      id,
      requesterFor(combat, user as User.Implementation | null | undefined),
    );
    if (refused) throw refused;
  }
}
