/**
 * The data layer of the Foundry fake: `foundry.utils` helpers, data fields and DataModel, shared
 * by the single-client fake (./foundry.ts) and the multi-client table harness (test/harness/).
 * Written from Foundry's public API documentation (see test/harness/FAKE.md for each behaviour
 * and its source), never from Foundry's code.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake of an untyped global surface */

export type Obj = Record<string, any>;

export function deepClone<T>(value: T): T {
  if (value === null || typeof value !== 'object') {
    // Primitives are their own copy; a function or a symbol is refused as structuredClone refuses it.
    return typeof value === 'function' || typeof value === 'symbol' ? (structuredClone(value) as T) : value;
  }
  try {
    return clonePlain(value, 0) as T;
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
    return structuredClone(value) as T;
  }
}

/**
 * The fast path of `deepClone`: plain objects, arrays and primitives, what documents' data is made
 * of. Anything else (a Date, a Map, a class instance, a function, a cycle, sparse arrays) gives up
 * and the whole value goes through structuredClone, so the result is the same as before.
 */
const NOT_PLAIN = Symbol('not plain data');
function clonePlain(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') throw NOT_PLAIN;
    return value;
  }
  if (depth > 64) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      if (!(i in value)) throw NOT_PLAIN;
      out[i] = clonePlain(value[i], depth + 1);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const out: Obj = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') throw NOT_PLAIN;
    out[key] = clonePlain((value as Obj)[key], depth + 1);
  }
  return out;
}

export function getType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'Array';
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    return proto === null || proto === Object.prototype ? 'Object' : (proto.constructor?.name ?? 'Object');
  }
  return typeof value;
}

function isPlainObject(value: unknown): value is Obj {
  return getType(value) === 'Object';
}

/**
 * `__proto__` is never a data key: a key or path part naming it is dropped by every helper below,
 * so a payload such as `{"__proto__": {"polluted": 1}}` cannot reach `Object.prototype`.
 */
export function isUnsafeKey(key: string): boolean {
  return key === '__proto__';
}

export function getProperty(obj: Obj, path: string): any {
  return path.split('.').reduce<any>((o, k) => (o == null ? undefined : o[k]), obj);
}

export function setProperty(obj: Obj, path: string, value: unknown): boolean {
  const keys = path.split('.');
  if (keys.some(isUnsafeKey)) return false;
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (!isPlainObject(o[k])) o[k] = {};
    o = o[k];
  }
  const last = keys[keys.length - 1]!;
  const changed = o[last] !== value;
  o[last] = value;
  return changed;
}

/** `foundry.utils.expandObject`: dotted keys become nested objects. */
export function expandObject(obj: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(obj ?? {})) {
    if (key.split('.').some(isUnsafeKey)) continue;
    const v = isPlainObject(value) ? expandObject(value) : deepClone(value);
    if (!key.includes('.')) {
      out[key] = isPlainObject(out[key]) && isPlainObject(v) ? mergeObject(out[key], v) : v;
      continue;
    }
    const existing = getProperty(out, key);
    setProperty(out, key, isPlainObject(existing) && isPlainObject(v) ? mergeObject(existing, v) : v);
  }
  return out;
}

/** `foundry.utils.flattenObject`: nested objects become dotted keys. */
export function flattenObject(obj: Obj, depth = 0): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj ?? {})) {
    if (isUnsafeKey(k)) continue;
    if (isPlainObject(v) && Object.keys(v).length && depth < 100 && !operatorOf(v)) {
      for (const [k2, v2] of Object.entries(flattenObject(v, depth + 1))) out[`${k}.${k2}`] = v2;
    } else out[k] = v;
  }
  return out;
}

/**
 * v14's data operators (`foundry.data.operators.ForcedDeletion` / `ForcedReplacement`, shorthands
 * `_del` and `_replace`), which replace the `-=key` / `==key` update keys (deprecated in v14,
 * removed in v16: foundryvtt issue #13090). The fake's operators carry an `__operator` mark so
 * they survive the structured clone of the wire: a cloned operator is recognised by its mark.
 */
