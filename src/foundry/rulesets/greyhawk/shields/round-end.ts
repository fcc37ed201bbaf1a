import { PARRIED_STATUS_ID } from '../parries/view';
import { SHIELD_PUNCHED_STATUS_ID } from './punch';

/**
 * What lasts "until the end of the round" and is kept as a status of its own: a parry's mark
 * (G-PA1) and a shield lost to an off-hand punch (G-SH1). When a combat's round changes, the
 * active GM removes them from its fighters.
 */

const ROUND_STATUSES = [PARRIED_STATUS_ID, SHIELD_PUNCHED_STATUS_ID];

interface EffectParent {
  readonly uuid?: string;
  readonly effects?: Iterable<{ readonly id: string | null; readonly statuses?: Iterable<string> }>;
  deleteEmbeddedDocuments?(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}

export async function clearRoundStatuses(combat: unknown, changed: unknown): Promise<void> {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  if ((changed as { round?: unknown } | undefined)?.round === undefined) return;
  const seen = new Set<string>();
  const combatants = (combat as { combatants?: Iterable<{ actor?: unknown }> }).combatants ?? [];
  for (const c of combatants) {
    const actor = c.actor as EffectParent | null;
    if (!actor?.deleteEmbeddedDocuments || seen.has(actor.uuid ?? '')) continue;
    seen.add(actor.uuid ?? '');
    const ids = [...(actor.effects ?? [])]
      .filter((e) => [...(e.statuses ?? [])].some((s) => ROUND_STATUSES.includes(s)))
      .flatMap((e) => (e.id ? [e.id] : []));
    if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
  }
}

export function hookRoundEnd(): void {
  Hooks.on(
    'updateCombat',
    ((combat: unknown, changed: unknown) => void clearRoundStatuses(combat, changed)) as never,
  );
}
