import type { z } from 'zod';
import { badRequest, notJson } from './httpErrors.js';

type Issue = z.core.$ZodIssue;

/** marshmallow's words for a value of the wrong type, by the type zod expected. */
const TYPE_MESSAGES: Record<string, string> = {
  string: 'Not a valid string.',
  number: 'Not a valid number.',
  int: 'Not a valid integer.',
  bigint: 'Not a valid integer.',
  boolean: 'Not a valid boolean.',
  array: 'Not a valid list.',
  object: 'Invalid input type.',
  record: 'Not a valid mapping type.',
};

/**
 * One issue in the words Superset's clients know (marshmallow's). Only zod's default wording is replaced:
 * a message a contract wrote itself ('Length must be between 1 and 250.') is kept as it is.
 */
function marshmallowMessage(issue: Issue): string {
  const msg = issue.message;
  if (issue.code === 'invalid_type') {
    if (/received undefined/.test(msg)) return 'Missing data for required field.';
    return /^Invalid input: expected /.test(msg) ? (TYPE_MESSAGES[issue.expected] ?? 'Invalid input type.') : msg;
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && /^Too (small|big): expected /.test(msg)) {
    const small = issue.code === 'too_small';
    const bound = String(small ? issue.minimum : issue.maximum);
    if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
      const strict = issue.inclusive === false;
      return small ? `Must be greater than ${strict ? '' : 'or equal to '}${bound}.` : `Must be less than ${strict ? '' : 'or equal to '}${bound}.`;
    }
    return small ? `Shorter than minimum length ${bound}.` : `Longer than maximum length ${bound}.`;
  }
  if (issue.code === 'invalid_value' && /^Invalid (option|input): expected /.test(msg)) {
    return `Must be one of: ${issue.values.map(String).join(', ')}.`;
  }
  return msg;
}

/** Field errors in FAB's shape: `{field: ["msg"]}`; errors on the whole body go under `_schema`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_schema';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[[...issue.path.map(String), k].join('.')] ??= []).push('Unknown field.');
      continue;
    }
    (out[key] ??= []).push(marshmallowMessage(issue));
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
