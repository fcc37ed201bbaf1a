import { checkCanAttack } from '../../../../engine/fantasia/attack';
import { declaredTargetRefusal } from '../../../../engine/fantasia/declared';
import type { FantasiaCombatant, FantasiaWeapon } from '../../../../engine/fantasia/types';
import type { CombatantLike } from '../../../combat';
import { combatantOfActor } from '../round/chat-round';
import { optionsSource } from './attack-state';
import type { FantasiaRoundFacts } from './round-context';

/**
 * F-R5 (ruling, setting `declarationBinds`): with "action and target bind", a blow goes to the foe
 * it was declared against; by default any foe will do (the engine decides, this only reads the
 * combat's combatants). Checked for each target the attack strikes.
 */
export function refuseUndeclaredTargets(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  facts: FantasiaRoundFacts,
  combat: { readonly combatants: Iterable<CombatantLike> } | undefined,
  targetUuids: readonly string[],
): void {
  if (!facts.inPasses || !combat) return;
  const nameOf = (id: string): string => {
    for (const c of combat.combatants) if (c.id === id) return c.name ?? id;
    return id;
  };
  for (const uuid of targetUuids) {
    const refusal = declaredTargetRefusal(
      attacker.name,
      weapon,
      facts.declaredBlows,
      combatantOfActor(combat, uuid)?.id ?? undefined,
      optionsSource().declarationBinds,
      nameOf,
    );
    if (refusal) throw refusal;
  }
}

/** F-R5: in the passes, a fighter who declared neither a blow nor a dodge may not attack. */
export function undeclaredIn(facts: FantasiaRoundFacts): boolean {
  return Boolean(facts.inPasses && !facts.attackDeclared && !facts.dodgeDeclared);
}

/** In the passes: the pass (F-R6..F-R9) and the declared blows (F-R5) the attack must fit. */
export function passFacts(facts: FantasiaRoundFacts): {
  pass?: number;
  declaredBlows?: FantasiaRoundFacts['declaredBlows'];
} {
  if (!facts.inPasses) return {};
  return {
    ...(facts.pass !== undefined ? { pass: facts.pass } : {}),
    ...(facts.declaredBlows ? { declaredBlows: facts.declaredBlows } : {}),
  };
}

/**
 * The refusals that hold whatever the moment (the fighter's states, the weapon's readiness, what
 * was declared: F-R5), checked before whose turn it is so the player learns what to change.
 */
export function standingRefusals(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  facts: FantasiaRoundFacts,
): void {
  checkCanAttack({
    attacker,
    defender: attacker,
    weapon,
    // The dialog may still name a companion holding a heavy gun (F-W6): checked with the choice.
    assisted: true,
    ...(facts.dodgeDeclared ? { attackerDodging: true } : {}),
    ...(facts.missileUsed ? { missileUsed: true } : {}),
    ...(undeclaredIn(facts) ? { undeclared: true } : {}),
    ...passFacts(facts),
  });
}
