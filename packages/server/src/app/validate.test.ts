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
      extra: ['Invalid input type.'],
      missing: ['Missing data for required field.'],
    });
    expect(errorsOf(z.object({ n: z.number().int() }), { n: 1.5 })).toEqual({ n: ['Not a valid integer.'] });
    expect(errorsOf(z.object({ n: z.number().gt(0) }), { n: 0 })).toEqual({ n: ['Must be greater than 0.'] });
  });

  it('keeps messages a contract wrote itself, and names unknown fields', () => {
    const schema = z.object({ slice_name: z.string().min(1, 'Length must be between 1 and 250.') }).strict();
    expect(errorsOf(schema, { slice_name: '', bogus: 1 })).toEqual({ slice_name: ['Length must be between 1 and 250.'], bogus: ['Unknown field.'] });
  });
});
