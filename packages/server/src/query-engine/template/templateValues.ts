import { invalidTemplate } from './templateRenderError.js';

/**
 * The only values a template ever holds. Host objects never enter: template parameters and macro results
 * are copied in by `fromData` (JSON-like data only), and the interpreter reads lists by integer index,
 * dictionaries through Map lookups, and everything else through methods it implements itself.
 */
export type TValue = null | boolean | number | string | TValue[] | TDict | TemplateCallable | Undefined;
export type TKey = string | number | boolean | null;
export type TDict = Map<TKey, TValue>;

/** JSON-like data: what callers hand the engine (template parameters) and get back (macro arguments). */
export type TemplateData = null | boolean | number | string | readonly TemplateData[] | { readonly [key: string]: TemplateData };

/** Jinja's Undefined: what a missing name or member evaluates to. `name` is set for a missing variable. */
export class Undefined {
  constructor(
    readonly name: string | null,
    readonly description: string,
  ) {}
}

/**
 * What walking a value costs: every node of a list or dictionary visited (written out, compared, copied) is a
 * step of the render's budget, so values that share parts (`[a, a]` nested 60 times) cannot make a walk explode.
 */
export interface Meter {
  tick(n?: number): void;
}

export interface CallArgs {
  args: TValue[];
  kwargs: Map<string, TValue>;
  meter: Meter;
}

const callables = new WeakSet<object>();

/** A function the template may call: made only by this engine (macros, methods, `range`, user macros). */
export class TemplateCallable {
  constructor(
    readonly name: string,
    readonly invoke: (call: CallArgs) => TValue,
  ) {
    callables.add(this);
  }
}

/** Thrown when a template uses an undefined value (outputs it, reads a member of it, calls it, ...). */
export class UndefinedFailure extends Error {
  constructor(readonly value: Undefined) {
    super(`${value.description} is undefined`);
  }
}

/** The value itself, or an UndefinedFailure: for every use that Jinja's Undefined refuses. */
export function need<T extends TValue>(v: T): Exclude<T, Undefined> {
  if (v instanceof Undefined) throw new UndefinedFailure(v);
  return v as Exclude<T, Undefined>;
}

export const isCallable = (v: unknown): v is TemplateCallable => typeof v === 'object' && v !== null && callables.has(v);
export const isDict = (v: TValue): v is TDict => v instanceof Map;
export const isList = (v: TValue): v is TValue[] => Array.isArray(v);
export const isUndefined = (v: TValue): v is Undefined => v instanceof Undefined;
export const isKey = (v: TValue): v is TKey => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** How deep data may nest when it is copied in or out (JSON from users is far shallower). */
const MAX_DATA_DEPTH = 64;

/**
 * Copies caller data into template values. Only own data properties of plain objects and arrays are read
 * (no getters run, no prototypes followed); anything else (functions, class instances, symbols) is left out.
 */
export function fromData(value: unknown, depth = 0): TValue {
  if (depth > MAX_DATA_DEPTH) throw invalidTemplate('The template parameters are nested too deeply.');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) {
    const out: TValue[] = [];
    for (let i = 0; i < value.length; i++) {
      const d = Object.getOwnPropertyDescriptor(value, i);
      out.push(d && 'value' in d ? fromData(d.value, depth + 1) : null);
    }
    return out;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    const out: TDict = new Map();
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
      if (!('value' in d) || d.value === undefined || typeof d.value === 'function') continue;
      out.set(key, fromData(d.value, depth + 1));
    }
    return out;
  }
  return new Undefined(null, 'a value the template cannot use');
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Template values back to plain data for a macro: dictionaries become objects of own data properties. */
export function toData(value: TValue, meter: Meter, depth = 0): TemplateData | undefined {
  if (depth > MAX_DATA_DEPTH) throw invalidTemplate('The value is nested too deeply.');
  meter.tick();
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
  if (isList(value)) return value.map((v) => toData(v, meter, depth + 1) ?? null);
  if (isDict(value)) {
    // Object.fromEntries defines own properties, so a key such as "__proto__" stays a plain key.
    return Object.fromEntries([...value].map(([k, v]) => [keyText(k), toData(v, meter, depth + 1) ?? null]));
  }
  if (isUndefined(value)) return undefined;
  throw invalidTemplate('A macro cannot be passed as a value.');
}

export function truthy(v: TValue): boolean {
  if (v === null || v === false || v === 0 || v === '' || isUndefined(v)) return false;
  if (isList(v)) return v.length > 0;
  if (isDict(v)) return v.size > 0;
  return true;
}

/** Python's type names, for messages. */
export function typeName(v: TValue): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (typeof v === 'string') return 'str';
  if (isList(v)) return 'list';
  if (isDict(v)) return 'dict';
  if (isCallable(v)) return 'macro';
  return 'undefined';
}

/** Python's equality: numbers and booleans compare by value, lists and dicts by content. */
export function equals(a: TValue, b: TValue, meter: Meter, depth = 0): boolean {
  if (depth > MAX_DATA_DEPTH) throw invalidTemplate('The value is nested too deeply.');
  meter.tick();
  if (a === b) return true;
  const numeric = (v: TValue) => typeof v === 'number' || typeof v === 'boolean';
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (isList(a) && isList(b)) return a.length === b.length && a.every((v, i) => equals(v, b[i]!, meter, depth + 1));
  if (isDict(a) && isDict(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !equals(v, b.get(k)!, meter, depth + 1)) return false;
    return true;
  }
  return isUndefined(a) && isUndefined(b);
}

/** Python's str() of a scalar. */
function scalarText(v: null | boolean | number): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  return String(v);
}

export function keyText(k: TKey): string {
  return typeof k === 'string' ? k : scalarText(k);
}

/** Python's str(): what `{{ }}` writes. */
export function str(v: TValue, meter: Meter): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return scalarText(v);
  return repr(v, meter);
}

/** Python's repr(), for lists and dicts written out whole. */
export function repr(v: TValue, meter: Meter, depth = 0): string {
  if (depth > MAX_DATA_DEPTH) throw invalidTemplate('The value is nested too deeply.');
  meter.tick();
  if (typeof v === 'string') {
    const quote = v.includes("'") && !v.includes('"') ? '"' : "'";
    const escaped = v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (isList(v)) return `[${v.map((x) => repr(x, meter, depth + 1)).join(', ')}]`;
  if (isDict(v)) return `{${[...v].map(([k, x]) => `${repr(k, meter, depth + 1)}: ${repr(x, meter, depth + 1)}`).join(', ')}}`;
  if (isCallable(v)) throw invalidTemplate(`The macro '${v.name}' cannot be written out; call it.`);
  if (isUndefined(v)) throw new UndefinedFailure(v);
  return scalarText(v);
}
