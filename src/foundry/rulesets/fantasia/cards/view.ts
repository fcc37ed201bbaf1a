import { formatPercentile } from '../../../../engine/dice/formula';
import type { Outcome, PercentRoll } from '../../../../engine/fantasia/resolution';
import type { ResistanceRoll } from '../../../../engine/fantasia/resistance';
import type { Modifier } from '../../../../engine/fantasia/types';
import type { CardCheck, CardRow, FlowEnv } from '../../../chat';

/** Card words for the four levels of a d100 result. */
export const LEVEL_CSS: Readonly<Record<Outcome, string>> = {
  critical: 'critique',
  success: 'reussite',
  failure: 'echec',
  fumble: 'maladresse',
};

export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The check line of a percentile roll: d100, target, level. */
export function percentCheck(roll: PercentRoll, env: FlowEnv): CardCheck {
  return {
    roll: formatPercentile(roll.roll),
    target: `${roll.target} %`,
    level: LEVEL_CSS[roll.outcome],
    levelLabel: env.t({ key: `PDA.Chat.Level.${roll.outcome}` }),
  };
}

/** Rows: the base skill, then each modifier with its rule ID. */
export function modifierRows(
  baseLabel: string,
  roll: PercentRoll,
  env: FlowEnv,
  baseRule?: string,
): CardRow[] {
  return [
    { label: baseLabel, value: `${roll.base} %`, ...(baseRule ? { rule: baseRule } : {}) },
    ...roll.modifiers.map((m: Modifier) => ({
      label: env.t({ key: m.key }),
      value: `${signed(m.value)} %`,
      rule: m.rule,
    })),
  ];
}

/** The check line of a resistance roll: "active vs passive → %" (F-T1). */
export function resistanceCheck(roll: ResistanceRoll, env: FlowEnv): CardCheck {
  return {
    roll: roll.roll === undefined ? env.t({ key: 'PDA.Chat.Automatic' }) : formatPercentile(roll.roll),
    target: roll.label,
    level: LEVEL_CSS[roll.outcome],
    levelLabel: env.t({ key: `PDA.Chat.Level.${roll.outcome}` }),
  };
}

/** Rule IDs as one short string ("F-H1 F-D5"). */
export function rules(list: readonly string[]): string {
  return [...new Set(list)].join(' ');
}
