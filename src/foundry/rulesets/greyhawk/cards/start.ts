import { RulesError } from '../../../../engine/core/errors';
import { attackTargets, refuseAttackOutOfTurn } from '../../../combat';
import type { CalledShot, Position } from '../../../../engine/greyhawk/attack';
import { freeHandsWith, type Grip } from '../../../../engine/greyhawk/manoeuvres';
import type { GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import { refusalRule } from '../../../../engine/greyhawk/refusals';
import { notifyError, t } from '../../../i18n';
import {
  renderTemplateWith,
  resolveUuid,
  userTargets,
  type CardFlow,
  type CardSnapshot,
  type CardTarget,
  requestCardOpen,
  type CardOpener,
  type OpenedCard,
} from '../../../chat';
import { bool, int as intField, object, oneOf, optional, PayloadError, type Schema } from '../../../security';
import { distanceMetres, tokenPlace } from './distance';
import { activeFormData, bindSections, waitOrDefaults } from '../../../apps';
import {
  GREYHAWK_ATTACK_DIALOG,
  GREYHAWK_DIALOG_DEFAULTS,
  greyhawkDialogContext,
  readGreyhawkChoices,
  type ShotInfo,
} from './dialog';
import { GH_MATERIALS } from '../parries/fragile';
import { shieldPunchCommit } from '../shields/punch';
import { roundDeclarations } from '../parries/view';
import type { GreyhawkCharacter } from '../../../../engine/greyhawk/types';
import { styleChoicesFor } from '../styles/facts';
import { declaredTargetsOf } from '../round/declared-target';
import { STYLE_ANSWERS, styleDialogFor } from '../styles/dialog';
import {
  exchangeView,
  greyhawkActor,
  greyhawkAttackFlow,
  greyhawkOptionsNow,
  GREYHAWK_ATTACK_FLOW,
  type GreyhawkAttackState,
} from './attack-flow';
import {
  CALLED_PURPOSES,
  GRIPS,
  MANOEUVRE_RULE,
  MANOEUVRES,
  openGreyhawkAttack,
  POSITIONS,
  shotOf,
  type CalledPurpose,
  type GreyhawkChoices,
  type GreyhawkEffect,
  fightersOf,
  impossibleChoices,
  type ImpossibleChoices,
  type Manoeuvre,
} from '../../../../engine/greyhawk/exchange';

/**
 * Starting a Greyhawk attack card from the sheet or a macro: a dialog (target, called shot and
 * its purpose G-C1, manoeuvre, target position G-P1, the manoeuvre's own facts), then one card
 * per target, opened by the GM (chat/open.ts): rolled on the GM's client and posted by the GM,
 * spoken by the attacker. An illegal manoeuvre posts no card: the request is refused with the
 * engine's localized reason (a notification to the requester), nothing rolled.
 */

const K = 'PDA.Greyhawk.Cards';

export {
  GREYHAWK_ATTACK_DIALOG,
  GREYHAWK_DIALOG_DEFAULTS,
  GREYHAWK_DIALOG_SECTIONS,
  greyhawkDialogContext,
  readGreyhawkChoices,
  type ShotInfo,
} from './dialog';

export interface GreyhawkStartOptions {
  readonly targets?: readonly CardTarget[];
  /** The attacker's token (a macro or the tracker's slot); otherwise found on the target's scene. */
  readonly tokenUuid?: string;
  readonly skipDialog?: boolean;
  readonly choices?: Partial<GreyhawkChoices>;
}

interface ActorDoc {
  uuid: string;
  name: string;
  isOwner: boolean;
  system: { shield?: string; toEngine(): GreyhawkCharacter };
  items: {
    get(
      id: string,
    ): { name?: string; system: { hands?: unknown; toEngine?: () => GreyhawkWeapon } } | undefined;
  };
  token?: { uuid?: string; parent?: { id?: string | null } | null } | null;
  getActiveTokens?: (linked?: boolean, document?: boolean) => unknown[];
}

/** The attacker's token on the target's scene (its own token for an unlinked actor). */
function attackerToken(actor: ActorDoc, targetToken: unknown, tokenUuid?: string): unknown {
  if (tokenUuid) return resolveUuid(tokenUuid);
  if (actor.token) return actor.token;
  const sceneId = (targetToken as { parent?: { id?: string | null } | null } | null)?.parent?.id;
  // Token documents asked for; a placeable (its `document`) is read the same way.
  const tokens = ((actor.getActiveTokens?.(false, true) ?? []) as { document?: unknown }[]).map(
    (tok) => (tok.document ?? tok) as { parent?: { id?: string | null } | null },
  );
  return tokens.find((tok) => tok.parent?.id === sceneId) ?? tokens[0] ?? null;
}

/** Metres between the attacker's token and the target's token on the same scene, or null. */
function measure(actor: ActorDoc, target: CardTarget, tokenUuid?: string): number | null {
  const targetToken = target.tokenUuid ? resolveUuid(target.tokenUuid) : null;
  if (!targetToken) return null;
  return distanceMetres(tokenPlace(attackerToken(actor, targetToken, tokenUuid)), tokenPlace(targetToken));
}

/** Whether the weapon shoots or can be thrown, as the engine says. */
function weaponShot(system: { toEngine?: () => GreyhawkWeapon }): { missile: boolean; canThrow: boolean } {
  const weapon = system.toEngine?.();
  return weapon ? shotOf(weapon) : { missile: false, canThrow: false };
}

/** G-SH2: a rush this fighter declared before initiative this round, with its declared run-up. */
function declaredRush(actor: ActorDoc): Partial<GreyhawkChoices> {
  const round = roundDeclarations(actor);
  const mine = round?.declarations[round.combatantId];
  if (mine?.action !== 'shieldRush') return {};
  const run = Number(mine.rushDistance);
  return {
    manoeuvre: 'shieldRush',
    declared: true,
    ...(Number.isFinite(run) && run > 0 ? { distance: Math.min(999, Math.round(run)) } : {}),
  };
}

/** Free hands: two, less the weapon's hands and a shield (the dialog may correct it). */
function defaultFreeHands(actor: ActorDoc, itemId: string): number {
  const hands = actor.items.get(itemId)?.system.hands;
  return freeHandsWith(Number(hands) || 1, Boolean(actor.system.shield));
}

/** Metres typed in the dialog: a finite number in [0, 9999]. */
function metres(): Schema<number> {
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 9999)
      throw new PayloadError(path);
    return Math.round(value * 10) / 10;
  };
}

