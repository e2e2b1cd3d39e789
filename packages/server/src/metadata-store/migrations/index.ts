import type { Kysely } from 'kysely';
import type { Dialect } from './helpers.js';
import * as m0001 from './0001_security.js';
import * as m0002 from './0002_databases.js';
import * as m0003 from './0003_queries.js';
import * as m0004 from './0004_sqllab_state.js';
import * as m0005 from './0005_datasets.js';
import * as m0006 from './0006_charts.js';
import * as m0007 from './0007_annotation_layers.js';
import * as m0008 from './0008_chart_datasource_type.js';
import * as m0009 from './0009_row_level_security.js';
import * as m0010 from './0010_audit_log.js';
import * as m0011 from './0011_embedded_dashboards.js';

export interface VersionedMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Ordered list; names are never renamed once released (they are the version record). */
export const MIGRATIONS: Record<string, VersionedMigration> = {
  '0001_security': m0001,
  '0002_databases': m0002,
  '0003_queries': m0003,
  '0004_sqllab_state': m0004,
  '0005_datasets': m0005,
  '0006_charts': m0006,
  '0007_annotation_layers': m0007,
  '0008_chart_datasource_type': m0008,
  '0009_row_level_security': m0009,
  '0010_audit_log': m0010,
  '0011_embedded_dashboards': m0011,
};
