import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { ExploreDatasource } from '../types';

type DatasourceColumn = ExploreDatasource['columns'][number];

/** A dataset column the explorer treats as time: flagged "Is temporal", or of a temporal type. */
export const isTemporalColumnMeta = (column: DatasourceColumn): boolean => column.is_dttm || column.type_generic === GENERIC_DATA_TYPE.TEMPORAL;
