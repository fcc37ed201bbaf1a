import { RulesError } from '../../../../engine/core/errors';
import { defenceLevel } from '../../../../engine/souffle/defence';
import { flee, isSlowed, type FleeResult, type FleeSituation } from '../../../../engine/souffle/manoeuvres';
import { SYSTEM_ID } from '../../../constants';
import { postOpportunity } from './opportunity-flow';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { createCard, makeEnv, renderTemplateWith } from '../../../chat/card';
import type { CardAction, CardFlow, CardSnapshot, CardTarget, FlowEnv, FlowResult } from '../../../chat/flow';
import { diceText, souffleActor, souffleOptionsNow, text } from './fighters';
import { userTargets } from '../../../chat/card';
import { checkBudget, ownActor, speakerOf } from './start';

/**
 * The flight card (S-FL1). A hindered fighter (grabbed, knocked out) cannot flee: the start is
 * refused and nothing is posted. Free to go, the card just records the flight. Flanked or
 * cornered, the runner rolls the defence dice at its defence level (posture, armour, shield) plus
 * défense against the threshold the GM sets (docs/rulings.md, S-MN2/S-MN3/S-FL1); on a failure
 * the GM picks the price: the pursuer's opportunity attack, or the runner is slowed.
 */

const K = 'PDA.Souffle.Flee';

export const SOUFFLE_FLEE_FLOW = 'souffle.flee';
export const SOUFFLE_FLEE_DIALOG = templatePath('souffle/chat/flee-dialog.hbs');
export const FLEE_SITUATIONS: readonly FleeSituation[] = ['libre', 'tenaille', 'coince'];
/** The threshold the dialog offers first; the GM sets the real one (docs/rulings.md). */
const DEFAULT_THRESHOLD = 8;

export type FleeChoice = 'attaque' | 'freine';

/** Actor flag: the round a failed flight slowed the runner in (S-FL1). */
export const SLOWED_FLAG = 'souffleSlowed';

export interface SouffleFleeState {
  readonly runnerName: string;
  readonly situation: FleeSituation;
  readonly threshold: number;
  /** Defence level the dice were rolled at. */
  readonly level: number;
  readonly defense: number;
  readonly result: FleeResult;
  /** What the GM picked after a failure. */
  readonly choice?: FleeChoice;
}

type FleeCard = CardSnapshot<SouffleFleeState>;

function isChoice(id: string): id is FleeChoice {
  return id === 'attaque' || id === 'freine';
}

export const souffleFleeFlow: CardFlow<SouffleFleeState> = {
  id: SOUFFLE_FLEE_FLOW,
  ruleset: 'souffle',

  actions(card: FleeCard): CardAction[] {
    if (card.step !== 'caught' || card.state.choice) return [];
    const pursuer = card.targets[0];
    return card.state.result.consequences.map((c) => ({
      id: c,
      label: text(`${K}.Action.${c}`),
      owners: [],
      enabled: c !== 'attaque' || pursuer !== undefined,
      ...(c === 'attaque' && !pursuer ? { reason: text(`${K}.NoPursuer`) } : {}),
      rule: 'S-FL1',
      style: c === 'attaque' ? ('danger' as const) : ('secondary' as const),
    }));
  },

  async perform(card: FleeCard, actionId: string): Promise<FlowResult<SouffleFleeState>> {
    if (card.step !== 'caught' || card.state.choice || !isChoice(actionId))
      throw new RulesError('PDA.Error.CardNoSuchAction');
    const pursuer = card.targets[0];
    if (actionId === 'attaque') {
      if (!pursuer) throw new RulesError('PDA.Error.CardNoTarget');
      // S-AT6: the pursuer's opportunity attack, as a card the pursuer's owner takes.
      await postOpportunity(
        { actorUuid: card.actorUuid, tokenUuid: card.tokenUuid, name: card.state.runnerName },
        'fuite',
        { combatId: card.combatId, round: card.round },
        { alias: card.state.runnerName },
        [pursuer],
      );
      return { step: actionId, state: { ...card.state, choice: actionId } };
    }
    // S-FL1 "freiné" (ruling): held in reach, no new flight before the round is over.
    return {
      step: actionId,
      state: { ...card.state, choice: actionId },
      writes: [
        {
          uuid: card.actorUuid,
          update: { [`flags.${SYSTEM_ID}.${SLOWED_FLAG}`]: { combatId: card.combatId, round: card.round } },
        },
      ],
    };
  },

  context(card: FleeCard, env: FlowEnv) {
    const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
    const s = card.state;
    const pursuer = card.targets[0];
    const rows = [{ label: L('Row.Situation'), value: L(`Situation.${s.situation}`), rule: 'S-FL1' }];
    if (s.result.roll) {
      rows.push(
        { label: L('Row.Dice'), value: diceText(s.result.roll), rule: 'S-FL1' },
        {
          label: L('Row.Score'),
          value: L('ScoreValue', {
            roll: s.result.roll.value,
            defense: s.defense,
            score: s.result.score ?? 0,
          }),
          rule: 'S-FL1',
        },
        { label: L('Row.Threshold'), value: String(s.threshold), rule: 'S-FL1' },
      );
    }
    const notes = [{ text: L(s.result.fled ? 'Fled' : 'Caught', { name: s.runnerName }), rule: 'S-FL1' }];
    if (s.choice === 'attaque')
      notes.push({
        text: L('Opportunity', { pursuer: pursuer?.name ?? '', name: s.runnerName }),
        rule: 'S-FL1',
      });
    if (s.choice === 'freine') notes.push({ text: L('Slowed', { name: s.runnerName }), rule: 'S-FL1' });
    return {
      title: L('Title', { name: s.runnerName }),
      ...(pursuer ? { subtitle: L('From', { name: pursuer.name }) } : {}),
      sections: [{ title: L(`Situation.${s.situation}`), css: 'pda-souffle-flee', rows, notes }],
    };
  },
};

