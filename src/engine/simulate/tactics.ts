import { RulesError } from '../core/errors';
import type { Tactics, TargetTactic } from './types';

const TARGETS: readonly TargetTactic[] = ['nearest', 'weakest', 'mostDangerous'];

/** Refuses a tactic the simulator does not know (RulesError naming the fighter and the field). */
export function checkTactics(t: Tactics | undefined, who: string): void {
  if (t === undefined) return;
  const badValue = (field: string, value: unknown) =>
    new RulesError('PDA.Error.Simulate.BadTactic', { name: who, field, value: String(value) });
  if (t.target !== undefined && !TARGETS.includes(t.target)) throw badValue('target', t.target);
  if (t.defence !== undefined && !['parry', 'dodgeWhenHurt', 'none'].includes(t.defence))
    throw badValue('defence', t.defence);
  if (t.force !== undefined && !['never', 'reserve', 'max'].includes(t.force))
    throw badValue('force', t.force);
  for (const p of [t.posture, t.postureWhenHurt])
    if (p !== undefined && !['intrepide', 'prudent', 'defensif'].includes(p)) throw badValue('posture', p);
  const r = t.retreatBelow;
  if (r !== undefined && !(typeof r === 'number' && r >= 0 && r <= 1)) throw badValue('retreatBelow', r);
}
