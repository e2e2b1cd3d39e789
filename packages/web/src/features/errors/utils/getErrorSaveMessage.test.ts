import { describe, expect, it } from 'vitest';
import { getErrorSaveMessage } from './getErrorSaveMessage';

describe('getErrorSaveMessage', () => {
  it('names the object and the normalised error', () => {
    expect(getErrorSaveMessage('database', { status: 422, data: { message: { database_name: ['Already exists.'] } } })).toBe(
      'Sorry, there was an error saving this database: Already exists.',
    );
  });

  it('explains a Forbidden answer', () => {
    expect(getErrorSaveMessage('dashboard', { status: 403, data: { message: 'Forbidden' } })).toBe(
      'Sorry, there was an error saving this dashboard: You do not have permission to edit this dashboard',
    );
  });

  it('falls back to the unknown error text', () => {
    expect(getErrorSaveMessage('chart', undefined)).toBe('Sorry, an unknown error occurred.');
    expect(getErrorSaveMessage('chart', {})).toBe('Sorry, an unknown error occurred.');
  });
});
