import type { BinaryOp, CompareOp } from './templateAst.js';
import type { TemplateBudget } from './templateBudget.js';
import { invalidTemplate } from './templateRenderError.js';
import { equals, isDict, isKey, isList, need, str, typeName, type Meter, type TValue } from './templateValues.js';

const MAX_COMPARE_DEPTH = 64;

const unsupported = (op: string, a: TValue, b: TValue) =>
  invalidTemplate(`Unsupported operand types for ${op}: '${typeName(a)}' and '${typeName(b)}'.`);

/** Python numbers: booleans count as 0 and 1. */
const asNumber = (v: TValue): number | null => (typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : null);

function repeat<T>(items: T[] | string, times: number, budget: TemplateBudget): T[] | string {
  const n = Math.max(0, Math.trunc(times));
  budget.size(items.length * n);
  if (typeof items === 'string') return items.repeat(n);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(...items);
  return out;
}

/** `+ - * / // % ** ~` with Python's meaning; anything else (a string plus a number, ...) is an error. */
export function arithmetic(op: BinaryOp, left: TValue, right: TValue, budget: TemplateBudget): TValue {
  const a = need(left);
  const b = need(right);
  if (op === '~') {
    const l = str(a, budget);
    const r = str(b, budget);
    budget.size(l.length + r.length);
    return l + r;
  }
  const x = asNumber(a);
  const y = asNumber(b);
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') {
      budget.size(a.length + b.length);
      return a + b;
    }
    if (isList(a) && isList(b)) {
      budget.size(a.length + b.length);
      return [...a, ...b];
    }
  }
  if (op === '*') {
    if ((typeof a === 'string' || isList(a)) && Number.isInteger(y)) return repeat(a, y!, budget);
    if ((typeof b === 'string' || isList(b)) && Number.isInteger(x)) return repeat(b, x!, budget);
  }
  if (x === null || y === null) throw unsupported(op, a, b);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      if (y === 0) throw invalidTemplate('Division by zero.');
      return x / y;
    case '//':
      if (y === 0) throw invalidTemplate('Division by zero.');
      return Math.floor(x / y);
    case '%':
      if (y === 0) throw invalidTemplate('Modulo by zero.');
      return x - y * Math.floor(x / y);
    case '**': {
      const result = x ** y;
      if (!Number.isFinite(result)) throw invalidTemplate('The number is too large.');
      return result;
    }
    default:
      throw unsupported(op, a, b);
  }
}

/** Python's ordering: numbers with numbers, strings with strings, lists item by item. */
export function order(left: TValue, right: TValue, meter: Meter, depth = 0): number {
  if (depth > MAX_COMPARE_DEPTH) throw invalidTemplate('The value is nested too deeply.');
  meter.tick();
  const a = need(left);
  const b = need(right);
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (isList(a) && isList(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = order(a[i]!, b[i]!, meter, depth + 1);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  throw invalidTemplate(`'<' is not supported between '${typeName(a)}' and '${typeName(b)}'.`);
}

export function compare(op: CompareOp, a: TValue, b: TValue, meter: Meter): boolean {
  switch (op) {
    case '==':
      return equals(a, b, meter);
    case '!=':
      return !equals(a, b, meter);
    case '<':
      return order(a, b, meter) < 0;
    case '>':
      return order(a, b, meter) > 0;
    case '<=':
      return order(a, b, meter) <= 0;
    case '>=':
      return order(a, b, meter) >= 0;
  }
}

/** `item in container`: a substring, a list member, a dictionary key. */
export function contains(container: TValue, item: TValue, budget: TemplateBudget): boolean {
  const c = need(container);
  const x = need(item);
  if (typeof c === 'string') {
    if (typeof x !== 'string') throw invalidTemplate(`'in <string>' requires a string on the left, not '${typeName(x)}'.`);
    budget.size(c.length);
    return c.includes(x);
  }
  if (isList(c)) {
    budget.size(c.length);
    return c.some((v) => equals(v, x, budget));
  }
  if (isDict(c)) {
    if (!isKey(x)) throw invalidTemplate(`A '${typeName(x)}' cannot be a dictionary key.`);
    return c.has(x);
  }
  throw invalidTemplate(`The argument of type '${typeName(c)}' is not iterable.`);
}

/** What `for` and the sequence filters walk: a list's items, a string's characters, a dictionary's keys. */
export function iterate(value: TValue, budget: TemplateBudget): TValue[] {
  const v = need(value);
  let items: TValue[];
  if (isList(v)) items = v.slice();
  else if (typeof v === 'string') items = [...v];
  else if (isDict(v)) items = [...v.keys()];
  else throw invalidTemplate(`'${typeName(v)}' object is not iterable.`);
  budget.size(items.length);
  return items;
}
