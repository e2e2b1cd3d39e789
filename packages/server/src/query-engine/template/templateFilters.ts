import { bindArgs } from './bindArgs.js';
import type { TemplateBudget } from './templateBudget.js';
import { replaceText, strip } from './templateMethods.js';
import { iterate, order } from './templateOperators.js';
import { invalidTemplate } from './templateRenderError.js';
import {
  equals,
  isDict,
  isKey,
  isList,
  isUndefined,
  need,
  str,
  toData,
  truthy,
  typeName,
  Undefined,
  type CallArgs,
  type Meter,
  type TValue,
} from './templateValues.js';

export interface FilterContext {
  budget: TemplateBudget;
  /** How `where_in` writes string literals: the database's escaping (MySQL also doubles backslashes). */
  stringEscape: 'standard' | 'backslash';
}

type Args = (TValue | undefined)[];
interface FilterSpec {
  params: readonly string[];
  run: (value: TValue, args: Args, ctx: FilterContext) => TValue;
}

const textOf = (v: TValue, meter: Meter) => str(need(v), meter);

/** `attribute=` of sort, unique, join, ...: a dictionary key (dotted paths are not supported). */
function attributeOf(item: TValue, attribute: TValue | undefined, meter: Meter): TValue {
  if (attribute === undefined || attribute === null) return item;
  if (isDict(item) && isKey(attribute) && item.has(attribute)) return item.get(attribute)!;
  return new Undefined(null, `The attribute '${str(need(attribute), meter)}'`);
}

/** A SQL literal of a value, as Superset's `where_in` writes it through the database's dialect. */
export function sqlLiteral(v: TValue, escape: FilterContext['stringEscape']): string {
  const value = need(v);
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidTemplate('where_in cannot write a non-finite number.');
    return String(value);
  }
  if (typeof value === 'string') {
    const escaped = (escape === 'backslash' ? value.replace(/\\/g, '\\\\') : value).replace(/'/g, "''");
    return `'${escaped}'`;
  }
  throw invalidTemplate(`where_in cannot write a '${typeName(value)}' as a SQL value.`);
}

/** Jinja's int filter: numbers truncate, numeric text parses, anything else gives the default. */
function toInt(v: TValue, fallback: TValue | undefined, base: TValue | undefined): TValue {
  const value = need(v);
  const radix = typeof base === 'number' ? base : 10;
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'string') {
    const t = value.trim().replace(/_/g, '');
    if (radix === 10 && /^[+-]?\d+$/.test(t)) return Number.parseInt(t, 10);
    if (radix === 16 && /^[+-]?(0x)?[0-9a-f]+$/i.test(t)) return Number.parseInt(t, 16);
    if (radix === 10 && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return Math.trunc(Number(t));
  }
  return fallback ?? 0;
}

function toFloat(v: TValue, fallback: TValue | undefined): TValue {
  const value = need(v);
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value.trim())) return Number(value.trim());
  return fallback ?? 0;
}

/** Python's round: 'common' rounds halves away from zero. */
function round(v: TValue, precision: TValue | undefined, method: TValue | undefined): TValue {
  const value = need(v);
  if (typeof value !== 'number') throw invalidTemplate(`round needs a number, not '${typeName(value)}'.`);
  const p = typeof precision === 'number' ? Math.trunc(precision) : 0;
  if (p < -15 || p > 15) throw invalidTemplate('round precision must be between -15 and 15.');
  const f = 10 ** p;
  const how = method ?? 'common';
  const scaled = value * f;
  if (how === 'ceil') return Math.ceil(scaled) / f;
  if (how === 'floor') return Math.floor(scaled) / f;
  if (how !== 'common') throw invalidTemplate("round method must be 'common', 'ceil' or 'floor'.");
  return (Math.sign(scaled) * Math.round(Math.abs(scaled))) / f;
}

/** Sorting key: strings compare case-insensitively unless asked otherwise, as Jinja's sort. */
const sortKey = (item: TValue, attribute: TValue | undefined, caseSensitive: boolean, meter: Meter): TValue => {
  const key = attributeOf(item, attribute, meter);
  return typeof key === 'string' && !caseSensitive ? key.toLowerCase() : key;
};

