import { RulesError } from '../../../../engine/core/errors';
import { fantasiaOptionsFromSettings } from '../settings';
import { activeRulesetId } from '../../../settings';
import { createCard, makeEnv, renderTemplateWith, resolveUuid, uuid, type CardSnapshot } from '../../../chat';
import { normaliseMode, userMessageMode, type MessageMode } from '../../../compat';
import { askGM, registerQuery, type QueryPayload } from '../../../queries';
import { int, oneOf, optional, PayloadError } from '../../../security';
import { FANTASIA_RESISTANCE_FLOW, rollResistanceState, type ResistanceState } from './resistance-flow';
import { templatePath } from '../../../constants';
import { t } from '../../../i18n';

/** The request a user's client sends to have the GM roll and post a resistance card. */
export const RESISTANCE_QUERY = 'fantasia.resistance';

/** What is opposed, as typed in the dialog: a string of 100 characters at most. */
function resistanceLabel(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length > 100) throw new PayloadError(path);
  return value;
}

const MODES: readonly MessageMode[] = ['public', 'gm', 'blind', 'self', 'ic'];

/** The request's fields: the two values of the table (0–999), the label, the user's mode, the actor. */
export const RESISTANCE_SHAPE = {
  active: int(0, 999),
  passive: int(0, 999),
  label: resistanceLabel,
  mode: oneOf(MODES),
  actorUuid: optional(uuid()),
};

interface ResistancePayload extends QueryPayload {
  active: number;
  passive: number;
  label: string;
  mode: MessageMode;
  actorUuid?: string;
}

interface Owned {
  readonly name?: string;
  testUserPermission?(user: User, level: 'OWNER'): boolean;
}

/**
 * GM side: rolls F-T1 with Foundry dice and posts the card as the GM (so its author, the GM, is
 * the only one who may edit it), spoken by the requester's actor when they own it, seen by the
 * audience of the requester's mode.
 */
export async function handleResistanceRoll(
  payload: ResistancePayload,
  user: User,
): Promise<{ messageId: string }> {
  let speaker: Record<string, unknown> | undefined;
  if (payload.actorUuid) {
    const actor = resolveUuid(payload.actorUuid) as Owned | null;
    if (!actor) throw new RulesError('PDA.Chat.Gone.Document');
    if (!user.isGM && actor.testUserPermission?.(user, 'OWNER') !== true)
      throw new RulesError('PDA.Error.CardNotYourActor', { name: String(actor.name ?? '') });
    const Message = CONFIG.ChatMessage.documentClass as unknown as { getSpeaker(o: unknown): unknown };
    speaker = Message.getSpeaker({ actor }) as Record<string, unknown>;
  }
  const env = makeEnv(user);
  const options = fantasiaOptionsFromSettings();
  const state = await env.roll((dice) =>
    rollResistanceState(payload.active, payload.passive, payload.label, 'F-T1', dice, options),
  );
  const card: CardSnapshot<ResistanceState> = {
    ruleset: activeRulesetId(),
    flow: FANTASIA_RESISTANCE_FLOW,
    step: 'done',
    revision: 0,
    actorUuid: '',
    tokenUuid: '',
    itemId: '',
    targets: [],
    combatId: '',
    round: 0,
    state,
  };
  const message = await createCard(card, env, speaker, { mode: payload.mode, requester: user.id ?? '' });
  return { messageId: message.id ?? '' };
}

/** Registers the GM-side handler (every world: a Fantasia sheet may be open in any). */
export function registerResistanceQuery(): void {
  registerQuery(RESISTANCE_QUERY, RESISTANCE_SHAPE, handleResistanceRoll);
}

/**
 * Asks the GM to post a resistance-table card (F-T1): `active` against `passive`, e.g. FOR 14 vs
 * FOR 11. `label` says what is opposed; it is shown escaped. Resolves to the message, or null
 * when refused (the refusal is shown).
 */
export async function postResistanceRoll(
  active: number,
  passive: number,
  label: string,
  actor?: { readonly uuid: string },
): Promise<ChatMessage | null> {
  const data: Record<string, unknown> = {
    active,
    passive,
    label: String(label ?? '').slice(0, 100),
    mode: normaliseMode(userMessageMode()),
  };
  if (actor) data.actorUuid = actor.uuid;
  const result = await askGM<{ messageId: string }>(RESISTANCE_QUERY, data);
  if (!result.ok) return null;
  return (game.messages?.get(result.value.messageId) as ChatMessage | undefined) ?? null;
}

/** Reads the resistance dialog: two whole numbers 0–999 and a label, or null when invalid. */
export function readResistanceForm(
  form: HTMLFormElement | null,
): { active: number; passive: number; label: string } | null {
  const data = form ? new FormData(form) : undefined;
  const num = (k: string): number | null => {
    const v = Number(data?.get(k));
    return Number.isInteger(v) && v >= 0 && v <= 999 ? v : null;
  };
  const active = num('active');
  const passive = num('passive');
  if (active === null || passive === null) return null;
  return { active, passive, label: String(data?.get('label') ?? '').slice(0, 100) };
}

/**
 * F-T1 on its own: the sheet's "Table de résistance" button asks for the two values (the active
 * one preset) and what is opposed, then posts the card. An invalid number is refused with a message.
 */
export async function promptResistanceRoll(
  presetActive = 10,
  actor?: { readonly uuid: string },
): Promise<ChatMessage | null> {
  const content = await renderTemplateWith(templatePath('fantasia/chat/resistance-dialog.hbs'), {
    active: presetActive,
  });
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: t('PDA.FantasiaUI.Resistance.Title') },
    content,
    buttons: [
      {
        action: 'roll',
        label: t('PDA.FantasiaUI.Resistance.Roll'),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => readResistanceForm(button.form) ?? 'invalid',
      },
      { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
    ],
    rejectClose: false,
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  if (result === 'invalid') {
    ui.notifications?.warn(t('PDA.FantasiaUI.Resistance.Invalid'));
    return null;
  }
  if (!result || typeof result !== 'object') return null;
  const r = result as unknown as { active: number; passive: number; label: string };
  return postResistanceRoll(r.active, r.passive, r.label, actor);
}
