import { SYSTEM_ID } from '../constants';
import { readGmClientSetting, registerGmClientSetting, type GmClientSetting } from '../security';

/*
 * The GMs' vault of a combat's secrets (docs/trust.md, "A PNJ's secret intent"): what the Combat,
 * which every client receives, must not hold (a Fantasia PNJ's exact declaration, F-R5; a
 * Greyhawk round's sealed d10 until the declarations close).
 *
 * No document or message is safe for it: every client receives every document (a whispered
 * message that carries rolls is on every player's client, and where no public source says the
 * server withholds a whisper, the stricter reading is kept: issue 39). So the vault lives on the
 * GM's own client only: in memory, and in a client-scoped setting, which Foundry keeps in that
 * browser's localStorage (API `ClientSettings`, scope "client"), so a reload of the GM's page
 * keeps it. It is written by the client that runs the round's commands (the active GM's) and read
 * there; another GM's client, or a player's, reads nothing from it.
 */

export const SECRET_SETTING = 'secretVault' satisfies GmClientSetting;

/** Combat id → `{ key: JSON }`, as this client last wrote or loaded it. */
let cache: Record<string, Record<string, string>> | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored vault, each combat's entry kept only when it maps keys to strings. */
function load(): Record<string, Record<string, string>> {
  if (cache) return cache;
  const out: Record<string, Record<string, string>> = {};
  for (const [combatId, secrets] of Object.entries(readGmClientSetting(SECRET_SETTING))) {
    if (!isRecord(secrets)) continue;
    out[combatId] = Object.fromEntries(
      Object.entries(secrets).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  cache = out;
  return cache;
}

/** Registers the vault's client setting (every client, at `init`; only a GM's ever holds data). */
export function registerVaultSetting(): void {
  cache = null;
  registerGmClientSetting(SECRET_SETTING);
}

/** A secret of the combat, on the GM client that holds the vault; else undefined. */
export function readSecret(combat: { readonly id?: string | null }, key: string): string | undefined {
  if (!game.user?.isGM) return undefined;
  const map = load()[combat.id ?? ''];
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}

/**
 * Replaces the combat's secrets (GM side). Vaults of combats that no longer exist are dropped
 * on the way, so the store holds only the fights in progress.
 */
export async function writeSecrets(
  combat: { readonly id?: string | null },
  secrets: Readonly<Record<string, string>>,
): Promise<void> {
  if (!game.user?.isGM) return;
  const combatId = combat.id ?? '';
  const all = { ...load() };
  const before = JSON.stringify(all[combatId] ?? {});
  if (Object.keys(secrets).length) all[combatId] = { ...secrets };
  else delete all[combatId];
  let pruned = false;
  for (const id of Object.keys(all)) {
    if (id !== combatId && game.combats && !game.combats.get(id)) {
      delete all[id];
      pruned = true;
    }
  }
  if (!pruned && JSON.stringify(all[combatId] ?? {}) === before) return;
  cache = all;
  await game.settings?.set(SYSTEM_ID, SECRET_SETTING, JSON.stringify(all));
}
