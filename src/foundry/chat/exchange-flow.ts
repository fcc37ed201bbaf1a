import type { ExchangeMachine, ExchangeSide, ExchangeStep, ExchangeText } from '../../engine/core/exchange';
import { takeAction } from '../../engine/core/exchange';
import { RulesError } from '../../engine/core/errors';
import type { RulesetId } from '../../engine/rulesets';
import type {
  CardAction,
  CardFlow,
  CardSnapshot,
  CardTarget,
  DocumentWrite,
  FlowContext,
  FlowEnv,
  FlowResult,
  Text,
} from './flow';
import type { CardOpener } from './open';
import { damageRights, withDamageRights, type Wounded } from './damage-rights';

/**
 * The card host's side of an engine exchange (src/engine/core/exchange.ts): a CardFlow that only
 * translates. The ruleset says how to read the machine's view from the documents, which documents'
 * owners stand for each side, and how the machine's effects become document writes; the host then
 * lists the machine's actions as buttons (disabled with the engine's reason), checks and performs
 * them through `takeAction` with Foundry dice, and writes the effects. No rule is decided here.
 */
export interface ExchangeBinding<S, V, E> {
  readonly id: string;
  readonly ruleset: RulesetId;
  readonly machine: ExchangeMachine<S, V, E>;
  /** The read-only view of the fighters and the round, read from the documents now. */
  view(card: CardSnapshot<S>, env: FlowEnv): V;
  /** Uuids whose owners act for `side` ('gm': none, the GM alone). */
  owners(side: ExchangeSide, card: CardSnapshot<S>): readonly string[];
  /** The document writes of the machine's effects. */
  writes(effects: readonly E[], card: CardSnapshot<S>, env: FlowEnv): DocumentWrite[];
  context(card: CardSnapshot<S>, env: FlowEnv): FlowContext;
  readonly opener?: CardOpener;
  /**
   * The actions that write a wound and whose (damage-rights.ts): their side follows the world's
   * *who applies damage* setting instead of the machine's.
   */
  readonly damage?: Readonly<Record<string, Wounded>>;
  /** The card's targets after an action, when the action changes them (optional). */
  targets?(next: ExchangeStep<S, E>, card: CardSnapshot<S>, env: FlowEnv): readonly CardTarget[] | undefined;
}

/** A machine text as the host localizes it: nested placeholders localized first. */
export function hostText(text: ExchangeText, env: FlowEnv): Text {
  if (!text.nested) return text.data ? { key: text.key, data: text.data } : { key: text.key };
  const data: Record<string, string | number> = { ...(text.data ?? {}) };
  for (const [name, inner] of Object.entries(text.nested)) data[name] = env.t(hostText(inner, env));
  return { key: text.key, data };
}

/** The binding's machine with its damage actions' sides set by the world's damage rights. */
export function ruledMachine<S, V, E>(
  binding: Pick<ExchangeBinding<S, V, E>, 'machine' | 'damage'>,
): ExchangeMachine<S, V, E> {
  return binding.damage ? withDamageRights(binding.machine, binding.damage) : binding.machine;
}

/** The side a user plays on this card: the GM plays every side. */
export function sideOf<S>(
  user: User,
  card: CardSnapshot<S>,
  owners: (side: ExchangeSide, card: CardSnapshot<S>) => readonly string[],
  resolve: (uuid: string) => unknown,
  wanted: ExchangeSide,
): ExchangeSide | undefined {
  if (user.isGM) return 'gm';
  const mine = owners(wanted, card).some((uuid) => {
    const doc = resolve(uuid) as { testUserPermission?: (u: User, l: 'OWNER') => boolean } | null;
    return typeof doc?.testUserPermission === 'function' && doc.testUserPermission(user, 'OWNER');
  });
  return mine ? wanted : undefined;
}

/**
 * Takes one action of a card's exchange for the asking user: the view read now, the user's side
 * for that action, `takeAction`'s checks, Foundry dice. What the effects become is the caller's.
 */
export async function performExchange<S, V, E>(
  binding: Pick<ExchangeBinding<S, V, E>, 'machine' | 'view' | 'owners' | 'damage'>,
  card: CardSnapshot<S>,
  actionId: string,
  env: FlowEnv,
): Promise<ExchangeStep<S, E>> {
  // The GM's client: `env.user` is the requester Foundry attests (chat/card-action.ts).
  const machine = ruledMachine(binding);
  const view = binding.view(card, env);
  const listed = machine.actions(card.step, card.state, view).find((a) => a.id === actionId);
  if (!listed) throw new RulesError('PDA.Error.CardNoSuchAction');
  const side = sideOf(env.user, card, binding.owners, env.resolve, listed.side);
  if (!side) throw new RulesError('PDA.Error.CardNotYours');
  return env.roll((dice) => takeAction(machine, card.step, card.state, view, actionId, side, dice));
}

/**
 * Issue 46: the card's line saying who may press its damage Apply and Undo now (the same rule for
 * both, from the world's damage rights), when the step lists one of them; else undefined.
 */
export function whoApplies<S, V, E>(
  binding: Pick<ExchangeBinding<S, V, E>, 'machine' | 'view' | 'owners' | 'damage'>,
  card: CardSnapshot<S>,
  env: FlowEnv,
): string | undefined {
  const damage = binding.damage;
  if (!damage) return undefined;
  const listed = binding.machine
    .actions(card.step, card.state, binding.view(card, env))
    .find((a) => Object.hasOwn(damage, a.id));
  if (!listed) return undefined;
  if (damageRights() === 'gm') return env.t({ key: 'PDA.Chat.WhoApplies.gm' });
  // Only fighters a player owns give a player the button; a PNJ's card is the GM's alone.
  const names = binding
    .owners(damage[listed.id]!, card)
    .map((uuid) => env.resolve(uuid) as { name?: unknown; hasPlayerOwner?: boolean } | null)
    .filter((a) => a?.hasPlayerOwner !== false)
    .map((a) => a?.name)
    .filter((n): n is string => typeof n === 'string' && n !== '');
  if (!names.length) return env.t({ key: 'PDA.Chat.WhoApplies.gmAlone' });
  return env.t({ key: 'PDA.Chat.WhoApplies.owner', data: { name: names.join(', ') } });
}

export function flowFromExchange<S, V, E>(binding: ExchangeBinding<S, V, E>): CardFlow<S> {
  const machine = ruledMachine(binding);
  return {
    id: binding.id,
    ruleset: binding.ruleset,
    ...(binding.opener ? { opener: binding.opener } : {}),

    actions(card, env): CardAction[] {
      const view = binding.view(card, env);
      return machine.actions(card.step, card.state, view).map((a) => ({
        id: a.id,
        label: hostText(a.label, env),
        owners: a.side === 'gm' ? [] : [...binding.owners(a.side, card)],
        enabled: !a.refused,
        ...(a.refused ? { reason: hostText(a.refused, env) } : {}),
        ...(a.refused?.rule || a.rule ? { rule: a.refused?.rule ?? a.rule } : {}),
        ...(a.style ? { style: a.style } : {}),
      }));
    },

    async perform(card, actionId, env): Promise<FlowResult<S>> {
      const next = await performExchange(binding, card, actionId, env);
      const targets = binding.targets?.(next, card, env);
      return {
        step: next.step,
        state: next.state,
        writes: binding.writes(next.effects, card, env),
        ...(targets ? { targets } : {}),
      };
    },

    context(card, env) {
      const context = binding.context(card, env);
      const who = whoApplies(binding, card, env);
      return who ? { ...context, who } : context;
    },
  };
}
