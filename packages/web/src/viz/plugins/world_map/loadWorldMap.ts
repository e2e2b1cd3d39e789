import { registerMap } from 'echarts/core';
import atlasUrl from 'world-atlas/countries-110m.json?url';
import { WORLD_MAP_NAME } from './transformProps';
import { prepareWorld, type Centroids, type WorldTopology } from './worldGeometry';

export type { Centroids } from './worldGeometry';

let loading: Promise<Centroids> | undefined;

/**
 * Fetches the world atlas (a static asset of the build), prepares it for a flat map and registers it with ECharts
 * once, naming each region by its ISO numeric id. Resolves to the regions' centres for bubbles.
 */
export function loadWorldMap(): Promise<Centroids> {
  loading ??= (async () => {
    const response = await fetch(atlasUrl);
    if (!response.ok) throw new Error(`Could not load the world map (${response.status})`);
    const { features, centroids } = prepareWorld((await response.json()) as WorldTopology);
    registerMap(WORLD_MAP_NAME, { type: 'FeatureCollection', features } as never);
    return centroids;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
