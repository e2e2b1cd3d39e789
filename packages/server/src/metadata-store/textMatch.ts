import { sql, type RawBuilder } from 'kysely';

export type TextMatchMode = 'contains' | 'startsWith';

/** Escapes LIKE wildcards so a search for `my_table` matches those characters, not any character. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive search on a column, as FAB's `ct`/`sw` filters behave (ilike).
 * `lower() LIKE ... ESCAPE '\'` works the same on SQLite and PostgreSQL; the ESCAPE clause matters on
 * SQLite, which has no default escape character.
 */
export function textMatches(column: string, value: string, mode: TextMatchMode = 'contains'): RawBuilder<boolean> {
  const body = escapeLike(value.toLowerCase());
  const pattern = mode === 'startsWith' ? `${body}%` : `%${body}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
