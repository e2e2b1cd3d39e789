import { PASSWORD_MASK } from '@tessera/core';

/** The parts of a SQLAlchemy URL, before any engine-specific meaning is given to them. */
export interface UriParts {
  /** `postgresql+psycopg2` → scheme as written. */
  scheme: string;
  username: string | null;
  password: string | null;
  host: string | null;
  /** Raw text; engines decide whether it is a valid number. */
  port: string | null;
  /** Everything after the first `/` following the authority (a file path for file engines). */
  database: string | null;
  query: Record<string, string>;
}

/**
 * SQLAlchemy's URL grammar (sqlalchemy.engine.url._parse_url): the password may contain anything but `@`,
 * user and password are percent-decoded, IPv6 hosts are bracketed. Returns null when the text is not a URL.
 */
const URL_PATTERN = new RegExp(
  [
    '^(?<scheme>[\\w+]+)://',
    '(?:(?<username>[^:/]*)(?::(?<password>[^@]*))?@)?',
    '(?:(?:\\[(?<ipv6>[^/?]+)\\]|(?<host>[^/:?]+))?(?::(?<port>[^/?]*))?)?',
    '(?:/(?<database>[^?]*))?',
    '(?:\\?(?<query>.*))?$',
  ].join(''),
  's',
);

export function parseUri(text: string): UriParts | null {
  const m = URL_PATTERN.exec(text.trim());
  if (!m?.groups) return null;
  const g = m.groups;
  try {
    return {
      scheme: g.scheme!.toLowerCase(),
      username: g.username !== undefined && g.username !== '' ? decodeURIComponent(g.username) : null,
      password: g.password !== undefined ? decodeURIComponent(g.password) : null,
      host: g.ipv6 ?? (g.host !== undefined && g.host !== '' ? decodeURIComponent(g.host) : null),
      port: g.port !== undefined && g.port !== '' ? g.port : null,
      database: g.database !== undefined && g.database !== '' ? decodeURIComponent(g.database) : null,
      query: parseQuery(g.query ?? ''),
    };
  } catch {
    // A malformed percent-escape (`%zz`) makes the whole string invalid.
    return null;
  }
}

function parseQuery(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    out[key] = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return out;
}

/** User and password keep `:`, `@`, `/` and `%` out of the authority, as SQLAlchemy quotes them. */
const enc = (s: string) => encodeURIComponent(s);

export interface RenderOptions {
  /** 'include' writes the password, 'mask' writes XXXXXXXXXX, 'omit' leaves it out (what the metadata store keeps). */
  password: 'include' | 'mask' | 'omit';
}

export function renderUri(parts: UriParts, options: RenderOptions): string {
  let auth = '';
  if (parts.username !== null || (parts.password !== null && options.password !== 'omit')) {
    auth = enc(parts.username ?? '');
    if (parts.password !== null && options.password !== 'omit') {
      auth += ':' + (options.password === 'mask' ? PASSWORD_MASK : enc(parts.password));
    }
    auth += '@';
  }
  const host = parts.host === null ? '' : parts.host.includes(':') ? `[${parts.host}]` : parts.host;
  const port = parts.port !== null ? `:${parts.port}` : '';
  // Only `%` and `?` are escaped in the database part, so file paths stay readable (`duckdb:///:memory:`, `sqlite:////data/x.db`).
  const database = parts.database !== null ? '/' + parts.database.replace(/%/g, '%25').replace(/\?/g, '%3F') : '';
  const query = Object.entries(parts.query)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  return `${parts.scheme}://${auth}${host}${port}${database}${query ? `?${query}` : ''}`;
}
