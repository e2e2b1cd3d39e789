import type { FastifyInstance } from 'fastify';
import rison from 'rison';
import { selectColumns, type FieldSelection } from './selectColumns.js';

const names = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined);

/** The `columns` / `keys` of a GET's rison `q`, if it has any (routes validate `q` themselves). */
function selectionOf(q: unknown): FieldSelection | null {
  if (typeof q !== 'string' || !/columns|keys/.test(q)) return null;
  let decoded: unknown;
  try {
    decoded = rison.decode(q);
  } catch {
    return null;
  }
  if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) return null;
  const { columns, keys } = decoded as Record<string, unknown>;
  const selection = { columns: names(columns), keys: names(keys) };
  return selection.columns || selection.keys ? selection : null;
}

/**
 * Applies FAB's `columns` and `keys` selections to every successful JSON answer of a GET under /api/v1/. An
 * error answer is never cut: its message would go with the fields the selection does not name.
 */
export function registerFieldSelection(app: FastifyInstance): void {
  // Callback style: every JSON answer passes here, and most have nothing to select, so no promise per reply.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (request.method !== 'GET' || reply.statusCode >= 400 || !request.url.startsWith('/api/v1/')) return done(null, payload);
    const selection = selectionOf((request.query as { q?: unknown } | undefined)?.q);
    done(null, selection ? selectColumns(payload, selection) : payload);
  });
}
