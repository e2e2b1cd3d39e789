import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { ExploreBootstrapArgs } from '../../../api/exploreApi';

const toNumber = (text: string | null) => (text !== null && /^\d+$/.test(text) ? Number(text) : undefined);

/**
 * What the address asks the explorer to open: ?slice_id=, ?datasource_id=&datasource_type=, ?form_data_key=,
 * ?permalink_key= or the /superset/explore/p/<key>/ path; ?viz_type= and ?force= apply on top.
 */
export function useBootstrapArgs(): { args: ExploreBootstrapArgs; force: boolean; vizType: string | undefined } {
  const [params] = useSearchParams();
  const { key } = useParams();
  const search = params.toString();
  return useMemo(() => {
    const read = new URLSearchParams(search);
    let datasourceId = toNumber(read.get('datasource_id'));
    let datasourceType = read.get('datasource_type') ?? undefined;
    // Also accept Superset's `datasource=<id>__<type>`.
    const combined = /^(\d+)__(\w+)$/.exec(read.get('datasource') ?? '');
    if (combined && datasourceId === undefined) {
      datasourceId = Number(combined[1]);
      datasourceType = combined[2];
    }
    const args: ExploreBootstrapArgs = {
      slice_id: toNumber(read.get('slice_id')),
      datasource_id: datasourceId,
      datasource_type: datasourceId !== undefined ? (datasourceType ?? 'table') : undefined,
      form_data_key: read.get('form_data_key') ?? undefined,
      permalink_key: key ?? read.get('permalink_key') ?? undefined,
    };
    const force = ['true', '1'].includes(read.get('force') ?? '');
    return { args, force, vizType: read.get('viz_type') ?? undefined };
  }, [search, key]);
}
