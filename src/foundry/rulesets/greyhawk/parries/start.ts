import { RulesError } from '../../../../engine/core/errors';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { renderTemplateWith, userTargets, type CardTarget, requestCardOpen } from '../../../chat';
import { GREYHAWK_PARRY_FLOW } from './flow';
import { combatOf } from './view';

/**
 * Opening a parry card from the sheet's weapon row: a short dialog asks whom the parry defends
 * (the parrier, or with a polearm a targeted fighter, G-PA2) and, for a fighter carrying a
 * shield, whether the weapon or the shield parries (G-ST3), then the GM opens the card.
 */

export const GREYHAWK_PARRY_DIALOG = templatePath('greyhawk/chat/parry-dialog.hbs');
const K = 'PDA.Greyhawk.Parry';

interface ActorDoc {
  readonly uuid: string;
  readonly name: string;
  readonly isOwner: boolean;
  readonly system?: { readonly shield?: string };
  readonly items: { get(id: string): { name?: string; system?: { polearm?: boolean } } | undefined };
}

/** The dialog's context (pure; the gallery renders it too). */
export function parryDialogContext(
  parrierName: string,
  weaponName: string,
  others: readonly CardTarget[],
  shield = '',
) {
  return {
    // G-ST3: a shield carried may parry instead of the weapon (the engine says who may).
    parryWith: shield
      ? [
          { value: 'weapon', label: weaponName, checked: true },
          { value: 'shield', label: t(`PDA.Greyhawk.Shield.${shield}`), checked: false },
        ]
      : [],
    defended: [
      { value: 'self', label: t(`${K}.Dialog.Self`, { name: parrierName }), checked: true },
      ...others.map((x) => ({
        value: x.actorUuid,
        label: t(`${K}.Dialog.Other`, { name: x.name }),
        checked: false,
      })),
    ],
    labels: {
      hint: t(`${K}.Dialog.Hint`, { weapon: weaponName }),
      defend: t(`${K}.Dialog.Defend`),
      with: t(`${K}.Dialog.With`),
    },
  };
}

export interface ParryStartOptions {
  readonly skipDialog?: boolean;
  /** Actor uuid of the fighter defended (default: the parrier). */
  readonly defended?: string;
  /** G-ST3: parry with the shield rather than the weapon. */
  readonly with?: 'weapon' | 'shield';
}

interface ParryAnswers {
  readonly defended: string;
  readonly with: 'weapon' | 'shield';
}

/** The sheet's parry button: dialog, then the GM opens the card. */
export async function startGreyhawkParry(
  actorDoc: Actor,
  itemId: string,
  options: ParryStartOptions = {},
): Promise<ChatMessage[]> {
  try {
    const actor = actorDoc as unknown as ActorDoc;
    if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
    const item = actor.items.get(itemId);
    if (!item) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
    const others = userTargets().filter((x) => x.actorUuid !== actor.uuid);
    let defended = options.defended ?? 'self';
    let parryWith = options.with ?? 'weapon';
    if (!options.skipDialog) {
      const content = await renderTemplateWith(
        GREYHAWK_PARRY_DIALOG,
        // G-PA2: only a polearm parries for someone else; another weapon is offered its bearer only.
        parryDialogContext(
          actor.name,
          item.name ?? '',
          item.system?.polearm === true ? others : [],
          actor.system?.shield ?? '',
        ),
      );
      const result = await foundry.applications.api.DialogV2.wait({
        window: { title: t(`${K}.Dialog.Title`, { weapon: item.name ?? '' }) },
        content,
        buttons: [
          {
            action: 'parry',
            label: t(`${K}.Dialog.Open`),
            default: true,
            callback: (_e: Event, button: HTMLButtonElement): ParryAnswers => {
              const data = button.form ? new FormData(button.form) : undefined;
              return {
                defended: String(data?.get('defended') ?? 'self'),
                with: data?.get('with') === 'shield' ? 'shield' : 'weapon',
              };
            },
          },
          { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
        ],
        rejectClose: false,
      } as unknown as foundry.applications.api.DialogV2.WaitOptions);
      if (typeof result !== 'object' || result === null) return [];
      const answers = result as ParryAnswers;
      defended = answers.defended;
      parryWith = answers.with;
    }
    const other = defended !== 'self' && defended !== actor.uuid;
    const target = other ? others.find((x) => x.actorUuid === defended) : undefined;
    if (other && !target) throw new RulesError('PDA.Error.CardNoTarget');
    const combat = combatOf(actor);
    return await requestCardOpen({
      flow: GREYHAWK_PARRY_FLOW,
      actor,
      itemId,
      targets: [target ?? { actorUuid: actor.uuid, tokenUuid: '', name: actor.name }],
      ...(combat.id ? { combatId: combat.id } : {}),
      choices: { defend: other ? 'other' : 'self', with: parryWith },
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}

/** The sheet action (`data-action="parry"` on a weapon row). */
export async function onParryClick(
  this: { document: unknown },
  _event: Event,
  target: HTMLElement,
): Promise<void> {
  const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
  if (id) await startGreyhawkParry(this.document as Actor, id);
}
