import { RulesError } from '../../../../engine/core/errors';
import { checkFlee, isSlowed, type FleeSituation } from '../../../../engine/souffle/manoeuvres';
import { souffleStatesOf } from '../states';
import {
  FLEE_SITUATIONS,
  SOUFFLE_FLEE_EXCHANGE,
  souffleFleeExchange,
  type SouffleFleeCardView,
  type SouffleFleeState,
} from '../../../../engine/souffle/exchange';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { renderTemplateWith, type CardSnapshot, type FlowEnv } from '../../../chat';
import { conditionMark, diceText, text } from './fighters';
import { souffleFlow } from './exchange';
import { requestSouffleCard, ownActor } from './request';
import { souffleCombatOf } from './round';
import { duelFighter, duelOwners, duelView } from './view';

/**
 * The flight card (S-FL1), on the engine's flight exchange (engine/souffle/exchange/flee.ts): the
 * GM rolls it on the runner's request; on a failure the GM picks the price (the pursuer's
 * opportunity attack, or the runner slowed for the round).
 */

const K = 'PDA.Souffle.Flee';

export const SOUFFLE_FLEE_FLOW = SOUFFLE_FLEE_EXCHANGE;
export const SOUFFLE_FLEE_DIALOG = templatePath('souffle/chat/flee-dialog.hbs');
export { FLEE_SITUATIONS, type SouffleFleeState };
/** The threshold the dialog offers first; the GM sets the real one (docs/rulings.md). */
const DEFAULT_THRESHOLD = 8;

type FleeCard = CardSnapshot<SouffleFleeState>;

function fleeView(card: FleeCard, env: FlowEnv): SouffleFleeCardView {
  return {
    ...duelView(card, env, card.state.runnerName),
    runner: { actorUuid: card.actorUuid, tokenUuid: card.tokenUuid, name: card.state.runnerName },
    pursuers: card.targets,
  };
}

/** The foes a flight leaves, as the card names them. */
const pursuerNames = (card: FleeCard) => card.targets.map((p) => p.name).join(', ');

export const souffleFleeFlow = souffleFlow<SouffleFleeState, SouffleFleeCardView>({
  id: SOUFFLE_FLEE_FLOW,
  machine: souffleFleeExchange,
  view: fleeView,
  owners: duelOwners,
  fighter: (ref, card) => duelFighter(ref, card, card.state.runnerName),
  context: (card: FleeCard, env: FlowEnv) => {
    const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
    const s = card.state;
    const pursuers = pursuerNames(card);
    const rows = [{ label: L('Row.Situation'), value: L(`Situation.${s.situation}`), rule: 'S-FL1' }];
    if (s.result.score !== undefined) {
      rows.push(
        {
          label: L('Row.Dice'),
          // S-DF1: a runner whose state allows no defence roll has only the défense.
          value: s.result.roll
            ? diceText(s.result.roll, env.t)
            : env.t(text('PDA.Souffle.Chat.NoDefenceRoll')),
          rule: s.result.roll ? 'S-FL1' : 'S-DF1',
        },
        {
          label: L('Row.Score'),
          value: L('ScoreValue', {
            roll: s.result.roll?.value ?? 0,
            defense: s.defense,
            score: s.result.score,
          }),
          rule: 'S-FL1',
        },
        { label: L('Row.Threshold'), value: String(s.threshold), rule: 'S-FL1' },
      );
    }
    const notes = [{ text: L(s.result.fled ? 'Fled' : 'Caught', { name: s.runnerName }), rule: 'S-FL1' }];
    if (s.choice === 'attaque')
      notes.push({
        text: L('Opportunity', { pursuer: pursuers, name: s.runnerName }),
        rule: 'S-FL1',
      });
    if (s.choice === 'freine') notes.push({ text: L('Slowed', { name: s.runnerName }), rule: 'S-FL1' });
    return {
      title: L('Title', { name: s.runnerName }),
      ...(pursuers ? { subtitle: L('From', { name: pursuers }) } : {}),
      sections: [{ title: L(`Situation.${s.situation}`), css: 'pda-souffle-flee', rows, notes }],
    };
  },
});

export interface SouffleFleeOptions {
  readonly situation: FleeSituation;
  /** The situational threshold the GM set (flanked or cornered). */
  readonly threshold?: number;
  readonly combatId?: string;
}

/**
 * S-FL1: the runner's flight, rolled by the GM on this user's request. Refusals (hindered, slowed,
 * no budget, not the user's actor) are shown and post nothing.
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
    const found = souffleCombatOf(actor.uuid, options.combatId);
    // S-FL1/S-AT6: the GM reads the pursuers from the scene (the foes within reach), never from
    // whoever this user targets.
    const [message] = await requestSouffleCard({
      flow: SOUFFLE_FLEE_FLOW,
      actor,
      targets: [],
      ...(found?.combat.id ? { combatId: found.combat.id } : {}),
      choices: { situation: options.situation, threshold },
    });
    return message ?? null;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** The sheet's flee button: a dialog (situation, threshold), then the card. */
export async function promptSouffleFlee(actorDoc: Actor): Promise<ChatMessage | null> {
  // S-FL1: a flight that cannot be tried is refused before the dialog asks anything.
  try {
    const found = souffleCombatOf(actorDoc.uuid);
    const slowed = Boolean(
      found && isSlowed(conditionMark(actorDoc, 'freine'), found.combat.id ?? '', found.combat.round),
    );
    checkFlee({ name: actorDoc.name ?? '', states: souffleStatesOf(actorDoc) }, slowed);
  } catch (error) {
    notifyError(error);
    return null;
  }
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
