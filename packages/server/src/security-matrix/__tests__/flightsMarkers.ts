import { expect } from 'vitest';
import { AIRPORTS } from '../../examples/tables/flightReference.js';

/**
 * What flights data looks like in any answer: its airport codes (upper-case IATA codes as whole words, values
 * only flights holds: birth_names has names and two-letter states; the four that are also World Bank country
 * codes are left out). Requests in these suites never spell an
 * airport code and every flights query asks for origin or dest, so a code in an answer came from the table.
 * (Its row count is no marker: 1000000 is also SQL_MAX_ROW, which SQL Lab's bootstrap reports.)
 */
const WORLD_BANK_CODES = new Set(['AUS', 'IND', 'MCO', 'PHL']);
const AIRPORT_CODE = new RegExp(`\\b(?:${AIRPORTS.map(([code]) => code).filter((code) => !WORLD_BANK_CODES.has(code)).join('|')})\\b`);

export interface Answer {
  status: number;
  body: unknown;
  headers?: Headers;
}

export function textOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('latin1');
  return JSON.stringify(body) ?? '';
}

/** The first flights value found in the answer, or null. */
export function flightsDataIn(body: unknown): string | null {
  const text = textOf(body);
  return AIRPORT_CODE.exec(text)?.[0] ?? null;
}

/** A readable line for a failure report: what was asked, who asked, and what came back. */
export function describeAnswer(what: string, answer: Answer): string {
  const text = textOf(answer.body);
  return `${what} -> ${answer.status} ${text.length > 400 ? `${text.slice(0, 400)}...` : text}`;
}

/**
 * The answer refuses (one of `statuses`) and carries no flights value, nor any of `hidden` (the names of the
 * objects asked for, which a refusal must not give away either).
 */
export function expectRefused(what: string, answer: Answer, statuses: readonly number[], hidden: readonly string[] = []): void {
  const leaked = flightsDataIn(answer.body) ?? hidden.find((name) => textOf(answer.body).includes(name)) ?? null;
  expect.soft(leaked, `${describeAnswer(what, answer)}\nleaks flights data (${leaked})`).toBeNull();
  expect(statuses, `${describeAnswer(what, answer)}\nexpected one of ${statuses.join('/')}`).toContain(answer.status);
}
