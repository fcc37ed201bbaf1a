import { RulesError } from '../../engine/core/errors';
import {
  amendDeclaration,
  declare,
  dropCombatant,
  endCombat,
  endSlot,
  nextPass,
  nextRound,
  nextSlot,
  previousSlot,
  startPasses,
  startRound,
} from '../../engine/round/engine';
import { GM, type Requester, type RoundCombatant, type RoundState } from '../../engine/round/types';
import type { DieRoller } from '../dice';
import { notifyError } from '../i18n';
import { gmIds } from '../compat';
import { registerQuery, askGM, type QueryPayload } from '../queries';
import { bool, id, json, optional, tagged, token, gmTask, serialise } from '../security';
import { activeRulesetId } from '../active-ruleset';
import { requesterFor, roundAdapterFor, type AnyRoundAdapter, type CombatLike } from './adapter';
import { applyTransition, orderSealed, readRoundState, snapshots } from './store';
import { finishRoundJournal } from './round-writes';
import { isActiveGM } from '../active-gm';

/**
 * Round commands, run by the GM's client: the tracker's buttons, the Combat document's turn
 * methods and players' queries all end here. The requester is rebuilt from the Foundry user, and
 * the engine re-validates everything (ownership, step, rules) before the documents change.
 */
export type RoundCommand =
  | { readonly kind: 'start' }
  | { readonly kind: 'declare'; readonly combatantId: string; readonly declaration: unknown }
  | { readonly kind: 'amend'; readonly combatantId: string; readonly declaration: unknown }
  | { readonly kind: 'startPasses'; readonly force?: boolean }
  | { readonly kind: 'nextSlot' }
  | { readonly kind: 'previousSlot' }
  | { readonly kind: 'nextPass' }
  | { readonly kind: 'endSlot'; readonly slotId: string }
  | { readonly kind: 'nextRound'; readonly force?: boolean }
  | { readonly kind: 'drop'; readonly combatantId: string }
  | {
      readonly kind: 'weaponFired';
      readonly combatantId: string;
      readonly weaponId: string;
    }
  | { readonly kind: 'end' };

export const ROUND_QUERY = 'round.command';

/**
 * A declaration as a player may send it: bounded JSON (every `…Id` an id), which the ruleset's
 * parser (RoundAdapter.parseDeclaration) then checks field by field, distances and counts
 * included.
 */
export const DECLARATION_DATA = json({ depth: 4, entries: 16, length: 500 });

/** Every round command, field by field; any other kind or field is refused. */
const ROUND_COMMAND_SHAPES = {
  start: {},
  declare: { combatantId: id(), declaration: DECLARATION_DATA },
  amend: { combatantId: id(), declaration: DECLARATION_DATA },
  startPasses: { force: optional(bool()) },
  nextSlot: {},
  previousSlot: {},
  nextPass: {},
  endSlot: { slotId: token(/^\d{1,6}\.\d{1,6}$/) },
  nextRound: { force: optional(bool()) },
  drop: { combatantId: id() },
  weaponFired: { combatantId: id(), weaponId: id() },
  end: {},
};
export const ROUND_COMMAND = tagged('kind', ROUND_COMMAND_SHAPES);
const COMMAND_KINDS = new Set<string>(Object.keys(ROUND_COMMAND_SHAPES));

/** An unknown kind is a BadCommand; a known one with a bad field a BadPayload. */
function checkCommand(value: unknown, path: string): RoundCommand {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !COMMAND_KINDS.has(kind))
    throw new RulesError('PDA.Error.Round.BadCommand');
  return ROUND_COMMAND(value, path) as RoundCommand;
}

export const ROUND_QUERY_SHAPE = { combatId: id(), command: checkCommand };

/** The round adapter for a combat: the ruleset it started with, else the world's ruleset. */
export function adapterOf(combat: CombatLike): AnyRoundAdapter {
  const id = combat.system.rules || activeRulesetId();
  const adapter = roundAdapterFor(id);
  if (!adapter) throw new RulesError('PDA.Error.NoRoundRules', { rules: id });
  return adapter;
}

type State = RoundState<RoundCombatant, unknown, unknown>;

function live(state: State | null): State {
  if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
  return state;
}

