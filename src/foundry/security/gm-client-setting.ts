import { SYSTEM_ID } from '../constants';

/*
 * A JSON object kept in a client-scoped setting, which Foundry stores in that browser's
 * localStorage (API `ClientSettings`, scope "client"): what only the GM's own client may hold
 * and must keep across a reload of the GM's page (the GMs' vault, combat/vault.ts; the GM's
 * record of binding facts, gm-record.ts). Every client registers it; only a GM's writes to it.
 */

/** The settings kept this way. */
export type GmClientSetting = 'gmRecord' | 'secretVault';

declare global {
  interface SettingConfig {
    'passe-d-armes.gmRecord': string;
    'passe-d-armes.secretVault': string;
  }
}

/** Registers the setting (every client, at `init`). */
export function registerGmClientSetting(key: GmClientSetting): void {
  game.settings?.register(SYSTEM_ID, key, { scope: 'client', config: false, type: String, default: '{}' });
}

/** The stored object, or `{}` when the setting is unset, unreadable or not a JSON object. */
export function readGmClientSetting(key: GmClientSetting): Record<string, unknown> {
  let text: unknown;
  try {
    text = game.settings?.get(SYSTEM_ID, key);
    const value: unknown = typeof text === 'string' && text ? JSON.parse(text) : {};
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
