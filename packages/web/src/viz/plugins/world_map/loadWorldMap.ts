import { registerMap } from 'echarts/core';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasUrl from 'world-atlas/countries-110m.json?url';
import { WORLD_MAP_NAME } from './transformProps';

export type Centroids = Map<string, [number, number]>;

let loading: Promise<Centroids> | undefined;

/** Bounding-box centre of a (multi)polygon: good enough to anchor a bubble. */
function centre(coordinates: unknown): [number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as [number, number];
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    } else if (Array.isArray(c)) c.forEach(walk);
  };
  walk(coordinates);
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

/**
 * Fetches the world atlas (a static asset of the build), converts it to GeoJSON and registers it with ECharts once,
 * naming each region by its ISO numeric id. Resolves to the regions' centres for bubbles.
 */
export function loadWorldMap(): Promise<Centroids> {
  loading ??= (async () => {
    const response = await fetch(atlasUrl);
    if (!response.ok) throw new Error(`Could not load the world map (${response.status})`);
    const topology = (await response.json()) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const geo = feature(topology, topology.objects.countries);
    const centroids: Centroids = new Map();
    const features = geo.features
      .filter((f) => f.id !== undefined)
      .map((f) => {
        const id = String(f.id);
        centroids.set(id, centre((f.geometry as { coordinates?: unknown }).coordinates));
        return { ...f, properties: { ...f.properties, name: id } };
      });
    registerMap(WORLD_MAP_NAME, { type: 'FeatureCollection', features } as never);
    return centroids;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
