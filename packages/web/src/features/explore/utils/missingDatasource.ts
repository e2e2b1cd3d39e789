import type { ExploreDatasource } from '../../../viz/types';

/**
 * A saved chart whose dataset was deleted: the bootstrap answers an empty dataset (no id) with a message. Nothing
 * can be queried until the user swaps the dataset.
 */
export function isDatasourceMissing(datasource: ExploreDatasource | null | undefined): boolean {
  return !!datasource && typeof datasource.id !== 'number';
}
