import {
  activeStatuses,
  type ConditionStatus,
  type GreyhawkConditionState,
} from '../../../../engine/greyhawk/conditions';
import type { Translate } from '../../../i18n';

const K = 'PDA.Greyhawk';

const CONDITION_RULES: Readonly<Record<ConditionStatus, string>> = {
  pinned: 'G-C1',
  held: 'G-G2',
  holding: 'G-G2',
  bladeAtThroat: 'G-C1',
  disarmed: 'G-D1',
  prone: 'G-P1',
  offLine: 'G-D2',
  shieldOffLine: 'G-D3',
  losesInitiative: 'G-D2',
  carved: 'G-C1',
  clothingCut: 'G-C1',
  parried: 'G-PA1',
  shieldPunched: 'G-SH1',
  shieldEngaged: 'G-ST3',
  rushing: 'G-SH2',
};

/** The fighter's lasting conditions as the sheet lists them (the token shows the same statuses). */
export function conditionRows(c: Partial<GreyhawkConditionState>, t: Translate | undefined) {
  return activeStatuses(c).map((id) => {
    let detail = '';
    if (id === 'pinned') detail = t?.(`${K}.Sheet.PinnedRounds`, { rounds: c.pinned ?? 0 }) ?? '';
    if (id === 'held') detail = t?.(`${K}.Sheet.HeldRounds`, { rounds: c.heldRounds ?? 0 }) ?? '';
    if (id === 'carved') detail = c.carved ?? '';
    return { id, label: `${K}.Status.${id}`, detail, rule: CONDITION_RULES[id] };
  });
}
