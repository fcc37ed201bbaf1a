import type { RuleId } from '../../../../engine/fantasia/types';
import { fantasiaOptionsFromSettings } from '../settings';
import { activeRulesetId } from '../../../settings';
import { createCard, makeEnv, renderTemplateWith } from '../../../chat/card';
import { FANTASIA_RESISTANCE_FLOW, rollResistanceState, type ResistanceState } from './resistance-flow';
import type { CardSnapshot } from '../../../chat/flow';
import { templatePath } from '../../../constants';
import { t } from '../../../i18n';

/**
 * Posts a resistance-table card (F-T1): `active` against `passive`, e.g. FOR 14 vs FOR 11.
 * `label` says what is opposed; it is shown escaped. Returns the created message.
 */
export async function postResistanceRoll(
  active: number,
  passive: number,
  label: string,
  rule: RuleId = 'F-T1',
): Promise<ChatMessage> {
  const env = makeEnv(game.user as User);
  const options = fantasiaOptionsFromSettings();
  const state = await env.roll((dice) =>
    rollResistanceState(active, passive, String(label ?? ''), rule, dice, options),
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
  return createCard(card, env);
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
export async function promptResistanceRoll(presetActive = 10): Promise<ChatMessage | null> {
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
  return postResistanceRoll(r.active, r.passive, r.label);
}
