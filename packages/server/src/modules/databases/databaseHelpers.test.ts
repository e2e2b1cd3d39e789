import { describe, expect, it } from 'vitest';
import { listQuerySchema, type Principal } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';
import { databaseScope, visibleSchemas } from './databaseAccess.js';
import { databaseListCriteria } from './databaseListQuery.js';
import { humanizeDelta } from './humanizeDelta.js';
import { maskJson, revealJson } from './secretJson.js';

const principal = (permissions: [string, string][]): Principal => ({ id: 7, roles: [{ name: 'custom', permissions }] });

describe('humanizeDelta', () => {
  const now = Date.parse('2024-03-13T12:00:00Z');
  it.each([
    ['2024-03-13T12:00:00Z', 'now'],
    ['2024-03-13T11:59:30Z', '30 seconds ago'],
    ['2024-03-13T11:59:00Z', 'a minute ago'],
    ['2024-03-13T11:55:00Z', '5 minutes ago'],
    ['2024-03-13T11:00:00Z', 'an hour ago'],
    ['2024-03-13T09:00:00Z', '3 hours ago'],
    ['2024-03-12T12:00:00Z', 'a day ago'],
    ['2024-03-03T12:00:00Z', '10 days ago'],
    ['2024-01-13T12:00:00Z', '2 months ago'],
    ['2022-03-13T12:00:00Z', '2 years ago'],
    ['2024-03-13T12:05:00Z', '5 minutes from now'],
  ])('%s → %s', (iso, text) => expect(humanizeDelta(iso, now)).toBe(text));
});

describe('databaseListCriteria', () => {
  const parse = (q: unknown) => databaseListCriteria(listQuerySchema.parse(q), 'all');
  it('maps FAB filters and ordering', () => {
    expect(
      parse({
        filters: [
          { col: 'database_name', opr: 'ct', value: 'sales' },
          { col: 'expose_in_sqllab', opr: 'eq', value: true },
          { col: 'id', opr: 'eq', value: 3 },
        ],
        order_column: 'changed_on_delta_humanized',
        order_direction: 'asc',
      }),
    ).toMatchObject({
      filters: [
        { col: 'database_name', opr: 'ct', value: 'sales' },
        { col: 'expose_in_sqllab', opr: 'eq', value: true },
        { col: 'id', opr: 'in', value: [3] },
      ],
      orderBy: 'changed_on',
      direction: 'asc',
    });
    expect(parse({})).toMatchObject({ orderBy: 'changed_on', direction: 'desc', page: 0, pageSize: 25 });
  });

  it('refuses unknown columns, operators and values with 400', () => {
    for (const q of [
      { filters: [{ col: 'sqlalchemy_uri', opr: 'ct', value: 'x' }] },
      { filters: [{ col: 'database_name', opr: 'gt', value: 'x' }] },
      { filters: [{ col: 'allow_file_upload', opr: 'eq', value: 'maybe' }] },
      { filters: [{ col: 'id', opr: 'in', value: ['a'] }] },
      { order_column: 'password' },
    ]) {
      expect(() => parse(q)).toThrow(ApiError);
    }
  });
});

describe('database access scope', () => {
  it('is everything with global access, else what the grants name', () => {
    expect(databaseScope(principal([['all_database_access', 'all_database_access']]))).toBe('all');
    expect(databaseScope({ id: 1, roles: [{ name: 'Admin', permissions: [] }] })).toBe('all');
    expect(
      databaseScope(
        principal([
          ['database_access', '[sales].(id:3)'],
          ['schema_access', '[hr].[public]'],
          ['datasource_access', '[ops].[tickets](id:9)'],
          ['can_read', 'Database'],
        ]),
      ),
    ).toEqual({ databases: [{ id: 3, name: 'sales' }], names: ['hr', 'ops'] });
  });

  it('shows only granted schemas without database access', () => {
    const db = { id: 1, database_name: 'hr' };
    expect(visibleSchemas(principal([['schema_access', '[hr].[public]']]), db, ['private', 'public'])).toEqual(['public']);
    expect(visibleSchemas(principal([['database_access', '[hr].(id:1)']]), db, ['private', 'public'])).toEqual(['private', 'public']);
  });
});

describe('masked encrypted extra', () => {
  it('masks every string and puts stored values back where the mask returns', () => {
    const stored = { credentials: { token: 's3cret', region: 'eu' }, retries: 3 };
    const masked = maskJson(stored);
    expect(masked).toEqual({ credentials: { token: 'XXXXXXXXXX', region: 'XXXXXXXXXX' }, retries: 3 });
    expect(revealJson({ credentials: { token: 'XXXXXXXXXX', region: 'us' }, retries: 4 }, stored)).toEqual({
      credentials: { token: 's3cret', region: 'us' },
      retries: 4,
    });
  });
});
