import rison from 'rison';
import { listQuerySchema, type ListQuery } from '@tessera/core';
import { badRequest } from './httpErrors.js';
import { parseInput } from './validate.js';

/** Decodes a rison `q` parameter; malformed rison is the user's mistake, so a 400. */
export function decodeRison(q: unknown): unknown {
  if (q === undefined || q === null || q === '') return undefined;
  if (typeof q !== 'string') throw badRequest('Not a valid rison argument');
  try {
    return rison.decode(q);
  } catch {
    throw badRequest('Not a valid rison argument');
  }
}

export function parseListQuery(q: unknown): ListQuery {
  return parseInput(listQuerySchema, decodeRison(q) ?? {});
}
