import { RulesError } from '../../engine/core/errors';
import { SYSTEM_ID } from '../constants';
import { notifyError } from '../i18n';
import { requesterFor, type CombatLike } from './adapter';
import { adapterOf, sendRoundCommand } from './service';
import { readRoundState } from './store';

/**
 * Keybindings (Configure Controls): "J'ai fini" ends the current slot of one's own fighter, as its
 * button on the tracker row does; the GM's "Action suivante" moves to the next slot. Both go
 * through the same round commands as the tracker's buttons, so the GM's client checks them again.
 */
export function registerRoundKeybindings(): void {
  const keybindings = (game as { keybindings?: ClientKeybindings }).keybindings;
  if (!keybindings) return;
  // Core's modifier names ("Shift"), read from the keyboard manager as the API documents them.
  const shift = foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS.SHIFT;
  keybindings.register(SYSTEM_ID, 'endSlot', {
    name: 'PDA.Keybinding.EndSlot.Name',
    hint: 'PDA.Keybinding.EndSlot.Hint',
    editable: [{ key: 'KeyJ', modifiers: [shift] }],
    onDown: () => {
      void endOwnSlot();
      return true;
    },
  });
  keybindings.register(SYSTEM_ID, 'nextSlot', {
    name: 'PDA.Keybinding.NextSlot.Name',
    hint: 'PDA.Keybinding.NextSlot.Hint',
    editable: [{ key: 'KeyN', modifiers: [shift] }],
    restricted: true,
    onDown: () => {
      const combat = activeCombat();
      if (combat) void sendRoundCommand(combat, { kind: 'nextSlot' });
      return true;
    },
  });
}

/** Ends the current slot when it is this user's fighter's (any slot for a GM); says why not. */
async function endOwnSlot(): Promise<void> {
  try {
    const combat = activeCombat();
    const state = combat ? readRoundState(adapterOf(combat), combat) : null;
    const slot = state && state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
    if (!combat || !slot) throw new RulesError('PDA.Error.Keybinding.NoSlot');
    const who = requesterFor(combat, game.user);
    if (!who.gm && !who.owns.includes(slot.combatantId))
      throw new RulesError('PDA.Error.Keybinding.NotYourSlot', {
        name: state?.combatants[slot.combatantId]?.name ?? '',
      });
    await sendRoundCommand(combat, { kind: 'endSlot', slotId: slot.id });
  } catch (error) {
    notifyError(error);
  }
}

/** The combat of the current scene, as the tracker shows it. */
function activeCombat(): CombatLike | null {
  return game.combat as unknown as CombatLike | null;
}