/** The dialog's choices as a request carries them; the GM measures the scene distance again. */
const OPEN_CHOICES = object({
  manoeuvre: oneOf<Manoeuvre>(MANOEUVRES),
  calledShot: intField(0, 2) as Schema<CalledShot>,
  purpose: oneOf<CalledPurpose>(CALLED_PURPOSES),
  position: oneOf<Position>(POSITIONS),
  grip: oneOf<Grip>(GRIPS),
  earlierDisarms: intField(0, 9),
  freeHands: intField(0, 2),
  fragile: optional(oneOf(GH_MATERIALS)),
  distance: intField(0, 999),
  declared: bool(),
  stayUp: object({
    stillOrClosing: optional(bool()),
    fromBehind: optional(bool()),
    unaware: optional(bool()),
    fourLegs: optional(bool()),
  }),
  extra: intField(-20, 20),
  nearWall: bool(),
  thrown: bool(),
  targetDistance: optional(metres()),
  distanceFrom: optional(oneOf(['scene', 'dialog'] as const)),
  styleAnswers: STYLE_ANSWERS,
});

/**
 * The engine's refusal of an attack as the requester reads it: its reason, the rule it cites (its
 * own, else the manoeuvre's) and what to do next (docs/rulings.md, "Chat: refusals are
 * notifications").
 */
