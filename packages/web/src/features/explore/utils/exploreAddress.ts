import type { ExploreBootstrapArgs } from '../../../api/exploreApi';
import type { ExploreAddress } from '../state/exploreSlice';

/** Parameters that say what the explorer opens; rebuilt on every write. Others (standalone, ...) are kept. */
const OPENING_PARAMS = new Set(['form_data', 'form_data_key', 'slice_id', 'datasource_id', 'datasource_type', 'datasource', 'permalink_key', 'viz_type', 'force']);

export interface AddressTarget {
  formDataKey: string;
  sliceId: number | null;
  datasource: { id: number; type: string };
}

/**
 * The address of stored controls: `?form_data_key=K&slice_id=N` when editing a saved chart, else
 * `?form_data_key=K&datasource_type=T&datasource_id=D`, so that an expired key still falls back to the chart or the
 * dataset. viz_type and force are left out: the stored form data has the viz type, and force applied to the load.
 */
export function exploreAddress(current: { pathname: string; search: string }, { formDataKey, sliceId, datasource }: AddressTarget): string {
  const params = new URLSearchParams();
  params.set('form_data_key', formDataKey);
  if (sliceId !== null) {
    params.set('slice_id', String(sliceId));
  } else {
    params.set('datasource_type', datasource.type);
    params.set('datasource_id', String(datasource.id));
  }
  for (const [name, value] of new URLSearchParams(current.search)) {
    if (!OPENING_PARAMS.has(name)) params.append(name, value);
  }
  // A permalink's path names a frozen state; edited controls live at the explorer's own address.
  const pathname = /\/explore\/p\//.test(current.pathname) ? '/explore/' : current.pathname;
  return `${pathname}?${params.toString()}`;
}

/** True when the address carries a key this state was loaded from or stored itself: nothing to load again. */
export function isOwnAddress(args: ExploreBootstrapArgs, address: ExploreAddress): boolean {
  return args.form_data_key !== undefined && address.keys.includes(args.form_data_key);
}
