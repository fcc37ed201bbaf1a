import { RulesError } from '../core/errors';
import type { FantasiaWeapon } from './types';

/*
 * What a declaration binds once the passes run (F-R5 ruling "how rough a declaration is"), and
 * which pass a blow or a shot belongs to (F-R6..F-R9). The declaration fixes the round's actions
 * only roughly: by default the declared kind of action binds (a blow stays a blow, a throw a
 * throw) while the foe may change, since the foes do not wait politely; the world setting
 * `declarationBinds` makes the declared target bind too.
 */

/** The intents that strike someone, as the round declares them. */
export type DeclaredBlowKind = 'melee' | 'knockout' | 'shoot' | 'throw';

/** One declared blow, shot or throw, with the combatant it was aimed at. */
export interface DeclaredBlow {
  readonly kind: DeclaredBlowKind;
  readonly targetId?: string;
}

/** How much of a declared blow binds in the passes (F-R5 ruling). */
export type DeclarationBinding = 'action' | 'actionAndTarget';

/** The key of the refusal of a missile in the melee pass (F-R9). */
export const MISSILE_IN_MELEE_PASS = 'PDA.Error.MissileInMeleePass';

export const DECLARATION_BINDINGS: readonly DeclarationBinding[] = ['action', 'actionAndTarget'];

/** What an attack with this weapon is, as the declarations name it: a blow, a throw or a shot. */
export function blowKindOf(weapon: Pick<FantasiaWeapon, 'kind'>): 'melee' | 'throw' | 'shoot' | undefined {
  switch (weapon.kind) {
    case 'thrown':
      return 'throw';
    case 'missile':
    case 'firearm':
      return 'shoot';
    case 'siege':
      return undefined;
    default:
      return 'melee';
  }
}

/** Whether a declared intent of `kind` covers an attack of `attack` (a knock-out is a blow). */
function covers(kind: DeclaredBlowKind, attack: 'melee' | 'throw' | 'shoot'): boolean {
  return attack === 'melee' ? kind === 'melee' || kind === 'knockout' : kind === attack;
}

/**
 * F-R6..F-R9: a thrown or shot weapon is used in pass 1 or pass 3, never in the melee pass, for
 * everyone (the GM too: it is where the weapon acts, not whose turn it is). A blow outside pass 2
 * is the turn order's business (a player out of the slot; the GM referees). Undefined when the
 * attack fits the pass (or no pass runs).
 */
export function passRefusal(
  weapon: Pick<FantasiaWeapon, 'kind' | 'name'>,
  pass: number | undefined,
): RulesError | undefined {
  const kind = blowKindOf(weapon);
  if (pass !== 2 || !kind || kind === 'melee') return undefined;
  return new RulesError(MISSILE_IN_MELEE_PASS, { weapon: weapon.name, rule: 'F-R9' });
}

/**
 * F-R5: in the passes, an attack must be of a kind the fighter declared (a declared blow does not
 * become a throw). `blows` empty is the "nothing declared" refusal's business, not this one's.
 */
export function declaredActionRefusal(
  name: string,
  weapon: Pick<FantasiaWeapon, 'kind'>,
  blows: readonly DeclaredBlow[] | undefined,
): RulesError | undefined {
  const attack = blowKindOf(weapon);
  if (!attack || !blows || blows.length === 0) return undefined;
  if (blows.some((b) => covers(b.kind, attack))) return undefined;
  const declared = blows[0]?.kind ?? 'melee';
  return new RulesError('PDA.Error.AttackNotAsDeclared', {
    name,
    declared: `PDA.Fantasia.DeclaredAs.${declared}`,
    tried: `PDA.Fantasia.DeclaredAs.${attack}`,
    rule: 'F-R5',
  });
}

/**
 * F-R5 with the setting "action and target bind": the blow goes to the foe it was declared
 * against. By default (the seed's rough reading) any foe will do. A declared blow with no target
 * binds none.
 */
export function declaredTargetRefusal(
  name: string,
  weapon: Pick<FantasiaWeapon, 'kind'>,
  blows: readonly DeclaredBlow[] | undefined,
  targetId: string | undefined,
  binding: DeclarationBinding,
  nameOf: (id: string) => string,
): RulesError | undefined {
  const attack = blowKindOf(weapon);
  if (binding !== 'actionAndTarget' || !attack || !blows) return undefined;
  const aimed = blows.filter((b) => covers(b.kind, attack) && b.targetId);
  if (aimed.length === 0 || aimed.some((b) => b.targetId === targetId)) return undefined;
  return new RulesError('PDA.Error.AttackNotDeclaredTarget', {
    name,
    target: nameOf(aimed[0]?.targetId ?? ''),
    rule: 'F-R5',
  });
}
