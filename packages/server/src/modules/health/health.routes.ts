import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';

export function healthRoutes(db: MetadataDb) {
  return async function register(app: FastifyInstance): Promise<void> {
    // Superset answers plain "OK" on /health; we also prove the metadata store answers.
    app.get('/health', { config: { permission: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return reply.type('text/plain').send('OK');
      } catch {
        return reply.code(503).type('text/plain').send('metadata store unavailable');
      }
    });
    app.get('/healthcheck', { config: { permission: 'public' }, logLevel: 'warn' }, async (_r, reply) =>
      reply.type('text/plain').send('OK'),
    );
  };
}
