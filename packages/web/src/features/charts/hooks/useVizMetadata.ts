import { useEffect, useState } from 'react';
import type { ChartMetadata } from '../../../viz/types';

type RegistryModule = { getChartPlugin?: (vizType: string) => unknown };

/*
 * The viz registry is built by the explorer work; a glob keeps the lists working (with an icon instead of a thumbnail)
 * while it does not exist, and keeps it in its own chunk so the list pages do not pull every plugin eagerly.
 */
const registryLoaders = import.meta.glob<RegistryModule>('../../../viz/registry.ts');

let registry: Promise<RegistryModule | null> | null = null;
function loadRegistry(): Promise<RegistryModule | null> {
  const loader = Object.values(registryLoaders)[0];
  registry ??= loader ? loader().catch(() => null) : Promise.resolve(null);
  return registry;
}

/** A viz type's metadata from the plugin registry, or null when the registry does not know it. */
export async function loadVizMetadata(vizType: string): Promise<ChartMetadata | null> {
  const module = await loadRegistry();
  if (!module?.getChartPlugin) return null;
  try {
    const plugin = (await Promise.resolve(module.getChartPlugin(vizType))) as { metadata?: ChartMetadata } | null | undefined;
    return plugin?.metadata ?? null;
  } catch {
    return null;
  }
}

/** Name and thumbnail of a viz type, or null while loading / when unknown. */
export function useVizMetadata(vizType: string): ChartMetadata | null {
  const [state, setState] = useState<{ vizType: string; metadata: ChartMetadata | null }>({ vizType, metadata: null });
  useEffect(() => {
    let live = true;
    void loadVizMetadata(vizType).then((metadata) => {
      if (live) setState({ vizType, metadata });
    });
    return () => {
      live = false;
    };
  }, [vizType]);
  return state.vizType === vizType ? state.metadata : null;
}
