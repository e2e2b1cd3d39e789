import type { Engine } from '@tessera/core';
import { connectorForEngine } from '../../connectors/registry.js';
import { buildSelectStar } from '../../connectors/sql/buildSelectStar.js';
import { wrapVirtualSql } from './datasetColumns.js';
import type { DatasetJoinedRow } from './datasets.repository.js';

const SELECT_STAR_LIMIT = 100;

/**
 * The dataset's SELECT in its engine's quoting and limit style, from the columns the dataset knows (as of
 * its last refresh): showing a dataset never waits on its database, which may be slow or down.
 */
export function selectStarOf(row: DatasetJoinedRow, columns: readonly { column_name: string; expression: string | null }[]): string | null {
  if (row.sql?.trim()) return wrapVirtualSql(row.sql).replace(/LIMIT 1$/, `LIMIT ${SELECT_STAR_LIMIT}`);
  // `backend` is written from a connector's engine when the database is saved.
  const connector = connectorForEngine(row.backend as Engine);
  const physical = columns.filter((c) => !c.expression?.trim()).map((c) => c.column_name);
  return buildSelectStar(connector.capabilities, row.schema ?? connector.capabilities.defaultSchema ?? '', row.table_name, physical, SELECT_STAR_LIMIT);
}
