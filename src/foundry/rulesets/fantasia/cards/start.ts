import { RulesError } from '../../../../engine/core/errors';
import { findBotte } from '../../../../engine/fantasia/bottes';
import { skillValue } from '../../../../engine/fantasia/skills';
import { isRanged, withStates } from '../../../../engine/fantasia/weapons';
import type { FantasiaCombatant, FantasiaWeapon } from '../../../../engine/fantasia/types';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { activeRulesetId } from '../../../settings';
import { sendRoundCommand } from '../../../combat/service';
import { combatantOfActor } from '../round/chat-round';
import type { CombatLike, CombatantLike } from '../../../combat/adapter';
import { renderTemplateWith, resolveUuid, userTargets } from '../../../chat/card';
import { tokenDistance } from '../../../canvas/distance';
import { tokenFor } from '../scene-points';
import { idOrEmpty, requestCardOpen, type CardOpener, type OpenedCard } from '../../../chat/open';
import { bool, int, object, oneOf, optional } from '../../../security/payload';
import { combatantOf } from './actor-writes';
import { FANTASIA_ATTACK_FLOW, fantasiaAttackFlow } from './attack-flow';
import {
  openAttack,
  type AttackIntent,
  LUTTE_HOLDS,
  type FantasiaAttackState,
  type LutteHold,
  type WhipIntent,
} from '../../../../engine/fantasia/exchange';
import { fantasiaRound, type FantasiaRoundFacts } from './round-context';
import {
  attackerHasInitiative,
  knockOutOffered,
  SITUATION_QUESTIONS,
  situationQuestions,
  thrustContext,
  type SituationAnswers,
  type SituationQuestion,
} from '../../../../engine/fantasia/exchange';
import { optionsSource } from './attack-state';
import type { CardFlow, CardSnapshot, CardTarget } from '../../../chat/flow';

/**
 * Starting an attack (sheets and the round tracker call this): a dialog for targets (the user's
 * Foundry targets by default), cover (F-D5), a secret thrust named now (F-B2), a knock-out
 * (F-U4) or a whip effect (F-W2); then the GM opens one attack card per target (chat/open.ts):
 * the attack is rolled on the GM's client and the GM posts the cards, spoken by the attacker.
 */
export interface StartAttackOptions {
  /** Targets to offer (default: the user's targeted tokens). */
  readonly targets?: readonly CardTarget[];
  /** Skip the dialog and use these choices (macros, tests, the tracker). */
  readonly skipDialog?: boolean;
  readonly cover?: number;
  readonly thrustId?: string;
  readonly knockOut?: boolean;
  readonly whip?: WhipIntent;
  /** Lutte: immobilise, throw down or strangle on a hit (F-U3). */
  readonly lutte?: LutteHold;
  /** The situation of a thrust no document knows (F-B7): behind, above, seen… */
  readonly situation?: SituationAnswers;
  /** Combat the attack belongs to (default: the active combat, when the actor is in it). */
  readonly combatId?: string;
  /** A companion holds a weapon too heavy for the attacker's FOR (F-W6). */
  readonly assisted?: boolean;
}

/** What the dialog returns. */
export interface AttackDialogResult {
  readonly targets: readonly string[];
  readonly cover: number;
  readonly thrustId: string;
  readonly knockOut: boolean;
  readonly whip: WhipIntent;
  readonly lutte: LutteHold;
  /** A companion holds the arquebus (F-W6). */
  readonly assisted: boolean;
  readonly situation?: SituationAnswers;
}

interface ActorLike {
  uuid: string;
  id: string | null;
  name: string;
  isOwner: boolean;
  items?: { get(id: string): { update(c: Record<string, unknown>): Promise<unknown> } | undefined };
  engineView<T>(): T;
}

interface AttackCombat {
  id: string | null;
  round: number;
  combatants: Iterable<CombatantLike>;
}