function refusedManoeuvre(
  key: string,
  data: Readonly<Record<string, string | number>> | undefined,
  choices: GreyhawkChoices,
): RulesError {
  const cite = refusalRule(key, MANOEUVRE_RULE[choices.manoeuvre]);
  return new RulesError(key, { ...data, ...(cite ? { cite } : {}), then: `${K}.RefusedNext` });
}

/** GM side: one card per target; the scene's distance wins over the dialog's. */
export const greyhawkAttackOpener: CardOpener<GreyhawkChoices> = {
  choices: OPEN_CHOICES as unknown as Schema<GreyhawkChoices>,
  async open(request, newEnv) {
    const actor = request.actor as ActorDoc;
    const itemId = request.itemId;
    greyhawkActor(actor, actor.name);
    // The round's order of attacks: a player attacks in the fighter's own slot only.
    refuseAttackOutOfTurn(actor.uuid, request.user, request.combatId);
    const item = actor.items.get(itemId);
    if (!item) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
    const { missile } = weaponShot(item.system);
    const { distanceFrom: _from, targetDistance, styleAnswers, ...rest } = request.choices;
    const chosen: GreyhawkChoices = {
      ...rest,
      ...(targetDistance === undefined ? {} : { targetDistance, distanceFrom: 'dialog' as const }),
    };
    const tokenUuid = request.tokenUuid || undefined;
    const cards: OpenedCard[] = [];
    let opened: GreyhawkEffect[] = [];
    const styleOf = styleChoicesFor(actor, itemId, styleAnswers, resolveUuid);
    for (const target of request.targets) {
      const env = newEnv();
      const defender = resolveUuid(target.actorUuid);
      const view = exchangeView(actor, actor.name, itemId, defender, target.name);
      const measured = missile ? measure(actor, target, tokenUuid) : null;
      const shooting = !view.weapon.melee || chosen.thrown;
      const styled = {
        ...chosen,
        ...styleOf(view.weapon, defender, shooting, measured ?? chosen.targetDistance),
      };
      const choices =
        measured === null ? styled : { ...styled, targetDistance: measured, distanceFrom: 'scene' as const };
      const names = { attackerName: actor.name, weaponName: item.name ?? '' };
      const opening = await env.roll((dice) => openGreyhawkAttack(view, choices, names, dice));
      // A manoeuvre the rules refuse posts no card: the GM's client refuses the request, and the
      // requester reads the engine's reason as a notification; nothing rolled, written or spent.
      const refusal = opening.state.refusal;
      if (opening.step === 'refused' && refusal) throw refusedManoeuvre(refusal.key, refusal.data, choices);
      const card: CardSnapshot<GreyhawkAttackState> = {
        ruleset: 'greyhawk',
        flow: GREYHAWK_ATTACK_FLOW,
        step: opening.step,
        revision: 0,
        actorUuid: actor.uuid,
        tokenUuid: request.tokenUuid,
        itemId,
        targets: [target],
        combatId: '',
        round: 0,
        state: opening.state,
      };
      cards.push({ card, env });
      if (!opened.length) opened = opening.effects;
    }
    // G-SH1: a specialist's shield AC back at this attack; an off-hand punch takes it away.
    return { cards, commit: () => shieldPunchCommit(actor, opened) };
  },
};

/**
 * The manoeuvres and called-shot purposes the rules refuse this weapon against every offered
 * target, read from the documents as this client sees them (the GM checks the request again).
 * A target whose documents cannot be read disables nothing.
 */
function impossibleFor(actor: ActorDoc, itemId: string, offered: readonly CardTarget[]): ImpossibleChoices {
  try {
    const fighters = offered.map((x) =>
      fightersOf(exchangeView(actor, actor.name, itemId, resolveUuid(x.actorUuid), x.name)),
    );
    return impossibleChoices(fighters, greyhawkOptionsNow());
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return { manoeuvres: {}, purposes: {} };
  }
}

