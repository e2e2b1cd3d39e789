import type { FastifyInstance } from 'fastify';
import { guestTokenCreateSchema } from '@tessera/core';
import { parseInput } from '../../app/validate.js';
import { audited } from '../audit/index.js';
import type { GuestTokenService } from './guestToken.service.js';

/** Superset's SecurityRestApi permission: admins hold it; a host application's service user is given it. */
const GRANT = { permission: ['can_grant_guest_token', 'SecurityRestApi'] as const };

/** `POST /api/v1/security/guest_token/` (facts §2.8): `{user, resources, rls}` -> `{token}`. */
export function guestTokenRoutes(service: GuestTokenService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/v1/security/guest_token/', { config: GRANT }, async (request) => {
      const body = parseInput(guestTokenCreateSchema, request.body);
      const event = {
        action: 'guest_token.issue' as const,
        objectType: 'EmbeddedDashboard',
        objectId: body.resources.map((r) => r.id).join(','),
        // The clauses themselves stay out of the log (they may name customers); their count and datasets say enough.
        details: { guest: body.user?.username ?? null, resources: body.resources, rls_count: body.rls.length, rls_datasets: body.rls.map((r) => r.dataset ?? null) },
      };
      const token = await audited(request, event, service.issue(body));
      return { token };
    });
  };
}
