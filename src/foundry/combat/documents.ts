import type { CombatLike } from './adapter';
import { sendRoundCommand } from './service';

/**
 * The system's Combat: Foundry's turn methods drive the round engine instead of a flat turn list.
 * Turn = slot, so the core keybindings and the token turn marker follow the passes.
 */
export class PassedArmesCombat extends foundry.documents.Combat {
  private get like(): CombatLike {
    return this as unknown as CombatLike;
  }

  /** True once the round engine holds a round. */
  get roundStarted(): boolean {
    return Boolean((this.system as { step?: string }).step);
  }

  override async startCombat(): Promise<this> {
    await sendRoundCommand(this.like, { kind: 'start' });
    return this;
  }

  override async nextTurn(): Promise<this> {
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
    } as never);
    return this;
  }
}

/** The system's Combatant: a defeated combatant leaves the round (removed from later slots). */
export class PassedArmesCombatant extends foundry.documents.Combatant {
  override _onUpdate(...args: Parameters<foundry.documents.Combatant['_onUpdate']>): void {
    super._onUpdate(...args);
    const [changed, , userId] = args;
    const combat = this.parent as PassedArmesCombat | null;
    if (!combat || userId !== game.user?.id || !game.user?.isGM) return;
    if ((changed as { defeated?: boolean }).defeated === true && combat.roundStarted && this.id) {
      void sendRoundCommand(combat as unknown as CombatLike, { kind: 'drop', combatantId: this.id });
    }
  }
}
