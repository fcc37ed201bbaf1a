import { gmIds } from '../compat';
import { SYSTEM_ID } from '../constants';
import { t } from '../i18n';
import { gmTask } from '../security';
import type { CombatLike } from './adapter';
import { isActiveGM } from '../active-gm';

/*
 * The GMs' vault of a combat's secrets (docs/trust.md, "A PNJ's secret intent"): one chat
 * message per combat, whispered to the GMs, written by a GM and flagged hidden so the chat log
 * does not show it. Foundry's server sends a whispered message only to its author and
 * recipients, so no player's client receives it; a GM's client reads it back whenever it reads
 * the round. Rulesets keep there what the Combat, which every client receives, must not hold: a
 * Fantasia PNJ's exact declaration (F-R5), a Greyhawk round's sealed d10 until the declarations
 * close. A look-alike message written by a player is ignored (its author is not a GM).
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
  /** JSON of `{ key: JSON }`: one string, replaced whole on every write. */
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

/** A secret of the combat, on a client allowed to read the vault; else undefined. */
export function readSecret(combat: CombatLike, key: string): string | undefined {
  const stored = messageOf(combat.id ?? '');
  const map = parse(stored ? storedOf(stored)?.declarations : undefined);
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Replaces the combat's secrets (GM side); creates the message when there is something to keep. */
export async function writeSecrets(
  combat: CombatLike,
  secrets: Readonly<Record<string, string>>,
): Promise<void> {
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
}

/**
 * Core's *Clear chat log* deletes every message, the vault included, mid-combat. The active GM's
 * client, which held the deleted vault, re-creates it from that copy while its combat exists (in
 * the GM-side queue, unless a round command already wrote a new one), and redraws the tracker.
 */
function keepVault(message: SecretMessage & { content?: string }): void {
  if (!isActiveGM() || message.author?.isGM !== true) return;
  const stored = storedOf(message);
  if (!stored || !game.combats?.get(stored.combatId)) return;
  void gmTask(async () => {
    if (messageOf(stored.combatId) || !game.combats?.get(stored.combatId)) return;
    await CONFIG.ChatMessage.documentClass.create({
      content: `<p>${foundry.utils.escapeHTML(t('PDA.Combat.SecretDeclarations'))}</p>`,
      whisper: gmIds(),
      flags: { [SYSTEM_ID]: { [SECRET_FLAG]: { ...stored }, hidden: true } },
    } as unknown as ChatMessage.CreateData);
    void ui.combat?.render();
  }).catch((error: unknown) => console.error(error));
}

/** Wires the vault's keeper (every client, at `init`; it acts on the active GM's only). */
export function registerVaultKeeper(): void {
  Hooks.on('deleteChatMessage', (message: SecretMessage) => keepVault(message));
}
