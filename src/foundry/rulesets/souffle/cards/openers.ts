import { RulesError } from '../../../../engine/core/errors';
import type { FighterRef } from '../../../../engine/core/exchange';
import type { CharacteristicId } from '../../../../engine/souffle/attack';
import {
  AIM_KINDS,
  FLEE_SITUATIONS,
  SOUFFLE_AIM_EXCHANGE,
  SOUFFLE_ATTACK_EXCHANGE,
  SOUFFLE_FLEE_EXCHANGE,
  SOUFFLE_GRAPPLE_EXCHANGE,
  attackAim,
  chosenAttackInput,
  holdBlow,
  openSouffleAim,
  openSouffleAttack,
  openSouffleFlee,
  openSouffleGrapple,
  preparedAimNow,
  sheetAttackInput,
  type SouffleExchangeEffect,
} from '../../../../engine/souffle/exchange';
import { isSlowed, type FleeSituation } from '../../../../engine/souffle/manoeuvres';
import { contextAdvantage } from '../../../../engine/souffle/attack';
import { souffleStatesOf } from '../states';
import { outnumberAround } from './outnumber';
import { holdsNow } from './hold';
import { foesWithinReach } from './opportunity-flow';
import type { AimKind } from '../../../../engine/souffle/attack';
import { tokenByUuid, tokenDistance, tokenOfActor } from '../../../canvas';
import {
  resolveUuid,
  type CardEnv,
  applyStatusWrites,
  type CardSnapshot,
  type CardTarget,
  type DocumentWrite,
  type CardOpener,
  type OpenRequest,
  type OpenedCard,
} from '../../../chat';
import { bool, int, object, oneOf, optional, type Schema } from '../../../security';
import { conditionMark, effectWrites, fighterView, souffleActor, souffleOptionsNow } from './fighters';
import type { OwnActor } from './request';
import { checkBudget, inRound, spendAs, turnOf, type SouffleFight } from './round';

/**
 * The GM's side of opening each Souffle card (chat/open.ts calls these on the active GM's client
 * for a checked request): the engine's opening step with Foundry dice, then, once every card is
 * rolled, the action spent from the posture budget (S-R2) and the effects written.
 */

interface Opening {
  readonly actor: OwnActor;
  readonly found: SouffleFight | undefined;
}

function opening(request: OpenRequest<unknown>, action: string): Opening {
  const actor = souffleActor(
    request.actor,
    String((request.actor as { name?: string }).name ?? ''),
  ) as OwnActor;
  const gm = Boolean((request.user as { isGM?: boolean } | null)?.isGM);
  return { actor, found: checkBudget(actor.uuid, action, request.combatId || undefined, gm) };
}

function viewOf(actorUuid: string, found: SouffleFight | undefined) {
  const view = inRound(
    fighterView(resolveUuid(actorUuid), found ? turnOf(found.combat.id ?? '', actorUuid) : undefined),
    found?.combat.id ?? '',
    actorUuid,
  );
  if (!view) throw new RulesError('PDA.Chat.Gone.Document');
  return view;
}

function snapshot<S>(
  flow: string,
  step: string,
  request: OpenRequest<unknown>,
  found: SouffleFight | undefined,
  targets: readonly CardTarget[],
  state: S,
  itemId = '',
): CardSnapshot<S> {
  return {
    ruleset: 'souffle',
    flow,
    step,
    revision: 0,
    actorUuid: request.actorUuid,
    tokenUuid: request.tokenUuid,
    itemId,
    targets: [...targets],
    combatId: found?.combat.id ?? '',
    round: found?.combat.round ?? 0,
    state,
  };
}

