import { isRulesError } from '../../../../engine/core/errors';
import {
  greyhawkRoundRules,
  type GreyhawkDeclaration,
  type GreyhawkReadiness,
  type GreyhawkRoundCombatant,
} from '../../../../engine/greyhawk/round';
import type { StandUpChoice } from '../../../../engine/greyhawk/manoeuvres';
import type { GripUse } from '../../../../engine/greyhawk/style-use';
import type { MoveTaken } from '../../../../engine/greyhawk/styles';
import type { CombatLike, DeclarationRequest } from '../../../combat';
import { notifyError, t } from '../../../i18n';

/*
 * The style part of a Greyhawk declaration (issue 14): the grip chosen at the round's start
 * (G-ST1/G-ST2), how a fighter on the ground stands up (G-P2), the archer's move in the missile
 * style (G-ST5). Parsed from untrusted form data; the engine's validation decides.
 */

const S = 'PDA.Greyhawk.Style';
const GRIPS: readonly GripUse[] = ['one', 'two'];
const STAND_UPS: readonly StandUpChoice[] = ['forfeitAttack', 'nextRound'];
const MOVES: readonly MoveTaken[] = ['none', 'half', 'full'];

function pick<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return (list as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/** The style fields of untrusted declaration data (unknown values are dropped). */
export function parseDeclarationExtras(raw: Record<string, unknown>): Partial<GreyhawkDeclaration> {
  const grip = pick(GRIPS, raw.grip);
  const standUp = pick(STAND_UPS, raw.standUp);
  const move = pick(MOVES, raw.missileMove);
  const moving = raw.mountMoving === true || raw.mountMoving === 'true' || raw.mountMoving === 'on';
  return {
    ...(grip ? { grip } : {}),
    ...(standUp ? { standUp } : {}),
    ...(move && move !== 'none' ? { missileMove: move } : {}),
    ...(moving ? { mountMoving: true } : {}),
  };
}

/** The declaration form's style selects, only those that apply to this combatant. */
export function declarationExtras(c: GreyhawkRoundCombatant, current: GreyhawkDeclaration | undefined) {
  const grip = current?.grip ?? c.grip ?? 'one';
  const standUp = current?.standUp ?? 'forfeitAttack';
  const move = current?.missileMove ?? 'none';
  return {
    ...(c.gripSpeeds
      ? {
          grips: GRIPS.map((g) => ({
            value: g,
            label: t(`${S}.Fact.Grip.${g}`),
            selected: g === grip,
          })),
        }
      : {}),
    ...(c.prone
      ? {
          standUps: STAND_UPS.map((v) => ({
            value: v,
            label: t(v === 'forfeitAttack' ? `${S}.Declare.StandUpLose` : `${S}.Declare.StandUpWait`),
            selected: v === standUp,
          })),
        }
      : {}),
    ...(c.shoots
      ? { moves: MOVES.map((m) => ({ value: m, label: t(`${S}.Move.${m}`), selected: m === move })) }
      : {}),
    ...(c.mounted ? { mounted: true, mountMoving: current?.mountMoving === true } : {}),
  };
}

/** The style part of a declaration's one-line summary. */
export function describeExtras(d: GreyhawkDeclaration): string {
  const parts: string[] = [];
  if (d.grip) parts.push(t(`${S}.Fact.Grip.${d.grip}`));
  if (d.action === 'standUp')
    parts.push(t(d.standUp === 'forfeitAttack' ? `${S}.Declare.StandUpLose` : `${S}.Declare.StandUpWait`));
  if (d.missileMove) parts.push(t(`${S}.Move.${d.missileMove}`));
  if (d.mountMoving) parts.push(t(`${S}.Declare.MountMoving`));
  return parts.length ? ` · ${parts.join(' · ')}` : '';
}

interface GripActor {
  readonly isOwner?: boolean;
  readonly system?: { grip?: string };
  update(data: Record<string, unknown>): Promise<unknown>;
}

function actorOfCombatant(id: string): GripActor | undefined {
  const combats = [game.combat, ...(game.combats?.contents ?? [])] as unknown as (CombatLike | null)[];
  for (const combat of combats) {
    for (const c of combat?.combatants ?? []) if (c.id === id) return c.actor as unknown as GripActor;
  }
  return undefined;
}

/**
 * A declared grip change (G-ST1/G-ST2), checked by the engine first, is written on the actor:
 * the attack dialog and the next rounds read it there. False (and a warning) when refused.
 */
export async function saveGrip(
  request: DeclarationRequest<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>,
  declaration: GreyhawkDeclaration,
): Promise<boolean> {
  if (!declaration.grip || declaration.grip === request.combatant.grip) return true;
  try {
    greyhawkRoundRules.validateDeclaration({
      state: request.state,
      combatant: request.combatant,
      readiness: request.readiness,
      declaration,
      by: { gm: request.gm, owns: [request.combatant.id] },
    });
  } catch (error) {
    if (!isRulesError(error)) throw error;
    notifyError(error);
    return false;
  }
  const actor = actorOfCombatant(request.combatant.id);
  if (actor?.isOwner && actor.system?.grip !== declaration.grip)
    await actor.update({ system: { grip: declaration.grip } });
  return true;
}