export class ForcedDeletion {
  readonly __operator = 'delete';
  static create(): ForcedDeletion {
    return new ForcedDeletion();
  }
}
export class ForcedReplacement {
  readonly __operator = 'replace';
  constructor(readonly replacement: unknown) {}
  static create(replacement: unknown): ForcedReplacement {
    return new ForcedReplacement(replacement);
  }
}
export const operators = { ForcedDeletion, ForcedReplacement };

/** 'delete' or 'replace' for an operator (or its clone), else null. */
export function operatorOf(value: unknown): 'delete' | 'replace' | null {
  if (typeof value !== 'object' || value === null) return null;
  const mark = (value as { __operator?: unknown }).__operator;
  return mark === 'delete' || mark === 'replace' ? mark : null;
}

/** A received change with each cloned operator mark turned back into its operator. */
export function reviveOperators<T>(value: T): T {
  const op = operatorOf(value);
  if (op === 'delete') return ForcedDeletion.create() as T;
  if (op === 'replace')
    return ForcedReplacement.create((value as unknown as ForcedReplacement).replacement) as T;
  if (!isPlainObject(value)) return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) out[k] = reviveOperators(v);
  return out as T;
}

/** Every `-=` / `==` key of a change, dotted paths included (the fake's v14 deprecation and v16 refusal). */
export function legacyOperatorKeys(changes: unknown, prefix = ''): string[] {
  if (!isPlainObject(changes)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(changes)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (k.split('.').some((part) => part.startsWith('-=') || part.startsWith('=='))) out.push(path);
    if (!operatorOf(v)) out.push(...legacyOperatorKeys(v, path));
  }
  return out;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  performDeletions?: boolean;
}

/**
 * `foundry.utils.mergeObject` with its documented options: dotted keys expanded, `-=key` deletes
 * a key when `performDeletions`, `==key` replaces a key's value without merging, `recursive:
 * false` replaces inner objects instead of merging them, `inplace` (default true) mutates the
 * original.
 */
export function mergeObject(original: Obj, other: Obj = {}, options: MergeOptions = {}): Obj {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    performDeletions = false,
  } = options;
  const target = inplace ? original : deepClone(original);
  const source = Object.keys(other).some((k) => k.includes('.')) ? expandObject(other) : other;
  for (const [rawKey, value] of Object.entries(source)) {
    let key = rawKey;
    if (isUnsafeKey(key) || isUnsafeKey(key.slice(2))) continue;
    const op = operatorOf(value);
    if (op === 'delete') {
      if (performDeletions) delete target[key];
      else target[key] = value;
      continue;
    }
    if (op === 'replace') {
      target[key] = deepClone((value as ForcedReplacement).replacement);
      continue;
    }
    if (key.startsWith('-=')) {
      if (performDeletions) delete target[key.slice(2)];
      else target[key] = value;
      continue;
    }
    let replace = false;
    if (key.startsWith('==')) {
      key = key.slice(2);
      replace = true;
    }
    const exists = Object.prototype.hasOwnProperty.call(target, key);
    if (!exists && !insertKeys) continue;
    const current = target[key];
    if (!replace && recursive && isPlainObject(current) && isPlainObject(value)) {
      target[key] = mergeObject(current, value, {
        insertKeys: insertKeys || !exists,
        insertValues,
        overwrite,
        recursive,
        inplace: true,
        performDeletions,
      });
      continue;
    }
    if (exists && !overwrite) continue;
    void insertValues;
    // Inserted plain data is copied; functions, documents and class instances are kept as they are.
    target[key] = isPlainObject(value)
      ? mergeObject({}, value, { performDeletions, recursive })
      : Array.isArray(value)
        ? value.map((v) => (isPlainObject(v) ? mergeObject({}, v) : v))
        : value;
  }
  return target;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `foundry.utils.diffObject`: the part of `other` that differs from `original` (objects compared
 * key by key, arrays and other values as a whole); `-=` deletion keys are kept.
 */