interface Updatable {
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/** Spends the effects' actions, then writes their document changes (the acting fighter's). */
export async function commitOpening(
  effects: readonly SouffleExchangeEffect[],
  request: OpenRequest<unknown>,
  found: SouffleFight | undefined,
  uuidOf: (ref: FighterRef) => string | undefined = (ref) =>
    ref === 'attacker' ? request.actorUuid : undefined,
): Promise<void> {
  for (const e of effects)
    if (e.type === 'budget' && found)
      await spendAs(found.combat.id ?? '', request.actorUuid, e.action, request.user);
  const mark = { combatId: found?.combat.id ?? '', round: found?.combat.round ?? 0 };
  const writes: DocumentWrite[] = effectWrites(effects, uuidOf, mark);
  for (const w of writes) {
    const doc = resolveUuid(w.uuid) as Updatable | null;
    if (!doc) throw new RulesError('PDA.Chat.Gone.Document');
    if (Object.keys(w.update).length) await doc.update(w.update);
    if (w.statuses) await applyStatusWrites(doc, w.statuses);
  }
}

/** The aim still prepared by the actor now (S-AT7: as long as the aimLasts setting says). */
export function preparedAim(actor: OwnActor, found: SouffleFight | undefined): AimKind | undefined {
  return preparedAimNow(
    conditionMark(actor, 'vise'),
    found?.combat.id ?? '',
    found?.combat.round ?? 0,
    souffleOptionsNow().aimLasts,
  );
}

// ---------------------------------------------------------------------------------------- attack

export interface AttackChoices {
  readonly characteristic: CharacteristicId;
  readonly metier: number;
  readonly aim: AimKind | '';
  readonly context: number;
}

const ATTACK_CHOICES = object({
  characteristic: oneOf<CharacteristicId>(['geste', 'vigueur', 'acuite']),
  metier: int(0, 99),
  aim: oneOf<AimKind | ''>(['', ...AIM_KINDS]),
  context: int(-10, 10),
});

export const souffleAttackOpener: CardOpener<AttackChoices> = {
  choices: ATTACK_CHOICES as Schema<AttackChoices>,
  async open(request, newEnv) {
    const { actor, found } = opening(request, 'attaque');
    // One attack, one target (S-R1): a second target is a second attack, with its own action.
    if (request.targets.length !== 1) throw new RulesError('PDA.Error.SouffleOneTarget');
    const item = actor.items.get(request.itemId);
    const weapon = item?.system.toEngine?.() as
      ReturnType<typeof actor.system.engineWeapons>[number] | undefined;
    if (!item || !weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: request.itemId });
    const fighter = actor.system.toEngine();
    const base = sheetAttackInput(fighter, weapon, actor.system.engineWeapons());
    const prepared = preparedAim(actor, found);
    const counted = Boolean(found && turnOf(found.combat.id ?? '', actor.uuid));
    const aim = attackAim(prepared, request.choices.aim, base.kind, counted);
    const options = souffleOptionsNow();
    const target = request.targets[0]!;
    const defender = souffleActor(resolveUuid(target.actorUuid), target.name);
    // S-A4: outnumbering is read from the tokens around the target (melee); the dialog's context
    // is what only the table knows (a mastered terrain…).
    const sides =
      base.kind === 'melee'
        ? outnumberAround(actor.uuid, request.tokenUuid, target.actorUuid, target.tokenUuid)
        : undefined;
    const levels = sides ? contextAdvantage({ outnumber: sides }, options) : 0;
    const input = chosenAttackInput(
      base,
      fighter,
      { ...request.choices, context: request.choices.context + levels },
      aim,
    );
    const cards: OpenedCard[] = [];
    {
      const env: CardEnv = newEnv();
      // S-GR1: the holder strikes the fighter they hold bare-handed or with a light weapon only.
      const held = holdBlow(
        { kind: input.kind, weapons: input.weapons ?? [] },
        souffleStatesOf(defender).includes('agrippe') && holdsNow(actor.uuid, target.actorUuid),
      );
      const attack = await env.roll((dice) => openSouffleAttack(input, dice, options));
      // S-AT5: a shot's distance is read from the scene (null off the scene: no range bonus).
      const distance =
        attack.kind === 'ranged'
          ? tokenDistance(
              request.tokenUuid ? tokenByUuid(request.tokenUuid) : tokenOfActor(actor.id),
              tokenByUuid(target.tokenUuid),
            )
          : null;
      const state = {
        attackerName: actor.name,
        weaponName: item.name ?? '',
        input,
        attack,
        souffleSpent: 0,
        undone: 0,
        ...(distance !== null ? { distance } : {}),
        ...(sides && levels ? { outnumber: { ...sides, levels } } : {}),
        ...(held ? { holdBlow: true } : {}),
      };
      cards.push({
        card: snapshot(SOUFFLE_ATTACK_EXCHANGE, 'attack', request, found, [target], state, request.itemId),
        env,
      });
    }
    // The attack's short action (S-R2); the prepared aim is used up by it (S-AT7).
    const effects: SouffleExchangeEffect[] = [{ type: 'budget', fighter: 'attacker', action: 'attaque' }];
    if (aim && prepared) effects.push({ type: 'condition', fighter: 'attacker', status: 'vise', on: false });
    return { cards, commit: () => commitOpening(effects, request, found) };
  },
};

