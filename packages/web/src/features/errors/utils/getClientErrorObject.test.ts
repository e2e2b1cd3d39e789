import { describe, expect, it } from 'vitest';
import { getClientErrorObject, getClientErrorObjectFromResponse } from './getClientErrorObject';

const TIMEOUT_ISSUES = [
  { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
  { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
];

describe('getClientErrorObject', () => {
  it('takes message, description and link from the first entry of errors', () => {
    const errors = [
      {
        message: 'Table "x" does not exist',
        error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
        level: 'error',
        extra: { link: 'https://docs.example/x', issue_codes: [] },
      },
      { message: 'second', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: { issue_codes: [] } },
    ];
    const result = getClientErrorObject({ status: 400, statusText: 'Bad Request', data: { errors } });
    expect(result.error).toBe('Table "x" does not exist');
    expect(result.description).toBe('Table "x" does not exist');
    expect(result.link).toBe('https://docs.example/x');
    expect(result.errors).toEqual(errors);
    expect(result.status).toBe(400);
    expect(result.statusText).toBe('Bad Request');
  });

  it("takes the first field's first text of a message object", () => {
    const result = getClientErrorObject({ status: 422, data: { message: { database_name: ['A database with the same name already exists.'], port: ['bad'] } } });
    expect(result.error).toBe('A database with the same name already exists.');
    expect(result.fieldErrors).toEqual({ database_name: ['A database with the same name already exists.'], port: ['bad'] });
  });

  it("falls back to 'Invalid input' for a message object without texts", () => {
    expect(getClientErrorObject({ status: 422, data: { message: {} } }).error).toBe('Invalid input');
  });

  it('uses a string message', () => {
    const result = getClientErrorObject({ status: 401, statusText: 'Unauthorized', data: { message: 'Invalid login. Please try again.' } });
    expect(result.error).toBe('Invalid login. Please try again.');
    expect(result.message).toBe('Invalid login. Please try again.');
  });

  it("prefixes a stack's description with 'Unexpected error: '", () => {
    const result = getClientErrorObject({ status: 500, data: { description: 'division by zero', stack: 'Traceback...' } });
    expect(result.error).toBe('Unexpected error: division by zero');
    expect(result.stacktrace).toBe('Traceback...');
  });

  it("says '(no description, click to see stack trace)' for a stack without description", () => {
    expect(getClientErrorObject({ status: 500, data: { stack: 'Traceback...' } }).error).toBe(
      'Unexpected error: (no description, click to see stack trace)',
    );
  });

  it('turns a non-JSON body mentioning CSRF into the session timeout message', () => {
    const result = getClientErrorObject({ status: 400, data: '<p>The CSRF token is missing.</p>' });
    expect(result.error).toBe('Your session timed out, please refresh your page and try again.');
    expect(result.errors?.[0]?.error_type).toBe('FRONTEND_CSRF_ERROR');
  });

  it('turns a JSON message mentioning CSRF into the session timeout message', () => {
    expect(getClientErrorObject({ status: 400, data: { message: 'CSRF token missing or invalid' } }).error).toBe(
      'Your session timed out, please refresh your page and try again.',
    );
  });

  it("gives 'Network error' for a failed fetch (TypeError)", () => {
    const result = getClientErrorObject(new TypeError('Failed to fetch'));
    expect(result.error).toBe('Network error');
    expect(result.errors?.[0]?.error_type).toBe('FRONTEND_NETWORK_ERROR');
  });

  it("gives 'Network error' for the base query's FETCH_ERROR", () => {
    expect(getClientErrorObject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).error).toBe('Network error');
  });

  it("gives 'Request timed out' with issue codes 1000 and 1001 for an AbortError", () => {
    const result = getClientErrorObject(new DOMException('The operation was aborted.', 'AbortError'));
    expect(result.error).toBe('Request timed out');
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]?.error_type).toBe('FRONTEND_TIMEOUT_ERROR');
    expect(result.errors?.[0]?.extra?.issue_codes).toEqual(TIMEOUT_ISSUES);
  });

  it("gives 'Request timed out' for the base query's TIMEOUT_ERROR", () => {
    const result = getClientErrorObject({ status: 'TIMEOUT_ERROR', error: 'Request timed out', timeout: 60000 });
    expect(result.error).toBe('Request timed out');
    expect(result.errors?.[0]?.error_type).toBe('FRONTEND_TIMEOUT_ERROR');
    expect(result.errors?.[0]?.extra?.issue_codes).toEqual(TIMEOUT_ISSUES);
    expect(result.errors?.[0]?.extra?.timeout).toBe(60);
  });

  it.each([
    [400, 'Bad request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [500, 'Server error'],
    [502, 'Bad gateway'],
  ])('maps a non-JSON %i body to %s', (status, text) => {
    expect(getClientErrorObject({ status, statusText: 'x', data: '<html><body>proxy error</body></html>' }).error).toBe(text);
  });

  it('uses the status text for a JSON body without any message', () => {
    expect(getClientErrorObject({ status: 404, statusText: 'Not Found', data: {} }).error).toBe('Not found');
  });

  it('uses a legacy {error} body', () => {
    expect(getClientErrorObject({ error: 'Legacy failure' }).error).toBe('Legacy failure');
  });

  it('wraps a plain string', () => {
    expect(getClientErrorObject('Something broke')).toEqual({ error: 'Something broke' });
  });

  it("falls back to 'An error occurred'", () => {
    expect(getClientErrorObject(null).error).toBe('An error occurred');
    expect(getClientErrorObject({}).error).toBe('An error occurred');
    expect(getClientErrorObject({ status: 599.5, data: null }).error).toBe('An error occurred');
  });

  it('reads a raw fetch Response', async () => {
    const response = new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403, statusText: 'FORBIDDEN' });
    await expect(getClientErrorObjectFromResponse(response)).resolves.toMatchObject({ error: 'Forbidden', status: 403 });
  });
});