export function diffObject(original: Obj, other: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(other)) {
    if (isUnsafeKey(key)) continue;
    if (key.startsWith('-=')) {
      if (Object.prototype.hasOwnProperty.call(original, key.slice(2))) out[key] = value;
      continue;
    }
    const op = operatorOf(value);
    if (op === 'delete') {
      if (Object.prototype.hasOwnProperty.call(original, key)) out[key] = value;
      continue;
    }
    if (op === 'replace') {
      if (!sameValue(original[key], (value as ForcedReplacement).replacement)) out[key] = value;
      continue;
    }
    const key2 = key.startsWith('==') ? key.slice(2) : key;
    const current = original[key2];
    if (!key.startsWith('==') && isPlainObject(value) && isPlainObject(current)) {
      const inner = diffObject(current, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (!sameValue(current, value)) out[key] = deepClone(value);
  }
  return out;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

let idCounter = 0;
/** 16 alphanumeric characters, like Foundry's ids. */
export function randomID(): string {
  idCounter += 1;
  return `fakeid${String(idCounter).padStart(10, '0')}`;
}

export function escapeHTML(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** A Map with Foundry's Collection helpers. */
export class Collection<T extends { id: string | null; name?: string | null }> extends Map<string, T> {
  /** Foundry's Collection yields its values, not entries, when iterated. */
  // @ts-expect-error -- Map's iterator yields entries; Foundry's Collection overrides it with values.
  override [Symbol.iterator](): MapIterator<T> {
    return this.values();
  }
  get contents(): T[] {
    return [...this.values()];
  }
  getName(name: string): T | undefined {
    return this.contents.find((d) => d.name === name);
  }
  filter(fn: (d: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  find(fn: (d: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  some(fn: (d: T) => boolean): boolean {
    return this.contents.some(fn);
  }
  map<U>(fn: (d: T) => U): U[] {
    return this.contents.map(fn);
  }
  reduce<U>(fn: (acc: U, d: T) => U, initial: U): U {
    return this.contents.reduce(fn, initial);
  }
  override get(key: string, { strict = false }: { strict?: boolean } = {}): T | undefined {
    const v = super.get(key);
    if (strict && !v) throw new Error(`${key} does not exist`);
    return v;
  }
  get documentName(): string | undefined {
    return undefined;
  }
}

export const utils = {
  deepClone,
  getType,
  getProperty,
  setProperty,
  expandObject,
  flattenObject,
  mergeObject,
  diffObject,
  isEmpty,
  randomID,
  escapeHTML,
};

export class ValidationFailure extends Error {}

abstract class DataField {
  options: Obj;
  name = '';
  constructor(options: Obj = {}) {
    this.options = { required: false, nullable: false, ...options };
  }
  get initial(): unknown {
    return this.options.initial;
  }
  getInitialValue(): unknown {
    const i = this.options.initial;
    return typeof i === 'function' ? i() : deepClone(i);
  }
  clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (value === null) return this.options.nullable ? null : this.getInitialValue();
    return this._cast(value);
  }
  protected _cast(value: unknown): unknown {
    return value;
  }
  /** Throws ValidationFailure when invalid. */
  validate(value: unknown, path: string): void {
    if (value === null || value === undefined) {
      if (value === null && this.options.nullable) return;
      if (this.options.required) throw new ValidationFailure(`${path}: required`);
      return;
    }
    this._validateType(value, path);
    if (typeof this.options.validate === 'function') {
      const r = this.options.validate(value);
      if (r === false) throw new ValidationFailure(`${path}: ${this.options.validationError ?? 'invalid'}`);
    }
  }
  protected _validateType(_value: unknown, _path: string): void {}
}

class NumberField extends DataField {
  constructor(options: Obj = {}) {
    super({ nullable: true, ...options });
  }
  protected override _cast(value: unknown): unknown {
    if (typeof value === 'string' && value.trim() !== '') return Number(value);
    return value;
  }
  protected override _validateType(value: unknown, path: string): void {
    if (typeof value !== 'number' || Number.isNaN(value))
      throw new ValidationFailure(`${path}: not a number`);
    if (this.options.integer && !Number.isInteger(value))
      throw new ValidationFailure(`${path}: not an integer`);
    if (this.options.min !== undefined && value < this.options.min)
      throw new ValidationFailure(`${path}: below min`);
    if (this.options.max !== undefined && value > this.options.max)
      throw new ValidationFailure(`${path}: above max`);
    if (this.options.positive && value <= 0) throw new ValidationFailure(`${path}: not positive`);
    if (this.options.choices && !this.choiceKeys().includes(String(value)))
      throw new ValidationFailure(`${path}: not a choice`);
  }
  choiceKeys(): string[] {
    const c = typeof this.options.choices === 'function' ? this.options.choices() : this.options.choices;
    return Array.isArray(c) ? c.map(String) : Object.keys(c ?? {});
  }
}

class StringField extends DataField {
  constructor(options: Obj = {}) {
    super({ blank: true, trim: true, ...options });
  }
  override getInitialValue(): unknown {
    const v = super.getInitialValue();
    return v === undefined && !this.options.nullable ? '' : v;
  }
  protected override _cast(value: unknown): unknown {
    const s = String(value);
    return this.options.trim ? s.trim() : s;
  }
  protected override _validateType(value: unknown, path: string): void {
    if (typeof value !== 'string') throw new ValidationFailure(`${path}: not a string`);
    if (!this.options.blank && value === '') throw new ValidationFailure(`${path}: blank`);
    if (this.options.choices && value !== '') {
      const c = typeof this.options.choices === 'function' ? this.options.choices() : this.options.choices;
      const keys = Array.isArray(c) ? c : Object.keys(c ?? {});
      if (!keys.includes(value)) throw new ValidationFailure(`${path}: not a choice`);
    }
  }
}
class HTMLField extends StringField {}
class FilePathField extends StringField {}
class DocumentIdField extends StringField {}
class DocumentUUIDField extends StringField {}
class ForeignDocumentField extends StringField {}
class ColorField extends StringField {}
class JSONField extends StringField {}

class BooleanField extends DataField {
  override getInitialValue(): unknown {
    return super.getInitialValue() ?? false;
  }
  protected override _cast(value: unknown): unknown {
    return value === 'true' ? true : value === 'false' ? false : Boolean(value);
  }
}

class AnyField extends DataField {}

class ObjectField extends DataField {
  override getInitialValue(): unknown {
    return super.getInitialValue() ?? {};
  }
  protected override _validateType(value: unknown, path: string): void {
    if (typeof value !== 'object' || Array.isArray(value))
      throw new ValidationFailure(`${path}: not an object`);
  }
}

class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: Obj = {}) {
    super({ required: true, ...options });
    this.fields = fields;
    for (const [k, f] of Object.entries(fields)) f.name = k;
  }
  override getInitialValue(): unknown {
    const out: Obj = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.getInitialValue();
    return out;
  }
  override clean(value: unknown): unknown {
    if (value === null && this.options.nullable) return null;
    const source = value && typeof value === 'object' ? (value as Obj) : {};
    const out: Obj = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.clean(source[k]);
    return out;
  }
  override validate(value: unknown, path: string): void {
    if (value === null && this.options.nullable) return;
    const v = (value ?? {}) as Obj;
    for (const [k, f] of Object.entries(this.fields)) f.validate(v[k], path ? `${path}.${k}` : k);
  }
}

class EmbeddedDataField extends SchemaField {
  model: any;
  constructor(model: any, options: Obj = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
}

class ArrayField extends DataField {
  element: DataField;
  constructor(element: DataField, options: Obj = {}) {
    super(options);
    this.element = element;
  }
  override getInitialValue(): unknown {
    return super.getInitialValue() ?? [];
  }
  protected override _cast(value: unknown): unknown {
    const arr = Array.isArray(value) ? value : value instanceof Set ? [...value] : [value];
    return arr.map((e) => this.element.clean(e));
  }
  protected override _validateType(value: unknown, path: string): void {
    if (!Array.isArray(value)) throw new ValidationFailure(`${path}: not an array`);
    value.forEach((e, i) => this.element.validate(e, `${path}.${i}`));
  }
}
class SetField extends ArrayField {}

class TypedObjectField extends DataField {
  element: DataField;
  constructor(element: DataField, options: Obj = {}) {
    super(options);
    this.element = element;
  }
  override getInitialValue(): unknown {
    return super.getInitialValue() ?? {};
  }
  protected override _cast(value: unknown): unknown {
    const out: Obj = {};
    for (const [k, v] of Object.entries((value ?? {}) as Obj)) out[k] = this.element.clean(v);
    return out;
  }
  protected override _validateType(value: unknown, path: string): void {
    for (const [k, v] of Object.entries(value as Obj)) this.element.validate(v, `${path}.${k}`);
  }
}

export const fields = {
  DataField,
  NumberField,
  StringField,
  HTMLField,
  FilePathField,
  DocumentIdField,
  DocumentUUIDField,
  ForeignDocumentField,
  ColorField,
  JSONField,
  BooleanField,
  AnyField,
  ObjectField,
  SchemaField,
  EmbeddedDataField,
  ArrayField,
  SetField,
  TypedObjectField,
};

/** The fake DataModel: cleans and validates its source; invalid data throws and changes nothing. */
export class DataModel {
  static _schema?: SchemaField;
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static get schema(): SchemaField {
    if (!Object.prototype.hasOwnProperty.call(this, '_schema'))
      this._schema = new SchemaField(this.defineSchema());
    return this._schema!;
  }
  static migrateData(source: Obj): Obj {
    return source;
  }
  static cleanData(source: Obj = {}): Obj {
    return this.schema.clean(source) as Obj;
  }
  static validateJoint(_data: Obj): void {}

  declare _source: Obj;
  declare parent: any;

  constructor(data: Obj = {}, options: Obj = {}) {
    const ctor = this.constructor as typeof DataModel;
    const source = ctor.cleanData(ctor.migrateData(deepClone(data)));
    ctor.validateSource(source);
    Object.defineProperty(this, 'parent', {
      value: options.parent ?? null,
      writable: true,
      enumerable: false,
    });
    Object.defineProperty(this, '_source', { value: source, writable: true, enumerable: false });
    this._initialize();
  }

  static validateSource(source: Obj): void {
    try {
      this.schema.validate(source, '');
      this.validateJoint(source);
    } catch (error) {
      throw new Error(`${this.name} validation errors: ${(error as Error).message}`);
    }
  }

  _initialize(): void {
    Object.assign(this, deepClone(this._source));
  }

  /**
   * Applies a change as Foundry's `DataModel#updateSource` does: dotted keys and `-=` deletions,
   * `recursive: false` replacing the given top-level values, cleaning and full validation (joint
   * included); an invalid change throws and leaves the data as it was. Returns the diff. The
   * change itself goes through `migrateData` first, partial as it is (foundryvtt issue #14482:
   * `migrateData` also runs on the partial data of `update`/`updateSource`).
   */
  updateSource(changes: Obj = {}, options: { recursive?: boolean } = {}): Obj {
    const ctor = this.constructor as typeof DataModel;
    const before = deepClone(this._source);
    const expanded = ctor.migrateData(expandObject(deepClone(changes)));
    const merged =
      options.recursive === false
        ? Object.assign(deepClone(this._source), expanded)
        : mergeObject(deepClone(this._source), expanded, { performDeletions: true });
    const next = ctor.cleanData(merged);
    ctor.validateSource(next);
    this._source = next;
    this._initialize();
    return diffObject(before, next);
  }

  toObject(): Obj {
    return deepClone(this._source);
  }

  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}
/**
 * TypeDataModel: a document's `system` data. Foundry calls its lifecycle methods around the
 * document's own (`_preCreate`, `_preUpdate` may veto with false; `_on…` after the write).
 */
export class TypeDataModel extends DataModel {
  async _preCreate(_data: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  async _preDelete(_options: Obj, _user: unknown): Promise<boolean | void> {}
  _onCreate(_data: Obj, _options: Obj, _userId: string): void {}
  _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
  _onDelete(_options: Obj, _userId: string): void {}
}
