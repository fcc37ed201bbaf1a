import {
  AIM_RULE,
  SOUFFLE_AIM_EXCHANGE,
  SOUFFLE_GRAPPLE_EXCHANGE,
  souffleAimExchange,
  souffleGrappleExchange,
  type SouffleAimState,
  type SouffleGrappleState,
} from '../../../../engine/souffle/exchange';
import { souffleFlow } from './exchange';
import { text } from './fighters';
import { duelFighter, duelOwners, duelView } from './view';

/**
 * Manoeuvre cards, on the engine's exchanges (engine/souffle/exchange/aim.ts, grapple.ts). Aim
 * (S-AT7) — and the feint, disarm and knock-out it prepares (S-MN1..S-MN3) — is a short action
 * whose card records what the next attack carries. Grapple (S-GR1) is a long action: an opposed
 * roll, then the GM applies the hold (and may undo it); the held fighter may try to escape.
 */

const K = 'PDA.Souffle.Chat';

export const SOUFFLE_AIM_FLOW = SOUFFLE_AIM_EXCHANGE;
export const SOUFFLE_GRAPPLE_FLOW = SOUFFLE_GRAPPLE_EXCHANGE;
export const AIM_RULES = AIM_RULE;
export type { SouffleAimState, SouffleGrappleState };

export const souffleAimFlow = souffleFlow<SouffleAimState, ReturnType<typeof duelView>>({
  id: SOUFFLE_AIM_FLOW,
  machine: souffleAimExchange,
  view: (card, env) => duelView(card, env, card.state.actorName),
  owners: duelOwners,
  fighter: (ref, card) => duelFighter(ref, card, card.state.actorName),
  context: (card, env) => {
    const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
    const { aim, actorName } = card.state;
    const target = card.targets[0];
    return {
      title: L('AimTitle', { name: actorName }),
      ...(target ? { subtitle: L('Against', { name: target.name }) } : {}),
      sections: [
        {
          title: L(`Aim.${aim}`),
          css: 'pda-souffle-aim',
          rows: [{ label: L('Row.Cost'), value: L('ShortAction'), rule: 'S-AT7' }],
          notes: [{ text: L(`AimEffect.${aim}`), rule: AIM_RULE[aim] }],
        },
      ],
    };
  },
});

export const souffleGrappleFlow = souffleFlow<SouffleGrappleState, ReturnType<typeof duelView>>({
  id: SOUFFLE_GRAPPLE_FLOW,
  machine: souffleGrappleExchange,
  view: (card, env) => duelView(card, env, card.state.attackerName),
  owners: duelOwners,
  fighter: (ref, card) => duelFighter(ref, card, card.state.attackerName),
  context: (card, env) => {
    const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
    const s = card.state;
    const target = card.targets[0];
    const r = s.result;
    const rows = r.automatic
      ? [{ label: L('Row.Grapple'), value: L('GrappleAutomatic'), rule: 'S-GR1' }]
      : [
          { label: s.attackerName, value: String(r.attackerScore ?? 0), rule: 'S-GR1' },
          { label: target?.name ?? '', value: String(r.targetScore ?? 0) },
        ];
    const notes = [
      { text: L(r.grabbed ? 'Grabbed' : 'NotGrabbed', { name: target?.name ?? '' }), rule: 'S-GR1' },
    ];
    if (card.step === 'held') notes.push({ text: L('HoldEffects'), rule: 'S-GR1' });
    if (card.step === 'released')
      notes.push({
        text: L('Released', { holder: s.attackerName, name: target?.name ?? '' }),
        rule: 'S-GR1',
      });
    if (s.escape)
      notes.push({
        text: L(s.escape.escaped ? 'Escaped' : 'NotEscaped', {
          target: s.escape.targetScore,
          holder: s.escape.holderScore,
        }),
        rule: 'S-GR1',
      });
    if (s.undone > 0 && card.step === 'rolled')
      notes.push({ text: env.t(text('PDA.Chat.Note.Undone')), rule: 'S-GR1' });
    return {
      title: L('GrappleTitle', { name: s.attackerName }),
      ...(target ? { subtitle: L('Against', { name: target.name }) } : {}),
      sections: [{ title: L('Row.Grapple'), css: 'pda-souffle-grapple', rows, notes }],
    };
  },
});
