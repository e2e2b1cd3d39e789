import type { Expr, MacroDef, NamedArg, Stmt } from './templateAst.js';
import { MAX_MACRO_DEPTH, MAX_RANGE, TemplateBudget, TemplateOutput } from './templateBudget.js';
import { applyFilter, type FilterContext } from './templateFilters.js';
import { methodOf } from './templateMethods.js';
import { arithmetic, compare, contains, iterate } from './templateOperators.js';
import { invalidTemplate } from './templateRenderError.js';
import { applyTest } from './templateTests.js';
import {
  isCallable,
  isDict,
  isKey,
  isList,
  need,
  str,
  TemplateCallable,
  truthy,
  typeName,
  Undefined,
  type CallArgs,
  type TDict,
  type TValue,
} from './templateValues.js';

/** Variables of one block: a `for` turn or a macro call gets its own, so their `set`s stay inside (as Jinja's). */
class Scope {
  private readonly vars = new Map<string, TValue>();
  constructor(private readonly parent: Scope | null) {}

  lookup(name: string): TValue | undefined {
    if (this.vars.has(name)) return this.vars.get(name);
    return this.parent ? this.parent.lookup(name) : undefined;
  }

  set(name: string, value: TValue): void {
    this.vars.set(name, value);
  }
}

export interface EvaluateOptions {
  /** Names the template starts with: template parameters (copied in) and the allow-listed macros. */
  globals: ReadonlyMap<string, TValue>;
  budget: TemplateBudget;
  stringEscape: FilterContext['stringEscape'];
}

/** A short text naming an expression, for messages ("'a.b' is undefined"). */
function label(e: Expr): string {
  if (e.kind === 'name') return e.name;
  if (e.kind === 'member') {
    const key = e.key.kind === 'literal' ? e.key.value : null;
    return typeof key === 'string' && /^\w+$/.test(key) ? `${label(e.target)}.${key}` : `${label(e.target)}[...]`;
  }
  if (e.kind === 'call') return `${label(e.callee)}(...)`;
  return 'the value';
}

/** Python's range(), bounded: a template cannot make a list of a billion numbers. */
function rangeCallable(budget: TemplateBudget): TemplateCallable {
  return new TemplateCallable('range', ({ args, kwargs }) => {
    if (kwargs.size > 0 || args.length < 1 || args.length > 3) throw invalidTemplate('range() takes one to three numbers.');
    const nums = args.map((a) => need(a));
    if (!nums.every((n): n is number => typeof n === 'number' && Number.isInteger(n))) throw invalidTemplate('range() takes integers.');
    const [start, stop, step] = nums.length === 1 ? [0, nums[0]!, 1] : [nums[0]!, nums[1]!, nums[2] ?? 1];
    if (step === 0) throw invalidTemplate('range() step must not be zero.');
    const count = Math.max(0, Math.ceil((stop - start) / step));
    if (count > MAX_RANGE) throw invalidTemplate(`range() is limited to ${MAX_RANGE} items.`);
    budget.size(count);
    return Array.from({ length: count }, (_, i) => start + i * step);
  });
}

/**
 * Runs a parsed template over template values. The interpreter only ever touches values of the closed
 * domain of templateValues.ts: members are read through Map lookups and integer indexes, calls go only to
 * TemplateCallables (made by this engine), and every step and every string or list built is paid for.
 */
export function evaluateTemplate(template: Stmt[], options: EvaluateOptions): string {
  const interpreter = new Interpreter(options);
  const root = new Scope(null);
  for (const [name, value] of options.globals) root.set(name, value);
  if (root.lookup('range') === undefined) root.set('range', rangeCallable(options.budget));
  const out = new TemplateOutput(options.budget);
  interpreter.run(template, new Scope(root), out);
  return out.text();
}

class Interpreter {
  private readonly budget: TemplateBudget;
  private readonly filters: FilterContext;
  private macroDepth = 0;

  constructor(options: EvaluateOptions) {
    this.budget = options.budget;
    this.filters = { budget: options.budget, stringEscape: options.stringEscape };
  }

  run(body: Stmt[], scope: Scope, out: TemplateOutput): void {
    for (const s of body) this.statement(s, scope, out);
  }

  private capture(body: Stmt[], scope: Scope): string {
    const out = new TemplateOutput(this.budget);
    this.run(body, scope, out);
    return out.text();
  }

