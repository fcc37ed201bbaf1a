import type {
  FantasiaDeclaration,
  FantasiaIntent,
  FantasiaReadiness,
  FantasiaRoundCombatant,
  FantasiaRoundState,
} from './round-model';
import { declaresNothing } from './round';

/**
 * What a declaration form starts from (F-R5), so a fighter who does again what it did declares in
 * one click: last round's declaration when it still fits (its weapon still carried, its target
 * still in the fight), else an attack with the weapon in hand (at the foe the person targets).
 * Nothing here is declared for the fighter: the person still confirms the form.
 */
export interface DeclarationDefaults {
  /** The declaration this fighter made last round, as its form remembers it. */
  readonly last?: FantasiaDeclaration;
  /** The combatant the person targets on the scene (Foundry's T), when it is in this fight. */
  readonly targetId?: string;
}

const ATTACK_KIND: Readonly<Record<string, FantasiaIntent['kind']>> = {
  melee: 'melee',
  whip: 'melee',
  unarmed: 'melee',
  thrown: 'throw',
  missile: 'shoot',
  firearm: 'shoot',
};

/** Whether an intent still makes sense this round: its weapon carried, its target still in. */
function stillFits(
  state: FantasiaRoundState,
  combatant: FantasiaRoundCombatant,
  intent: FantasiaIntent,
): boolean {
  if (intent.weaponId && !combatant.weapons.some((w) => w.id === intent.weaponId)) return false;
  if (!intent.targetId) return true;
  const target = state.combatants[intent.targetId];
  return (
    target !== undefined && !state.out.includes(intent.targetId) && declaresNothing(target) === undefined
  );
}

/**
 * Last round's declaration declared again: its attacks aimed at the newly targeted foe, if any;
 * undefined when it no longer fits (a weapon gone, a target out of the fight).
 */
export function repeatedDeclaration(
  state: FantasiaRoundState,
  combatant: FantasiaRoundCombatant,
  defaults: DeclarationDefaults,
): FantasiaDeclaration | undefined {
  const { last, targetId } = defaults;
  if (!last || last.intents.length === 0) return undefined;
  if (!last.intents.every((i) => stillFits(state, combatant, i))) return undefined;
  if (!targetId) return last;
  return { ...last, intents: last.intents.map((i) => (i.targetId ? { ...i, targetId } : i)) };
}

/** The form's starting declaration for `combatant`, or undefined for an empty form. */
export function suggestedDeclaration(
  state: FantasiaRoundState,
  combatant: FantasiaRoundCombatant,
  readiness: FantasiaReadiness | undefined,
  defaults: DeclarationDefaults,
): FantasiaDeclaration | undefined {
  const repeated = repeatedDeclaration(state, combatant, defaults);
  if (repeated) return repeated;
  const drawn = combatant.weapons.find(
    (w) => (readiness?.weapons[w.id]?.ready ?? w.ready) && ATTACK_KIND[w.kind] !== undefined,
  );
  // Nothing in hand: the form starts empty (an unarmed blow is not guessed).
  if (!drawn) return undefined;
  return {
    intents: [
      {
        kind: ATTACK_KIND[drawn.kind] ?? 'melee',
        weaponId: drawn.id,
        ...(defaults.targetId ? { targetId: defaults.targetId } : {}),
      },
    ],
  };
}