/** The attack flow with its opener, as the ruleset registers it. */
export const greyhawkAttackCardFlow: CardFlow<GreyhawkAttackState> = {
  ...greyhawkAttackFlow,
  opener: greyhawkAttackOpener,
};

/** The sheet's attack button: dialog, then the GM opens one card per chosen target. */
export async function startGreyhawkAttack(
  actorDoc: Actor,
  itemId: string,
  options: GreyhawkStartOptions = {},
): Promise<ChatMessage[]> {
  try {
    const actor = actorDoc as unknown as ActorDoc;
    if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
    greyhawkActor(actor, actor.name);
    // Told before the dialog; the GM checks again.
    refuseAttackOutOfTurn(actor.uuid, game.user);
    const item = actor.items.get(itemId);
    if (!item) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
    // Issue 46, one targeting rule (combat/attack-targets.ts): the declared target (the tracker
    // passes it; the sheet and a macro read it from the round), else T, else a choice among the
    // foes of the fight.
    const aimed = attackTargets(actor.uuid, userTargets(), options.targets ?? declaredTargetsOf(actor.uuid));
    const offered = aimed.targets;
    // Every Greyhawk attack is rolled against a target's AC: say how to target before any dialog.
    if (offered.length === 0) throw new RulesError('PDA.Error.TargetFirst', { name: actor.name });
    const shot: ShotInfo = {
      ...weaponShot(item.system),
      measured: offered.map((x) => ({ name: x.name, distance: measure(actor, x, options.tokenUuid) })),
    };
    const engine = (item.system as { toEngine?: () => GreyhawkWeapon }).toEngine?.();
    const style = styleDialogFor(
      actor,
      itemId,
      engine && { ...engine, name: item.name ?? engine.name },
      resolveUuid,
    );
    // G-SH2: the run-up the scene shows between the tokens (the dialog may correct it).
    const between = shot.measured[0]?.distance;
    let choices: (GreyhawkChoices & { targets: string[] }) | null = {
      ...GREYHAWK_DIALOG_DEFAULTS,
      ...(style.answers ? { styleAnswers: style.answers } : {}),
      freeHands: defaultFreeHands(actor, itemId),
      ...(typeof between === 'number' ? { distance: Math.min(999, Math.round(between)) } : {}),
      ...declaredRush(actor),
      ...options.choices,
      targets: aimed.checked,
    };
    if (!options.skipDialog) {
      const fallback = choices;
      const content = await renderTemplateWith(
        GREYHAWK_ATTACK_DIALOG,
        greyhawkDialogContext(
          item.name ?? '',
          offered,
          fallback,
          shot,
          style.context,
          impossibleFor(actor, itemId, offered),
        ),
      );
      const result = await waitOrDefaults({
        window: { title: t(`${K}.Dialog.Title`, { weapon: item.name ?? '' }) },
        content,
        buttons: [
          {
            action: 'attack',
            label: t('PDA.Chat.Dialog.Attack'),
            default: true,
            callback: (_e: Event, button: HTMLButtonElement) =>
              button.form ? readGreyhawkChoices(activeFormData(button.form), fallback) : fallback,
          },
          { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
        ],
        rejectClose: false,
        render: (_e: Event, dialog: { element?: HTMLElement }) => bindSections(dialog.element),
      });
      choices = result && typeof result === 'object' ? (result as unknown as typeof fallback) : null;
    }
    if (!choices) return [];
    const { targets: picked, ...chosen } = choices;
    const targets = offered.filter((x) => picked.includes(x.actorUuid));
    if (targets.length === 0) throw new RulesError('PDA.Error.CardNoTarget');
    return await requestCardOpen({
      flow: GREYHAWK_ATTACK_FLOW,
      actor,
      itemId,
      ...(options.tokenUuid ? { tokenUuid: options.tokenUuid } : {}),
      targets,
      choices: chosen,
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
