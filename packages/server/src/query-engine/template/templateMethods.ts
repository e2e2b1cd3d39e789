import { bindArgs } from './bindArgs.js';
import type { TemplateBudget } from './templateBudget.js';
import { iterate } from './templateOperators.js';
import { invalidTemplate } from './templateRenderError.js';
import { equals, isDict, isKey, isList, need, str, TemplateCallable, typeName, type TDict, type TValue } from './templateValues.js';

/**
 * The Python methods SQL templates use ("','".join(xs), s.upper(), d.get(k), ...), written here over our
 * values. A template reaches no JavaScript method: `x.name(...)` finds a method only in these tables.
 */
type Method<T> = { params: readonly string[]; run: (self: T, args: (TValue | undefined)[], budget: TemplateBudget) => TValue };

const text = (v: TValue | undefined, what: string): string => {
  const value = need(v ?? null);
  if (typeof value !== 'string') throw invalidTemplate(`${what} must be a string, not '${typeName(value)}'.`);
  return value;
};

const sized = (s: string, budget: TemplateBudget) => {
  budget.size(s.length);
  return s;
};

/** Python's strip family: `chars` is a set of characters (whitespace when absent). */
export function strip(s: string, chars: TValue | undefined, side: 'both' | 'left' | 'right'): string {
  const set = chars === undefined || chars === null ? null : new Set(text(chars, 'strip characters'));
  const drop = (c: string) => (set ? set.has(c) : /\s/.test(c));
  let start = 0;
  let end = s.length;
  if (side !== 'right') while (start < end && drop(s[start]!)) start++;
  if (side !== 'left') while (end > start && drop(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** Python's str.replace, with an optional count; the result's size is paid before it is built. */
export function replaceText(s: string, old: string, replacement: string, count: number | null, budget: TemplateBudget): string {
  const pieces = old === '' ? ['', ...s, ''] : s.split(old);
  const limit = count === null || count < 0 ? pieces.length - 1 : Math.min(count, pieces.length - 1);
  budget.size(s.length + limit * Math.max(0, replacement.length - old.length));
  const head = pieces.slice(0, limit + 1).join(replacement);
  return old === '' ? head + pieces.slice(limit + 1).join('') : [head, ...pieces.slice(limit + 1)].join(old);
}

function split(s: string, sep: TValue | undefined, maxsplit: TValue | undefined, budget: TemplateBudget): TValue[] {
  const max = typeof maxsplit === 'number' && maxsplit >= 0 ? Math.trunc(maxsplit) : Infinity;
  budget.size(s.length);
  if (sep === undefined || sep === null) {
    // Runs of whitespace separate; after `max` splits the rest is kept as it is (trailing whitespace too), as Python's.
    const words: string[] = [];
    const word = /\S+/g;
    for (let m = word.exec(s); m !== null; m = word.exec(s)) {
      if (words.length === max) {
        words.push(s.slice(m.index));
        break;
      }
      words.push(m[0]);
    }
    return words;
  }
  const separator = text(sep, 'The separator');
  if (separator === '') throw invalidTemplate('Empty separator.');
  const parts = s.split(separator);
  return parts.length <= max + 1 ? parts : [...parts.slice(0, max), parts.slice(max).join(separator)];
}

const affix = (s: string, what: TValue | undefined, test: (s: string, a: string) => boolean): boolean => {
  const v = need(what ?? null);
  if (isList(v)) return v.some((a) => test(s, text(a, 'The affix')));
  return test(s, text(v, 'The affix'));
};

const STRING_METHODS = new Map<string, Method<string>>([
  ['upper', { params: [], run: (s) => s.toUpperCase() }],
  ['lower', { params: [], run: (s) => s.toLowerCase() }],
  ['strip', { params: ['chars'], run: (s, [c]) => strip(s, c, 'both') }],
  ['lstrip', { params: ['chars'], run: (s, [c]) => strip(s, c, 'left') }],
  ['rstrip', { params: ['chars'], run: (s, [c]) => strip(s, c, 'right') }],
  ['title', { params: [], run: (s) => s.toLowerCase().replace(/(^|[^\p{L}\p{N}])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase()) }],
  ['capitalize', { params: [], run: (s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() }],
  [
    'replace',
    {
      params: ['old', 'new', 'count'],
      run: (s, [o, n, c], b) => replaceText(s, text(o, 'The text to replace'), text(n, 'The replacement'), typeof c === 'number' ? c : null, b),
    },
  ],
  ['split', { params: ['sep', 'maxsplit'], run: (s, [sep, max], b) => split(s, sep, max, b) }],
  ['startswith', { params: ['prefix'], run: (s, [p]) => affix(s, p, (x, a) => x.startsWith(a)) }],
  ['endswith', { params: ['suffix'], run: (s, [p]) => affix(s, p, (x, a) => x.endsWith(a)) }],
  ['count', { params: ['sub'], run: (s, [sub]) => s.split(text(sub, 'The text to count')).length - 1 }],
  ['find', { params: ['sub'], run: (s, [sub]) => s.indexOf(text(sub, 'The text to find')) }],
  ['isdigit', { params: [], run: (s) => /^\d+$/.test(s) }],
  [
    'join',
    {
      params: ['iterable'],
      run: (s, [items], b) => {
        const parts = iterate(items ?? null, b).map((v) => text(v, 'Each joined item'));
        b.size(parts.reduce((n, p) => n + p.length + s.length, 0));
        return parts.join(s);
      },
    },
  ],
]);

const LIST_METHODS = new Map<string, Method<TValue[]>>([
  [
    'append',
    {
      params: ['item'],
      run: (xs, [item], b) => {
        b.size(xs.length + 1);
        xs.push(item ?? null);
        return null;
      },
    },
  ],
  ['count', { params: ['item'], run: (xs, [item], b) => xs.filter((x) => equals(x, item ?? null, b)).length }],
  [
    'index',
    {
      params: ['item'],
      run: (xs, [item], b) => {
        const i = xs.findIndex((x) => equals(x, item ?? null, b));
        if (i < 0) throw invalidTemplate(`${str(need(item ?? null), b)} is not in list.`);
        return i;
      },
    },
  ],
]);

const DICT_METHODS = new Map<string, Method<TDict>>([
  [
    'get',
    {
      params: ['key', 'default'],
      run: (d, [k, fallback]) => {
        const key = need(k ?? null);
        return isKey(key) && d.has(key) ? d.get(key)! : (fallback ?? null);
      },
    },
  ],
  ['keys', { params: [], run: (d, _, b) => (b.size(d.size), [...d.keys()]) }],
  ['values', { params: [], run: (d, _, b) => (b.size(d.size), [...d.values()]) }],
  ['items', { params: [], run: (d, _, b) => (b.size(d.size), [...d].map(([k, v]) => [k, v])) }],
]);

function bound<T>(self: T, name: string, method: Method<T>, budget: TemplateBudget): TemplateCallable {
  return new TemplateCallable(name, (call) => {
    const args = bindArgs(name, method.params, call);
    const result = method.run(self, args, budget);
    return typeof result === 'string' ? sized(result, budget) : result;
  });
}

/** The method `name` of `target`, bound to it, or null when our tables have none. */
export function methodOf(target: TValue, name: string, budget: TemplateBudget): TemplateCallable | null {
  if (typeof target === 'string') {
    const m = STRING_METHODS.get(name);
    return m ? bound(target, name, m, budget) : null;
  }
  if (isList(target)) {
    const m = LIST_METHODS.get(name);
    return m ? bound(target, name, m, budget) : null;
  }
  if (isDict(target)) {
    const m = DICT_METHODS.get(name);
    return m ? bound(target, name, m, budget) : null;
  }
  return null;
}
