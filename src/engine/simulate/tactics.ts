import { RulesError } from '../core/errors';
import type { Tactics, TargetTactic } from './types';

const TARGETS: readonly TargetTactic[] = ['nearest', 'weakest', 'mostDangerous'];
const DEFENCES = ['parry', 'dodgeWhenHurt', 'none'] as const;
const FORCES = ['never', 'reserve', 'max'] as const;
const POSTURES = ['intrepide', 'prudent', 'defensif'] as const;
const POSTURE_TACTICS = [...POSTURES, 'adaptive'] as const;

/** Refuses a tactic the simulator does not know (RulesError naming the fighter, the field and the values allowed). */
export function checkTactics(t: Tactics | undefined, who: string): void {
  if (t === undefined) return;
  const badValue = (field: string, value: unknown, allowed: readonly unknown[]) =>
    new RulesError('PDA.Error.Simulate.BadTactic', {
      name: who,
      field,
      value: String(value),
      allowed: allowed.join(', '),
    });
  if (t.target !== undefined && !TARGETS.includes(t.target)) throw badValue('target', t.target, TARGETS);
  if (t.defence !== undefined && !(DEFENCES as readonly string[]).includes(t.defence))
    throw badValue('defence', t.defence, DEFENCES);
  if (t.force !== undefined && !(FORCES as readonly string[]).includes(t.force))
    throw badValue('force', t.force, FORCES);
  if (t.shootFirst !== undefined && typeof t.shootFirst !== 'boolean')
    throw badValue('shootFirst', t.shootFirst, [true, false]);
  if (t.posture !== undefined && !(POSTURE_TACTICS as readonly string[]).includes(t.posture))
    throw badValue('posture', t.posture, POSTURE_TACTICS);
  if (t.postureWhenHurt !== undefined && !(POSTURES as readonly string[]).includes(t.postureWhenHurt))
    throw badValue('postureWhenHurt', t.postureWhenHurt, POSTURES);
  const r = t.retreatBelow;
  if (r !== undefined && !(typeof r === 'number' && r >= 0 && r <= 1))
    throw badValue('retreatBelow', r, ['0 … 1']);
}
