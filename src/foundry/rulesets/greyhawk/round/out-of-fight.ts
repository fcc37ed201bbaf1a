import { fightState } from '../../../../engine/greyhawk/health';
import { greyhawkOptionsNow } from '../cards/attack-state';
import { isActiveGM } from '../../../active-gm';
import { markCombatantsDefeated } from '../../../combat';

/*
 * 0 hit points or below puts a Greyhawk creature out of the fight (docs/rulings.md, "Base — 0 hit
 * points"): whatever brought it there (a card's Apply, the sheet, the token bar), the active GM's
 * client marks its combatants defeated, which drops their slots from the round in progress
 * (PasseDArmesCombatant#_onUpdate), and puts the dead (or, with the DMG option, unconscious)
 * status on the actor. The cards refuse its attacks (the engine's exchange view).
 */

interface HpActor {
  readonly uuid?: string;
  readonly system?: { readonly hp?: { readonly value?: number } };
  toggleStatusEffect?(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
}

function hasStatus(id: string): boolean {
  const effects = (CONFIG as unknown as { statusEffects?: { id?: string }[] }).statusEffects ?? [];
  return effects.some((e) => e.id === id);
}

/** Marks the combatants of `actor` out of the fight when its hit points are 0 or below. */
export async function putOutOfFight(actor: HpActor): Promise<void> {
  const hp = actor.system?.hp?.value;
  if (!isActiveGM() || typeof hp !== 'number') return;
  const state = fightState(hp, greyhawkOptionsNow());
  if (state === 'fighting') return;
  if (!(await markCombatantsDefeated(actor))) return;
  const dead = CONFIG.specialStatusEffects?.DEFEATED;
  const status = state === 'unconscious' && hasStatus('unconscious') ? 'unconscious' : dead;
  if (status) await actor.toggleStatusEffect?.(status, { active: true, overlay: true });
}

/** Hooks the check on every actor update that touches hit points. */
export function installOutOfFight(): void {
  Hooks.on('updateActor', ((actor: HpActor, changed: { system?: { hp?: { value?: unknown } } }) => {
    if (typeof changed?.system?.hp?.value === 'number') void putOutOfFight(actor);
  }) as never);
}
