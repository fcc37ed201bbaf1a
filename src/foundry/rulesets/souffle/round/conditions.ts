import type { CombatLike } from '../../../combat';
import { aimExpired } from '../../../../engine/souffle/exchange/aim';
import { conditionMark, ROUND_CONDITIONS, souffleOptionsNow, type RoundCondition } from '../cards/fighters';
import { isActiveGM } from '../../../active-gm';

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

/** Whether a condition marked `mark` is over in round `round` of combat `combatId`. */
function stale(
  status: RoundCondition,
  mark: Record<string, unknown>,
  combatId: string,
  round: number,
): boolean {
  if (mark.combatId !== combatId) return true;
  const made = Number(mark.round ?? 0);
  // S-AT7: an unused aim lasts as the aimLasts setting says; "freiné" its own round (S-FL1).
  if (status === 'vise') return aimExpired(made, round, souffleOptionsNow().aimLasts);
  return made !== round;
}

/**
 * At each new round (GM side), the conditions that last the round end: a "freiné" runner and an
 * unused aim once its time is over (S-FL1, S-AT7). One deletion per actor at most. With
 * `ending`, the combat is being deleted: every condition marked with it ends.
 */
export async function endRoundConditions(combat: CombatLike, ending = false): Promise<void> {
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as unknown as EffectHolder | null;
    const key = actor?.uuid ?? actor?.id ?? '';
    if (!actor?.effects || !actor.deleteEmbeddedDocuments || seen.has(key)) continue;
    seen.add(key);
    const over = ROUND_CONDITIONS.filter((status) => {
      const mark = conditionMark(actor, status);
      if (mark === undefined) return false;
      if (ending) return mark.combatId === combat.id;
      return stale(status, mark, combat.id ?? '', combat.round ?? 0);
    });
    if (!over.length) continue;
    const ids = actor.effects
      .filter((e) => [...(e.statuses ?? [])].some((s) => (over as string[]).includes(s)))
      .flatMap((e) => (e.id ? [e.id] : []));
    if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
  }
}

/** S-AT7/S-FL1: a deleted combat takes its aims and "freiné" marks with it (active GM side). */
export function registerConditionHooks(): void {
  Hooks.on('deleteCombat', ((combat: CombatLike) => {
    if (!isActiveGM()) return;
    void endRoundConditions(combat, true);
  }) as never);
}
