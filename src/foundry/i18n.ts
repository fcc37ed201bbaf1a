import { isRulesError } from '../engine/core/errors';

/** Localizes a key with optional data. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n?.localize(key) ?? key;
  const stringData: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) stringData[k] = String(v);
  return game.i18n?.format(key, stringData) ?? key;
}

/** The localized message of an error: a RulesError's key and data, else a generic message. */
export function errorMessage(error: unknown): string {
  if (isRulesError(error)) return t(error.key, { ...error.data });
  return t('PDA.Error.Unexpected');
}

/** Shows a refusal to the user; returns false so callers can `return notifyError(e)`. */
export function notifyError(error: unknown): false {
  ui.notifications?.warn(errorMessage(error));
  if (!isRulesError(error)) console.error(error);
  return false;
}
