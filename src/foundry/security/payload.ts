import { RulesError } from '../../engine/core/errors';

/**
 * Schemas for what a player sends to the GM. Everything a query carries comes from a client the
 * GM cannot trust (anyone can call a query from the browser console with any data), so each
 * GM-side handler first parses its payload through a schema: exact types, integers in a range,
 * ids of the expected shape that can never name a prototype member (`constructor`, `__proto__`,
 * `toString`), bounded strings, arrays and nesting, no unknown keys. A payload that does not fit
 * is refused with PDA.Error.BadPayload naming the field, before anything is read or written.
 *
 * Pure TypeScript: no Foundry globals, so the schemas are fuzzed on their own.
 */

/** A parser: returns the checked value or throws PayloadError. */
export type Schema<T> = (value: unknown, path: string) => T;

export type Infer<S> = S extends Schema<infer T> ? T : never;

export const BAD_PAYLOAD = 'PDA.Error.BadPayload';

/**
 * The refusal of a malformed payload; `field` is the dotted path of the first bad value (cut to
 * 60 characters: an unknown key comes from the sender and ends up in a notification).
 */
export class PayloadError extends RulesError {
  constructor(field: string) {
    super(BAD_PAYLOAD, { field: field ? field.slice(0, 60) : '(payload)' });
  }
}

/** True for a name that a plain object inherits (constructor, toString, __proto__, …). */
export function isPrototypeKey(key: string): boolean {
  return key === '__proto__' || key in Object.prototype;
}

function fail(path: string): never {
  throw new PayloadError(path);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A document id. Foundry's are 16 letters and digits; imported and test documents may also use
 * '-' and '_' and up to 64 characters. Never a prototype key.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A document id: letters, digits, '-' and '_' only, never a prototype key. */
export function id(): Schema<string> {
  return (value, path) => {
    if (typeof value !== 'string' || !ID_PATTERN.test(value) || isPrototypeKey(value)) fail(path);
    return value;
  };
}

/** A token such as an action id ('apply', 'offer.sideThrust', 'fumble.drop'): bounded, no prototype key. */
export function token(pattern: RegExp = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/): Schema<string> {
  return (value, path) => {
    if (typeof value !== 'string' || !pattern.test(value) || isPrototypeKey(value)) fail(path);
    return value;
  };
}

/** An integer in [min, max] (a number, never a string, null or NaN). */
export function int(min: number, max: number): Schema<number> {
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(path);
    return value;
  };
}

export function bool(): Schema<boolean> {
  return (value, path) => {
    if (typeof value !== 'boolean') fail(path);
    return value;
  };
}

/** One of the given strings. */
export function oneOf<T extends string>(values: readonly T[]): Schema<T> {
  const known = new Set<string>(values);
  return (value, path) => {
    if (typeof value !== 'string' || !known.has(value)) fail(path);
    return value as T;
  };
}

/** Marks a field that may be absent (undefined); null is still refused. */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly optional: true;
}

export function optional<T>(schema: Schema<T>): OptionalSchema<T> {
  const parse = ((value: unknown, path: string) =>
    value === undefined ? undefined : schema(value, path)) as Schema<T | undefined>;
  return Object.assign(parse, { optional: true as const });
}

type Shape = Record<string, Schema<unknown>>;
type RequiredKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends OptionalSchema<unknown> ? never : K;
}[keyof S];
type OptionalKeys<S extends Shape> = Exclude<keyof S, RequiredKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined>;
};

/**
 * A plain object with exactly these keys (optional ones may be missing). Unknown keys, inherited
 * keys and non-plain objects (class instances, arrays) are refused. The result is a fresh object
 * holding only the checked values.
 */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  return (value, path) => {
    if (!isPlainObject(value)) fail(path);
    for (const key of Object.keys(value)) {
      if (!Object.prototype.hasOwnProperty.call(shape, key)) fail(join(path, key));
    }
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const raw = Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
      const parsed = schema(raw, join(path, key));
      if (parsed !== undefined) out[key] = parsed;
    }
    return out as ObjectOf<S>;
  };
}

/** An object whose `tag` field picks its shape (a discriminated union). */
export function tagged<K extends string, M extends Record<string, Shape>>(
  tag: K,
  shapes: M,
): Schema<{ [T in keyof M]: { [P in K]: T } & ObjectOf<M[T]> }[keyof M]> {
  const parsers = new Map<string, Schema<unknown>>();
  for (const [name, shape] of Object.entries(shapes)) {
    parsers.set(name, object({ ...shape, [tag]: oneOf([name]) }));
  }
  return ((value: unknown, path: string) => {
    const kind =
      isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, tag) ? value[tag] : undefined;
    const parse = typeof kind === 'string' ? parsers.get(kind) : undefined;
    if (!parse) fail(join(path, tag));
    return parse(value, path);
  }) as never;
}

export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the value itself is depth 0). */
  readonly depth: number;
  /** Most keys of one object / elements of one array. */
  readonly entries: number;
  /** Longest string. */
  readonly length: number;
}

/**
 * Bounded JSON data for a ruleset's own parser (a declaration): only null, booleans, finite
 * numbers, strings, arrays and plain objects, within the limits; no prototype key as an object
 * key, and every value of a key ending in `Id` is a document id. The ruleset's parser then
 * checks the meaning.
 */
export function json(limits: JsonLimits): Schema<unknown> {
  const walk = (value: unknown, path: string, depth: number, key: string): unknown => {
    if (value === null || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) fail(path);
      return value;
    }
    if (typeof value === 'string') {
      if (value.length > limits.length) fail(path);
      if (key.endsWith('Id') && value !== '') id()(value, path);
      return value;
    }
    if (depth >= limits.depth) fail(path);
    if (Array.isArray(value)) {
      if (value.length > limits.entries) fail(path);
      return value.map((v, i) => walk(v, join(path, String(i)), depth + 1, key));
    }
    if (!isPlainObject(value)) fail(path);
    const keys = Object.keys(value);
    if (keys.length > limits.entries) fail(path);
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      if (isPrototypeKey(k) || k.length > 64) fail(join(path, k));
      out[k] = walk(value[k], join(path, k), depth + 1, k);
    }
    return out;
  };
  return (value, path) => walk(value, path, 0, '');
}

/** Parses `value` with `schema`; throws PayloadError (a RulesError) on the first bad field. */
export function parsePayload<T>(schema: Schema<T>, value: unknown): T {
  return schema(value, '');
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The largest revision a card can reach (a safe integer). */
export const MAX_REVISION = 1_000_000;
