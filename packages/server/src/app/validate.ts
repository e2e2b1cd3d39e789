import type { z } from 'zod';
import type { FieldMessages } from '@tessera/core';
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

/**
 * Field errors in marshmallow's shape: `{field: ["msg"]}`, nested by field and list index
 * (`{"queries": {"0": {"row_limit": ["..."]}}}`); errors on a whole object go under its `_schema`.
 */
export function fieldErrors(error: z.ZodError): FieldMessages {
  let out: FieldMessages = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out = mergeMessages(out, nest([...path, key], ['Unknown field.']));
      continue;
    }
    // A nested schema's "Invalid input type." belongs to the object itself, as marshmallow's Nested reports it.
    const own = issue.code === 'invalid_type' && issue.expected === 'object' ? [...path, SCHEMA] : path;
    out = mergeMessages(out, nest(own.length > 0 ? own : [SCHEMA], [marshmallowMessage(issue)]));
  }
  return out;
}

const SCHEMA = '_schema';

/** Field names come from the request: set them as own properties, so `__proto__` or `constructor` stay plain keys. */
function withKey(target: FieldMessages, key: string, value: Messages): FieldMessages {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

function nest(path: readonly string[], messages: string[]): FieldMessages {
  const [head, ...rest] = path;
  if (head === undefined) return withKey({}, SCHEMA, messages);
  return withKey({}, head, rest.length > 0 ? nest(rest, messages) : messages);
}

type Messages = string[] | FieldMessages;

/** marshmallow's merge_errors: lists concatenate, objects merge by key, and a list meeting an object goes to its `_schema`. */
function mergeMessages(a: FieldMessages, b: FieldMessages): FieldMessages;
function mergeMessages(a: Messages, b: Messages): Messages;
function mergeMessages(a: Messages, b: Messages): Messages {
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (Array.isArray(a)) return withKey({ ...(b as FieldMessages) }, SCHEMA, mergeMessages(a, own(b as FieldMessages, SCHEMA) ?? []));
  if (Array.isArray(b)) return withKey({ ...a }, SCHEMA, mergeMessages(own(a, SCHEMA) ?? [], b));
  const out: FieldMessages = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = own(out, key);
    withKey(out, key, existing ? mergeMessages(existing, value) : value);
  }
  return out;
}

const own = (messages: FieldMessages, key: string): Messages | undefined => (Object.hasOwn(messages, key) ? messages[key] : undefined);

/** Validates input once, at the boundary, against a core contract; a failure is a 400 with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // A text/plain body arrives as a string: FAB answers that with its own message, not a field error.
  if (typeof input === 'string') throw notJson();
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(fieldErrors(result.error));
  return result.data;
}
