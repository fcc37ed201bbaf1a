import { RulesError } from '../../../engine/core/errors';
import { moveRefusal } from '../../../engine/fantasia/movement';
import { fightCondition } from '../../../engine/fantasia/fallen';
import { fantasiaOptionsFromSettings } from './settings';
import type { FantasiaCombatant } from '../../../engine/fantasia/types';
import { notifyError } from '../../i18n';
import { fantasiaRound } from './cards/round-context';
import { movesToken } from '../../canvas';

/**
 * `preUpdateToken` (the mover's client): a player may not drag the token of a fighter who cannot
 * move (Faucheuse, held, winding a crossbow in passes 2 and 3); the move is refused with the
 * reason. The GM's hand stays free (to set the scene right). The rules are the engine's.
 */
interface TokenDoc {
  readonly x?: number;
  readonly y?: number;
  readonly actor?: { readonly uuid?: string; readonly name?: string; engineView?<T>(): T } | null;
}

export function fantasiaPreUpdateToken(doc: TokenDoc, changed: Record<string, unknown>): boolean | void {
  if (!movesToken(doc, changed)) return;
  if (game.user?.isGM) return;
  const actor = doc.actor;
  if (!actor?.uuid || typeof actor.engineView !== 'function') return;
  let view: FantasiaCombatant;
  try {
    view = actor.engineView<FantasiaCombatant>();
  } catch {
    return;
  }
  const combatId = (game.combat as { id?: string | null } | null)?.id ?? '';
  const reloading = Boolean(fantasiaRound().facts(combatId, actor.uuid).reloadingWeaponId);
  const fallen = fightCondition(view, fantasiaOptionsFromSettings().zeroPv);
  const refusal = moveRefusal(view.states, reloading, fallen);
  if (!refusal) return;
  notifyError(new RulesError(refusal.key, { name: view.name, rule: refusal.rule }));
  return false;
}
