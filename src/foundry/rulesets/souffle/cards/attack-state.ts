import { RulesError } from '../../../../engine/core/errors';
import { type AttackInput, type AttackResult, type AimKind } from '../../../../engine/souffle/attack';
import { defenceLevel, type DefenceMode, type DefenceResult } from '../../../../engine/souffle/defence';
import { canKnockOut, type TestResult } from '../../../../engine/souffle/manoeuvres';
import type { CardAction, CardSnapshot, FlowEnv } from '../../../chat/flow';
import { souffleActor, text } from './fighters';

export type SouffleEffect = 'desarme' | 'assomme';

export interface SouffleManoeuvreTest {
  readonly kind: 'desarmer' | 'assommer';
  readonly result: TestResult;
  /** The test failed and the effect lands when the damage is applied. */
  readonly effect: boolean;
  /** Rounds knocked out (S-MN3). */
  readonly rounds: number;
}

export interface SouffleApplied {
  /** The defender's stored values before the change (undo writes them back). */
  readonly before: Record<string, unknown>;
  /** What the change (and a luck point after it) wrote; undo refuses once the defender differs. */
  readonly after?: Record<string, unknown>;
  readonly toSouffle: number;
  readonly toPv: number;
  readonly effect?: SouffleEffect;
  readonly luckSpent: boolean;
}

export interface SouffleAttackState {
  readonly attackerName: string;
  readonly weaponName: string;
  readonly input: AttackInput;
  readonly attack: AttackResult;
  /** Souffle the attacker spent forcing (S-AT2). */
  readonly souffleSpent: number;
  /** Metres between the shooter's and the target's tokens, for a ranged attack (S-AT5). */
  readonly distance?: number;
  /** An opportunity attack (S-AT6): a passive action, outside the posture's budget. */
  readonly opportunity?: boolean;
  readonly defence?: { readonly mode: DefenceMode; readonly result: DefenceResult };
  readonly test?: SouffleManoeuvreTest;
  readonly applied?: SouffleApplied;
  readonly undone: number;
}

export type Card = CardSnapshot<SouffleAttackState>;

export const K = 'PDA.Souffle.Chat';

export const AIM_RULE: Readonly<Record<AimKind, string>> = {
  viser: 'S-AT7',
  feinte: 'S-MN1',
  desarmer: 'S-MN2',
  assommer: 'S-MN3',
};

export function attackerOf(card: Card, env: FlowEnv) {
  return souffleActor(env.resolve(card.actorUuid), card.state.attackerName);
}

export function targetOf(card: Card) {
  const target = card.targets[0];
  if (!target) throw new RulesError('PDA.Error.CardNoTarget');
  return target;
}

export function defenderOf(card: Card, env: FlowEnv) {
  const target = targetOf(card);
  return souffleActor(env.resolve(target.actorUuid), target.name);
}

export function manoeuvreOf(aim: AimKind | undefined): 'desarmer' | 'assommer' | undefined {
  return aim === 'desarmer' || aim === 'assommer' ? aim : undefined;
}

/** Why the knock-out cannot be tried (S-MN3), or undefined. */
export function knockOutRefusal(state: SouffleAttackState): RulesError | undefined {
  if (state.attack.aim !== 'assommer' || !state.defence) return undefined;
  const level = state.defence.result.level;
  const defence = level.canRoll ? level.level : 'none';
  const weapons = state.attack.weapons.filter((w) => w.id !== 'mainsNues');
  if (canKnockOut(state.attack.level, defence, weapons)) return undefined;
  return new RulesError('PDA.Error.SouffleKnockOutConditions', {
    attack: state.attack.level,
    defence: String(defence),
  });
}

export function refusalText(error: unknown): { key: string; data?: Record<string, string | number> } {
  if (error instanceof RulesError) return { key: error.key, data: { ...error.data } };
  return { key: 'PDA.Error.Unexpected' };
}

export function forceActions(card: Card, env: FlowEnv): CardAction[] {
  const { attack } = card.state;
  if (attack.kind !== 'melee') return [];
  let available = 0;
  try {
    available = attackerOf(card, env).system.toEngine().souffle.value;
  } catch {
    available = 0;
  }
  const most = Math.min(attack.maxForce, available);
  const reason =
    attack.maxForce < 1
      ? text('PDA.Error.SouffleForceCap', { souffle: 1, max: 0 })
      : available < 1
        ? text('PDA.Error.SouffleNotEnoughSouffle', { souffle: 1, available })
        : undefined;
  const base = { owners: [card.actorUuid], rule: 'S-AT2', style: 'secondary' as const };
  const actions: CardAction[] = [
    {
      ...base,
      id: 'force1',
      label: text(`${K}.Force`, { n: 1 }),
      enabled: !reason,
      ...(reason ? { reason } : {}),
    },
  ];
  if (most > 1)
    actions.push({ ...base, id: 'forceMax', label: text(`${K}.Force`, { n: most }), enabled: true });
  return actions;
}

export function defenceActions(card: Card): CardAction[] {
  const target = targetOf(card);
  const owners = [target.actorUuid];
  const parry: CardAction = {
    id: 'parade',
    label: text(`${K}.Parry`),
    owners,
    enabled: true,
    rule: 'S-DF1',
    style: 'primary',
  };
  return [
    parry,
    { id: 'esquive', label: text(`${K}.Dodge`), owners, enabled: true, rule: 'S-DF1', style: 'primary' },
  ];
}

export function parryAllowed(card: Card, env: FlowEnv, action: CardAction): CardAction {
  if (action.id !== 'parade' || card.state.attack.kind !== 'ranged') return action;
  try {
    const shield = defenderOf(card, env).system.engineShield();
    defenceLevel(card.state.attack, { mode: 'parade', states: [], ...(shield ? { shield } : {}) });
    return action;
  } catch (error) {
    return { ...action, enabled: false, reason: refusalText(error) };
  }
}
