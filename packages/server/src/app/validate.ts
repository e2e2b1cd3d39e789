import type { z } from 'zod';
import { badRequest, notJson } from './httpErrors.js';

/** Field errors in FAB's shape: `{field: ["msg"]}`; errors on the whole body go under `_schema`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_schema';
    let msg = issue.message;
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[[...issue.path.map(String), k].join('.')] ??= []).push('Unknown field.');
      continue;
    }
    if (issue.code === 'invalid_type' && /received undefined/.test(msg)) msg = 'Missing data for required field.';
    (out[key] ??= []).push(msg);
  }
  return out;
}

/** Validates input once, at the boundary, against a core contract; a failure is a 400 with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // A text/plain body arrives as a string: FAB answers that with its own message, not a field error.
  if (typeof input === 'string') throw notJson();
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(fieldErrors(result.error));
  return result.data;
}