async function askChoices(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  targets: readonly CardTarget[],
  preset: { knockOut: boolean; lutte: LutteHold },
  facts: FantasiaRoundFacts,
): Promise<AttackDialogResult | null> {
  const thrusts = (attacker.thrusts ?? []).flatMap((k) => {
    try {
      const b = findBotte(k.thrustId);
      return [{ id: b.id, name: t(b.name), malus: `-${k.malus ?? b.malus} %` }];
    } catch {
      return [];
    }
  });
  const content = await renderTemplateWith(templatePath('fantasia/chat/attack-dialog.hbs'), {
    weapon: weapon.name,
    skill: t(`PDA.Chat.Skill.${weapon.skill}`),
    percent: skillValue(attacker, weapon.skill),
    targets: targets.map((x) => ({ ...x, checked: true })),
    thrusts,
    // F-U4: offered only when the round holds a declared knock-out (the engine decides).
    canKnockOut: knockOutOffered(weapon, facts),
    knockOut: preset.knockOut,
    // F-B7: only what no document knows (the round's initiative, when it holds it, is not asked).
    situation: situationQuestions(attacker, weapon, facts.initiativeRank !== undefined).map((id) => ({
      id,
      label: t(`PDA.Chat.Dialog.Situation.${id}`),
    })),
    isWhip: weapon.kind === 'whip',
    isLutte: weapon.skill === 'lutte',
    needsHelper: weapon.minFOR !== undefined && attacker.characteristics.FOR < weapon.minFOR,
    holds: LUTTE_HOLDS.map((h) => ({
      value: h,
      label: t(`PDA.Chat.Lutte.${h}`),
      selected: h === preset.lutte,
    })),
    labels: {
      targets: t('PDA.Chat.Dialog.Targets'),
      noTargets: t('PDA.Chat.Dialog.NoTargets'),
      cover: t('PDA.Chat.Dialog.Cover'),
      thrust: t('PDA.Chat.Dialog.Thrust'),
      noThrust: t('PDA.Chat.Dialog.NoThrust'),
      knockOut: t('PDA.Chat.Dialog.KnockOut'),
      helper: t('PDA.Chat.Dialog.Helper', { min: weapon.minFOR ?? 0 }),
      whip: t('PDA.Chat.Dialog.Whip'),
      whipNone: t('PDA.Chat.Dialog.WhipNone'),
      whipTrip: t('PDA.Chat.Dialog.WhipTrip'),
      whipDisarm: t('PDA.Chat.Dialog.WhipDisarm'),
      lutte: t('PDA.Chat.Dialog.Lutte'),
      lutteNone: t('PDA.Chat.Dialog.LutteNone'),
      situation: t('PDA.Chat.Dialog.Situation.Legend'),
    },
  });
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: t('PDA.Chat.Dialog.Title', { weapon: weapon.name }) },
    content,
    buttons: [
      {
        action: 'attack',
        label: t('PDA.Chat.Dialog.Attack'),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => readDialog(button.form),
      },
      { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
    ],
    rejectClose: false,
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  return result && typeof result === 'object' ? (result as unknown as AttackDialogResult) : null;
}

/** Reads the dialog's form into plain choices. */
export function readDialog(form: HTMLFormElement | null): AttackDialogResult {
  const data = form ? new FormData(form) : undefined;
  const whip = String(data?.get('whip') ?? '');
  const lutte = String(data?.get('lutte') ?? '');
  return {
    targets: (data?.getAll('target') ?? []).map(String),
    cover: Math.max(0, Math.min(100, Math.trunc(Number(data?.get('cover') ?? 0)) || 0)),
    thrustId: String(data?.get('thrustId') ?? ''),
    knockOut: data?.get('knockOut') !== null && data?.get('knockOut') !== undefined,
    whip: whip === 'trip' || whip === 'disarm' ? whip : '',
    lutte: (LUTTE_HOLDS as readonly string[]).includes(lutte) ? (lutte as LutteHold) : '',
    assisted: data?.get('assisted') !== null && data?.get('assisted') !== undefined,
    situation: Object.fromEntries(
      SITUATION_QUESTIONS.filter((q) => data?.get(`situation.${q}`) != null).map((q) => [q, true]),
    ),
  };
}

/**
 * The combat an attack belongs to, as the GM decides it: the one named if the actor fights in it,
 * else the viewed or an active combat holding the actor (a request cannot leave its round out),
 * else the one named.
 */
