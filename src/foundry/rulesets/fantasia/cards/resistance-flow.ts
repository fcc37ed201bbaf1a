import { rollResistance, type ResistanceRoll } from '../../../../engine/fantasia/resistance';
import type { RuleId } from '../../../../engine/fantasia/types';
import type { Dice } from '../../../../engine/dice/port';
import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import type { CardFlow } from '../../../chat';
import { resistanceCheck } from './view';

/**
 * A resistance-table card (F-T1): "active vs passive → %", the d100 (none when automatic) and
 * the result. Used alone, and by chains that need one (knock-out F-U4, escapes F-W2, F-U3).
 */
export const FANTASIA_RESISTANCE_FLOW = 'fantasia.resistance';

export interface ResistanceState {
  /** What is opposed, as the user typed it (escaped by the template). */
  readonly label: string;
  readonly roll: ResistanceRoll;
}

export function rollResistanceState(
  active: number,
  passive: number,
  label: string,
  rule: RuleId,
  dice: Dice,
  options: FantasiaOptions,
): ResistanceState {
  return { label, roll: rollResistance(active, passive, dice, rule, options) };
}

export const fantasiaResistanceFlow: CardFlow<ResistanceState> = {
  id: FANTASIA_RESISTANCE_FLOW,
  ruleset: 'fantasia',
  actions: () => [],
  perform: () => Promise.reject(new Error('A resistance card has no actions')),
  context(card, env) {
    const r = card.state.roll;
    return {
      title: env.t({ key: 'PDA.Chat.Title.Resistance' }),
      subtitle: card.state.label,
      sections: [
        {
          title: env.t({ key: 'PDA.Chat.Section.Resistance' }),
          check: resistanceCheck(r, env),
          rows: [
            { label: env.t({ key: 'PDA.Chat.Row.Active' }), value: String(r.active), rule: 'F-T1' },
            { label: env.t({ key: 'PDA.Chat.Row.Passive' }), value: String(r.passive) },
            { label: env.t({ key: 'PDA.Chat.Row.Chance' }), value: `${r.chance} %` },
          ],
          notes: [
            {
              text: env.t({ key: r.success ? 'PDA.Chat.Note.ActiveWins' : 'PDA.Chat.Note.PassiveWins' }),
              rule: [...new Set(r.rule)].join(' '),
            },
          ],
        },
      ],
    };
  },
};
