import { withinReach } from '../../../../engine/souffle/attack';
import { sideOf, tokenDistance } from '../../../canvas';
import { souffleStatesOf } from '../states';
import { isSouffleActor } from './fighters';
import { tokenOf, type TokenOnCanvas } from './opportunity-flow';

/**
 * S-A4 outnumbering, read from the scene (the engine's contextAdvantage turns it into levels):
 * around the target, the fighters of the attacker's side within reach of it (the attacker
 * counted) against the target and its own side within reach of it. A knocked-out fighter (S-MN3)
 * fights for nobody. Undefined when either token is not on the viewed scene.
 */
export function outnumberAround(
  attackerUuid: string,
  attackerTokenUuid: string,
  targetUuid: string,
  targetTokenUuid: string,
): { us: number; them: number } | undefined {
  const own = tokenOf(attackerUuid, attackerTokenUuid);
  const target = tokenOf(targetUuid, targetTokenUuid);
  if (!own || !target) return undefined;
  const canvas = (globalThis as { canvas?: { tokens?: { placeables?: readonly TokenOnCanvas[] } } }).canvas;
  const around = (canvas?.tokens?.placeables ?? []).filter(
    (t) =>
      t !== target &&
      t !== own &&
      isSouffleActor(t.actor) &&
      !souffleStatesOf(t.actor).includes('assomme') &&
      withinReach(tokenDistance(target, t)),
  );
  const side = (token: TokenOnCanvas) => sideOf(token.document);
  const us = 1 + around.filter((t) => side(t) === side(own)).length;
  const them = 1 + around.filter((t) => side(t) === side(target)).length;
  return side(own) === side(target) ? undefined : { us, them };
}
