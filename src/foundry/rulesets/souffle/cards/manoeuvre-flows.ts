import { RulesError } from '../../../../engine/core/errors';
import type { AimKind } from '../../../../engine/souffle/attack';
import { escapeHold, grab, release, type GrappleResult } from '../../../../engine/souffle/manoeuvres';
import { spendForActor } from '../posture';
import type { CardAction, CardFlow, CardSnapshot, FlowEnv, FlowResult } from '../../../chat/flow';
import {
  ensureSouffleUndo,
  fighterSnapshot,
  fighterWrite,
  souffleActor,
  souffleUndoBlocked,
  text,
} from './fighters';

/**
 * Manoeuvre cards. Aim (S-AT7) — and the feint, disarm and knock-out it prepares (S-MN1..S-MN3) —
 * is a short action whose card records what the next attack carries; the attack card then runs
 * the test and the luck-point prompt. Grapple (S-GR1) is a long action: an opposed roll, then the
 * GM applies the hold (and may undo it); the held fighter may try to escape, a long action too.
 */

const K = 'PDA.Souffle.Chat';

export const SOUFFLE_AIM_FLOW = 'souffle.aim';
export const SOUFFLE_GRAPPLE_FLOW = 'souffle.grapple';

export const AIM_RULES: Readonly<Record<AimKind, string>> = {
  viser: 'S-AT7',
  feinte: 'S-MN1',
  desarmer: 'S-MN2',
  assommer: 'S-MN3',
};

export interface SouffleAimState {
  readonly actorName: string;
  readonly aim: AimKind;
}

export const souffleAimFlow: CardFlow<SouffleAimState> = {
  id: SOUFFLE_AIM_FLOW,
  ruleset: 'souffle',
  actions: () => [],
  perform: () => Promise.reject(new RulesError('PDA.Error.CardNoSuchAction')),
  context(card, env) {
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
          notes: [{ text: L(`AimEffect.${aim}`), rule: AIM_RULES[aim] }],
        },
      ],
    };
  },
};

export interface SouffleGrappleState {
  readonly attackerName: string;
  readonly result: GrappleResult;
  /** The held fighter's values before the hold and what the hold wrote (undo checks it). */
  readonly applied?: { readonly before: Record<string, unknown>; readonly after?: Record<string, unknown> };
  readonly escape?: { readonly escaped: boolean; readonly targetScore: number; readonly holderScore: number };
  readonly undone: number;
}

type GrappleCard = CardSnapshot<SouffleGrappleState>;

function grappleTarget(card: GrappleCard) {
  const target = card.targets[0];
  if (!target) throw new RulesError('PDA.Error.CardNoTarget');
  return target;
}

export const souffleGrappleFlow: CardFlow<SouffleGrappleState> = {
  id: SOUFFLE_GRAPPLE_FLOW,
  ruleset: 'souffle',

  actions(card, env) {
    const target = card.targets[0];
    if (!target) return [];
    const out: CardAction[] = [];
    if (card.step === 'rolled' && card.state.result.grabbed) {
      out.push({
        id: 'apply',
        label: text('PDA.Chat.Action.Apply'),
        owners: [],
        enabled: true,
        rule: 'S-GR1',
        style: 'primary',
      });
    }
    if (card.step === 'held') {
      const blocked = souffleUndoBlocked(
        env.resolve(target.actorUuid),
        target.name,
        card.state.applied?.after,
      );
      out.push({
        id: 'undo',
        label: text('PDA.Chat.Action.Undo'),
        owners: [],
        enabled: !blocked,
        ...(blocked ? { reason: blocked } : {}),
        rule: 'S-GR1',
        style: 'danger',
      });
      if (!card.state.escape)
        out.push({
          id: 'escape',
          label: text(`${K}.Escape`),
          owners: [target.actorUuid],
          enabled: true,
          rule: 'S-GR1',
          style: 'secondary',
        });
    }
    return out;
  },

  async perform(card, actionId, env: FlowEnv): Promise<FlowResult<SouffleGrappleState>> {
    const target = grappleTarget(card);
    const defender = souffleActor(env.resolve(target.actorUuid), target.name);
    const fighter = defender.system.toEngine();
    if (actionId === 'apply') {
      const write = fighterWrite(defender, grab(fighter));
      const after = write.update.system as Record<string, unknown>;
      return {
        step: 'held',
        state: { ...card.state, applied: { before: fighterSnapshot(defender, fighter), after } },
        writes: [write],
      };
    }
    if (actionId === 'undo') {
      const before = card.state.applied?.before;
      if (!before) throw new RulesError('PDA.Error.CardNothingToUndo');
      ensureSouffleUndo(defender, target.name, card.state.applied?.after);
      const { applied: _gone, escape: _escape, ...rest } = card.state;
      return {
        step: 'rolled',
        state: { ...rest, undone: card.state.undone + 1 },
        writes: [{ uuid: target.actorUuid, update: { system: before } }],
      };
    }
    if (actionId === 'escape') {
      const holder = souffleActor(env.resolve(card.actorUuid), card.state.attackerName).system.toEngine();
      if (!fighter.states.includes('agrippe')) throw new RulesError('PDA.Error.SouffleNotGrabbed');
      // S-GR1: escaping is a long action of the held fighter, spent before the roll.
      await spendForActor(card.combatId, target.actorUuid, 'degagement', env.user);
      const escape = await env.roll((dice) => escapeHold(fighter, holder, dice));
      return {
        step: escape.escaped ? 'escaped' : 'held',
        state: { ...card.state, escape },
        ...(escape.escaped ? { writes: [fighterWrite(defender, release(fighter))] } : {}),
      };
    }
    throw new RulesError('PDA.Error.CardNoSuchAction');
  },

  context(card, env) {
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
};
