import type { CombatLike } from './adapter';
import type { CombatantRoundModel, CombatRoundModel } from './models';
import { sendRoundCommand } from './service';
import type { CoreAdvance } from './types';
import { isActiveGM } from '../active-gm';
import { hasRecord, record, recorded } from '../security';

export type { CoreAdvance } from './types';

/*
 * The round and turn each combat had after a GM last wrote them: in the GM's record
 * (security/gm-record.ts), which survives a reload of the GM's page, so a player's write made
 * while the GM was away is written back at the next `ready`.
 */
type Kept = { round: number; turn: number | null };
const keyOf = (id: string): string => `Combat|${id}|turn`;
const gmWritten = {
  get: (id: string): Kept | undefined => recorded(keyOf(id)) as Kept | undefined,
  set: (id: string, kept: Kept): void => record(keyOf(id), kept),
};

/** True when the server-attested writer is a player (a user who is not a GM). */
function isPlayer(userId: unknown): boolean {
  const writer = game.users?.get(String(userId)) as { isGM?: boolean } | undefined;
  return Boolean(writer && !writer.isGM);
}

/**
 * At `ready`, on a GM's client: every combat's round and turn checked against the GM's record.
 * The active GM writes back what a player changed while it was away; a combat the record does not
 * hold yet is recorded as loaded.
 */
export function rememberCombatTurns(): void {
  if (!game.user?.isGM) return;
  for (const combat of game.combats ?? []) {
    if (!combat.id) continue;
    const kept = hasRecord(keyOf(combat.id)) ? gmWritten.get(combat.id) : undefined;
    const now = { round: combat.round, turn: combat.turn ?? null };
    if (!kept) gmWritten.set(combat.id, now);
    else if ((kept.round !== now.round || kept.turn !== now.turn) && isActiveGM())
      void combat.update({ round: kept.round, turn: kept.turn }).catch((e: unknown) => console.error(e));
  }
}

/**
 * The system's Combat: Foundry's turn methods drive the round engine instead of a flat turn list.
 * Turn = slot, so the core keybindings and the token turn marker follow the passes.
 *
 * The engine decides round, turn and the round data; core's own startCombat / nextRound /
 * nextTurn then write them (coreAdvance), so core still fires `combatStart`, `combatRound` and
 * `combatTurn`, advances the world time and runs its turn events, which modules (effect durations,
 * timers) rely on. The engine's values are merged into core's update in `_preUpdate`.
 */
export class PasseDArmesCombat extends foundry.documents.Combat {
  /** Every Combat of the system holds the round engine's data (combat/models.ts). */
  declare system: CombatRoundModel;

  /** The engine's update waiting for core's method to write it; set only inside coreAdvance. */
  #pending: Record<string, unknown> | null = null;

  private get like(): CombatLike {
    return this;
  }