export interface SouffleFleeOptions {
  readonly situation: FleeSituation;
  /** The situational threshold the GM set (flanked or cornered). */
  readonly threshold?: number;
  /** The foe the runner gets away from (default: the user's first target). */
  readonly pursuer?: CardTarget;
  readonly combatId?: string;
}

/**
 * S-FL1: the runner's flight, rolled on this client. Refusals (hindered, no budget, not the
 * user's actor) are shown and post nothing.
 */
export async function startSouffleFlee(
  actorDoc: Actor,
  options: SouffleFleeOptions,
): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    if (!FLEE_SITUATIONS.includes(options.situation)) throw new RulesError('PDA.Error.CardNoSuchAction');
    const threshold = Math.trunc(options.threshold ?? DEFAULT_THRESHOLD);
    if (!Number.isFinite(threshold) || threshold < 1 || threshold > 99)
      throw new RulesError('PDA.Error.SouffleFleeThreshold', { threshold: String(options.threshold) });
    const found = checkBudget(actor.uuid, 'fuite', options.combatId);
    if (found && isSlowed(actor.getFlag?.(SYSTEM_ID, SLOWED_FLAG), found.combat.id ?? '', found.combat.round))
      throw new RulesError('PDA.Error.SouffleSlowed', { name: actor.name });
    const fighter = actor.system.toEngine();
    const gear = souffleActor(actorDoc, actor.name).system;
    const armour = gear.engineArmour();
    const shield = gear.engineShield();
    const options_ = souffleOptionsNow();
    const level = defenceLevel(
      { kind: 'melee' },
      {
        mode: 'esquive',
        states: fighter.states,
        ...(fighter.posture ? { posture: fighter.posture } : {}),
        ...(armour ? { armour } : {}),
        ...(shield ? { shield } : {}),
      },
      options_,
    ).level;
    const env = makeEnv(game.user as User);
    const result = await env.roll((dice) =>
      flee(fighter, options.situation, level, threshold, dice, options_),
    );
    const pursuer = options.pursuer ?? userTargets()[0];
    const card: FleeCard = {
      ruleset: 'souffle',
      flow: SOUFFLE_FLEE_FLOW,
      step: result.fled ? 'fled' : 'caught',
      revision: 0,
      actorUuid: actor.uuid,
      tokenUuid: '',
      itemId: '',
      targets: pursuer ? [pursuer] : [],
      combatId: found?.combat.id ?? '',
      round: found?.combat.round ?? 0,
      state: {
        runnerName: actor.name,
        situation: options.situation,
        threshold,
        level,
        defense: fighter.defense,
        result,
      },
    };
    return await createCard(card, env, speakerOf(actorDoc));
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** The sheet's flee button: a dialog (situation, threshold), then the card. */
export async function promptSouffleFlee(actorDoc: Actor): Promise<ChatMessage | null> {
  const content = await renderTemplateWith(SOUFFLE_FLEE_DIALOG, {
    situations: FLEE_SITUATIONS.map((id) => ({
      id,
      label: t(`${K}.Situation.${id}`),
      selected: id === 'libre',
    })),
    threshold: DEFAULT_THRESHOLD,
    labels: {
      Situation: t(`${K}.Row.Situation`),
      Threshold: t(`${K}.Row.Threshold`),
      Hint: t(`${K}.DialogHint`),
    },
  });
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: t(`${K}.Title`, { name: actorDoc.name ?? '' }) },
    content,
    buttons: [
      {
        action: 'flee',
        label: t(`${K}.Button`),
        default: true,
        callback: (_e: Event, button: HTMLButtonElement) => {
          const data = new FormData(button.form ?? undefined);
          return {
            situation: String(data.get('situation') ?? 'libre'),
            threshold: Number(data.get('threshold') ?? DEFAULT_THRESHOLD),
          };
        },
      },
      { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
    ],
    rejectClose: false,
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  if (!result || typeof result !== 'object') return null;
  const picked = result as { situation: string; threshold: number };
  return startSouffleFlee(actorDoc, {
    situation: picked.situation as FleeSituation,
    threshold: picked.threshold,
  });
}