  private statement(s: Stmt, scope: Scope, out: TemplateOutput): void {
    this.budget.tick();
    switch (s.kind) {
      case 'text':
        out.write(s.text);
        return;
      case 'output': {
        const text = this.text(this.expr(s.expr, scope));
        this.budget.size(text.length);
        out.write(text);
        return;
      }
      case 'if':
        this.run(truthy(this.expr(s.test, scope)) ? s.body : s.otherwise, scope, out);
        return;
      case 'for':
        this.forLoop(s, scope, out);
        return;
      case 'set':
        this.assign(s.targets, this.expr(s.value, scope), scope);
        return;
      case 'setBlock':
        scope.set(s.target, this.capture(s.body, scope));
        return;
      case 'macro':
        scope.set(s.def.name, this.macro(s.def, scope));
        return;
    }
  }

  /** What `{{ }}` writes: Python's str() of the value; undefined values and macros are refused. */
  private text(value: TValue): string {
    const v = need(value);
    if (isCallable(v)) throw invalidTemplate(`The macro '${v.name}' cannot be written out; call it.`);
    return str(v, this.budget);
  }

  private assign(targets: string[], value: TValue, scope: Scope): void {
    if (targets.length === 1) {
      scope.set(targets[0]!, value);
      return;
    }
    const v = need(value);
    if (!isList(v) || v.length !== targets.length) throw invalidTemplate(`Cannot unpack '${typeName(v)}' into ${targets.length} names.`);
    targets.forEach((t, i) => scope.set(t, v[i]!));
  }

  private forLoop(s: Extract<Stmt, { kind: 'for' }>, scope: Scope, out: TemplateOutput): void {
    const items = iterate(this.expr(s.iterable, scope), this.budget);
    if (items.length === 0) {
      this.run(s.otherwise, scope, out);
      return;
    }
    items.forEach((item, i) => {
      this.budget.tick();
      const inner = new Scope(scope);
      this.assign(s.targets, item, inner);
      inner.set('loop', this.loopInfo(i, items.length));
      this.run(s.body, inner, out);
    });
  }

  /** Jinja's `loop`: a plain dictionary of counters, and `loop.cycle(a, b, ...)`. */
  private loopInfo(i: number, length: number): TDict {
    return new Map<string, TValue>([
      ['index', i + 1],
      ['index0', i],
      ['revindex', length - i],
      ['revindex0', length - i - 1],
      ['first', i === 0],
      ['last', i === length - 1],
      ['length', length],
      [
        'cycle',
        new TemplateCallable('cycle', ({ args }) => {
          if (args.length === 0) throw invalidTemplate('loop.cycle() needs values.');
          return args[i % args.length]!;
        }),
      ],
    ]);
  }

  /** A user `{% macro %}`: runs its body in a scope over the one it was defined in and returns its output. */
  private macro(def: MacroDef, defined: Scope): TemplateCallable {
    return new TemplateCallable(def.name, ({ args, kwargs }) => {
      if (args.length > def.params.length) throw invalidTemplate(`The macro '${def.name}' takes ${def.params.length} arguments (${args.length} given).`);
      if (this.macroDepth >= MAX_MACRO_DEPTH) throw invalidTemplate(`Macros are nested more than ${MAX_MACRO_DEPTH} deep.`);
      const scope = new Scope(defined);
      const known = new Set(def.params.map((p) => p.name));
      for (const name of kwargs.keys()) {
        if (!known.has(name) && name !== 'caller') throw invalidTemplate(`The macro '${def.name}' has no argument '${name}'.`);
      }
      this.macroDepth++;
      try {
        def.params.forEach((p, i) => {
          const given = i < args.length ? args[i] : kwargs.get(p.name);
          const fallback = () => (p.fallback ? this.expr(p.fallback, scope) : new Undefined(null, `The argument '${p.name}' of macro '${def.name}'`));
          const value = given !== undefined ? given : fallback();
          scope.set(p.name, value);
        });
        if (kwargs.has('caller')) scope.set('caller', kwargs.get('caller')!);
        return this.capture(def.body, scope);
      } finally {
        this.macroDepth--;
      }
    });
  }

  private lookup(name: string, scope: Scope): TValue {
    const v = scope.lookup(name);
    return v === undefined ? new Undefined(name, `'${name}'`) : v;
  }

