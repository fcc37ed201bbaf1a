import { sideOf } from '../canvas';
import type { CombatLike } from './adapter';

/** A card's target as chat/ names it (kept structural: combat/ does not import chat/). */
export interface TargetRef {
  readonly actorUuid: string;
  readonly tokenUuid: string;
  readonly name: string;
}

/**
 * Issue 46, one targeting rule for the attack entry points of every ruleset (sheet, tracker,
 * hotbar macro): the declared target, else the user's targeted tokens (Foundry's T), else a
 * choice among the fighter's foes in its fight (the other side's fighters still standing). The
 * rulesets call it; it knows no ruleset.
 */

interface FoeCombatant {
  readonly id: string | null;
  readonly name: string | null;
  readonly defeated?: boolean;
  readonly actor: { readonly uuid?: string } | null;
  readonly token?: { readonly uuid?: string; readonly disposition?: number } | null;
}

/** What an attack dialog offers, and which of them start ticked. */
export interface AttackTargets {
  readonly targets: TargetRef[];
  readonly checked: string[];
}

/** The active combat the actor fights in (its combatant's actor), if any. */
export function combatOf(actorUuid: string): CombatLike | undefined {
  const all = (game.combats?.contents ?? []) as unknown as (CombatLike & { active?: boolean })[];
  const has = (c: CombatLike) =>
    [...(c.combatants as Iterable<FoeCombatant>)].some((f) => f.actor?.uuid === actorUuid);
  return all.find((c) => c.active && has(c)) ?? all.find(has);
}

/**
 * The fighter's foes in `combat`: the other fighters on another side (token disposition, as the
 * GM fixed it), else every other fighter; the defeated and, for a player, the hidden left out.
 */
export function foesInFight(combat: CombatLike, actorUuid: string): TargetRef[] {
  const all = [...(combat.combatants as Iterable<FoeCombatant & { hidden?: boolean }>)];
  const self = all.find((c) => c.actor?.uuid === actorUuid);
  const others = all.filter(
    (c) => c.actor?.uuid && c.actor.uuid !== actorUuid && !c.defeated && !(c.hidden && !game.user?.isGM),
  );
  const foes = others.filter((c) => sideOf(c.token) !== sideOf(self?.token));
  return (foes.length ? foes : others).map((c) => ({
    actorUuid: c.actor?.uuid ?? '',
    tokenUuid: c.token?.uuid ?? '',
    name: c.name ?? '',
  }));
}

/**
 * The targets an attack by `actorUuid` offers: `declared` when given (all ticked), else the T
 * targets `aimedNow` (chat's userTargets; all ticked), else the foes in its fight (ticked only when
 * there is one).
 */
export function attackTargets(
  actorUuid: string,
  aimedNow: readonly TargetRef[],
  declared?: readonly TargetRef[],
  combat: CombatLike | undefined = combatOf(actorUuid),
): AttackTargets {
  const pick = (targets: TargetRef[], tick: boolean): AttackTargets => ({
    targets,
    checked: tick || targets.length === 1 ? targets.map((x) => x.actorUuid) : [],
  });
  if (declared?.length) return pick([...declared], true);
  const aimed = aimedNow.filter((x) => x.actorUuid !== actorUuid);
  if (aimed.length) return pick(aimed, true);
  return pick(combat ? foesInFight(combat, actorUuid) : [], false);
}
