import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import { GuestTokenRepository } from './guestToken.repository.js';
import { guestTokenRoutes } from './guestToken.routes.js';
import { GuestTokenService } from './guestToken.service.js';
import { GuestTokenSigner } from './guestTokens.js';

export { registerGuestAccess } from './guestAccess.js';
export { GuestTokenService } from './guestToken.service.js';

/**
 * Guest tokens for embedded dashboards: `POST /api/v1/security/guest_token/`, and the service the authentication
 * hook turns an `X-GuestToken` header into a guest principal with (registerGuestAccess narrows what it may call).
 */
export function guestTokenModule(deps: ModuleDeps) {
  const settings = deps.ctx.config.embedded;
  const signer = new GuestTokenSigner(
    { secret: settings.guestTokenSecret, audience: settings.guestTokenAudience, expSeconds: settings.guestTokenExpSeconds },
    deps.ctx.config.secretKey,
  );
  const service = new GuestTokenService(signer, new GuestTokenRepository(deps.ctx.db), deps.security, settings.guestRoleName);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(guestTokenRoutes(service));
  };
  return Object.assign(register, { service });
}