/** JSON as Jinja's tojson writes it: characters that close HTML or SQL strings are escaped. */
function toJson(v: TValue, indent: TValue | undefined, budget: TemplateBudget): string {
  const data = toData(need(v), budget);
  const spaces = typeof indent === 'number' ? Math.min(Math.max(0, Math.trunc(indent)), 10) : undefined;
  const json = (JSON.stringify(data ?? null, null, spaces) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/'/g, '\\u0027');
  budget.size(json.length);
  return json;
}

function sized(s: string, budget: TemplateBudget): string {
  budget.size(s.length);
  return s;
}

const FILTERS = new Map<string, FilterSpec>([
  ['default', { params: ['default_value', 'boolean'], run: (v, [d, b]) => (isUndefined(v) || (truthy(b ?? false) && !truthy(v)) ? (d === undefined ? '' : d) : v) }],
  ['lower', { params: [], run: (v, _, c) => sized(textOf(v, c.budget).toLowerCase(), c.budget) }],
  ['upper', { params: [], run: (v, _, c) => sized(textOf(v, c.budget).toUpperCase(), c.budget) }],
  ['capitalize', { params: [], run: (v, _, c) => { const s = textOf(v, c.budget); return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(); } }],
  ['trim', { params: ['chars'], run: (v, [chars], c) => strip(textOf(v, c.budget), chars, 'both') }],
  [
    'replace',
    {
      params: ['old', 'new', 'count'],
      run: (v, [o, n, count], c) => {
        if (o === undefined || n === undefined) throw invalidTemplate('replace needs the text to replace and its replacement.');
        return replaceText(textOf(v, c.budget), textOf(o, c.budget), textOf(n, c.budget), typeof count === 'number' ? count : null, c.budget);
      },
    },
  ],
  [
    'length',
    {
      params: [],
      run: (v) => {
        const value = need(v);
        if (typeof value === 'string' || isList(value)) return value.length;
        if (isDict(value)) return value.size;
        throw invalidTemplate(`'${typeName(value)}' has no length.`);
      },
    },
  ],
  [
    'join',
    {
      params: ['d', 'attribute'],
      run: (v, [sep, attribute], c) => {
        const glue = sep === undefined ? '' : textOf(sep, c.budget);
        const parts = iterate(v, c.budget).map((item) => textOf(attributeOf(item, attribute, c.budget), c.budget));
        c.budget.size(parts.reduce((n, p) => n + p.length + glue.length, 0));
        return parts.join(glue);
      },
    },
  ],
  ['first', { params: [], run: (v, _, c) => { const xs = iterate(v, c.budget); return xs.length ? xs[0]! : new Undefined(null, 'The first item of an empty sequence'); } }],
  ['last', { params: [], run: (v, _, c) => { const xs = iterate(v, c.budget); return xs.length ? xs[xs.length - 1]! : new Undefined(null, 'The last item of an empty sequence'); } }],
  ['int', { params: ['default', 'base'], run: (v, [d, base]) => toInt(v, d, base) }],
  ['float', { params: ['default'], run: (v, [d]) => toFloat(v, d) }],
  ['string', { params: [], run: (v, _, c) => sized(textOf(v, c.budget), c.budget) }],
  ['safe', { params: [], run: (v) => need(v) }],
  ['tojson', { params: ['indent'], run: (v, [indent], c) => toJson(v, indent, c.budget) }],
  [
    'where_in',
    {
      // Superset's `mark` argument is accepted and ignored, as Superset now ignores it.
      params: ['mark'],
      run: (v, _, c) => {
        const items = iterate(v, c.budget).map((item) => sqlLiteral(item, c.stringEscape));
        return sized(`(${items.join(', ')})`, c.budget);
      },
    },
  ],
  ['list', { params: [], run: (v, _, c) => iterate(v, c.budget) }],
  [
    'sort',
    {
      params: ['reverse', 'case_sensitive', 'attribute'],
      run: (v, [reverse, cs, attribute], c) => {
        const items = iterate(v, c.budget);
        c.budget.size(items.length * Math.ceil(Math.log2(items.length + 1)));
        const sorted = items
          .map((item) => ({ item, key: sortKey(item, attribute, truthy(cs ?? false), c.budget) }))
          .sort((a, b) => order(a.key, b.key, c.budget))
          .map((x) => x.item);
        return truthy(reverse ?? false) ? sorted.reverse() : sorted;
      },
    },
  ],
  [
    'unique',
    {
      params: ['case_sensitive', 'attribute'],
      run: (v, [cs, attribute], c) => {
        const items = iterate(v, c.budget);
        const seenKeys = new Set<string>();
        const seenValues: TValue[] = [];
        return items.filter((item) => {
          const key = sortKey(item, attribute, truthy(cs ?? false), c.budget);
          if (isKey(key)) {
            // Python's equality: 1, 1.0 and True are one key.
            const text = typeof key === 'string' ? `s:${key}` : key === null ? 'none' : `n:${Number(key)}`;
            if (seenKeys.has(text)) return false;
            seenKeys.add(text);
            return true;
          }
          c.budget.size(seenValues.length);
          if (seenValues.some((s) => equals(s, key, c.budget))) return false;
          seenValues.push(key);
          return true;
        });
      },
    },
  ],
  ['reverse', { params: [], run: (v, _, c) => { const value = need(v); return typeof value === 'string' ? [...value].reverse().join('') : iterate(value, c.budget).reverse(); } }],
  [
    'abs',
    {
      params: [],
      run: (v) => {
        const value = need(v);
        if (typeof value !== 'number' && typeof value !== 'boolean') throw invalidTemplate(`abs needs a number, not '${typeName(value)}'.`);
        return Math.abs(Number(value));
      },
    },
  ],
  ['round', { params: ['precision', 'method'], run: (v, [p, m]) => round(v, p, m) }],
  ['min', { params: ['case_sensitive', 'attribute'], run: (v, [cs, a], c) => extreme(v, cs, a, c, -1) }],
  ['max', { params: ['case_sensitive', 'attribute'], run: (v, [cs, a], c) => extreme(v, cs, a, c, 1) }],
  [
    'sum',
    {
      params: ['attribute', 'start'],
      run: (v, [attribute, start], c) =>
        iterate(v, c.budget).reduce<number>((total, item) => {
          const n = need(attributeOf(item, attribute, c.budget));
          if (typeof n !== 'number' && typeof n !== 'boolean') throw invalidTemplate(`sum needs numbers, not '${typeName(n)}'.`);
          return total + Number(n);
        }, typeof start === 'number' ? start : 0),
    },
  ],
  [
    'items',
    {
      params: [],
      run: (v, _, c) => {
        const value = need(v);
        if (!isDict(value)) throw invalidTemplate(`items needs a dictionary, not '${typeName(value)}'.`);
        c.budget.size(value.size);
        return [...value].map(([k, x]) => [k, x]);
      },
    },
  ],
]);

function extreme(v: TValue, cs: TValue | undefined, attribute: TValue | undefined, c: FilterContext, sign: 1 | -1): TValue {
  const items = iterate(v, c.budget);
  if (items.length === 0) return new Undefined(null, 'The extreme of an empty sequence');
  return items.reduce((best, item) =>
    sign * order(sortKey(item, attribute, truthy(cs ?? false), c.budget), sortKey(best, attribute, truthy(cs ?? false), c.budget), c.budget) > 0 ? item : best,
  );
}

const ALIASES: ReadonlyMap<string, string> = new Map([
  ['d', 'default'],
  ['count', 'length'],
]);

/** Every filter name a template may use. */
export const FILTER_NAMES: ReadonlySet<string> = new Set([...FILTERS.keys(), ...ALIASES.keys()]);

export function applyFilter(name: string, value: TValue, call: CallArgs, ctx: FilterContext): TValue {
  const canonical = ALIASES.get(name) ?? name;
  const spec = FILTERS.get(canonical);
  if (!spec) throw invalidTemplate(`No filter named '${name}'.`);
  return spec.run(value, bindArgs(name, spec.params, call), ctx);
}
