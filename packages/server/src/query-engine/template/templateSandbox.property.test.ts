import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTemplate, TemplateRenderError, type TemplateParams } from '../renderTemplate.js';
import { templateContext } from './templateContext.js';

/**
 * Random templates from a Jinja grammar full of hostile member names, keys and calls, rendered over hostile
 * parameters with the request macros: a render returns text or throws TemplateRenderError, its text carries
 * no JavaScript function, object or process output, and nothing outside the sandbox has changed.
 */

const HOSTILE = [
  'constructor',
  '__proto__',
  'prototype',
  'valueOf',
  'toString',
  'call',
  'apply',
  'bind',
  'process',
  'globalThis',
  'require',
  'Function',
  'eval',
  'this',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupGetter__',
  'mainModule',
  'getBuiltinModule',
  'env',
  'length',
];
const METHODS = ['upper', 'lower', 'strip', 'replace', 'split', 'join', 'get', 'keys', 'values', 'items', 'append', 'startswith', 'index', 'count', 'cycle'];
const NAMES = ['p', 'k', 'xs', 'd', 'n', 'x', 'range', 'loop', 'caller', 'url_param', 'filter_values', 'get_filters', 'get_time_filter', 'current_user_id', 'cache_key_wrapper', 'm', ...HOSTILE];
const FILTERS = ['join', 'default', 'lower', 'upper', 'list', 'first', 'last', 'length', 'string', 'tojson', 'where_in', 'sort', 'unique', 'int', 'safe', 'replace', 'attr', 'map'];
const TESTS = ['defined', 'none', 'string', 'callable', 'mapping', 'number', 'sequence'];
/** String literals: hostile names and code, but nothing that could spell the words the output is checked for. */
const STRINGS = ['', 'a', ' ', ',', "'", '\\', 'return 1', 'return process', ...HOSTILE.filter((h) => h !== 'Function')];

/** Code an escape would run: each answer would show in the output as a host object's text. */
const CODE = ['return process', 'return globalThis', 'return this', 'return Object.prototype', 'return process.getBuiltinModule'];

const quoted = fc.constantFrom(...STRINGS).map((s) => JSON.stringify(s));
const atom = fc.oneof(
  fc.constantFrom(...NAMES),
  quoted,
  fc.integer({ min: -3, max: 12 }).map(String),
  fc.constantFrom('none', 'true', 'False', '[]', '{}', '[k]', '["constructor"]', '{"a": 1}', 'range(3)', 'loop'),
);

const { expr } = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('expr'), fc.oneof(quoted, tie('expr'), fc.constant('["constructor"]'))).map(([t, key]) => `${t}[${key}]`),
    fc.tuple(tie('expr'), fc.constantFrom(...HOSTILE, ...METHODS)).map(([t, name]) => `${t}.${name}`),
    fc.tuple(tie('expr'), fc.array(tie('expr'), { maxLength: 2 })).map(([f, args]) => `${f}(${args.join(', ')})`),
    // The shape of every known escape: a member path to a constructor, called with code, the result called.
    fc
      .tuple(tie('expr'), fc.constantFrom('["constructor"]', 'k', '[p]', 'constructor', '["__proto__"]'), fc.constantFrom(...CODE))
      .map(([t, key, code]) => `${t}[${key}][${key}](${JSON.stringify(code)})()`),
    fc.tuple(tie('expr'), fc.constantFrom(...FILTERS), fc.array(tie('expr'), { maxLength: 2 })).map(([t, f, args]) => `(${t})|${f}${args.length ? `(${args.join(', ')})` : ''}`),
    fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '~', '==', '<', 'in', 'and', 'or', '//', '%'), tie('expr')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('expr'), fc.constantFrom(...TESTS)).map(([e, t]) => `(${e} is ${t})`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `(${a} if ${b} else ${c})`),
    fc.array(tie('expr'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    fc.tuple(quoted, tie('expr')).map(([k, v]) => `{${k}: ${v}}`),
    tie('expr').map((e) => `not ${e}`),
  ),
}));