  /** `target.key` / `target[key]`: dictionary keys, list and string indexes, then our methods; nothing else. */
  private member(target: TValue, key: TValue, what: string): TValue {
    const t = need(target);
    const k = need(key);
    if (isDict(t) && isKey(k) && t.has(k)) return t.get(k)!;
    if ((isList(t) || typeof t === 'string') && typeof k === 'number' && Number.isInteger(k)) {
      const i = k < 0 ? t.length + k : k;
      if (i >= 0 && i < t.length) return t[i]!;
      return new Undefined(null, `'${what}'`);
    }
    if (typeof k === 'string') return methodOf(t, k, this.budget) ?? new Undefined(null, `'${what}'`);
    return new Undefined(null, `'${what}'`);
  }

  /** The function a call expression names: for `x.name(...)` our method of that name comes first. */
  private callee(e: Expr, scope: Scope): TValue {
    if (e.kind !== 'member') return this.expr(e, scope);
    const target = need(this.expr(e.target, scope));
    const key = need(this.expr(e.key, scope));
    return (typeof key === 'string' ? methodOf(target, key, this.budget) : null) ?? this.member(target, key, label(e));
  }

  private callArgs(args: Expr[], kwargs: NamedArg[], scope: Scope): CallArgs {
    const named = new Map<string, TValue>();
    for (const k of kwargs) {
      if (named.has(k.name)) throw invalidTemplate(`The keyword argument '${k.name}' is repeated.`);
      named.set(k.name, this.expr(k.value, scope));
    }
    return { args: args.map((a) => this.expr(a, scope)), kwargs: named, meter: this.budget };
  }

  expr(e: Expr, scope: Scope): TValue {
    this.budget.tick();
    switch (e.kind) {
      case 'literal':
        return e.value;
      case 'name':
        return this.lookup(e.name, scope);
      case 'list':
        this.budget.size(e.items.length);
        return e.items.map((item) => this.expr(item, scope));
      case 'dict': {
        const d: TDict = new Map();
        for (const entry of e.entries) {
          const key = need(this.expr(entry.key, scope));
          if (!isKey(key)) throw invalidTemplate(`A '${typeName(key)}' cannot be a dictionary key.`);
          d.set(key, this.expr(entry.value, scope));
        }
        return d;
      }
      case 'member':
        return this.member(this.expr(e.target, scope), this.expr(e.key, scope), label(e));
      case 'call': {
        const fn = need(this.callee(e.callee, scope));
        if (!isCallable(fn)) throw invalidTemplate(`'${label(e.callee)}' is not callable (it is a ${typeName(fn)}).`);
        const call = this.callArgs(e.args, e.kwargs, scope);
        if (e.caller) call.kwargs.set('caller', this.macro(e.caller, scope));
        return fn.invoke(call);
      }
      case 'filter': {
        const input = e.target.kind === 'capture' ? this.capture(e.target.body, scope) : this.expr(e.target, scope);
        return applyFilter(e.name, input, this.callArgs(e.args, e.kwargs, scope), this.filters);
      }
      case 'test': {
        const result = applyTest(e.name, this.expr(e.target, scope), e.args.map((a) => this.expr(a, scope)), this.budget);
        return e.negated ? !result : result;
      }
      case 'not':
        return !truthy(this.expr(e.operand, scope));
      case 'negate': {
        const v = need(this.expr(e.operand, scope));
        if (typeof v !== 'number' && typeof v !== 'boolean') throw invalidTemplate(`Bad operand type for unary ${e.sign}: '${typeName(v)}'.`);
        return e.sign === '-' ? -Number(v) : Number(v);
      }
      case 'binary':
        return arithmetic(e.op, this.expr(e.left, scope), this.expr(e.right, scope), this.budget);
      case 'logical': {
        const left = this.expr(e.left, scope);
        if (e.op === 'and') return truthy(left) ? this.expr(e.right, scope) : left;
        return truthy(left) ? left : this.expr(e.right, scope);
      }
      case 'compare': {
        let left = this.expr(e.first, scope);
        for (const { op, expr } of e.rest) {
          const right = this.expr(expr, scope);
          if (!compare(op, left, right, this.budget)) return false;
          left = right;
        }
        return true;
      }
      case 'in':
        return contains(this.expr(e.container, scope), this.expr(e.item, scope), this.budget);
      case 'condition':
        if (truthy(this.expr(e.test, scope))) return this.expr(e.then, scope);
        return e.otherwise ? this.expr(e.otherwise, scope) : new Undefined(null, 'An inline if without else');
      case 'capture':
        return this.capture(e.body, scope);
    }
  }
}
