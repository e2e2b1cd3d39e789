import { describe, expect, it } from 'vitest';
import { importOutcome } from './importOutcome';

const entry = (extra: Record<string, unknown>, message = 'Error importing chart') => ({
  message,
  error_type: 'GENERIC_COMMAND_ERROR',
  extra: { ...extra, issue_codes: [{ code: 1010, message: 'Issue 1010' }] },
});

describe('importOutcome', () => {
  it('asks for passwords and an overwrite confirmation when only those stand in the way', () => {
    const outcome = importOutcome({
      error: 'Error importing chart',
      errors: [
        entry({
          'databases/examples.yaml': { _schema: ['Must provide a password for the database'] },
          'charts/a_1.yaml': 'Chart already exists and `overwrite=true` was not passed',
        }),
      ],
    });
    expect(outcome).toEqual({ passwordsNeeded: ['databases/examples.yaml'], alreadyExists: ['charts/a_1.yaml'], failure: null });
  });

  it('fails with every other file problem spelled out', () => {
    const outcome = importOutcome({
      error: 'Error importing chart',
      errors: [entry({ 'metadata.yaml': { type: ['Must be equal to Slice.'] }, 'charts/a_1.yaml': 'Chart already exists and `overwrite=true` was not passed' })],
    });
    expect(outcome.failure).toEqual({ message: 'Error importing chart', details: ['metadata.yaml: type: Must be equal to Slice.'] });
    expect(outcome.alreadyExists).toEqual(['charts/a_1.yaml']);
  });

  it('fails with the message alone when the errors name no file, or there are none', () => {
    expect(importOutcome({ error: 'x', errors: [entry({}, 'Not a valid ZIP file')] }).failure).toEqual({ message: 'Not a valid ZIP file', details: [] });
    expect(importOutcome({ error: 'Forbidden' }).failure).toEqual({ message: 'Forbidden', details: [] });
  });
});
