import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppBootstrap } from '@tessera/core';
import { indexHtmlWithBootstrap } from './indexHtml.js';

const API_PREFIXES = ['/api/', '/tabstateview', '/tableschemaview', '/kv/', '/superset/log', '/superset/explore_json', '/datasource/'];

/**
 * Serves the built single-page app on the API's port. Files under /assets are immutable (hashed names);
 * any other GET that is not an API path returns index.html so client-side routes work on reload.
 */
export function webRoutes(distDir: string | null, bootstrap: () => AppBootstrap) {
  return async function register(app: FastifyInstance): Promise<void> {
    const root = distDir && existsSync(path.join(distDir, 'index.html')) ? path.resolve(distDir) : null;
    if (root) await app.register(fastifyStatic, { root, serve: false });
    const page = root ? indexHtmlWithBootstrap(root) : null;

    app.get('/*', { config: { permission: 'public' } }, async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (API_PREFIXES.some((p) => urlPath.startsWith(p))) return reply.code(404).send({ message: 'Not found' });
      if (!root) {
        return reply
          .code(503)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build` (npm start does it for you).');
      }
      const rel = path.normalize(urlPath).replace(/^([/\\])+/, '');
      if (rel && !rel.includes('..') && rel !== 'index.html' && existsSync(path.join(root, rel)) && path.extname(rel)) {
        const immutable = rel.startsWith('assets/');
        return reply.sendFile(rel, { maxAge: immutable ? 31536000000 : 0, immutable });
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page ? page(bootstrap()) : '');
    });
  };
}
