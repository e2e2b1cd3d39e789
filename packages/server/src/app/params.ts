import { z } from 'zod';
import { parseInput } from './validate.js';
import { notFound } from './httpErrors.js';

const idParams = z.object({ pk: z.coerce.number().int().positive() });

/** A non-numeric id in the path names nothing: 404, as FAB answers. */
export function pkParam(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.pk;
}

export { parseInput };
