import { isRulesError } from '../engine/core/errors';

/** A placeholder value that is itself a lang key (an action or posture the engine names). */
const LANG_KEY = /^PDA\.[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)+$/;

/** A translator: `t` itself, or a stand-in where a context is built without Foundry (tests). */
export type Translate = (key: string, data?: Record<string, string | number>) => string;

/** Localizes a key with optional data; data values that are lang keys are localized too. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n?.localize(key) ?? key;
  const stringData: Record<string, string> = {};
  for (const [k, v] of Object.entries(data))
    stringData[k] = typeof v === 'string' && LANG_KEY.test(v) ? (game.i18n?.localize(v) ?? v) : String(v);
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
