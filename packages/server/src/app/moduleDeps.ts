import type { AppContext } from './context.js';
import type { SecurityService } from '../modules/security/security.service.js';

/** What every feature module receives from the composition root. */
export interface ModuleDeps {
  ctx: AppContext;
  security: SecurityService;
}
