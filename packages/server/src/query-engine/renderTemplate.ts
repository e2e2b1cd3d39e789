import nunjucks from 'nunjucks';

/** Why a template could not be rendered; the service maps these to the catalogue. */
export class TemplateRenderError extends Error {
  override name = 'TemplateRenderError';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'missing',
    readonly undefinedParameters: string[] = [],
  ) {
    super(message);
  }
}

/**
 * Property names that lead from template values to Function, prototypes or process
 * (`range.constructor("return process")()` is the classic nunjucks escape).
 */
const UNSAFE_MEMBERS = new Set([
  'constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__',
  '__lookupSetter__', 'call', 'apply', 'bind',
]);

type Runtime = { memberLookup: (obj: unknown, key: unknown) => unknown };
const runtime = (nunjucks as unknown as { runtime: Runtime }).runtime;
const originalLookup = runtime.memberLookup;
// Compiled templates call `runtime.memberLookup` through the module object, so the guard covers every
// environment in the process (including other modules' ones, which is what they want too).
if (!(originalLookup as { guarded?: boolean }).guarded) {
  const guarded = (obj: unknown, key: unknown): unknown => {
    if (typeof key === 'string' && UNSAFE_MEMBERS.has(key)) throw new Error(`Access to "${key}" is not allowed in templates`);
    return originalLookup(obj, key);
  };
  runtime.memberLookup = Object.assign(guarded, { guarded: true });
}

/** No loaders (no include/import/extends of files), no autoescaping (this is SQL), undefined is an error. */
function sandboxEnvironment(): nunjucks.Environment {
  const env = new nunjucks.Environment([], { autoescape: false, throwOnUndefined: true });
  // Default globals (range, cycler, joiner) are functions, i.e. a way to Function: keep none.
  (env as unknown as { globals: Record<string, unknown> }).globals = {};
  return env;
}

interface AstNode {
  typename: string;
  fields: string[];
  [field: string]: unknown;
}

/** Variables the template reads but never binds (jinja2's find_undeclared_variables). */
export function undeclaredVariables(source: string, known: Iterable<string>): string[] {
  const parser = (nunjucks as unknown as { parser: { parse(src: string): AstNode } }).parser;
  const used = new Set<string>();
  const bound = new Set<string>(known);
  const bindTargets = (node: unknown) => {
    visitNodes(node, (n) => {
      if (n.typename === 'Symbol') bound.add(String(n.value));
    });
  };
  visitNodes(parser.parse(source), (n) => {
    if (n.typename === 'Symbol') used.add(String(n.value));
    if (n.typename === 'Set') bindTargets(n.targets);
    if (n.typename === 'For' || n.typename === 'AsyncEach' || n.typename === 'AsyncAll') bindTargets(n.name);
    if (n.typename === 'Macro') {
      bindTargets(n.name);
      bindTargets(n.args);
    }
  });
  return [...used].filter((name) => !bound.has(name)).sort();
}

function visitNodes(node: unknown, fn: (n: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) visitNodes(child, fn);
    return;
  }
  if (!node || typeof node !== 'object' || !('typename' in node)) return;
  const n = node as AstNode;
  fn(n);
  for (const field of n.fields ?? []) visitNodes(n[field], fn);
  if (Array.isArray(n.children)) visitNodes(n.children, fn);
}

/** `templateParams` arrives as JSON text or an object; anything else is invalid. */
export function parseTemplateParams(params: string | Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (params === null || params === undefined || params === '') return {};
  if (typeof params !== 'string') return params;
  let parsed: unknown;
  try {
    parsed = JSON.parse(params);
  } catch {
    throw new TemplateRenderError('The template parameters are not valid JSON.', 'invalid');
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TemplateRenderError('The template parameters must be a JSON object.', 'invalid');
  }
  return parsed as Record<string, unknown>;
}

/** Renders Jinja-like SQL templates; text without template syntax is returned untouched. */
export function renderTemplate(sql: string, params: Record<string, unknown>): string {
  if (!/\{[{%#]/.test(sql)) return sql;
  const env = sandboxEnvironment();
  try {
    return env.renderString(sql, { ...params });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    let missing: string[] = [];
    try {
      missing = undeclaredVariables(sql, Object.keys(params));
    } catch {
      /* unparsable: reported as invalid below */
    }
    if (missing.length > 0 && /undefined|null/.test(message)) {
      throw new TemplateRenderError(
        `The following parameters in your query are undefined: ${missing.map((m) => `"${m}"`).join(', ')}.`,
        'missing',
        missing,
      );
    }
    throw new TemplateRenderError(`The query contains one or more malformed template parameters. ${message.split('\n').pop()?.trim() ?? ''}`.trim(), 'invalid');
  }
}
