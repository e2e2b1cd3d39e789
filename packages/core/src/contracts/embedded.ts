import { z } from 'zod';
import { MAX_ID } from '../constants/index.js';

/**
 * Embedded dashboards and guest tokens (Superset's EmbeddedDashboardRestApi, `/dashboard/<id_or_slug>/embedded` and
 * `POST /api/v1/security/guest_token/`). A dashboard's embedded configuration names the domains that may frame it;
 * a host application's backend asks for a guest token, which its page hands to the iframe through the embedded SDK.
 */

/** The header a guest sends its token in (Superset's GUEST_TOKEN_HEADER_NAME). */
export const GUEST_TOKEN_HEADER = 'X-GuestToken';

/** The JWT `type` claim of a guest token. */
export const GUEST_TOKEN_TYPE = 'guest';

/** The web page a host frames: `/embedded/<uuid>` (the SDK's address). */
export const embeddedPagePath = (uuid: string): string => `/embedded/${uuid}`;

/** Id of the JSON script element the server writes into the embedded page (the dashboard and its allowed domains). */
export const EMBEDDED_BOOTSTRAP_ELEMENT_ID = 'tessera-embedded-bootstrap';

/** The postMessage type of the SDK's handshake, which carries the port of its MessageChannel. */
export const EMBEDDED_COMMS_MESSAGE_TYPE = '__embedded_comms__';

export const embeddedDashboardConfigSchema = z.object({
  allowed_domains: z.array(z.string().trim().min(1, 'Shorter than minimum length 1.').max(255, 'Longer than maximum length 255.')),
});
export type EmbeddedDashboardConfig = z.infer<typeof embeddedDashboardConfigSchema>;

/** `GET|POST|PUT /api/v1/dashboard/<id_or_slug>/embedded`'s result. */
export interface EmbeddedDashboardResult {
  uuid: string;
  allowed_domains: string[];
  dashboard_id: number;
  /** ISO-8601 UTC. */
  changed_on: string;
  changed_by: { id: number; first_name: string; last_name: string } | null;
}

/** `GET /api/v1/embedded_dashboard/<uuid>`'s result. */
export interface EmbeddedDashboardShow {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string[];
  changed_on: string;
}

/** What the server writes into the embedded page for the client (Superset's bootstrap `embedded` part). */
export interface EmbeddedBootstrap {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string[];
}

export const GUEST_TOKEN_RESOURCE_TYPES = ['dashboard'] as const;
export type GuestTokenResourceType = (typeof GUEST_TOKEN_RESOURCE_TYPES)[number];

const guestUserSchema = z
  .object({
    username: z.string().max(255, 'Longer than maximum length 255.').optional(),
    first_name: z.string().max(255, 'Longer than maximum length 255.').optional(),
    last_name: z.string().max(255, 'Longer than maximum length 255.').optional(),
  })
  .strict();

const guestResourceSchema = z
  .object({
    type: z.enum(GUEST_TOKEN_RESOURCE_TYPES),
    // Superset takes the embedded uuid as text; a number is read as its text so typed clients are not refused.
    id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().min(1, 'Shorter than minimum length 1.')),
  })
  .strict();

const guestRlsRuleSchema = z
  .object({
    dataset: z.number().int().min(1).max(MAX_ID).optional(),
    clause: z.string().refine((s) => s.trim() !== '', 'Shorter than minimum length 1.'),
  })
  .strict();

/** `POST /api/v1/security/guest_token/`'s body (Superset's GuestTokenCreateSchema). */
export const guestTokenCreateSchema = z.object({
  user: guestUserSchema.optional(),
  resources: z.array(guestResourceSchema).min(1, 'Shorter than minimum length 1.'),
  rls: z.array(guestRlsRuleSchema),
});
export type GuestTokenCreate = z.infer<typeof guestTokenCreateSchema>;

export type GuestUser = z.infer<typeof guestUserSchema>;
export type GuestResource = z.infer<typeof guestResourceSchema>;
export type GuestRlsRule = z.infer<typeof guestRlsRuleSchema>;

/** The claims of a guest token, as Superset writes them (its SDK decodes `exp` to refresh in time). */
export interface GuestTokenClaims {
  user: GuestUser;
  resources: GuestResource[];
  rls_rules: GuestRlsRule[];
  iat: number;
  exp: number;
  aud: string;
  type: typeof GUEST_TOKEN_TYPE;
}

/** Splits the modal's "Allowed Domains (comma separated)" text into the list the API takes. */
export function parseAllowedDomains(text: string): string[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
}

interface OriginParts {
  scheme: string;
  hostname: string;
  /** The port as written, or the scheme's default. */
  port: string;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** `scheme://host[:port]` of an address (core runs without URL); null for anything else. */
function originParts(text: string): OriginParts | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?(?:[/?#]|$)/i.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const scheme = m[1].toLowerCase();
  return { scheme, hostname: m[2].toLowerCase(), port: m[3] ?? DEFAULT_PORTS[scheme] ?? '' };
}

/**
 * Whether a page at `origin` (`scheme://host[:port]`) may frame an embedded dashboard. An empty list allows any
 * (Superset's rule). An entry with a scheme must be the same origin; one without (`example.com`, `example.com:8080`)
 * matches the origin's host, and its port when it names one.
 */
export function originAllowed(allowedDomains: readonly string[], origin: string | null): boolean {
  if (allowedDomains.length === 0) return true;
  const page = origin ? originParts(origin) : null;
  if (!page) return false;
  return allowedDomains.some((entry) => {
    const text = entry.trim();
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
      const allowed = originParts(text);
      return allowed !== null && allowed.scheme === page.scheme && allowed.hostname === page.hostname && allowed.port === page.port;
    }
    const m = /^([^:/?#]+)(?::(\d+))?\/*$/.exec(text.toLowerCase());
    if (!m?.[1]) return false;
    return m[1] === page.hostname && (m[2] === undefined || m[2] === page.port);
  });
}

/** The CSP `frame-ancestors` sources for an embedded page: the allowed domains, or any when the list is empty. */
export function frameAncestorsOf(allowedDomains: readonly string[]): string {
  const sources = allowedDomains.map((d) => d.trim().replace(/\/+$/, '')).filter((d) => /^[a-z0-9.:/*[\]-]+$/i.test(d));
  if (allowedDomains.length === 0) return '*';
  return sources.length > 0 ? sources.join(' ') : "'none'";
}