function combatOf(actorUuid: string, explicit: string): AttackCombat | undefined {
  const holds = (c: AttackCombat | null | undefined): c is AttackCombat =>
    Boolean(c && combatantOfActor(c, actorUuid));
  const named = explicit ? (game.combats?.get(explicit) as unknown as AttackCombat | undefined) : undefined;
  if (holds(named)) return named;
  const viewed = game.combat as unknown as AttackCombat | null | undefined;
  if (holds(viewed)) return viewed;
  const active = (game.combats?.contents ?? []) as unknown as (AttackCombat & { active?: boolean })[];
  return active.find((c) => c.active && holds(c)) ?? named;
}

/** The client's guess of the combat, for the dialog only (the GM decides again). */
function viewedCombatId(actor: ActorLike, explicit?: string): string {
  if (explicit) return explicit;
  return combatOf(actor.uuid, '')?.id ?? '';
}

/** A shot counts in the round (F-R9) and unloads a crossbow or arquebus there (F-W5, F-W6). */
async function roundWeaponFired(
  combat: AttackCombat | undefined,
  actorUuid: string,
  weaponId: string,
): Promise<void> {
  const round = combat as unknown as CombatLike | undefined;
  if (!round?.system?.step || round.system.rules !== 'fantasia') return;
  const combatant = combatantOfActor(round, actorUuid);
  if (!combatant?.id) return;
  await sendRoundCommand(round, { kind: 'weaponFired', combatantId: combatant.id, weaponId });
}

/**
 * The attacker as the round sees it: winding a crossbow in this round's passes (F-W5); nocking
 * the bow its pass-3 slot looses (F-R8, F-R9).
 */
function attackerOf(actor: ActorLike, combatId: string): FantasiaCombatant {
  const facts = fantasiaRound().facts(combatId, actor.uuid);
  const viewed = actor.engineView<FantasiaCombatant>();
  const nocked = facts.nockingWeaponId
    ? {
        ...viewed,
        weapons: viewed.weapons?.map((w) => (w.id === facts.nockingWeaponId ? { ...w, loaded: true } : w)),
      }
    : viewed;
  return facts.reloadingWeaponId && !nocked.states.reloading
    ? withStates(nocked, { reloading: { weaponId: facts.reloadingWeaponId } })
    : nocked;
}

/** The dialog's choices as a request carries them (checked again by the GM). */
export type FantasiaOpenChoices = Omit<AttackDialogResult, 'targets' | 'assisted'> & {
  readonly assisted?: boolean;
};

const OPEN_CHOICES = object({
  cover: int(0, 100),
  thrustId: idOrEmpty(),
  knockOut: bool(),
  whip: oneOf<WhipIntent>(['', 'trip', 'disarm']),
  lutte: oneOf<LutteHold>(['', ...LUTTE_HOLDS]),
  assisted: optional(bool()),
  situation: optional(
    object(Object.fromEntries(SITUATION_QUESTIONS.map((q) => [q, optional(bool())])) as SituationShape),
  ),
});

type SituationShape = Record<SituationQuestion, ReturnType<typeof optional<boolean>>>;

