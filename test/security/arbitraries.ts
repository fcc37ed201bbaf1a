/* eslint-disable @typescript-eslint/no-explicit-any -- walking the fake's field objects */
/**
 * fast-check arbitraries for the fuzz tests: source data for a data model, built from the
 * model's own schema (as the fake's fields describe it), mostly inside each field's limits with
 * every edge value, sometimes garbage (wrong types, prototype keys, NaN, markup, huge numbers);
 * and garbage payloads for the queries.
 */
import fc from 'fast-check';

export const HOSTILE_STRINGS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '<img src=x onerror=alert(1)>',
  '{{constructor}}',
  '{{{constructor.constructor "alert(1)"}}}',
  '',
  ' ',
  '101d6',
  '1d6+',
  'NaN',
  '-1',
  '1e309',
];

/** Values of the wrong kind, or at the limits of what a number can hold. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.constant(-1),
  fc.constant(1e9),
  fc.constant(-1e9),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 12 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', 'constructor', '__proto__'), fc.integer(), { maxKeys: 2 }),
);

function kind(field: any): string {
  return field?.constructor?.name ?? '';
}

function choicesOf(field: any): unknown[] | undefined {
  const c = typeof field.options.choices === 'function' ? field.options.choices() : field.options.choices;
  if (!c) return undefined;
  return Array.isArray(c) ? c : Object.keys(c);
}

/** An in-limits value for a field (its edges included). */
function inLimits(field: any, depth: number): fc.Arbitrary<unknown> {
  const o = field.options ?? {};
  const choices = choicesOf(field);
  switch (kind(field)) {
    case 'NumberField': {
      if (choices) return fc.constantFrom(...choices.map(Number));
      const min = typeof o.min === 'number' ? o.min : -1_000_000;
      const max = typeof o.max === 'number' ? o.max : 1_000_000;
      const numbers = o.integer
        ? fc.oneof(fc.constantFrom(min, max, Math.max(min, Math.min(max, 0))), fc.integer({ min, max }))
        : fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true }));
      return o.nullable ? fc.oneof(numbers, fc.constant(null)) : numbers;
    }
    case 'BooleanField':
      return fc.boolean();
    case 'SchemaField':
    case 'EmbeddedDataField':
      return schemaSource(field.fields, depth + 1);
    case 'ArrayField':
    case 'SetField':
      return depth > 4 ? fc.constant([]) : fc.array(inLimits(field.element, depth + 1), { maxLength: 3 });
    case 'TypedObjectField':
      return depth > 4
        ? fc.constant({})
        : fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), inLimits(field.element, depth + 1), {
            maxKeys: 2,
          });
    case 'ObjectField':
    case 'AnyField':
      return fc.oneof(fc.constant({}), fc.object({ maxDepth: 2, maxKeys: 3 }));
    default: {
      // Strings of every kind (ids, formulas, html, catalogue keys).
      if (choices?.length) return fc.constantFrom(...choices, ...(o.blank ? [''] : []));
      return fc.oneof(
        fc.constantFrom(...HOSTILE_STRINGS, '1d6', '2d4+2', '1d100', 'humain'),
        fc.string({ maxLength: 16 }),
      );
    }
  }
}

/** A value for a field: in limits most of the time, else garbage. */
export function fieldValue(field: any, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: inLimits(field, depth) }, { weight: 1, arbitrary: garbage });
}

/** Source data for a schema (a model's defineSchema()), some keys left out. */
export function schemaSource(fields: Record<string, any>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(fields)) record[key] = fieldValue(field, depth);
  return fc.record(record, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Every leaf path of a schema with its field ("pv.value"). */
export function leafPaths(fields: Record<string, any>, prefix = ''): [string, any][] {
  const out: [string, any][] = [];
  for (const [key, field] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (kind(field) === 'SchemaField' || kind(field) === 'EmbeddedDataField')
      out.push(...leafPaths(field.fields, path));
    else out.push([path, field]);
  }
  return out;
}

/** Walks a value; returns the path of the first NaN or infinite number, or undefined. */
export function firstNonFinite(value: unknown, path = '', seen = new Set<unknown>()): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '(value)';
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) {
    const found = firstNonFinite(v, path ? `${path}.${k}` : k, seen);
    if (found) return found;
  }
  return undefined;
}

export function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<any>((o, k) => (o == null ? undefined : o[k]), obj);
}