// ------------------------------------------------------------------------------------------- aim

export const souffleAimOpener: CardOpener<{ aim: AimKind }> = {
  choices: object({ aim: oneOf<AimKind>(AIM_KINDS) }) as Schema<{ aim: AimKind }>,
  targetsOptional: true,
  async open(request, newEnv) {
    const { actor, found } = opening(request, 'viser');
    const opened = openSouffleAim(viewOf(actor.uuid, found), request.choices.aim);
    const state = { ...opened.state, actorName: actor.name };
    const card = snapshot(
      SOUFFLE_AIM_EXCHANGE,
      'prepared',
      request,
      found,
      request.targets.slice(0, 1),
      state,
    );
    return { cards: [{ card, env: newEnv() }], commit: () => commitOpening(opened.effects, request, found) };
  },
};

// --------------------------------------------------------------------------------------- grapple

export const souffleGrappleOpener: CardOpener<{ freeHand?: boolean }> = {
  choices: object({ freeHand: optional(bool()) }) as Schema<{ freeHand?: boolean }>,
  async open(request, newEnv) {
    const { actor, found } = opening(request, 'lutte');
    const target = request.targets[0]!;
    souffleActor(resolveUuid(target.actorUuid), target.name);
    const env = newEnv();
    // S-GR1 (ruling): against her own holder a held fighter escapes from the hold's card instead.
    const heldByTarget = souffleStatesOf(actor).includes('agrippe') && holdsNow(target.actorUuid, actor.uuid);
    // S-GR1: at contact only, measured between the tokens (off the scene: not measured).
    const distance = tokenDistance(
      request.tokenUuid ? tokenByUuid(request.tokenUuid) : tokenOfActor(actor.id),
      tokenByUuid(target.tokenUuid),
    );
    const opened = await env.roll((dice) =>
      openSouffleGrapple(
        viewOf(actor.uuid, found),
        viewOf(target.actorUuid, found),
        dice,
        request.choices.freeHand,
        heldByTarget,
        distance,
      ),
    );
    const state = { ...opened.state, attackerName: actor.name };
    const card = snapshot(SOUFFLE_GRAPPLE_EXCHANGE, 'rolled', request, found, [target], state);
    return { cards: [{ card, env }], commit: () => commitOpening(opened.effects, request, found) };
  },
};

// ---------------------------------------------------------------------------------------- flight

interface FleeChoices {
  readonly situation: FleeSituation;
  readonly threshold: number;
}

export const souffleFleeOpener: CardOpener<FleeChoices> = {
  choices: object({
    situation: oneOf<FleeSituation>(FLEE_SITUATIONS),
    threshold: int(1, 99),
  }) as Schema<FleeChoices>,
  targetsOptional: true,
  async open(request, newEnv) {
    const { actor, found } = opening(request, 'fuite');
    const slowed = Boolean(
      found && isSlowed(conditionMark(actor, 'freine'), found.combat.id ?? '', found.combat.round),
    );
    const env = newEnv();
    const { situation, threshold } = request.choices;
    const opened = await env.roll((dice) =>
      openSouffleFlee(viewOf(actor.uuid, found), situation, threshold, slowed, dice, souffleOptionsNow()),
    );
    const state = { ...opened.state, runnerName: actor.name };
    // S-FL1/S-AT6: those who may strike the runner are the foes within reach, from the scene.
    const pursuers = foesWithinReach(actor.uuid, request.tokenUuid);
    const card = snapshot(SOUFFLE_FLEE_EXCHANGE, opened.step, request, found, pursuers, state);
    return { cards: [{ card, env }], commit: () => commitOpening(opened.effects, request, found) };
  },
};