  /**
   * Core's turn order (`turns`, hence `combatant` and the turn marker) is the engine's initiative
   * order while a round is stored: `turn` is written as a place in that order (store.ts), so it
   * must not depend on how core breaks initiative ties, nor on an initiative a GM cleared or edited
   * from core's context menu mid-round. Combatants outside the order (joined mid-round) come last,
   * in core's order; without a round, core's order.
   *
   * Core's `setupTurns` hands this method to `Array#sort` as an unbound reference: `this` is
   * undefined here, so the round is read from the combatants' own Combat (`parent`), and core's
   * comparator is called as core calls it (it reads no `this` either).
   */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const combat = (a.parent ?? b.parent) as { system?: unknown } | null;
    const system = (combat?.system ?? {}) as { step?: string; order?: readonly { combatantId?: unknown }[] };
    const order = system.step ? (system.order ?? []) : [];
    if (order.length) {
      const rank = (c: Combatant.Implementation): number => {
        const i = order.findIndex((e) => e.combatantId === c.id);
        return i < 0 ? order.length : i;
      };
      const d = rank(a) - rank(b);
      if (d) return d;
    }
    return super._sortCombatants(a, b);
  }

  /**
   * A new engine order re-sorts the turns at once: whether core re-runs `setupTurns` after a
   * change of `system` alone is not documented, so the order `turn` is written against is made
   * current here on every client.
   */
  override _onUpdate(...args: Parameters<foundry.documents.Combat['_onUpdate']>): void {
    super._onUpdate(...args);
    const [changed, , userId] = args;
    const system = (changed as { system?: { order?: unknown } }).system;
    if (system?.order !== undefined && typeof this.setupTurns === 'function') this.setupTurns();
    const moved = 'round' in (changed as object) || 'turn' in (changed as object);
    if (!moved || !this.id) return;
    if (!isPlayer(userId)) {
      gmWritten.set(this.id, { round: this.round, turn: this.turn ?? null });
      return;
    }
    // Round and turn are the GM's (docs/trust.md): a player's change that reached the server
    // anyway (a client that skipped `_preUpdate`) is written back by the active GM.
    const kept = gmWritten.get(this.id);
    if (!kept || !isActiveGM()) return;
    if (kept.round !== this.round || kept.turn !== (this.turn ?? null))
      void this.update({ round: kept.round, turn: kept.turn }).catch((e: unknown) => console.error(e));
  }

  /** True once the round engine holds a round. */
  get roundStarted(): boolean {
    return Boolean((this.system as { step?: string }).step);
  }

  /**
   * Writes the engine's update through core's method for that move (store.ts calls it on the GM's
   * client). Core computes its own round and turn and fires its hook; ours win in `_preUpdate`.
   */
  async coreAdvance(kind: CoreAdvance, update: Record<string, unknown>): Promise<void> {
    this.#pending = update;
    try {
      if (kind === 'start') await super.startCombat();
      else if (kind === 'round') await super.nextRound();
      else await super.nextTurn();
    } catch (error) {
      console.error(error);
    }
    // Core declined or failed to write: the round must still be stored, so write it directly.
    const left = this.#pending;
    this.#pending = null;
    if (left) await this.update(left);
  }

  override async _preUpdate(
    ...args: Parameters<foundry.documents.Combat['_preUpdate']>
  ): ReturnType<foundry.documents.Combat['_preUpdate']> {
    const [changed, , user] = args;
    // Round and turn are the GM's: a player moves them only through round commands (requests).
    const c = changed as Record<string, unknown>;
    const writer = typeof user === 'string' ? game.users?.get(user) : user;
    const byPlayer = !(writer as { isGM?: boolean } | undefined)?.isGM;
    if (!this.#pending && byPlayer && ('round' in c || 'turn' in c)) return false;
    if (this.#pending) {
      // Round, turn and the whole round data: the engine's values replace core's.
      Object.assign(changed as object, this.#pending);
      this.#pending = null;
    }
    return super._preUpdate(...args);
  }

  override async startCombat(): Promise<this> {
    if (this.#pending) return super.startCombat();
    await sendRoundCommand(this.like, { kind: 'start' });
    return this;
  }

  override async nextTurn(): Promise<this> {
    if (this.#pending) return super.nextTurn();
    const system = this.system as unknown as { slotIndex: number; slots: { id: string }[] };
    const slot = system.slots[system.slotIndex];
    // A player's "end turn" ends their own slot; the GM moves the schedule on.
    if (!game.user?.isGM && slot) await sendRoundCommand(this.like, { kind: 'endSlot', slotId: slot.id });
    else await sendRoundCommand(this.like, { kind: 'nextSlot' });
    return this;
  }

  override async previousTurn(): Promise<this> {
    await sendRoundCommand(this.like, { kind: 'previousSlot' });
    return this;
  }

  override async nextRound(): Promise<this> {
    // Core's nextTurn may move on to the next round itself while writing a turn.
    if (this.#pending) return super.nextRound();
    await sendRoundCommand(this.like, { kind: 'nextRound' });
    return this;
  }

  /** Rounds are not replayed backwards: the GM edits declarations or readiness instead. */
  override async previousRound(): Promise<this> {
    ui.notifications?.warn(game.i18n?.localize('PDA.Error.NoPreviousRound') ?? '');
    return this;
  }

  /** Initiative comes from the ruleset at each round (F-R2..F-R4), never from a typed formula. */
  override async rollInitiative(): Promise<this> {
    ui.notifications?.info(game.i18n?.localize('PDA.Combat.InitiativeAutomatic') ?? '');
    return this;
  }

  override async rollAll(): Promise<this> {
    return this.rollInitiative();
  }

  override async rollNPC(): Promise<this> {
    return this.rollInitiative();
  }

  /** Resetting the encounter clears the round as well, and the fight's thrust memory (F-B5). */
  override async resetAll(): Promise<this> {
    if (this.roundStarted) await sendRoundCommand(this.like, { kind: 'end' });
    await this.update({
      round: 0,
      turn: null,
      system: {
        rules: '',
        step: '',
        pass: null,
        slotIndex: -1,
        slots: [],
        order: [],
        out: [],
        thrustMemory: [],
      },
    });
    return this;
  }
}

/**
 * The system's Combatant: a defeated combatant leaves the round (removed from later slots),
 * whoever marked it (the GM, or a player on their own combatant, which core allows): the active
 * GM's client, which sees every update, sends the drop. Clearing the mark (revived) brings it back
 * from the next round on.
 */
export class PasseDArmesCombatant extends foundry.documents.Combatant {
  /** Every Combatant of the system has the round's legacy fields (combat/models.ts). */
  declare system: CombatantRoundModel;

  override _onUpdate(...args: Parameters<foundry.documents.Combatant['_onUpdate']>): void {
    super._onUpdate(...args);
    const [changed] = args;
    const combat = this.parent as PasseDArmesCombat | null;
    if (!combat || !isActiveGM()) return;
    // Only its owner or a GM drops a combatant, and only a GM revives one: any player may write any
    // Combatant's `defeated` under the stricter reading (test/harness/FAKE.md).
    const [, , userId] = args;
    const writer = game.users?.get(String(userId)) as User | undefined;
    const mayChange = Boolean(writer?.isGM || (writer && this.testUserPermission(writer, 'OWNER')));
    const defeated = (changed as { defeated?: boolean }).defeated;
    if (!mayChange || !combat.roundStarted || !this.id) return;
    if (defeated === true) void sendRoundCommand(combat, { kind: 'drop', combatantId: this.id });
    // Revived: back in the fight from the next round on.
    else if (defeated === false && writer?.isGM && combat.system.out.includes(this.id))
      void sendRoundCommand(combat, { kind: 'restore', combatantId: this.id });
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    Combat: typeof PasseDArmesCombat;
    Combatant: typeof PasseDArmesCombatant;
  }
}
