import { bindArgs } from './bindArgs.js';
import { invalidTemplate, TemplateRenderError } from './templateRenderError.js';
import { fromData, TemplateCallable, toData, UndefinedFailure, type TemplateData, type TValue } from './templateValues.js';

/**
 * The functions a caller may hand a template, with Superset's parameter names (jinja_context.py), so
 * `filter_values('country', default='x')` binds as it does there. No other name can be passed in.
 */
export const MACRO_PARAMS = {
  url_param: ['param', 'default', 'add_to_cache_keys', 'escape_result'],
  current_user_id: ['add_to_cache_keys'],
  current_username: ['add_to_cache_keys'],
  current_user_email: ['add_to_cache_keys'],
  cache_key_wrapper: ['key'],
  filter_values: ['column', 'default', 'remove_filter'],
  get_filters: ['column', 'remove_filter'],
  get_time_filter: ['column', 'default', 'target_type', 'strftime', 'remove_filter'],
  metric: ['metric_key', 'dataset_id'],
  dataset: ['dataset_id', 'include_metrics', 'columns'],
} as const satisfies Record<string, readonly string[]>;

export type MacroName = keyof typeof MACRO_PARAMS;
export const MACRO_NAMES = Object.keys(MACRO_PARAMS) as MacroName[];

/** A macro's arguments by parameter name, as plain data (absent ones are undefined). */
export type MacroArgs = Readonly<Record<string, TemplateData | undefined>>;
/** A macro gets plain data and returns plain data; what it returns is copied into the template's values. */
export type TemplateMacro = (args: MacroArgs) => TemplateData | undefined;
export type TemplateMacros = Partial<Record<MacroName, TemplateMacro>>;

/** The allow-listed macros present in `macros`, as template callables. */
export function macroCallables(macros: TemplateMacros): Map<string, TValue> {
  const out = new Map<string, TValue>();
  for (const name of MACRO_NAMES) {
    const fn = Object.hasOwn(macros, name) ? macros[name] : undefined;
    if (typeof fn !== 'function') continue;
    const params = MACRO_PARAMS[name];
    out.set(
      name,
      new TemplateCallable(name, (call) => {
        const bound = bindArgs(name, params, call);
        const args: MacroArgs = Object.fromEntries(params.map((p, i) => [p, bound[i] === undefined ? undefined : toData(bound[i]!, call.meter)]));
        let result: TemplateData | undefined;
        try {
          result = fn(args);
        } catch (err) {
          if (err instanceof TemplateRenderError || err instanceof UndefinedFailure) throw err;
          throw invalidTemplate(`${name}() failed: ${err instanceof Error ? err.message : String(err)}`);
        }
        return result === undefined ? null : fromData(result);
      }),
    );
  }
  return out;
}
