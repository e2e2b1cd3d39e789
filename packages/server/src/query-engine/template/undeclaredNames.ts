import type { Expr, MacroDef, Stmt } from './templateAst.js';

/** Names the engine itself provides inside a template. */
const BUILTIN_NAMES = ['range', 'loop', 'caller'];

/**
 * Variables a template reads but never binds (jinja2's find_undeclared_variables): what to name in the
 * "parameters are undefined" message. A name bound anywhere (set, for, macro, macro argument) counts as bound.
 */
export function undeclaredNames(template: Stmt[], known: Iterable<string>): string[] {
  const used = new Set<string>();
  const bound = new Set<string>([...known, ...BUILTIN_NAMES]);
  const macro = (def: MacroDef) => {
    bound.add(def.name);
    for (const p of def.params) {
      bound.add(p.name);
      if (p.fallback) expr(p.fallback);
    }
    body(def.body);
  };
  const expr = (e: Expr): void => {
    switch (e.kind) {
      case 'literal':
        return;
      case 'name':
        used.add(e.name);
        return;
      case 'list':
        e.items.forEach(expr);
        return;
      case 'dict':
        e.entries.forEach((entry) => (expr(entry.key), expr(entry.value)));
        return;
      case 'member':
        expr(e.target);
        expr(e.key);
        return;
      case 'call':
        expr(e.callee);
        e.args.forEach(expr);
        e.kwargs.forEach((k) => expr(k.value));
        if (e.caller) macro(e.caller);
        return;
      case 'filter':
      case 'test':
        expr(e.target);
        e.args.forEach(expr);
        if (e.kind === 'filter') e.kwargs.forEach((k) => expr(k.value));
        return;
      case 'not':
      case 'negate':
        expr(e.operand);
        return;
      case 'binary':
      case 'logical':
        expr(e.left);
        expr(e.right);
        return;
      case 'compare':
        expr(e.first);
        e.rest.forEach((r) => expr(r.expr));
        return;
      case 'in':
        expr(e.item);
        expr(e.container);
        return;
      case 'condition':
        expr(e.test);
        expr(e.then);
        if (e.otherwise) expr(e.otherwise);
        return;
      case 'capture':
        body(e.body);
        return;
    }
  };
  const body = (stmts: Stmt[]): void => {
    for (const s of stmts) {
      switch (s.kind) {
        case 'text':
          break;
        case 'output':
          expr(s.expr);
          break;
        case 'if':
          expr(s.test);
          body(s.body);
          body(s.otherwise);
          break;
        case 'for':
          s.targets.forEach((t) => bound.add(t));
          expr(s.iterable);
          body(s.body);
          body(s.otherwise);
          break;
        case 'set':
          s.targets.forEach((t) => bound.add(t));
          expr(s.value);
          break;
        case 'setBlock':
          bound.add(s.target);
          body(s.body);
          break;
        case 'macro':
          macro(s.def);
          break;
      }
    }
  };
  body(template);
  return [...used].filter((name) => !bound.has(name)).sort();
}
