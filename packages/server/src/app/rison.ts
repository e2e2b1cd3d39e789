import rison from 'rison';
import { findTooDeepJson, listQuerySchema, type ListQuery } from '@tessera/core';
import { badRequest, jsonTooDeep } from './httpErrors.js';
import { parseInput } from './validate.js';

/** Decodes a rison `q` parameter; malformed rison is the user's mistake, so a 400. */
export function decodeRison(q: unknown): unknown {
  if (q === undefined || q === null || q === '') return undefined;
  if (typeof q !== 'string') throw badRequest('Not a valid rison argument');
  let value: unknown;
  try {
    value = rison.decode(q);
  } catch {
    throw badRequest('Not a valid rison argument');
  }
  // Rison nests as JSON does: the same cap, so nothing recursive downstream reads thousands of levels.
  if (findTooDeepJson(value)) throw jsonTooDeep('q');
  return value;
}

export function parseListQuery(q: unknown): ListQuery {
  return parseInput(listQuerySchema, decodeRison(q) ?? {});
}
