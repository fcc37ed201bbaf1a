import type { FantasiaDeclaration } from '../../../../engine/fantasia/round';
import type { RoundCombatant } from '../../../../engine/round/types';
import { gmIds } from '../../../compat';
import { SYSTEM_ID } from '../../../constants';
import { t } from '../../../i18n';
import type { CombatLike } from '../../../combat/adapter';
import type { DeclarationVault } from '../../../combat/store';

/*
 * F-R5: a PNJ's exact declaration is the GM's secret. Combatant documents reach every client, so
 * a PNJ's Combatant holds only a stand-in (its public text), and the exact declarations of the
 * combat's PNJ live in one chat message whispered to the GMs and written by a GM: Foundry's
 * server sends a whispered message only to its author and recipients, so no player's client
 * receives it. A GM's client reads them back when it reads the round; the tracker and the round
 * engine there see everything, the players' trackers the public text only. The message is not
 * shown in the chat log (chat/hooks.ts hides messages flagged `hidden`).
 */

export const SECRET_FLAG = 'secretDeclarations';

interface SecretMessage {
  readonly id: string | null;
  readonly author?: { isGM?: boolean } | null;
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
  update(data: Record<string, unknown>): Promise<unknown>;
}

interface Stored {
  readonly combatId: string;
  /** JSON of `{ combatantId: declaration JSON }`: one string, replaced whole on every write. */
  readonly declarations: string;
}

function storedOf(message: SecretMessage): Stored | undefined {
  const raw = message.flags?.[SYSTEM_ID]?.[SECRET_FLAG] as Partial<Stored> | undefined;
  if (typeof raw?.combatId !== 'string' || typeof raw.declarations !== 'string') return undefined;
  return raw as Stored;
}

/** The GM-written message holding a combat's secrets (a player-made look-alike is ignored). */
function messageOf(combatId: string): SecretMessage | undefined {
  const all = (game.messages?.contents ?? []) as unknown as SecretMessage[];
  return all.find((m) => m.author?.isGM === true && storedOf(m)?.combatId === combatId);
}

function parse(text: string | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

interface Owned {
  readonly actor?: { readonly hasPlayerOwner?: boolean } | null;
}

export const fantasiaDeclarationVault: DeclarationVault = {
  read(combat, combatantId) {
    const stored = messageOf(combat.id ?? '');
    const map = parse(stored ? storedOf(stored)?.declarations : undefined);
    return Object.hasOwn(map, combatantId) ? map[combatantId] : undefined;
  },
  conceal(combat: CombatLike, combatant: RoundCombatant, declaration: unknown) {
    if (combatant.side !== 'npc') return undefined;
    const doc = [...combat.combatants].find((c) => c.id === combatant.id) as Owned | undefined;
    // A PNJ played by a player: its owner declares it and sees it (F-R5 hides it from the others).
    if (doc?.actor?.hasPlayerOwner) return undefined;
    const publicText = (declaration as Partial<FantasiaDeclaration>).publicText;
    return { intents: [{ kind: 'other' }], ...(publicText ? { publicText } : {}) };
  },
  async write(combat, secrets) {
    if (!game.user?.isGM) return;
    const combatId = combat.id ?? '';
    const declarations = JSON.stringify(secrets);
    const existing = messageOf(combatId);
    if (existing) {
      if (storedOf(existing)?.declarations === declarations) return;
      await existing.update({ [`flags.${SYSTEM_ID}.${SECRET_FLAG}.declarations`]: declarations });
      return;
    }
    if (Object.keys(secrets).length === 0) return;
    const stored: Stored = { combatId, declarations };
    await CONFIG.ChatMessage.documentClass.create({
      content: `<p>${foundry.utils.escapeHTML(t('PDA.Combat.SecretDeclarations'))}</p>`,
      whisper: gmIds(),
      flags: { [SYSTEM_ID]: { [SECRET_FLAG]: stored, hidden: true } },
    } as unknown as ChatMessage.CreateData);
  },
};
