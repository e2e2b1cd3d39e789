import { z } from 'zod';
import { MAX_ID } from '@tessera/core';
import { parseInput } from './validate.js';
import { notFound } from './httpErrors.js';

const idParams = z.object({ pk: z.coerce.number().int().positive().max(MAX_ID) });

/** A non-numeric id in the path, or one past any row's id, names nothing: 404, as FAB answers. */
export function pkParam(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.pk;
}

export { parseInput };
