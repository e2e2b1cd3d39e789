import { invalidTemplate } from './templateRenderError.js';
import type { CallArgs, TValue } from './templateValues.js';

/**
 * Python's argument binding for our own functions (filters, methods, macros): positional arguments in order,
 * keyword arguments by parameter name. Unknown names and extra arguments are errors, as in Python, so a
 * template can never pass anything a function does not declare. Absent parameters are `undefined`.
 */
export function bindArgs(name: string, params: readonly string[], call: CallArgs): (TValue | undefined)[] {
  if (call.args.length > params.length) {
    throw invalidTemplate(`${name}() takes at most ${params.length} argument${params.length === 1 ? '' : 's'} (${call.args.length} given).`);
  }
  const bound: (TValue | undefined)[] = params.map((_, i) => call.args[i]);
  for (const [key, value] of call.kwargs) {
    const i = params.indexOf(key);
    if (i < 0) throw invalidTemplate(`${name}() got an unexpected keyword argument '${key}'.`);
    if (bound[i] !== undefined) throw invalidTemplate(`${name}() got multiple values for argument '${key}'.`);
    bound[i] = value;
  }
  return bound;
}
