import { useEffect, useState } from 'react';
import { loadVizMetadata } from './useVizMetadata';

/**
 * Display names ("Bar Chart") of viz types ("echarts_timeseries_bar"), as the Type column shows them. A type
 * the registry does not know (or one still loading) is missing from the map; callers fall back to the key.
 */
export function useVizNames(vizTypes: readonly string[]): Readonly<Record<string, string>> {
  const key = vizTypes.join('\n');
  const [names, setNames] = useState<{ key: string; names: Record<string, string> }>({ key: '', names: {} });
  useEffect(() => {
    let live = true;
    const types = key ? key.split('\n') : [];
    void Promise.all(types.map(async (vizType) => [vizType, (await loadVizMetadata(vizType))?.name] as const)).then((entries) => {
      if (!live) return;
      const found: Record<string, string> = {};
      for (const [vizType, name] of entries) if (name) found[vizType] = name;
      setNames({ key, names: found });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return names.key === key ? names.names : {};
}
