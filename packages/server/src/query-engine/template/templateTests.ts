import { compare, contains } from './templateOperators.js';
import type { TemplateBudget } from './templateBudget.js';
import { invalidTemplate } from './templateRenderError.js';
import { isCallable, isDict, isList, isUndefined, need, type TValue } from './templateValues.js';

type Test = (value: TValue, args: TValue[], budget: TemplateBudget) => boolean;

const integer = (v: TValue) => typeof v === 'number' && Number.isInteger(v);
const numberArg = (args: TValue[], name: string): number => {
  const n = need(args[0] ?? null);
  if (typeof n !== 'number') throw invalidTemplate(`The test '${name}' needs a number.`);
  return n;
};
const comparing =
  (op: '==' | '!=' | '<' | '<=' | '>' | '>='): Test =>
  (v, args, budget) =>
    compare(op, v, args[0] ?? null, budget);

/** Jinja's tests (`x is defined`, `x is none`, ...): type tests never fail on an undefined value. */
const TESTS = new Map<string, Test>([
  ['defined', (v) => !isUndefined(v)],
  ['undefined', (v) => isUndefined(v)],
  ['none', (v) => v === null],
  ['true', (v) => v === true],
  ['false', (v) => v === false],
  ['boolean', (v) => typeof v === 'boolean'],
  ['string', (v) => typeof v === 'string'],
  // Python counts booleans as numbers, and so does Jinja's `number` test.
  ['number', (v) => typeof v === 'number' || typeof v === 'boolean'],
  ['integer', (v) => integer(v)],
  ['float', (v) => typeof v === 'number' && !Number.isInteger(v)],
  ['mapping', (v) => isDict(v)],
  ['sequence', (v) => typeof v === 'string' || isList(v) || isDict(v)],
  ['iterable', (v) => typeof v === 'string' || isList(v) || isDict(v)],
  ['callable', (v) => isCallable(v)],
  ['lower', (v) => typeof v === 'string' && v === v.toLowerCase()],
  ['upper', (v) => typeof v === 'string' && v === v.toUpperCase()],
  ['odd', (v) => Math.abs(numberArg([v], 'odd') % 2) === 1],
  ['even', (v) => numberArg([v], 'even') % 2 === 0],
  [
    'divisibleby',
    (v, args) => {
      const d = numberArg(args, 'divisibleby');
      if (d === 0) throw invalidTemplate('Division by zero.');
      return numberArg([v], 'divisibleby') % d === 0;
    },
  ],
  ['eq', comparing('==')],
  ['ne', comparing('!=')],
  ['lt', comparing('<')],
  ['le', comparing('<=')],
  ['gt', comparing('>')],
  ['ge', comparing('>=')],
  ['in', (v, args, budget) => contains(args[0] ?? null, v, budget)],
  ['sameas', (v, args) => typeof v !== 'object' && v === args[0]],
]);

const ALIASES: ReadonlyMap<string, string> = new Map([
  ['equalto', 'eq'],
  ['==', 'eq'],
  ['!=', 'ne'],
  ['lessthan', 'lt'],
  ['<', 'lt'],
  ['<=', 'le'],
  ['greaterthan', 'gt'],
  ['>', 'gt'],
  ['>=', 'ge'],
]);

/** Every test name a template may use after `is`. */
export const TEST_NAMES: ReadonlySet<string> = new Set([...TESTS.keys(), ...ALIASES.keys()]);

export function applyTest(name: string, value: TValue, args: TValue[], budget: TemplateBudget): boolean {
  const test = TESTS.get(ALIASES.get(name) ?? name);
  if (!test) throw invalidTemplate(`No test named '${name}'.`);
  if (args.length > 1) throw invalidTemplate(`The test '${name}' takes at most one argument (${args.length} given).`);
  return test(value, args, budget);
}
