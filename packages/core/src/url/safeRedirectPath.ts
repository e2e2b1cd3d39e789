/** Longer addresses are refused: far above any page of ours, and it keeps the Location header small. */
const MAX_REDIRECT_LENGTH = 8000;
/** Percent-encoding layers looked through (`%252F` is `/` encoded twice). */
const MAX_DECODE_LAYERS = 3;
/** A base whose origin no real address has: whatever parses to another origin left ours. */
const PROBE_BASE = 'http://redirect.invalid';
const PROBE_ORIGIN = 'http://redirect.invalid';

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;

interface ParsedUrl {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}
/** WHATWG URL, present in browsers and Node alike (core's type libraries do not declare it). */
const Url = (globalThis as unknown as { URL: new (input: string, base: string) => ParsedUrl }).URL;

/**
 * Whether one spelling of the address starts as a path on this site. Browsers drop tabs and newlines inside
 * addresses and read `\` as `/`, so `/\t/evil.example`, `/\evil.example` and `//evil.example` all leave for
 * another host: such spellings are refused.
 */
function startsAsLocalPath(text: string): boolean {
  const path = text.replace(CONTROLS, '').replace(/\\/g, '/');
  return path.startsWith('/') && !path.startsWith('//');
}

function decodeOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The address to send a user to after login (`next`), when it is a path on this site; otherwise `fallback`.
 * One rule for the server's login redirect and the web's login page.
 *
 * Refused: anything that is not a string starting with one `/`; control characters (tab, newline, ...);
 * `//host`, `/\host` and scheme-relative or absolute URLs, also when percent-encoded (`/%2F/host`, `/%5Chost`,
 * `/%09/host`), since a proxy or a client router may decode them once more; and any address that resolves to
 * another origin or to `//...` (`/..//host`). What is returned is the parsed path, query and fragment, so a
 * Location header never carries raw characters a browser would reinterpret.
 */
export function safeRedirectPath(next: unknown, fallback: string): string {
  if (typeof next !== 'string' || next === '' || next.length > MAX_REDIRECT_LENGTH) return fallback;
  if (CONTROL.test(next) || !next.startsWith('/')) return fallback;
  let layer = next;
  for (let i = 0; ; i++) {
    if (!startsAsLocalPath(layer)) return fallback;
    const decoded = decodeOnce(layer);
    if (decoded === null || decoded === layer) break;
    // Still encoded after that many layers: no page of ours is addressed that way.
    if (i === MAX_DECODE_LAYERS) return fallback;
    layer = decoded;
  }
  let parsed: ParsedUrl;
  try {
    parsed = new Url(next, PROBE_BASE);
  } catch {
    return fallback;
  }
  if (parsed.origin !== PROBE_ORIGIN) return fallback;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return startsAsLocalPath(path) ? path : fallback;
}