const name = fc.constantFrom(...NAMES);
const { body } = fc.letrec<{ stmt: string; body: string }>((tie) => ({
  stmt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('SELECT ', ' x ', '\n', "'", ' -- ', '{#c#}'),
    expr.map((e) => `{{ ${e} }}`),
    fc.tuple(expr, tie('body'), tie('body')).map(([c, a, b]) => `{% if ${c} %}${a}{% else %}${b}{% endif %}`),
    fc.tuple(name, expr, tie('body')).map(([n, e, b]) => `{% for ${n} in ${e} %}${b}{% endfor %}`),
    fc.tuple(name, expr).map(([n, e]) => `{% set ${n} = ${e} %}`),
    fc.tuple(name, name, tie('body')).map(([n, a, b]) => `{% macro ${n}(${a}) %}${b}{% endmacro %}`),
    fc.tuple(name, tie('body')).map(([n, b]) => `{% set ${n} %}${b}{% endset %}`),
  ),
  body: fc.array(tie('stmt'), { maxLength: 4 }).map((parts) => parts.join('')),
}));

/** JSON with hostile keys and values, as `templateParams` could carry it. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, 0, 3, -1.5, ...STRINGS),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...NAMES), tie('json')), { maxLength: 3 }).map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries)))),
  ),
}));
const BASE_PARAMS = JSON.parse(
  '{"p":"constructor","k":["constructor"],"xs":["__proto__","prototype","valueOf"],"n":3,"x":{},' +
    '"d":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"toString":"x","valueOf":["call"]},' +
    '"constructor":["constructor"],"__proto__":{"polluted":1},"valueOf":"toString"}',
) as Record<string, unknown>;
const params = fc
  .array(fc.tuple(fc.constantFrom(...NAMES), json), { maxLength: 3 })
  .map((extra) => JSON.parse(JSON.stringify({ ...BASE_PARAMS, ...Object.fromEntries(extra) })) as TemplateParams);

const context = templateContext({
  user: { id: 1, username: 'constructor', email: '__proto__' },
  urlParams: JSON.parse('{"constructor":"x","__proto__":"y","a":"b"}') as Record<string, unknown>,
  filters: [
    { col: 'constructor', op: 'IN', val: ['__proto__', 'prototype'] },
    { col: 'a', op: '==', val: 'toString' },
  ],
  dialect: { stringEscape: 'standard', timestampLiteral: "TIMESTAMP '{value}'" },
});

/** Own properties of the objects a template escape would change, with the identity of each value. */
function snapshot(): Map<string, unknown[]> {
  const targets: Record<string, object> = {
    globalThis,
    Object: Object.prototype,
    Function: Function.prototype,
    Array: Array.prototype,
    String: String.prototype,
    Number: Number.prototype,
    Map: Map.prototype,
    ObjectCtor: Object,
    process,
    env: process.env,
  };
  const out = new Map<string, unknown[]>();
  for (const [label, target] of Object.entries(targets)) {
    for (const key of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, key)!;
      out.set(`${label}.${String(key)}`, [d.value, d.get, d.set]);
    }
  }
  return out;
}

function expectUnchanged(before: Map<string, unknown[]>, template: string): void {
  const after = snapshot();
  expect([...after.keys()].sort(), template).toEqual([...before.keys()].sort());
  for (const [key, values] of before) {
    const now = after.get(key)!;
    // Values that move on their own (process.env is re-read, timers, counters) are compared by key only.
    if (key.startsWith('env.') || key === 'process.exitCode') continue;
    expect(values.every((v, i) => Object.is(v, now[i])), `${key} changed by ${template}`).toBe(true);
  }
}

describe('template sandbox property (finding 1)', () => {
  it('random hostile templates return text or a TemplateRenderError, leak no host value and change nothing', () => {
    fc.assert(
      fc.property(body, params, (template, p) => {
        const before = snapshot();
        let out: string | null = null;
        try {
          out = renderTemplate(template, p, context);
        } catch (err) {
          if (!(err instanceof TemplateRenderError)) throw new Error(`${template}\nthrew ${String(err)}`, { cause: err });
          expect(['invalid', 'missing']).toContain(err.kind);
        }
        if (out !== null) {
          expect(typeof out).toBe('string');
          expect(out, template).not.toMatch(/function|\[native code\]|\[object |uid=|Symbol\(/);
        }
        expectUnchanged(before, template);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 250 },
    );
  });

  it('the grammar reaches the evaluator: many random templates render', () => {
    let rendered = 0;
    fc.assert(
      fc.property(body, params, (template, p) => {
        try {
          renderTemplate(template, p, context);
          rendered++;
        } catch (err) {
          if (!(err instanceof TemplateRenderError)) throw err;
        }
      }),
      { numRuns: 200 },
    );
    expect(rendered).toBeGreaterThan(40);
  });
});
