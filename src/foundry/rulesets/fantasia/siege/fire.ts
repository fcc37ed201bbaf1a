import { RulesError } from '../../../../engine/core/errors';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { renderTemplateWith, userTargets, requestCardOpen, type CardTarget } from '../../../chat';
import { tokenFor, type PointToken } from '../scene-points';
import { FANTASIA_SIEGE_FLOW, MAX_CREW, type SiegeChoices } from './flow';

/**
 * The sheet's Fire control of a siege engine (F-S1, F-S2): the user targets the men in the
 * engine's path (for a catapult, the point of impact first), picks the other servants among the
 * actors on the scene in a dialog, and asks the GM to open the card (chat/open.ts).
 */
export const SIEGE_DIALOG = templatePath('fantasia/chat/siege-dialog.hbs');

interface FiringActor {
  uuid: string;
  name: string;
  isOwner: boolean;
  items: { get(id: string): { name: string; type: string; system: Record<string, unknown> } | undefined };
}

interface SceneActor extends PointToken {
  readonly actor?: {
    uuid?: string;
    name?: string;
    hasPlayerOwner?: boolean;
    isOwner?: boolean;
  } | null;
}

/** Actors on the viewed scene the user may name as servants (see flow.ts checkServant). */
function servantsOnScene(
  actor: FiringActor,
  targets: readonly CardTarget[],
): { uuid: string; name: string }[] {
  const placeables = ((globalThis as { canvas?: { tokens?: { placeables?: SceneActor[] } } }).canvas?.tokens
    ?.placeables ?? []) as SceneActor[];
  const gm = Boolean(game.user?.isGM);
  const out: { uuid: string; name: string }[] = [];
  for (const p of placeables) {
    const a = p.actor;
    if (!a?.uuid || a.uuid === actor.uuid || targets.some((x) => x.actorUuid === a.uuid)) continue;
    if (!gm && !a.isOwner && !a.hasPlayerOwner) continue;
    if (out.some((o) => o.uuid === a.uuid)) continue;
    out.push({ uuid: a.uuid, name: a.name ?? '' });
  }
  return out;
}

function readChoices(form: HTMLFormElement | null): SiegeChoices {
  const data = form ? new FormData(form) : undefined;
  const crew = (data?.getAll('crew') ?? []).map(String).slice(0, MAX_CREW);
  const distance = Math.max(0, Math.min(100000, Math.trunc(Number(data?.get('distance') ?? 0)) || 0));
  return { crew, distance };
}

/** Opens the fire dialog and asks the GM for the card; refusals are shown as warnings. */
export async function fireSiegeEngine(actorDoc: unknown, itemId: string): Promise<ChatMessage[]> {
  try {
    const actor = actorDoc as FiringActor;
    if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
    const item = actor.items.get(itemId);
    if (!item || item.type !== 'engin') throw new RulesError('PDA.Siege.Error.noEngine');
    const targets = userTargets();
    if (targets.length === 0) throw new RulesError('PDA.Siege.Error.noTargets');
    const own = tokenFor('', actor.uuid);
    const offScene = !own || targets.some((x) => !tokenFor(x.tokenUuid, x.actorUuid));
    const content = await renderTemplateWith(SIEGE_DIALOG, {
      engine: item.name,
      crewMin: Number(item.system.crewMin ?? 2),
      crewMax: Number(item.system.crewMax ?? 3),
      range: Number(item.system.range ?? 0),
      gunner: actor.name,
      servants: servantsOnScene(actor, targets),
      targets: targets.map((x, i) => ({ name: x.name, first: i === 0 })),
      splash: Number(item.system.splashRadius ?? 0) > 0,
      offScene,
    });
    const choices = await foundry.applications.api.DialogV2.wait({
      window: { title: t('PDA.Siege.Dialog.title', { engine: item.name }) },
      content,
      buttons: [
        {
          action: 'fire',
          label: t('PDA.Siege.Dialog.fire'),
          default: true,
          callback: (_event: Event, button: HTMLButtonElement) => readChoices(button.form),
        },
        { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
      ],
      rejectClose: false,
    } as unknown as foundry.applications.api.DialogV2.WaitOptions);
    if (!choices || typeof choices !== 'object') return [];
    const combat = game.combat as { id?: string | null } | null | undefined;
    return await requestCardOpen({
      flow: FANTASIA_SIEGE_FLOW,
      actor,
      itemId,
      ...(own?.document?.uuid ? { tokenUuid: own.document.uuid } : {}),
      targets,
      ...(combat?.id ? { combatId: combat.id } : {}),
      choices: choices as unknown as SiegeChoices,
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
