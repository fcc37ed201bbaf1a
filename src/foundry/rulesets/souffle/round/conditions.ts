import type { CombatLike } from '../../../combat/adapter';
import { conditionMark, ROUND_CONDITIONS } from '../cards/fighters';

interface EffectHolder {
  readonly uuid?: string;
  readonly id?: string | null;
  readonly effects?: { filter(fn: (e: EffectDoc) => boolean): EffectDoc[] };
  deleteEmbeddedDocuments?(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}
interface EffectDoc {
  readonly id: string | null;
  readonly statuses?: Iterable<string>;
}

/**
 * At each new round (GM side), the conditions that last the round end: a "freiné" runner and an
 * unused aim of an earlier round (S-FL1, S-AT7). One deletion per actor at most.
 */
export async function endRoundConditions(combat: CombatLike): Promise<void> {
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as unknown as EffectHolder | null;
    const key = actor?.uuid ?? actor?.id ?? '';
    if (!actor?.effects || !actor.deleteEmbeddedDocuments || seen.has(key)) continue;
    seen.add(key);
    const stale = ROUND_CONDITIONS.filter((status) => {
      const mark = conditionMark(actor, status);
      return mark !== undefined && !(mark.combatId === combat.id && mark.round === combat.round);
    });
    if (!stale.length) continue;
    const ids = actor.effects
      .filter((e) => [...(e.statuses ?? [])].some((s) => (stale as string[]).includes(s)))
      .flatMap((e) => (e.id ? [e.id] : []));
    if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
  }
}
