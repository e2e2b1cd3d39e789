import { evaluateTemplate } from './template/evaluate.js';
import { parseTemplate } from './template/parseTemplate.js';
import { TemplateBudget } from './template/templateBudget.js';
import { macroCallables, type TemplateMacros } from './template/templateMacros.js';
import { TemplateRenderError } from './template/templateRenderError.js';
import { fromData, isDict, keyText, UndefinedFailure, type TemplateData, type TValue } from './template/templateValues.js';
import { undeclaredNames } from './template/undeclaredNames.js';
import type { Stmt } from './template/templateAst.js';

export { TemplateRenderError } from './template/templateRenderError.js';
export type { TemplateData } from './template/templateValues.js';
export type { MacroArgs, MacroName, TemplateMacro, TemplateMacros } from './template/templateMacros.js';

/** Template parameters: JSON data only (`templateParams`, a dataset's `template_params`). */
export type TemplateParams = Readonly<Record<string, TemplateData>>;

/**
 * What a caller may give a render besides the data: the allow-listed Superset macros (template/templateMacros.ts)
 * and the database's string escaping for `where_in`. Nothing else reaches the template.
 */
export interface TemplateContext {
  macros?: TemplateMacros;
  stringEscape?: 'standard' | 'backslash';
}

const MALFORMED = 'The query contains one or more malformed template parameters.';

/** Variables the template reads but never binds (jinja2's find_undeclared_variables). */
export function undeclaredVariables(source: string, known: Iterable<string>): string[] {
  return undeclaredNames(parseTemplate(source), known);
}

/** `templateParams` arrives as JSON text or an object; anything else is invalid. */
export function parseTemplateParams(params: string | Record<string, unknown> | null | undefined): TemplateParams {
  if (params === null || params === undefined || params === '') return {};
  if (typeof params !== 'string') return params as TemplateParams;
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
  return parsed as TemplateParams;
}

/** The names a template starts with: parameters copied into template values, then the macros over them. */
function globalsOf(params: TemplateParams, context: TemplateContext): Map<string, TValue> {
  const globals = new Map<string, TValue>();
  const data = fromData(params);
  if (isDict(data)) for (const [key, value] of data) globals.set(keyText(key), value);
  for (const [name, macro] of macroCallables(context.macros ?? {})) globals.set(name, macro);
  return globals;
}

function missingOrInvalid(failure: UndefinedFailure, template: Stmt[], known: Iterable<string>): TemplateRenderError {
  if (failure.value.name === null) return new TemplateRenderError(`${MALFORMED} ${failure.value.description} is undefined.`, 'invalid');
  const missing = [...new Set([...undeclaredNames(template, known), failure.value.name])].sort();
  return new TemplateRenderError(`The following parameters in your query are undefined: ${missing.map((m) => `"${m}"`).join(', ')}.`, 'missing', missing);
}

/**
 * Renders Jinja-like SQL templates with our own interpreter (template/evaluate.ts): no JavaScript runs, the
 * template sees only its parameters and the allow-listed macros, and its work and output are bounded.
 * Text without template syntax is returned untouched.
 */
export function renderTemplate(sql: string, params: TemplateParams, context: TemplateContext = {}): string {
  if (!/\{[{%#]/.test(sql)) return sql;
  let template: Stmt[] = [];
  let globals = new Map<string, TValue>();
  try {
    globals = globalsOf(params, context);
    template = parseTemplate(sql);
    return evaluateTemplate(template, { globals, budget: new TemplateBudget(sql.length), stringEscape: context.stringEscape ?? 'standard' });
  } catch (err) {
    if (err instanceof UndefinedFailure) throw missingOrInvalid(err, template, [...globals.keys(), 'range']);
    if (err instanceof TemplateRenderError) {
      throw err.kind === 'invalid' ? new TemplateRenderError(`${MALFORMED} ${err.message}`, 'invalid') : err;
    }
    // The process stack, or a string or array past the engine's limits: the template's doing, not ours.
    if (err instanceof RangeError) throw new TemplateRenderError(`${MALFORMED} The template is nested too deeply or builds values too large.`, 'invalid');
    throw err;
  }
}
