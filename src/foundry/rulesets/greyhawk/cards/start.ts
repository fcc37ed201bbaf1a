import { RulesError } from '../../../../engine/core/errors';
import type { CalledShot, Position } from '../../../../engine/greyhawk/attack';
import { freeHandsWith, type Grip } from '../../../../engine/greyhawk/manoeuvres';
import type { GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { renderTemplateWith, resolveUuid, userTargets } from '../../../chat/card';
import type { CardFlow, CardSnapshot, CardTarget } from '../../../chat/flow';
import { requestCardOpen, type CardOpener, type OpenedCard } from '../../../chat/open';
import {
  bool,
  int as intField,
  object,
  oneOf,
  optional,
  PayloadError,
  type Schema,
} from '../../../security/payload';
import { distanceMetres, tokenPlace } from './distance';
import { int, option, pick } from './form';
import { fragileField, fragileOptions, GH_MATERIALS } from '../parries/fragile';
import { shieldPunchCommit } from '../shields/punch';
import type { GreyhawkCharacter } from '../../../../engine/greyhawk/types';
import { styleChoicesFor } from '../styles/facts';
import { readStyleAnswers, STYLE_ANSWERS, styleDialogFor, type styleDialogContext } from '../styles/dialog';
import {
  exchangeView,
  greyhawkActor,
  greyhawkAttackFlow,
  GREYHAWK_ATTACK_FLOW,
  type GreyhawkAttackState,
} from './attack-flow';
import {
  CALLED_PURPOSES,
  DEFAULT_CHOICES,
  GRIPS,
  MANOEUVRES,
  openGreyhawkAttack,
  POSITIONS,
  shotOf,
  type CalledPurpose,
  type GreyhawkChoices,
  type GreyhawkEffect,
  type Manoeuvre,
} from '../../../../engine/greyhawk/exchange';

/**
 * Starting a Greyhawk attack card from the sheet or a macro: a dialog (target, called shot and
 * its purpose G-C1, manoeuvre, target position G-P1, the manoeuvre's own facts), then one card
 * per target, opened by the GM (chat/open.ts): rolled on the GM's client and posted by the GM,
 * spoken by the attacker. An illegal manoeuvre still posts its card, showing the engine's
 * localized refusal, with nothing rolled.
 */

export const GREYHAWK_ATTACK_DIALOG = templatePath('greyhawk/chat/attack-dialog.hbs');
const K = 'PDA.Greyhawk.Cards';

export interface GreyhawkStartOptions {
  readonly targets?: readonly CardTarget[];
  /** The attacker's token (a macro or the tracker's slot); otherwise found on the target's scene. */
  readonly tokenUuid?: string;
  readonly skipDialog?: boolean;
  readonly choices?: Partial<GreyhawkChoices>;
}

/** The dialog's context (pure; the gallery renders it too). */
export function greyhawkDialogContext(
  weaponName: string,
  targets: readonly CardTarget[],
  c: GreyhawkChoices,
  shot?: ShotInfo,
  style?: ReturnType<typeof styleDialogContext>,
) {
  return {
    weapon: weaponName,
    shot: shotContext(shot),
    style: style ?? null,
    targets: targets.map((x) => ({ ...x, checked: true })),
    manoeuvres: MANOEUVRES.map((m) => option<string>(m, t(`${K}.Manoeuvre.${m}`), c.manoeuvre)),
    called: ([0, 1, 2] as const).map((n) => option<number>(n, t(`${K}.Called.${n}`), c.calledShot)),
    purposes: CALLED_PURPOSES.map((p) => option<string>(p, p ? t(`${K}.Purpose.${p}`) : '—', c.purpose)),
    positions: POSITIONS.map((p) => option<string>(p, t(`${K}.Position.${p}`), c.position)),
    grips: GRIPS.map((g) => option<string>(g, t(`${K}.Grip.${g}`), c.grip)),
    ...fragileOptions(c.fragile),
    choices: c,
    labels: {
      targets: t('PDA.Chat.Dialog.Targets'),
      noTargets: t('PDA.Chat.Dialog.NoTargets'),
      manoeuvre: t(`${K}.Dialog.Manoeuvre`),
      called: t(`${K}.Dialog.Called`),
      purpose: t(`${K}.Dialog.Purpose`),
      nearWall: t(`${K}.Dialog.NearWall`),
      position: t(`${K}.Dialog.Position`),
      extra: t(`${K}.Dialog.Extra`),
      disarm: t(`${K}.Dialog.DisarmLegend`),
      grip: t(`${K}.Dialog.Grip`),
      earlier: t(`${K}.Dialog.Earlier`),
      seize: t(`${K}.Dialog.SeizeLegend`),
      freeHands: t(`${K}.Dialog.FreeHands`),
      rush: t(`${K}.Dialog.RushLegend`),
      distance: t(`${K}.Dialog.Distance`),
      declared: t(`${K}.Dialog.Declared`),
      still: t(`${K}.Dialog.Still`),
      behind: t(`${K}.Dialog.Behind`),
      unaware: t(`${K}.Dialog.Unaware`),
      fourLegs: t(`${K}.Dialog.FourLegs`),
      shot: t(`${K}.Dialog.ShotLegend`),
      thrown: t(`${K}.Dialog.Thrown`),
      targetDistance: t(`${K}.Dialog.TargetDistance`),
    },
  };
}

/** The dialog form as choices (unknown values fall back to the defaults). */
export function readGreyhawkChoices(
  data: FormData,
  fallback: GreyhawkChoices,
): GreyhawkChoices & { targets: string[] } {
  return {
    targets: data.getAll('target').map(String),
    manoeuvre: pick<Manoeuvre>(MANOEUVRES, data.get('manoeuvre'), fallback.manoeuvre),
    calledShot: int(data.get('calledShot'), fallback.calledShot, 0, 2) as CalledShot,
    purpose: pick<CalledPurpose>(CALLED_PURPOSES, data.get('purpose'), ''),
    position: pick<Position>(POSITIONS, data.get('position'), fallback.position),
    grip: pick<Grip>(GRIPS, data.get('grip'), fallback.grip),
    earlierDisarms: int(data.get('earlierDisarms'), 0, 0, 9),
    freeHands: int(data.get('freeHands'), fallback.freeHands, 0, 2),
    ...fragileField(data.get('fragile')),
    distance: int(data.get('distance'), fallback.distance, 0, 999),
    declared: data.get('declared') !== null,
    stayUp: {
      ...(data.get('still') !== null ? { stillOrClosing: true } : {}),
      ...(data.get('behind') !== null ? { fromBehind: true } : {}),
      ...(data.get('unaware') !== null ? { unaware: true } : {}),
      ...(data.get('fourLegs') !== null ? { fourLegs: true } : {}),
    },
    extra: int(data.get('extra'), 0, -20, 20),
    nearWall: data.get('nearWall') !== null,
    thrown: data.get('thrown') !== null,
    ...(fallback.styleAnswers ? { styleAnswers: readStyleAnswers(data, fallback.styleAnswers) } : {}),
    ...distanceField(data.get('targetDistance'), fallback.targetDistance),
  };
}

/** The distance typed in the dialog (metres, one decimal), when the scene gives none. */
function distanceField(
  v: FormDataEntryValue | null,
  fallback: number | undefined,
): { targetDistance?: number; distanceFrom?: 'dialog' } {
  const n = v === null || String(v).trim() === '' ? Number.NaN : Number(v);
  if (Number.isFinite(n) && n >= 0)
    return { targetDistance: Math.round(Math.min(n, 9999) * 10) / 10, distanceFrom: 'dialog' };
  return fallback === undefined ? {} : { targetDistance: fallback, distanceFrom: 'dialog' };
}

/** What the dialog shows about a shot: a throw tick, each target's scene distance, or a field. */
export interface ShotInfo {
  /** The weapon shoots (a bow) or can be thrown (a dagger). */
  readonly missile: boolean;
  /** A melee weapon that can also be thrown. */
  readonly canThrow: boolean;
  /** Scene distance to each offered target (null: no scene distance, the dialog asks). */
  readonly measured: readonly { readonly name: string; readonly distance: number | null }[];
}

function shotContext(shot: ShotInfo | undefined) {
  if (!shot?.missile) return null;
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return {
    canThrow: shot.canThrow,
    measured: shot.measured
      .filter((m) => m.distance !== null)
      .map((m) => ({
        name: m.name,
        text: t(`${K}.Dialog.SceneDistance`, { distance: fmt(m.distance ?? 0) }),
      })),
    ask: shot.measured.length === 0 || shot.measured.some((m) => m.distance === null),
  };
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

/** GM side: one card per target; the scene's distance wins over the dialog's. */
export const greyhawkAttackOpener: CardOpener<GreyhawkChoices> = {
  choices: OPEN_CHOICES as unknown as Schema<GreyhawkChoices>,
  async open(request, newEnv) {
    const actor = request.actor as ActorDoc;
    const itemId = request.itemId;
    greyhawkActor(actor, actor.name);
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
    const item = actor.items.get(itemId);
    if (!item) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
    const offered = options.targets ?? userTargets();
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
    let choices: (GreyhawkChoices & { targets: string[] }) | null = {
      ...DEFAULT_CHOICES,
      ...(style.answers ? { styleAnswers: style.answers } : {}),
      freeHands: defaultFreeHands(actor, itemId),
      ...options.choices,
      targets: offered.map((x) => x.actorUuid),
    };
    if (!options.skipDialog) {
      const fallback = choices;
      const content = await renderTemplateWith(
        GREYHAWK_ATTACK_DIALOG,
        greyhawkDialogContext(item.name ?? '', offered, fallback, shot, style.context),
      );
      const result = await foundry.applications.api.DialogV2.wait({
        window: { title: t(`${K}.Dialog.Title`, { weapon: item.name ?? '' }) },
        content,
        buttons: [
          {
            action: 'attack',
            label: t('PDA.Chat.Dialog.Attack'),
            default: true,
            callback: (_e: Event, button: HTMLButtonElement) =>
              button.form ? readGreyhawkChoices(new FormData(button.form), fallback) : fallback,
          },
          { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
        ],
        rejectClose: false,
      } as unknown as foundry.applications.api.DialogV2.WaitOptions);
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
