import { RulesError } from '../../../../engine/core/errors';
import { waitOrDefaults } from '../../../apps';
import type { AimKind, CharacteristicId } from '../../../../engine/souffle/attack';
import { AIM_KINDS } from '../../../../engine/souffle/exchange';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import {
  renderTemplateWith,
  resolveUuid,
  userTargets,
  type CardTarget,
  requestCardOpen,
} from '../../../chat';
import { sheetAttackInput } from '../rolls';
import { SOUFFLE_ATTACK_FLOW } from './attack-flow';
import { attackDialogContext } from './dialog';
import { bestMetier, souffleActor } from './fighters';
import { SOUFFLE_AIM_FLOW, SOUFFLE_GRAPPLE_FLOW } from './manoeuvre-flows';
import { preparedAim } from './openers';
import { ownActor, requestSouffleCard, type OwnActor } from './request';
import { attackTargets } from '../../../combat';
import { checkBudget } from './round';

export { checkBudget, souffleCombatOf } from './round';
export { ownActor } from './request';

/**
 * Starting Souffle cards from a sheet, a macro or the tracker: the attack (one card per target),
 * the aim that prepares the next attack (S-AT7, S-MN1..S-MN3) and the grapple (S-GR1). This
 * client gathers the choices (a dialog) and asks the GM, who checks them, rolls, spends the
 * posture's action (S-P1..S-P4, S-R2) and posts the cards (openers.ts): a refusal is shown with
 * its localized reason and nothing is posted.
 */

export const SOUFFLE_ATTACK_DIALOG = templatePath('souffle/chat/attack-dialog.hbs');

export interface SouffleStartOptions {
  /** Targets (default: the user's targeted tokens). */
  readonly targets?: readonly CardTarget[];
  readonly skipDialog?: boolean;
  readonly characteristic?: CharacteristicId;
  readonly metier?: number;
  /** The prepared aim (default: what the actor's last aim card prepared). */
  readonly aim?: AimKind | '';
  /** Context advantage levels (S-A4). */
  readonly context?: number;
  readonly combatId?: string;
}

export function speakerOf(actor: Actor): Record<string, unknown> {
  return CONFIG.ChatMessage.documentClass.getSpeaker({ actor: actor as never }) as unknown as Record<
    string,
    unknown
  >;
}

/** What the attack dialog returns. */
export interface SouffleAttackChoices {
  readonly targets: readonly string[];
  readonly characteristic: CharacteristicId;
  readonly metier: number;
  readonly aim: AimKind | '';
  readonly context: number;
}

function readChoices(form: HTMLFormElement | null, fallback: SouffleAttackChoices): SouffleAttackChoices {
  if (!form) return fallback;
  const data = new FormData(form);
  const characteristic = String(data.get('characteristic') ?? fallback.characteristic) as CharacteristicId;
  const aim = String(data.get('aim') ?? '');
  return {
    targets: data.getAll('target').map(String),
    characteristic,
    metier: Math.max(0, Math.trunc(Number(data.get('metier') ?? fallback.metier)) || 0),
    aim: AIM_KINDS.includes(aim as AimKind) ? (aim as AimKind) : '',
    context: Math.max(-10, Math.min(10, Math.trunc(Number(data.get('context') ?? 0)) || 0)),
  };
}

interface WeaponItem {
  name?: string;
  system: { toEngine?: () => ReturnType<OwnActor['system']['engineWeapons']>[number] };
}

/**
 * The sheet's attack button: a dialog (targets, characteristic, métier, prepared aim, context),
 * then the GM opens one attack card per target. Returns the created messages (empty when
 * cancelled or refused; a refusal is shown and changes nothing).
 */
