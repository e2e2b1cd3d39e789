import { describe, expect, it } from 'vitest';
import { InvalidUriError, connectorForScheme, parametersFromSpec, specFromParameters, specFromUri, uriFromSpec } from './registry.js';

describe('SQLAlchemy URIs', () => {
  it.each([
    ['postgresql://u:p@h:5432/db', 'postgresql'],
    ['postgres://u@h/db', 'postgresql'],
    ['postgresql+psycopg2://u@h/db', 'postgresql'],
    ['mysql://root@127.0.0.1:3306/test', 'mysql'],
    ['mysql+mysqldb://root@h/test', 'mysql'],
    ['mysql+pymysql://root@h/test', 'mysql'],
    ['mariadb://root@h/test', 'mysql'],
    ['sqlite:////data/x.db', 'sqlite'],
    ['sqlite://', 'sqlite'],
    ['duckdb:////data/examples.duckdb', 'duckdb'],
    ['duckdb:///:memory:', 'duckdb'],
  ])('%s opens with the %s connector', (uri, engine) => {
    expect(specFromUri(uri).engine).toBe(engine);
  });

  it('parses every part, decoding user and password', () => {
    expect(specFromUri('postgresql+psycopg2://us%40er:p%40ss:w@db.example.com:6543/sales?sslmode=require&application_name=bi')).toEqual({
      engine: 'postgresql',
      scheme: 'postgresql+psycopg2',
      driver: 'psycopg2',
      host: 'db.example.com',
      port: 6543,
      username: 'us@er',
      password: 'p@ss:w',
      database: 'sales',
      query: { sslmode: 'require', application_name: 'bi' },
      filePath: null,
    });
  });

  it('reads file paths the SQLAlchemy way', () => {
    expect(specFromUri('sqlite:////abs/path/x.db').filePath).toBe('/abs/path/x.db');
    expect(specFromUri('sqlite:///relative/x.db').filePath).toBe('relative/x.db');
    expect(specFromUri('sqlite://').filePath).toBe(':memory:');
    expect(specFromUri('duckdb:///:memory:').filePath).toBe(':memory:');
  });

  it('rejects what is not a URI and names unknown drivers', () => {
    for (const bad of ['not a uri', 'postgresql://u@h:port/db', 'sqlite://host/x.db', '://x']) {
      expect(() => specFromUri(bad)).toThrow(InvalidUriError);
    }
    const err = (() => {
      try {
        specFromUri('oracle://u@h/db');
      } catch (e) {
        return e as InvalidUriError;
      }
      return null;
    })();
    expect(err?.reason).toBe('driver');
    expect(err?.message).toBe('Could not load database driver: oracle');
    expect(connectorForScheme('POSTGRESQL')?.engine).toBe('postgresql');
  });

  it('renders back with the password included, masked or omitted', () => {
    const spec = specFromUri('postgresql://postgres:s3cret@127.0.0.1:5432/test');
    expect(uriFromSpec(spec, 'include')).toBe('postgresql://postgres:s3cret@127.0.0.1:5432/test');
    expect(uriFromSpec(spec, 'mask')).toBe('postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test');
    expect(uriFromSpec(spec, 'omit')).toBe('postgresql://postgres@127.0.0.1:5432/test');
    expect(uriFromSpec(specFromUri('postgresql://u:a%2Fb%40c@h/db'), 'include')).toBe('postgresql://u:a%2Fb%40c@h/db');
    expect(uriFromSpec(specFromUri('duckdb:////data/ex amples.duckdb'), 'mask')).toBe('duckdb:////data/ex amples.duckdb');
    expect(uriFromSpec(specFromUri('duckdb:///:memory:'), 'mask')).toBe('duckdb:///:memory:');
    expect(uriFromSpec(specFromUri('mysql://root@[::1]:3306/test'), 'omit')).toBe('mysql://root@[::1]:3306/test');
  });

  it('builds a spec from the dynamic form and reports what is missing', () => {
    const full = specFromParameters('postgresql', {
      host: ' db ',
      port: '5432',
      username: 'u',
      password: ' p ',
      database: 'd',
      query: { application_name: 'x' },
      encryption: true,
    });
    expect(full.missing).toEqual([]);
    expect(full.invalidPort).toBe(false);
    expect(uriFromSpec(full.spec, 'include')).toBe('postgresql://u:%20p%20@db:5432/d?application_name=x&sslmode=require');
    expect(specFromParameters('mysql', { host: '', port: null }).missing).toEqual(['host', 'port', 'username', 'database']);
    expect(specFromParameters('mysql', { host: 'h', port: 'abc', username: 'u', database: 'd' }).invalidPort).toBe(true);
    expect(specFromParameters('mysql', { host: 'h', port: 70000, username: 'u', database: 'd' }).invalidPort).toBe(true);
    expect(specFromParameters('sqlite', {}).missing).toEqual(['database']);
    expect(uriFromSpec(specFromParameters('duckdb', { database: '/data/x.duckdb' }).spec, 'include')).toBe('duckdb:////data/x.duckdb');
  });

  it('shows parameters with the password masked', () => {
    expect(parametersFromSpec(specFromUri('postgresql://postgres:secret@127.0.0.1/test'))).toEqual({
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      password: 'XXXXXXXXXX',
      database: 'test',
      query: {},
      encryption: false,
    });
    expect(parametersFromSpec(specFromUri('sqlite:////x.db'))).toEqual({ database: '/x.db' });
  });
});
