import type { FastifyInstance } from 'fastify';
import { TIME_RANGE_URL, TimeRangeError, timeRangeQuerySchema, type TimeRangeResponse } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { decodeRison } from '../../app/rison.js';
import { describeTimeRanges } from './timeRange.service.js';

/** `GET /api/v1/time_range/?q=`: what a time range text means, for the explorer's and filters' previews. */
export function timeRangeRoutes() {
  return async function register(app: FastifyInstance): Promise<void> {
    // It reads no data and no metadata, so any logged-in user may ask.
    app.get(TIME_RANGE_URL, { config: { permission: 'authenticated' } }, async (request): Promise<TimeRangeResponse> => {
      // FAB's @rison reads a missing `q` as {} and its jsonschema check answers in these words.
      const parsed = timeRangeQuerySchema.safeParse(decodeRison((request.query as Record<string, unknown>).q) ?? {});
      if (!parsed.success) throw badRequest(`Not a valid rison schema ${parsed.error.issues[0]?.message ?? ''}`.trim());
      try {
        return { result: describeTimeRanges(parsed.data, new Date()) };
      } catch (error) {
        if (error instanceof TimeRangeError) throw badRequest(`Unexpected time range: ${error.message}`);
        throw error;
      }
    });
  };
}
