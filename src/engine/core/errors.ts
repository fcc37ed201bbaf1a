/**
 * A refusal by the rules engine. `key` is a localization key (under PDA.Error.*) so adapters can
 * show a translated message; `data` fills its placeholders. Engine functions throw it before they
 * change anything, so a refused action never leaves partial state behind.
 */
export class RulesError extends Error {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;

  constructor(key: string, data: Record<string, string | number> = {}) {
    super(`${key}${Object.keys(data).length ? ' ' + JSON.stringify(data) : ''}`);
    this.name = 'RulesError';
    this.key = key;
    this.data = data;
  }
}

export function isRulesError(error: unknown): error is RulesError {
  return error instanceof RulesError;
}

/** Throws a RulesError unless `condition` holds. */
export function ensure(
  condition: unknown,
  key: string,
  data: Record<string, string | number> = {},
): asserts condition {
  if (!condition) throw new RulesError(key, data);
}

/** Validates an integer within [min, max]; `what` names the field in the message. */
export function ensureInteger(value: number, min: number, max: number, what: string): void {
  ensure(Number.isInteger(value) && value >= min && value <= max, 'PDA.Error.OutOfRange', {
    what,
    value: String(value),
    min,
    max,
  });
}
