import { isAlreadyExists, isPasswordNeeded } from '@tessera/core';
import type { ClientErrorObject } from '../../errors';

/**
 * What a failed import asks of the user, read from the per-file `extra` of its errors as Superset's import
 * modal reads it: passwords for masked databases, a confirmation to overwrite, or nothing more to try.
 */
export interface ImportOutcome {
  /** Bundle files of databases whose password must be typed (`databases/x.yaml`). */
  passwordsNeeded: string[];
  /** Files of objects that exist already: importing again with overwrite replaces them. */
  alreadyExists: string[];
  /** Set when neither would help: the reason and each file's problem. */
  failure: { message: string; details: string[] } | null;
}

/** `{type: ["Must be equal to Slice."]}` as `type: Must be equal to Slice.`. */
function describe(problem: unknown): string {
  if (typeof problem === 'string') return problem;
  if (Array.isArray(problem)) return problem.map(describe).join(' ');
  if (typeof problem === 'object' && problem !== null) {
    return Object.entries(problem)
      .map(([field, value]) => (field === '_schema' ? describe(value) : `${field}: ${describe(value)}`))
      .join('; ');
  }
  return String(problem);
}

export function importOutcome(error: ClientErrorObject): ImportOutcome {
  const outcome: ImportOutcome = { passwordsNeeded: [], alreadyExists: [], failure: null };
  const details: string[] = [];
  let terminal = !error.errors || error.errors.length === 0;
  for (const entry of error.errors ?? []) {
    const files = Object.entries(entry.extra ?? {}).filter(([key]) => key !== 'issue_codes' && key !== 'link');
    if (files.length === 0) terminal = true;
    for (const [file, problem] of files) {
      if (isPasswordNeeded(problem)) outcome.passwordsNeeded.push(file);
      else if (isAlreadyExists(problem)) outcome.alreadyExists.push(file);
      else {
        terminal = true;
        details.push(`${file}: ${describe(problem)}`);
      }
    }
  }
  if (terminal) outcome.failure = { message: error.errors?.[0]?.message ?? error.error, details };
  return outcome;
}
