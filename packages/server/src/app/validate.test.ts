import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validate.js';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error);
};

describe('fieldErrors', () => {
  it("words zod's default messages as marshmallow does, for Superset's clients", () => {
    const schema = z.object({
      filters: z.array(z.string()),
      name: z.string(),
      row_limit: z.number().int().min(0),
      ratio: z.number().max(1),
      flag: z.boolean(),
      mode: z.enum(['aggregate', 'raw']),
      tags: z.array(z.string()).min(1),
      extra: z.object({ a: z.string() }),
      missing: z.string(),
    });
    expect(errorsOf(schema, { filters: 'x', name: 3, row_limit: -1, ratio: 2, flag: 'yes', mode: 'cube', tags: [], extra: 'x' })).toEqual({
      filters: ['Not a valid list.'],
      name: ['Not a valid string.'],
      row_limit: ['Must be greater than or equal to 0.'],
      ratio: ['Must be less than or equal to 1.'],
      flag: ['Not a valid boolean.'],
      mode: ['Must be one of: aggregate, raw.'],
      tags: ['Shorter than minimum length 1.'],
      extra: { _schema: ['Invalid input type.'] },
      missing: ['Missing data for required field.'],
    });
    expect(errorsOf(z.object({ n: z.number().int() }), { n: 1.5 })).toEqual({ n: ['Not a valid integer.'] });
    expect(errorsOf(z.object({ n: z.number().gt(0) }), { n: 0 })).toEqual({ n: ['Must be greater than 0.'] });
  });

  it('keeps messages a contract wrote itself, and names unknown fields', () => {
    const schema = z.object({ slice_name: z.string().min(1, 'Length must be between 1 and 250.') }).strict();
    expect(errorsOf(schema, { slice_name: '', bogus: 1 })).toEqual({ slice_name: ['Length must be between 1 and 250.'], bogus: ['Unknown field.'] });
  });

  it("nests messages by field and list index as marshmallow's ErrorStore does", () => {
    const query = z.object({ row_limit: z.number().min(0), columns: z.array(z.string()) }).strict();
    const schema = z.object({ queries: z.array(query), datasource: z.object({ id: z.number() }) });
    const input = { queries: [{ row_limit: 1, columns: [] }, { row_limit: -1, columns: ['a', 2], bogus: 1 }, 'x'], datasource: 3 };
    expect(errorsOf(schema, input)).toEqual({
      queries: {
        1: { row_limit: ['Must be greater than or equal to 0.'], columns: { 1: ['Not a valid string.'] }, bogus: ['Unknown field.'] },
        2: { _schema: ['Invalid input type.'] },
      },
      datasource: { _schema: ['Invalid input type.'] },
    });
  });

  it('puts errors on the whole body, and on an object that also has field errors, under _schema', () => {
    expect(errorsOf(z.object({ a: z.string() }), 'x')).toEqual({ _schema: ['Invalid input type.'] });
    const refined = z
      .object({ inner: z.object({ a: z.string(), b: z.string() }).superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: 'Whole object is wrong.' })) })
      .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path: ['inner', 'a'], message: 'Also wrong.' }));
    const result = refined.safeParse({ inner: { a: 'x', b: 'y' } });
    expect(result.success ? null : fieldErrors(result.error)).toEqual({ inner: { _schema: ['Whole object is wrong.'], a: ['Also wrong.'] } });
  });

  it('keeps field names such as __proto__ and constructor as plain keys', () => {
    const result = z.object({ constructor: z.string() }).strict().safeParse(JSON.parse('{"__proto__": 1, "constructor": 2}'));
    const errors = result.success ? null : fieldErrors(result.error);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(JSON.parse('{"constructor": ["Not a valid string."], "__proto__": ["Unknown field."]}'));
  });
});