export async function startSouffleAttack(
  actorDoc: Actor,
  weaponId: string,
  options: SouffleStartOptions = {},
): Promise<ChatMessage[]> {
  try {
    const actor = ownActor(actorDoc);
    // An item created with its actor may not have an id in that render: say so, never nothing.
    if (!weaponId) throw new RulesError('PDA.Error.SouffleNoItemId');
    const item = actor.items.get(weaponId) as WeaponItem | undefined;
    const weapon = item?.system.toEngine?.();
    if (!item || !weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: weaponId });
    const found = checkBudget(actor.uuid, 'attaque', options.combatId);
    const fighter = actor.system.toEngine();
    const base = sheetAttackInput(fighter, weapon, actor.system.engineWeapons());
    // Issue 46, one targeting rule (combat/attack-targets.ts): the given targets, else T, else
    // a choice among the foes of the fight.
    const aimed = attackTargets(actor.uuid, userTargets(), options.targets, found?.combat ?? undefined);
    const offered = aimed.targets;
    // An attack has one target (S-R1): say how to target before any dialog.
    if (offered.length === 0) throw new RulesError('PDA.Error.TargetFirst', { name: actor.name });
    const checked = aimed.checked.slice(0, 1);
    const aim = options.aim ?? preparedAim(actor, found) ?? '';
    let choices: SouffleAttackChoices | null = {
      targets: checked,
      characteristic: options.characteristic ?? base.characteristic.id,
      metier: options.metier ?? bestMetier(fighter),
      aim,
      context: options.context ?? 0,
    };
    if (!options.skipDialog) {
      const fallback = choices;
      const content = await renderTemplateWith(
        SOUFFLE_ATTACK_DIALOG,
        attackDialogContext(fighter, base, item.name ?? '', offered, aim, checked),
      );
      const result = await waitOrDefaults({
        window: { title: t('PDA.Souffle.Chat.Dialog.Title', { weapon: item.name ?? '' }) },
        content,
        buttons: [
          {
            action: 'attack',
            label: t('PDA.Chat.Dialog.Attack'),
            default: true,
            callback: (_e: Event, button: HTMLButtonElement) => readChoices(button.form, fallback),
          },
          { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
        ],
        rejectClose: false,
      });
      choices = result && typeof result === 'object' ? (result as unknown as SouffleAttackChoices) : null;
      // S-AT7: an aim is prepared by its own short action, never picked here for free.
      if (choices?.aim && choices.aim !== aim) throw new RulesError('PDA.Error.SouffleAimNotPrepared');
    }
    if (!choices) return [];
    const picked = choices;
    const chosen = offered.filter((x) => picked.targets.includes(x.actorUuid));
    if (chosen.length === 0) throw new RulesError('PDA.Error.CardNoTarget');
    // One attack, one target (S-R1): each further target is an attack of its own.
    if (chosen.length > 1) throw new RulesError('PDA.Error.SouffleOneTarget');
    for (const target of chosen) souffleActor(resolveUuid(target.actorUuid), target.name);
    return await requestCardOpen({
      flow: SOUFFLE_ATTACK_FLOW,
      actor,
      itemId: weaponId,
      targets: chosen,
      ...(found?.combat.id ? { combatId: found.combat.id } : {}),
      choices: {
        characteristic: picked.characteristic,
        metier: picked.metier,
        aim: picked.aim,
        context: picked.context,
      },
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}

/** S-AT7/S-MN1..S-MN3: a short action that prepares the next attack; the GM posts its card. */
export async function postSouffleAim(
  actorDoc: Actor,
  aim: AimKind,
  options: { target?: CardTarget; combatId?: string } = {},
): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    if (!AIM_KINDS.includes(aim)) throw new RulesError('PDA.Error.CardNoSuchAction');
    const found = checkBudget(actor.uuid, 'viser', options.combatId);
    const [message] = await requestSouffleCard({
      flow: SOUFFLE_AIM_FLOW,
      actor,
      targets: options.target ? [options.target] : [],
      ...(found?.combat.id ? { combatId: found.combat.id } : {}),
      choices: { aim },
    });
    return message ?? null;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** S-GR1: a long action; the GM makes the opposed roll and applies the hold from the card. */
export async function startSouffleGrapple(
  actorDoc: Actor,
  target: CardTarget,
  options: { freeHand?: boolean; combatId?: string } = {},
): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    const found = checkBudget(actor.uuid, 'lutte', options.combatId);
    souffleActor(resolveUuid(target.actorUuid), target.name);
    const [message] = await requestSouffleCard({
      flow: SOUFFLE_GRAPPLE_FLOW,
      actor,
      targets: [target],
      ...(found?.combat.id ? { combatId: found.combat.id } : {}),
      choices: options.freeHand === undefined ? {} : { freeHand: options.freeHand },
    });
    return message ?? null;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/**
 * The sheet's aim button: which preparation (aim, feint, disarm, knock-out: S-AT7,
 * S-MN1..S-MN3), then the aim card; the user's first target, if any, is named on it.
 */
export async function promptSouffleAim(actorDoc: Actor): Promise<ChatMessage | null> {
  const name = actorDoc.name ?? '';
  // S-P4/S-ST1/S-R1: an aim the fighter may not take now is refused before the dialog.
  try {
    checkBudget(ownActor(actorDoc).uuid, 'viser');
  } catch (error) {
    notifyError(error);
    return null;
  }
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: t('PDA.Souffle.Sheet.AimTitle', { name }) },
    content: `<p>${foundry.utils.escapeHTML(t('PDA.Souffle.Sheet.AimPrompt', { name }))}</p>`,
    buttons: [
      ...AIM_KINDS.map((k) => ({ action: k, label: t(`PDA.Souffle.Chat.Aim.${k}`), default: k === 'viser' })),
      { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
    ],
    rejectClose: false,
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  if (!AIM_KINDS.includes(result as AimKind)) return null;
  const target = userTargets()[0];
  return postSouffleAim(actorDoc, result as AimKind, target ? { target } : {});
}

/** The sheet's grapple button: a hold on the one targeted fighter (S-GR1). */
export async function grappleTargeted(actorDoc: Actor): Promise<ChatMessage | null> {
  const targets = userTargets();
  if (targets.length !== 1) {
    notifyError(new RulesError('PDA.Error.SouffleGrappleOneTarget'));
    return null;
  }
  return startSouffleGrapple(actorDoc, targets[0]!);
}