/** Runs one command on the stored round (GM side) and writes the result. */
export async function runRoundCommand(
  combat: CombatLike,
  by: Requester,
  command: RoundCommand,
  roller?: DieRoller,
): Promise<State> {
  const adapter = adapterOf(combat);
  const rules = adapter.rules;
  const step = (before: State | null, dice: Parameters<typeof startRound>[2]): State => {
    switch (command.kind) {
      case 'start':
        if (!by.gm) throw new RulesError('PDA.Error.NotGM');
        if (before) throw new RulesError('PDA.Error.CombatStarted');
        return startRound(rules, snapshots(adapter, combat), dice);
      case 'declare':
        return declare(
          rules,
          live(before),
          command.combatantId,
          adapter.parseDeclaration(command.declaration),
          by,
        );
      case 'amend':
        return amendDeclaration(
          rules,
          live(before),
          command.combatantId,
          adapter.parseDeclaration(command.declaration),
          by,
        );
      case 'startPasses':
        return startPasses(rules, live(before), { by, force: command.force === true });
      case 'nextSlot':
        return nextSlot(rules, live(before), by);
      case 'previousSlot':
        return previousSlot(rules, live(before), by);
      case 'nextPass':
        return nextPass(rules, live(before), by);
      case 'endSlot':
        return endSlot(rules, live(before), command.slotId, by);
      case 'nextRound':
        return nextRound(rules, live(before), dice, {
          by,
          force: command.force === true,
          combatants: snapshots(adapter, combat),
        });
      case 'weaponFired':
        if (!adapter.weaponFired) throw new RulesError('PDA.Error.Round.BadCommand');
        return adapter.weaponFired(live(before), String(command.combatantId), String(command.weaponId), by);
      case 'drop':
        return dropCombatant(rules, live(before), command.combatantId, by);
      case 'end':
        return endCombat(live(before), by);
    }
  };
  // One command at a time per combat on the GM's client: a player's declaration and the GM's
  // forced start of the passes never read the same round and overwrite each other.
  return serialise(`combat.${combat.id ?? ''}`, async () => {
    const key = JSON.stringify({ command, by });
    // A command cut off midway is finished first; sent again, it only finishes (round-writes.ts).
    if ((await finishRoundJournal(combat)) === key) return live(readRoundState(adapter, combat));
    const { state, rolls } = await applyTransition(adapter, combat, step, roller, key);
    // A sealed order's dice stay in the vault: a whispered message with rolls reaches every
    // client (players see "… rolled privately"), so none is posted while the order is sealed;
    // the GM's tracker shows the dice (issue 39).
    if (rolls.length && !orderSealed(state)) await postInitiativeRolls(adapter.rules.id, state, rolls);
    if (command.kind === 'nextRound' && adapter.roundStarted) await adapter.roundStarted(combat, state);
    if (adapter.afterCommand) await adapter.afterCommand(combat, state);
    return state;
  });
}

/**
 * The round's dice rolled with Foundry dice (Fantasia's tie-breaks F-R3 and reloads F-W6,
 * Greyhawk's initiative d10s, Souffle's initiative) go to chat, each ruleset naming its own dice,
 * whispered to the GMs: the tracker already shows every player the order and the reloads they decide, so a
 * public message every round is noise (docs/rulings.md, "Chat: what the table reads").
 */
async function postInitiativeRolls(rulesId: string, state: State, rolls: Roll[]): Promise<void> {
  const ChatMessageClass = CONFIG.ChatMessage.documentClass as unknown as {
    create(data: Record<string, unknown>): Promise<unknown>;
  };
  const lines = state.order
    .filter((e) => e.tieBreak.length)
    .map(
      (e) =>
        game.i18n?.format('PDA.Combat.RollsLine', {
          name: state.combatants[e.combatantId]?.name ?? e.combatantId,
          rolls: e.tieBreak.join(', '),
        }) ?? '',
    );
  await ChatMessageClass.create({
    content: `<p>${foundry.utils.escapeHTML(game.i18n?.format(`PDA.Combat.RollsChat.${rulesId}`, { round: String(state.round) }) ?? '')}</p>${lines.map((l) => `<p>${foundry.utils.escapeHTML(l)}</p>`).join('')}`,
    rolls,
    whisper: gmIds(),
  });
}

interface RoundQueryPayload extends QueryPayload {
  combatId: string;
  command: RoundCommand;
}

/** GM-side handler of players' round commands. */
export async function handleRoundQuery(
  payload: RoundQueryPayload,
  user: User.Implementation,
): Promise<boolean> {
  const combat = game.combats?.get(payload.combatId) as unknown as CombatLike | undefined;
  if (!combat) throw new RulesError('PDA.Error.UnknownCombat');
  // Also checked here: the handler is exported and may be called without the query wrapper.
  await runRoundCommand(combat, requesterFor(combat, user), checkCommand(payload.command, 'command'));
  return true;
}

export function registerRoundQueries(): void {
  registerQuery(ROUND_QUERY, ROUND_QUERY_SHAPE, handleRoundQuery);
}

/** From any client: the GM runs it directly, a player asks the GM (refusals are shown). */
export async function sendRoundCommand(combat: CombatLike, command: RoundCommand): Promise<boolean> {
  // The active GM decides; another GM's command travels as a request, like a player's.
  if (isActiveGM()) {
    try {
      // The GM's own command waits for the GM-side work before it, as a request does.
      await gmTask(() => runRoundCommand(combat, GM, command));
      return true;
    } catch (error) {
      return notifyError(error);
    }
  }
  const result = await askGM<boolean>(ROUND_QUERY, { combatId: combat.id, command });
  return result.ok;
}
