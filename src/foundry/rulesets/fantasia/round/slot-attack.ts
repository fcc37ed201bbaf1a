import { RulesError } from '../../../../engine/core/errors';
import type { FantasiaRoundState } from '../../../../engine/fantasia/round';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import type { Slot } from '../../../../engine/round/types';
import { startAttack, type StartAttackOptions } from '../cards/start';
import { userTargets, type CardTarget } from '../../../chat';
import { optionsSource } from '../cards/attack-state';
import { notifyError } from '../../../i18n';
import { combatantById, type CombatLike, type CombatantLike } from '../../../combat';
import { fantasiaStateOf } from './chat-round';

/*
 * The tracker's current slot starts its card: a declared melee attack, shot, throw or knock-out
 * (F-U4, pre-set) opens the attack dialog with the declared weapon and target.
 */

/** Slot actions that are attacks and start an attack card. */
export const ATTACK_SLOT_ACTIONS: ReadonlySet<string> = new Set(['melee', 'shoot', 'throw', 'knockout']);

export function startsAttackCard(slot: Slot): boolean {
  return ATTACK_SLOT_ACTIONS.has(slot.action);
}

/** What the current attack slot declared. */
export interface SlotAttack {
  readonly combatantId: string;
  readonly action: string;
  /** Declared weapon; none for an unarmed blow. */
  readonly weaponId?: string;
  readonly targetId?: string;
  /** F-U4: a knock-out is declared at the start of the round. */
  readonly knockOut: boolean;
}

/** The declared attack of the slot `slotId`, when it is the current slot and an attack. */
export function slotAttackOf(state: FantasiaRoundState, slotId: string): SlotAttack | undefined {
  const slot = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  if (!slot || slot.id !== slotId || !startsAttackCard(slot)) return undefined;
  const intent =
    slot.intent !== undefined ? state.declarations[slot.combatantId]?.intents[slot.intent] : undefined;
  const weaponId = intent?.weaponId ?? (slot.detail?.weaponId as string | undefined);
  const targetId = intent?.targetId ?? (slot.detail?.targetId as string | undefined);
  return {
    combatantId: slot.combatantId,
    action: slot.action,
    ...(weaponId ? { weaponId } : {}),
    ...(targetId ? { targetId } : {}),
    knockOut: slot.action === 'knockout',
  };
}

interface EngineActor {
  readonly uuid: string;
  engineView<T>(): T;
}

type SlotCombatant = CombatantLike & { readonly token?: { readonly uuid?: string } | null };

/**
 * The foes an attack slot's dialog offers, and which start ticked: the declared foe first (F-R5:
 * under the rough reading the others of the fight are offered too, unticked), else the T targets,
 * else a choice among the foes. The sheet and a macro use it too while the fighter's slot is
 * current (fantasia/attack-hook.ts).
 */
export function slotAttackTargets(
  combat: CombatLike,
  state: FantasiaRoundState,
  attack: SlotAttack,
): { targets: CardTarget[]; checked: string[] } {
  const targetOf = (c: SlotCombatant | undefined): CardTarget | undefined => {
    const a = c?.actor as unknown as EngineActor | null | undefined;
    return c && a ? { actorUuid: a.uuid, tokenUuid: c.token?.uuid ?? '', name: c.name ?? '' } : undefined;
  };
  // A declared foe already out of the fight is no longer one: the rule goes on to T.
  const declared = targetOf(
    attack.targetId && !state.out.includes(attack.targetId)
      ? combatantById<SlotCombatant>(combat, attack.targetId)
      : undefined,
  );
  // F-R5 ruling: by default the foe may change (any other fighter still in the fight is
  // offered, the declared one ticked); with "action and target bind" only the declared foe.
  const rough = optionsSource().declarationBinds === 'action';
  const others: CardTarget[] = [];
  const otherIds: string[] = [];
  for (const c of combat.combatants as Iterable<SlotCombatant>) {
    if (!c.id || c.id === attack.combatantId || c.id === attack.targetId || state.out.includes(c.id))
      continue;
    // A fighter the GM hides from players is not offered to them.
    if (c.hidden && !game.user?.isGM) continue;
    const other = targetOf(c);
    if (other) {
      others.push(other);
      otherIds.push(c.id);
    }
  }
  const inFight = (list: readonly CardTarget[]) =>
    userTargets().filter((u) => list.some((x) => x.actorUuid === u.actorUuid));
  let targets: CardTarget[];
  let checked: string[];
  if (declared) {
    targets = rough ? [declared, ...others] : [declared];
    // Issue 46, one targeting rule: the declared foe comes first, whatever T says; under the
    // rough reading the dialog still offers the others to tick instead.
    checked = [declared.actorUuid];
  } else {
    // Issue 46, one targeting rule: no declared foe, the T target; else a choice among the
    // foes (the other side's fighters still in the fight), the only one ticked.
    const aimed = inFight(others);
    const side = state.combatants[attack.combatantId]?.side;
    const foes = others.filter((_, i) => state.combatants[otherIds[i] ?? '']?.side !== side);
    targets = aimed.length ? others : foes.length ? foes : others;
    checked = (aimed.length ? aimed : targets.length === 1 ? targets : []).map((x) => x.actorUuid);
  }
  return { targets, checked };
}

/**
 * Starts the card of the current attack slot for its combatant (the owner or the GM clicks).
 * An attack declared without a weapon is a Bagarre blow. Extra options (tests, macros) override.
 * Refusals are shown as warnings and post nothing.
 */
export async function startSlotAttack(
  combat: CombatLike,
  slotId: string,
  options: StartAttackOptions = {},
): Promise<ChatMessage[]> {
  try {
    const state = fantasiaStateOf(combat);
    if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
    const attack = slotAttackOf(state, slotId);
    if (!attack) throw new RulesError('PDA.Error.Round.NotAttackSlot');
    const combatant = combatantById<SlotCombatant>(combat, attack.combatantId);
    const actor = combatant?.actor as unknown as EngineActor | null | undefined;
    if (!combatant || !actor) throw new RulesError('PDA.Error.UnknownCombatant', { id: attack.combatantId });
    const view = actor.engineView<FantasiaCombatant>();
    const weaponId = attack.weaponId ?? view.weapons?.find((w) => w.skill === 'bagarre')?.id;
    if (!weaponId) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: '—' });
    const { targets, checked } = slotAttackTargets(combat, state, attack);
    return await startAttack(actor as unknown as Actor, weaponId, {
      targets,
      checked,
      combatId: combat.id ?? '',
      knockOut: attack.knockOut,
      ...options,
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
