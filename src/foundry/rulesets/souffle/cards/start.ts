import { RulesError } from '../../../../engine/core/errors';
import {
  resolveAttack,
  type AimKind,
  type AttackInput,
  type CharacteristicId,
} from '../../../../engine/souffle/attack';
import { checkGrapple, grapple, hasFreeHand } from '../../../../engine/souffle/manoeuvres';
import type { SouffleFighter } from '../../../../engine/souffle/fighter';
import type { SouffleWeapon } from '../../../../engine/souffle/equipment';
import type { CombatLike } from '../../../combat/adapter';
import { checkSouffleAction, souffleRoundAdapter, type SouffleRoundState } from '../round/adapter';
import { readRoundState } from '../../../combat/store';
import { tokenByUuid, tokenDistance, tokenOfActor } from '../../../canvas/distance';
import { SYSTEM_ID, templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { sheetAttackInput } from '../rolls';
import { takeSouffleAction } from '../posture';
import { createCard, makeEnv, renderTemplateWith, resolveUuid, userTargets } from '../../../chat/card';
import type { CardSnapshot, CardTarget } from '../../../chat/flow';
import { SOUFFLE_ATTACK_FLOW, type SouffleAttackState } from './attack-flow';
import { AIM_KINDS, attackDialogContext } from './dialog';
import { bestMetier, souffleActor, souffleOptionsNow } from './fighters';
import {
  SOUFFLE_AIM_FLOW,
  SOUFFLE_GRAPPLE_FLOW,
  type SouffleAimState,
  type SouffleGrappleState,
} from './manoeuvre-flows';

/**
 * Starting Souffle cards from a sheet, a macro or the tracker: the attack (one card per target),
 * the aim that prepares the next attack (S-AT7, S-MN1..S-MN3) and the grapple (S-GR1). During a
 * Souffle combat, each checks the fighter's posture budget first (S-P1..S-P4): with no short
 * action left the start is refused with the localized reason and nothing is posted.
 */

export const AIM_FLAG = 'souffleAim';
export const SOUFFLE_ATTACK_DIALOG = templatePath('souffle/chat/attack-dialog.hbs');

export interface ActorDoc {
  uuid: string;
  id: string | null;
  name: string;
  isOwner: boolean;
  system: { toEngine(): SouffleFighter; engineWeapons(): SouffleWeapon[] };
  items: { get(id: string): { name?: string; system: { toEngine?: () => SouffleWeapon } } | undefined };
  getFlag?(scope: string, key: string): unknown;
  setFlag?(scope: string, key: string, value: unknown): Promise<unknown>;
  unsetFlag?(scope: string, key: string): Promise<unknown>;
}

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

/** The Souffle combat the actor fights in (explicit, else the active one), with its combatant id. */
export function souffleCombatOf(
  actorUuid: string,
  combatId?: string,
): { combat: CombatLike; combatantId: string; state: SouffleRoundState | null } | undefined {
  const combat = (combatId ? game.combats?.get(combatId) : game.combat) as unknown as
    CombatLike | null | undefined;
  if (!combat) return undefined;
  for (const c of combat.combatants) {
    if ((c.actor as { uuid?: string } | null)?.uuid !== actorUuid || !c.id) continue;
    const rules = combat.system.rules;
    if (rules && rules !== 'souffle') return undefined;
    const state = readRoundState(souffleRoundAdapter, combat) as SouffleRoundState | null;
    return { combat, combatantId: c.id, state };
  }
  return undefined;
}

/** S-P1..S-P4: refuses (throws) an action the fighter's posture budget cannot pay now. */
export function checkBudget(actorUuid: string, action: string, combatId?: string) {
  const found = souffleCombatOf(actorUuid, combatId);
  if (found) checkSouffleAction(found.state, found.combatantId, action);
  return found;
}

export function ownActor(doc: Actor): ActorDoc {
  const actor = doc as unknown as ActorDoc;
  if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
  souffleActor(actor, actor.name);
  return actor;
}

function preparedAim(actor: ActorDoc): AimKind | undefined {
  const value = actor.getFlag?.(SYSTEM_ID, AIM_FLAG);
  return AIM_KINDS.includes(value as AimKind) ? (value as AimKind) : undefined;
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

/**
 * The sheet's attack button: a dialog (targets, characteristic, métier, prepared aim, context),
 * then one attack card per target, rolled on this client. Returns the created messages (empty
 * when cancelled or refused; a refusal is shown and changes nothing).
 */
export async function startSouffleAttack(
  actorDoc: Actor,
  weaponId: string,
  options: SouffleStartOptions = {},
): Promise<ChatMessage[]> {
  try {
    const actor = ownActor(actorDoc);
    const item = actor.items.get(weaponId);
    const weapon = item?.system.toEngine?.();
    if (!item || !weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: weaponId });
    const found = checkBudget(actor.uuid, 'attaque', options.combatId);
    const fighter = actor.system.toEngine();
    const base = sheetAttackInput(fighter, weapon, actor.system.engineWeapons());
    const offered = options.targets ?? userTargets();
    const aim = options.aim ?? preparedAim(actor) ?? '';
    let choices: SouffleAttackChoices | null = {
      targets: offered.map((x) => x.actorUuid),
      characteristic: options.characteristic ?? base.characteristic.id,
      metier: options.metier ?? bestMetier(fighter),
      aim,
      context: options.context ?? 0,
    };
    if (!options.skipDialog) {
      const fallback = choices;
      const content = await renderTemplateWith(
        SOUFFLE_ATTACK_DIALOG,
        attackDialogContext(fighter, base, item.name ?? '', offered, aim),
      );
      const result = await foundry.applications.api.DialogV2.wait({
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
      } as unknown as foundry.applications.api.DialogV2.WaitOptions);
      choices = result && typeof result === 'object' ? (result as unknown as SouffleAttackChoices) : null;
      // S-AT7: an aim is prepared by its own short action, never picked here for free.
      if (choices?.aim && choices.aim !== aim) throw new RulesError('PDA.Error.SouffleAimNotPrepared');
    }
    if (!choices) return [];
    const picked = choices;
    const chosen = offered.filter((x) => picked.targets.includes(x.actorUuid));
    if (chosen.length === 0) throw new RulesError('PDA.Error.CardNoTarget');
    // S-R2: the attack spends its short action now, through the GM; a refusal posts nothing.
    if (!(await takeSouffleAction(found, 'attaque'))) return [];
    const input: AttackInput = {
      ...base,
      characteristic: { id: picked.characteristic, value: fighter[picked.characteristic] },
      metier: picked.metier,
      ...(picked.context ? { context: picked.context } : {}),
      ...(picked.aim ? { aim: picked.aim } : {}),
    };
    const opts = souffleOptionsNow();
    const messages: ChatMessage[] = [];
    for (const target of chosen) {
      souffleActor(resolveUuid(target.actorUuid), target.name);
      const env = makeEnv(game.user as User);
      const attack = await env.roll((dice) => resolveAttack(input, dice, opts));
      // S-AT5: a shot's distance is read from the scene (null off the scene: no range bonus).
      const distance =
        attack.kind === 'ranged'
          ? tokenDistance(
              tokenOfActor((actorDoc as { id?: string | null }).id),
              tokenByUuid(target.tokenUuid),
            )
          : null;
      const card: CardSnapshot<SouffleAttackState> = {
        ruleset: 'souffle',
        flow: SOUFFLE_ATTACK_FLOW,
        step: 'attack',
        revision: 0,
        actorUuid: actor.uuid,
        tokenUuid: '',
        itemId: weaponId,
        targets: [target],
        combatId: found?.combat.id ?? '',
        round: found?.combat.round ?? 0,
        state: {
          attackerName: actor.name,
          weaponName: item.name ?? '',
          input,
          attack,
          souffleSpent: 0,
          undone: 0,
          ...(distance !== null ? { distance } : {}),
        },
      };
      messages.push(await createCard(card, env, speakerOf(actorDoc)));
    }
    // The prepared aim is used up by this attack (S-AT7).
    if (picked.aim && preparedAim(actor)) {
      if (actor.unsetFlag) await actor.unsetFlag(SYSTEM_ID, AIM_FLAG);
      else await actor.setFlag?.(SYSTEM_ID, AIM_FLAG, null);
    }
    return messages;
  } catch (error) {
    notifyError(error);
    return [];
  }
}

/** S-AT7/S-MN1..S-MN3: a short action that prepares the next attack; posts its card. */
export async function postSouffleAim(
  actorDoc: Actor,
  aim: AimKind,
  options: { target?: CardTarget; combatId?: string } = {},
): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    if (!AIM_KINDS.includes(aim)) throw new RulesError('PDA.Error.CardNoSuchAction');
    const found = checkBudget(actor.uuid, 'viser', options.combatId);
    if (!(await takeSouffleAction(found, 'viser'))) return null;
    const env = makeEnv(game.user as User);
    const card: CardSnapshot<SouffleAimState> = {
      ruleset: 'souffle',
      flow: SOUFFLE_AIM_FLOW,
      step: 'prepared',
      revision: 0,
      actorUuid: actor.uuid,
      tokenUuid: '',
      itemId: '',
      targets: options.target ? [options.target] : [],
      combatId: found?.combat.id ?? '',
      round: found?.combat.round ?? 0,
      state: { actorName: actor.name, aim },
    };
    await actor.setFlag?.(SYSTEM_ID, AIM_FLAG, aim);
    return await createCard(card, env, speakerOf(actorDoc));
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** S-GR1: a long action; the opposed roll is made now, the GM applies the hold from the card. */
export async function startSouffleGrapple(
  actorDoc: Actor,
  target: CardTarget,
  options: { freeHand?: boolean; combatId?: string } = {},
): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    const found = checkBudget(actor.uuid, 'lutte', options.combatId);
    const attacker = actor.system.toEngine();
    const defender = souffleActor(resolveUuid(target.actorUuid), target.name).system.toEngine();
    const system = actor.system as ActorDoc['system'] & { engineShield?: () => unknown };
    const freeHand =
      options.freeHand ?? hasFreeHand(system.engineWeapons(), Boolean(system.engineShield?.()));
    checkGrapple({ ...attacker, freeHand }, defender);
    if (!(await takeSouffleAction(found, 'lutte'))) return null;
    const env = makeEnv(game.user as User);
    const result = await env.roll((dice) => grapple({ ...attacker, freeHand }, defender, dice));
    const card: CardSnapshot<SouffleGrappleState> = {
      ruleset: 'souffle',
      flow: SOUFFLE_GRAPPLE_FLOW,
      step: 'rolled',
      revision: 0,
      actorUuid: actor.uuid,
      tokenUuid: '',
      itemId: '',
      targets: [target],
      combatId: found?.combat.id ?? '',
      round: found?.combat.round ?? 0,
      state: { attackerName: actor.name, result, undone: 0 },
    };
    return await createCard(card, env, speakerOf(actorDoc));
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
