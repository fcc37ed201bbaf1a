import { freeShot, missilesInHand } from '../../../../engine/greyhawk/manoeuvres';
import type { GreyhawkCharacter } from '../../../../engine/greyhawk/types';
import type { CombatantLike } from '../../../combat';
import { SYSTEM_ID } from '../../../constants';
import { distanceMetres, tokenPlace } from '../cards/distance';
import { readiedWeapons } from '../styles/facts';

/*
 * G-F1/G-F2 at the table: when the fight begins, the tokens tell who holds missiles ready (a bow
 * or crossbow readied, a monster's volley such as a manticore's spikes) and how far apart the two
 * groups stand. Friendly and hostile tokens are the two groups; a scene flagged `indoors` uses
 * 6 m rather than 20 m. The engine (freeShot) decides; the round puts the shot before round 1.
 */

interface TokenLike {
  readonly disposition?: number;
  readonly parent?: { readonly flags?: Record<string, Record<string, unknown> | undefined> } | null;
}

interface Member {
  readonly id: string;
  readonly hostile: boolean;
  readonly ready: boolean;
  readonly token: unknown;
}

function membersOf(combatant: CombatantLike): Member[] {
  const combat = (combatant as unknown as { parent?: { combatants?: Iterable<CombatantLike> } | null })
    .parent;
  const out: Member[] = [];
  for (const c of combat?.combatants ?? []) {
    const token = (c as unknown as { token?: TokenLike | null }).token ?? null;
    const actor = c.actor as unknown as { system?: { toEngine?: () => GreyhawkCharacter } } | null;
    const monster = actor?.system?.toEngine?.().monster !== undefined;
    const ready = missilesInHand(readiedWeapons(actor).map((w) => w.weapon));
    const hostile = token?.disposition !== undefined ? token.disposition < 0 : monster;
    if (c.id) out.push({ id: c.id, hostile, ready, token });
  }
  return out;
}

/** This combatant's part in the free shot before round 1 (none when no group gets one). */
export function freeShotRole(combatant: CombatantLike): { freeShot?: 'shooter' | 'target' } {
  const members = membersOf(combatant);
  const me = members.find((m) => m.id === combatant.id);
  if (!me) return {};
  const friends = members.filter((m) => !m.hostile);
  const foes = members.filter((m) => m.hostile);
  let closest = Infinity;
  for (const a of friends)
    for (const b of foes) {
      const d = distanceMetres(tokenPlace(a.token), tokenPlace(b.token));
      if (d !== null) closest = Math.min(closest, d);
    }
  if (!Number.isFinite(closest)) return {};
  const scene = (me.token as TokenLike | null)?.parent;
  const indoors = scene?.flags?.[SYSTEM_ID]?.indoors === true;
  const result = freeShot(
    [
      { id: 'friends', missilesReady: friends.some((m) => m.ready) },
      { id: 'foes', missilesReady: foes.some((m) => m.ready) },
    ],
    closest,
    indoors,
  );
  if (!result.shooter) return {};
  const mine = me.hostile ? 'foes' : 'friends';
  return { freeShot: result.shooter === mine ? 'shooter' : 'target' };
}