/** GM side: one attack card per target, rolled with Foundry dice on the GM's client. */
export const fantasiaAttackOpener: CardOpener<FantasiaOpenChoices> = {
  choices: OPEN_CHOICES,
  async open(request, newEnv) {
    const actor = request.actor as ActorLike;
    const weaponId = request.itemId;
    const combat = combatOf(actor.uuid, request.combatId);
    const combatId = combat?.id ?? '';
    const facts = fantasiaRound().facts(combatId, actor.uuid);
    const attacker = attackerOf(actor, combatId);
    const weapon = attacker.weapons?.find((w) => w.id === weaponId);
    if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: weaponId });
    const c = request.choices;
    if (c.knockOut && !knockOutOffered(weapon, facts) && knockOutOffered(weapon, undefined))
      throw new RulesError('PDA.Error.CardKnockOutNotDeclared', { rule: 'F-U4' });
    const intent: AttackIntent = {
      cover: c.cover,
      thrustId: c.thrustId,
      knockOut: c.knockOut,
      whip: c.whip,
      ...(c.lutte && weapon.skill === 'lutte' ? { lutte: c.lutte } : {}),
      ...(c.assisted ? { assisted: true } : {}),
      ...(c.thrustId && c.situation && Object.keys(c.situation).length ? { situation: c.situation } : {}),
    };
    const cards: OpenedCard[] = [];
    let unloaded = false;
    for (const target of request.targets) {
      const defender = combatantOf(resolveUuid(target.actorUuid), target.name);
      // F-M4: a shot or throw measures the tokens now, on the GM's client, elevation included.
      const distance = isRanged(weapon)
        ? tokenDistance(tokenFor(request.tokenUuid, actor.uuid), tokenFor(target.tokenUuid, target.actorUuid))
        : null;
      const env = newEnv();
      const opened = await env.roll((dice) =>
        openAttack(
          {
            attacker,
            defender,
            weaponId,
            intent,
            memory: fantasiaRound().memory(combatId),
            ...(facts.dodgeDeclared ? { attackerDodging: true } : {}),
            ...(facts.missileUsed ? { missileUsed: true } : {}),
            ...(distance !== null ? { distance } : {}),
            ...(c.thrustId
              ? {
                  context: thrustContext(
                    attackerHasInitiative(facts, fantasiaRound().facts(combatId, target.actorUuid)),
                    c.situation ?? {},
                  ),
                }
              : {}),
          },
          dice,
          optionsSource(),
        ),
      );
      const after = opened.attackerAfter?.weapons?.find((w) => w.id === weaponId);
      if (after && !after.loaded) unloaded = true;
      const card: CardSnapshot<FantasiaAttackState> = {
        ruleset: activeRulesetId(),
        flow: FANTASIA_ATTACK_FLOW,
        step: opened.step,
        revision: 0,
        actorUuid: actor.uuid,
        tokenUuid: '',
        itemId: weaponId,
        targets: [target],
        combatId,
        round: combat?.round ?? 0,
        state: opened.state,
      };
      cards.push({ card, env });
    }
    return {
      cards,
      async commit() {
        if (unloaded) await actor.items?.get(weaponId)?.update({ 'system.loaded': false });
        // Every shot or throw spends the round's one (F-R9), from the sheet as from the tracker.
        if (unloaded || isRanged(weapon)) await roundWeaponFired(combat, actor.uuid, weaponId);
      },
    };
  },
};

/** The attack flow with its opener, as the ruleset registers it. */
export const fantasiaAttackCardFlow: CardFlow<FantasiaAttackState> = {
  ...fantasiaAttackFlow,
  opener: fantasiaAttackOpener as unknown as CardOpener,
};

/**
 * Opens the attack dialog and asks the GM for one card per chosen target. Returns the created
 * messages (empty when cancelled or refused; a refusal is shown as a warning and changes nothing).
 */
export async function startAttack(
  actorDoc: Actor,
  weaponId: string,
  options: StartAttackOptions = {},
): Promise<ChatMessage[]> {
  try {
    const actor = actorDoc as unknown as ActorLike;
    if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
    const combatId = viewedCombatId(actor, options.combatId);
    const attacker = attackerOf(actor, combatId);
    const weapon = attacker.weapons?.find((w) => w.id === weaponId);
    if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: weaponId });
    const offered = options.targets ?? userTargets();
    let choices: AttackDialogResult | null = {
      targets: offered.map((x) => x.actorUuid),
      cover: options.cover ?? 0,
      thrustId: options.thrustId ?? '',
      knockOut: options.knockOut ?? false,
      whip: options.whip ?? '',
      lutte: options.lutte ?? '',
      assisted: options.assisted ?? false,
      situation: options.situation ?? {},
    };
    if (!options.skipDialog)
      choices = await askChoices(
        attacker,
        weapon,
        offered,
        { knockOut: options.knockOut ?? false, lutte: options.lutte ?? '' },
        fantasiaRound().facts(combatId, actor.uuid),
      );
    if (!choices) return [];
    const chosen = offered.filter((x) => choices.targets.includes(x.actorUuid));
    if (chosen.length === 0) throw new RulesError('PDA.Error.CardNoTarget');
    const sent: FantasiaOpenChoices = {
      cover: choices.cover,
      thrustId: choices.thrustId ?? '',
      knockOut: choices.knockOut === true,
      whip: choices.whip ?? '',
      lutte: choices.lutte ?? '',
      ...(choices.assisted ? { assisted: true } : {}),
      ...(choices.thrustId && choices.situation && Object.keys(choices.situation).length
        ? { situation: choices.situation }
        : {}),
    };
    return await requestCardOpen({
      flow: FANTASIA_ATTACK_FLOW,
      actor,
      itemId: weaponId,
      targets: chosen,
      combatId,
      choices: sent,
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
