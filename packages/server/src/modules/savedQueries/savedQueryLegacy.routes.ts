import type { FastifyInstance } from 'fastify';
import { savedQueryCreateSchema } from '@tessera/core';
import { pkParam } from '../../app/params.js';
import { parseInput } from '../../app/validate.js';
import { formFields } from '../tabState/formFields.js';
import type { SavedQueriesService } from './savedQueries.service.js';
import { toLegacyItem } from './savedQueryViews.js';

const TEXT_FIELDS = ['label', 'description', 'sql', 'schema', 'catalog'] as const;

/**
 * FAB's legacy `/savedqueryviewapi/api/*` (used by "Schedule query"). Its form values are plain text,
 * not JSON-encoded; text fields that happen to look like JSON numbers are turned back into text.
 */
function legacyFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  for (const k of TEXT_FIELDS) if (typeof out[k] === 'number' || typeof out[k] === 'boolean') out[k] = String(out[k]);
  return out;
}

export function savedQueryLegacyRoutes(service: SavedQueriesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/savedqueryviewapi/api/create', { config: { permission: ['can_write', 'SavedQuery'] } }, async (request) => {
      const input = parseInput(savedQueryCreateSchema, legacyFields(formFields(request)));
      const row = await service.create(request.principal, input);
      return { item: toLegacyItem(row), message: 'Added Row' };
    });

    app.get('/savedqueryviewapi/api/get/:pk', { config: { permission: ['can_read', 'SavedQuery'] } }, async (request) => {
      const id = pkParam(request.params);
      const item = toLegacyItem(await service.row(request.principal, id));
      const columns = Object.keys(item);
      return {
        description_columns: {},
        label_columns: Object.fromEntries(columns.map((c) => [c, c.replace(/_/g, ' ').replace(/\b\w/g, (ch) => ch.toUpperCase())])),
        pk: id,
        result: item,
        show_columns: columns,
      };
    });
  };
}
