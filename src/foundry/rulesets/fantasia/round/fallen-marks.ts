import { fightCondition } from '../../../../engine/fantasia/fallen';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { isActiveGM } from '../../../active-gm';
import { markCombatantsDefeated } from '../../../combat';
import { fantasiaOptionsFromSettings } from '../settings';

/*
 * F-H1 ruling "0 PV" made visible (issue 46), as Greyhawk does: once a fighter's PV leave it dead
 * or out of the fight by the world's rule, whatever brought them there (a card's Appliquer, the
 * sheet, the token bar), the active GM's client marks its combatants defeated (the round drops
 * their slots) and puts the dead or unconscious status on the actor, which the token shows.
 */

interface PvActor {
  readonly uuid?: string;
  engineView?<T>(): T;
  toggleStatusEffect?(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
}

/** Marks the combatants of `actor` defeated when its PV put it out of the fight. */
export async function markFantasiaFallen(actor: PvActor): Promise<void> {
  if (!isActiveGM() || typeof actor.engineView !== 'function') return;
  let view: FantasiaCombatant;
  try {
    view = actor.engineView<FantasiaCombatant>();
  } catch {
    return;
  }
  const condition = fightCondition(view, fantasiaOptionsFromSettings().zeroPv);
  if (condition === 'fighting') return;
  if (!(await markCombatantsDefeated(actor))) return;
  await actor.toggleStatusEffect?.(condition === 'dead' ? 'dead' : 'unconscious', {
    active: true,
    overlay: true,
  });
}

/** Hooks the check on every actor update that touches PV. */
export function installFantasiaFallenMarks(): void {
  Hooks.on('updateActor', (actor, changed) => {
    const pv = (changed as { system?: { pv?: { value?: unknown } } } | undefined)?.system?.pv?.value;
    if (typeof pv === 'number') void markFantasiaFallen(actor as PvActor);
  });
}
