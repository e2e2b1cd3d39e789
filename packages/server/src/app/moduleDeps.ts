import type { AppContext } from './context.js';
import type { SecurityService } from '../modules/security/security.service.js';
import type { DatabasesService } from '../modules/databases/databases.service.js';
import type { DatabaseMetadataService } from '../modules/databases/databaseMetadata.service.js';
import type { RowLevelSecurityForData } from '../modules/rowLevelSecurity/index.js';

/** What every feature module receives from the composition root. */
export interface ModuleDeps {
  ctx: AppContext;
  security: SecurityService;
}

/** Modules built on database connections also get the databases services (never its repository). */
export interface DataModuleDeps extends ModuleDeps {
  databases: DatabasesService;
  databaseMetadata: DatabaseMetadataService;
  /** Row level security as the data paths apply it (chart data, SQL Lab). */
  rowLevelSecurity: RowLevelSecurityForData;
}
