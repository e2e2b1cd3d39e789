import type { Engine } from '@tessera/core';

export interface EngineOption {
  engine: Engine;
  label: string;
  /** File-based engines take a path instead of host/port/credentials. */
  fileBased: boolean;
  defaultPort?: number;
  uriPlaceholder: string;
  filePlaceholder?: string;
}

export const ENGINE_OPTIONS: Readonly<Record<Engine, EngineOption>> = {
  postgresql: {
    engine: 'postgresql',
    label: 'PostgreSQL',
    fileBased: false,
    defaultPort: 5432,
    uriPlaceholder: 'postgresql://user:password@host:5432/database',
  },
  mysql: {
    engine: 'mysql',
    label: 'MySQL/MariaDB',
    fileBased: false,
    defaultPort: 3306,
    uriPlaceholder: 'mysql://user:password@host:3306/database',
  },
  sqlite: {
    engine: 'sqlite',
    label: 'SQLite',
    fileBased: true,
    uriPlaceholder: 'sqlite:////path/to/file.db',
    filePlaceholder: '/path/to/file.db',
  },
  duckdb: {
    engine: 'duckdb',
    label: 'DuckDB',
    fileBased: true,
    uriPlaceholder: 'duckdb:////path/to/file.duckdb',
    filePlaceholder: '/path/to/file.duckdb',
  },
};

/** In the order of core's ENGINES (the Record type above makes the list exhaustive). */
export const ENGINE_LIST: readonly EngineOption[] = Object.values(ENGINE_OPTIONS);

export const GENERIC_URI_PLACEHOLDER = ENGINE_OPTIONS.postgresql.uriPlaceholder;

export function isEngine(value: unknown): value is Engine {
  return typeof value === 'string' && Object.hasOwn(ENGINE_OPTIONS, value);
}

/** Display label of a backend name (falls back to the raw name for engines we have no form for). */
export function engineLabel(backend: string): string {
  return isEngine(backend) ? ENGINE_OPTIONS[backend].label : backend;
}
