import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMBEDDED_BOOTSTRAP_ELEMENT_ID, frameAncestorsOf, originAllowed, type AppBootstrap, type EmbeddedBootstrap } from '@tessera/core';
import { HELMET_OPTIONS, securityHeadersOf } from '../../app/securityHeaders.js';
import { indexHtmlWithBootstrap } from '../web/indexHtml.js';
import type { EmbeddedService } from './embedded.service.js';

/** Where a browser may load the page from: a frame, or a top-level visit (Superset refuses images, scripts, ...). */
const EMBEDDABLE_DESTINATIONS = new Set(['iframe', 'frame', 'document', 'embed', 'object']);

const BASE_CSP = securityHeadersOf(HELMET_OPTIONS)['content-security-policy'] ?? "default-src 'self'";

/** Our policy with frame-ancestors set to the embedding domains (helmet's default is 'self' only). */
export function embeddedCsp(allowedDomains: readonly string[]): string {
  const kept = BASE_CSP.split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !d.startsWith('frame-ancestors'));
  return [...kept, `frame-ancestors ${frameAncestorsOf(allowedDomains)}`].join(';');
}

/** The origin a Referer names (browsers send the embedding page's origin, or its address). */
function refererOrigin(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal the frame can show (it holds nothing worth clickjacking), instead of the browser's blank refusal. */
const ERROR_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *";

function errorPage(reply: FastifyReply, status: number, title: string, message: string) {
  reply.removeHeader('x-frame-options');
  return reply
    .code(status)
    .header('content-security-policy', ERROR_CSP)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`);
}

/** The bootstrap as JSON inside a non-executed script element; `<` is escaped so no text can end the element. */
function withBootstrap(html: string, bootstrap: EmbeddedBootstrap): string {
  const json = JSON.stringify(bootstrap).replace(/</g, '\\u003c');
  const element = `<script id="${EMBEDDED_BOOTSTRAP_ELEMENT_ID}" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${element}</head>`) : element + html;
}

/**
 * `/embedded/<uuid>`: the web app's page for an embedded dashboard (Superset's EmbeddedView). Answered only when the
 * dashboard is embedded and the framing page's origin is among its allowed domains (any, when the list is empty);
 * its CSP lets exactly those domains frame it. The page then waits for the guest token from the embedding SDK.
 */
export function embeddedPageRoutes(service: EmbeddedService, webDist: string | null, appBootstrap: () => AppBootstrap) {
  // The app's page with its bootstrap (feature flags), as the other client routes get it; re-read when rebuilt.
  const page = webDist ? indexHtmlWithBootstrap(webDist) : null;
  const index = (): string | null => {
    if (!page) return null;
    try {
      return page(appBootstrap());
    } catch {
      return null;
    }
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/embedded/:uuid', { config: { permission: 'public' } }, async (request, reply) => {
      const dest = request.headers['sec-fetch-dest'];
      if (typeof dest === 'string' && dest !== '' && !EMBEDDABLE_DESTINATIONS.has(dest)) {
        return errorPage(reply, 403, 'Forbidden', 'This page can only be shown in a frame or a browser tab.');
      }
      const row = await service.find((request.params as { uuid: string }).uuid);
      if (!row) return errorPage(reply, 404, 'Not found', 'This dashboard is not embedded, or the embedded id is wrong.');
      const allowed = service.allowedDomains(row);
      const origin = refererOrigin(request);
      if (!originAllowed(allowed, origin)) {
        request.log.info({ origin, uuid: row.uuid }, 'embedded dashboard refused to a page outside its allowed domains');
        return errorPage(reply, 403, 'This dashboard cannot be embedded here', `The page ${origin ?? '(unknown)'} is not among this embedded dashboard's allowed domains.`);
      }
      const html = index();
      if (html === null) return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
      reply.removeHeader('x-frame-options');
      return reply
        .header('content-security-policy', embeddedCsp(allowed))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(withBootstrap(html, { uuid: row.uuid, dashboard_id: row.dashboard_id, allowed_domains: allowed }));
    });
  };
}
