import { roll } from '../dice/formula';
import type { Budget, CarryOverContext, CombatantId, Slot } from '../round/types';
import {
  type FantasiaRoundCombatant,
  type WeaponReadiness,
  type FantasiaReadiness,
  type FantasiaDeclaration,
  type FantasiaRoundState,
  readinessFor,
} from './round-model';

/**
 * Fantasia round budgets and what carries over to the next round: arrows nocked, missiles shot,
 * crossbow and arquebus reloads (F-W5, F-W6, F-R9). Split from round.ts, which re-exports it.
 */

// ---------------------------------------------------------------------------------------------
// Budgets and carry-over

/** One missile use (F-R9) and one parry (F-D2) a round. */
export function fantasiaBudgets(): Record<string, Budget> {
  return { missile: { max: 1, used: 0 }, parry: { max: 1, used: 0 } };
}

/**
 * F-R8, F-R9: the bow this combatant nocks and looses in its current pass-3 shooting slot (a bow in
 * hand but not nocked is scheduled there; nocking is part of that slot), if any.
 */
export function nockingInSlot(state: FantasiaRoundState, id: CombatantId): string | undefined {
  const slot = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  if (!slot || slot.combatantId !== id || slot.pass !== 3 || slot.action !== 'shoot') return undefined;
  const weaponId = String(slot.detail?.weaponId ?? '');
  const weapon = state.combatants[id]?.weapons.find((w) => w.id === weaponId);
  return weapon?.reload === 'bow' ? weapon.id : undefined;
}

/** Budget pool of the missile shots made on attack cards this round (F-R9). */
export const CARD_SHOT = 'shot';

/**
 * F-R9: the combatant has used its missile or thrown weapon this round, on a card (from the
 * sheet or the tracker) or in a shooting slot already over.
 */
export function missileUsedThisRound(state: FantasiaRoundState, id: CombatantId): boolean {
  const budgets = state.budgets[id];
  const spent = (pool: string): boolean => {
    const b = budgets?.[pool];
    return b !== undefined && b.used >= b.max;
  };
  return spent(CARD_SHOT) || spent('missile');
}

/** The round after a missile shot on a card (F-R9): the shot of the round is spent. */
export function withMissileShot(state: FantasiaRoundState, id: CombatantId): FantasiaRoundState {
  const budgets = state.budgets[id] ?? {};
  const shot = budgets[CARD_SHOT] ?? { max: 1, used: 0 };
  return {
    ...state,
    budgets: { ...state.budgets, [id]: { ...budgets, [CARD_SHOT]: { ...shot, used: shot.used + 1 } } },
  };
}

/** Reload time of an arquebus after a shot (F-W6). */
export const ARQUEBUS_RELOAD = '1d4+3';

/**
 * Readiness for the next round from what was actually done (slot statuses):
 * - a drawn weapon stays drawn; a bow drawn in pass 3 is nocked (F-R8);
 * - a bow or sling that shot is nocked again for the next round (ruling F-R9);
 * - a crossbow that shot is unloaded unless both reload slots were done (F-W5);
 * - an arquebus that shot needs 1d4+3 reload rounds, counted on rounds spent reloading (F-W6);
 *   a countdown already set during the round (too much powder, doubled) is kept, not rolled again.
 */
export function fantasiaCarryOver(
  context: CarryOverContext<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
): FantasiaReadiness {
  const { combatant, readiness, declaration, slots, dice } = context;
  const weapons: Record<string, WeaponReadiness> = {};
  for (const w of combatant.weapons) weapons[w.id] = readinessFor(readiness, w);
  if (!declaration) return { weapons };

  const done = (intent: number, action: string): Slot[] =>
    slots.filter((s) => s.intent === intent && s.action === action && s.status === 'done');
  const planned = (intent: number, action: string): Slot[] =>
    slots.filter((s) => s.intent === intent && s.action === action);

  declaration.intents.forEach((intent, index) => {
    const weapon = intent.weaponId ? combatant.weapons.find((w) => w.id === intent.weaponId) : undefined;
    if (!weapon) return;
    const current = weapons[weapon.id] ?? { ready: weapon.ready, loaded: weapon.loaded };
    const reloadDone = (): boolean => {
      const all = planned(index, 'reload');
      return all.length > 0 && all.length === done(index, 'reload').length;
    };
    switch (intent.kind) {
      case 'draw':
        if (done(index, 'draw').length) {
          weapons[weapon.id] = {
            ...current,
            ready: true,
            loaded: weapon.reload === 'bow' ? true : current.loaded,
          };
        }
        break;
      case 'shoot':
      case 'throw':
        if (!done(index, intent.kind).length) break;
        if (weapon.reload === 'crossbow') {
          weapons[weapon.id] = { ...current, ready: true, loaded: reloadDone() };
        } else if (weapon.reload === 'arquebus') {
          // A countdown set during the round (too much powder doubles it) stands.
          const set = !current.loaded ? current.reloadRoundsLeft : undefined;
          weapons[weapon.id] = {
            ready: true,
            loaded: false,
            reloadRoundsLeft: set ?? roll(ARQUEBUS_RELOAD, dice).total,
          };
        } else {
          weapons[weapon.id] = { ...current, ready: true, loaded: true };
        }
        break;
      case 'reload':
        if (!reloadDone()) break;
        if (weapon.reload === 'arquebus') {
          const left = Math.max(0, (current.reloadRoundsLeft ?? 1) - 1);
          weapons[weapon.id] =
            left > 0 ? { ready: true, loaded: false, reloadRoundsLeft: left } : { ready: true, loaded: true };
        } else {
          weapons[weapon.id] = { ...current, loaded: true };
        }
        break;
      default:
        break;
    }
  });
  return { weapons };
}
