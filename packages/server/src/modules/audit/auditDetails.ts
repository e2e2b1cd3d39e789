import { PASSWORD_MASK } from '@tessera/core';

/** Keys whose values are secrets whatever they hold: replaced by the mask, never stored (broad on purpose). */
const SECRET_KEY = /pass|pwd|secret|token|credential|private_?key|api_?key|encrypted|cookie|authorization/i;
/** `scheme://user:password@` in any text (connection strings); up to the last `@`, as a raw password may hold one. */
const URI_PASSWORD = /(\b[a-z][\w+.-]*:\/\/[^\s:/@]*):[^\s]*@/gi;
/** `?password=...` or `&pwd=...` in a query string. */
const QUERY_PASSWORD = /([?&](?:password|passwd|pwd|pass)=)[^&\s]*/gi;

const MAX_DEPTH = 4;
const MAX_ITEMS = 50;
const MAX_STRING = 256;
/** Details are a few facts, not payloads: larger ones are replaced by a marker rather than cut mid-value. */
const MAX_JSON = 4096;

/** A text value without connection passwords, and not longer than an audit row should hold. */
export function maskSecretsInText(text: string): string {
  const masked = text.replace(URI_PASSWORD, `$1:${PASSWORD_MASK}@`).replace(QUERY_PASSWORD, `$1${PASSWORD_MASK}`);
  return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}…` : masked;
}

function clean(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return maskSecretsInText(value);
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return value === undefined ? null : '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => clean(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, MAX_ITEMS)) {
    if (item === undefined) continue;
    out[key] = SECRET_KEY.test(key) ? PASSWORD_MASK : clean(item, depth + 1);
  }
  return out;
}

/**
 * The JSON text stored in `audit_log.details`: secret-named keys masked, connection passwords masked inside text,
 * strings, lists and nesting bounded. This is the last guard; callers should not pass secrets in the first place.
 */
export function auditDetailsText(details: Record<string, unknown> | null | undefined): string | null {
  if (!details || Object.keys(details).length === 0) return null;
  const text = JSON.stringify(clean(details, 0));
  return text.length > MAX_JSON ? JSON.stringify({ truncated: true }) : text;
}
