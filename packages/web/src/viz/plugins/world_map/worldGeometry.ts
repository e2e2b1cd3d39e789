import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { ringArea, splitAtAntimeridian, type Position } from './antimeridian';

export type Centroids = Map<string, [number, number]>;

export type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

export interface WorldFeature {
  type: 'Feature';
  id: string;
  properties: { name: string };
  geometry: { type: string; coordinates?: unknown };
}

/** The polygons of a geometry, each as its rings. */
function polygonsOf(geometry: WorldFeature['geometry']): Position[][][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates as Position[][]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as Position[][][];
  return [];
}

/**
 * Where a bubble sits: the bounding-box centre of the largest polygon, so overseas parts (French Guiana) and
 * pieces beyond the antimeridian (Chukotka) do not pull it into the ocean.
 */
export function centreOf(geometry: WorldFeature['geometry']): [number, number] {
  const outers = polygonsOf(geometry).map((p) => p[0] ?? []);
  const largest = outers.reduce<Position[]>((best, ring) => (Math.abs(ringArea(ring)) > Math.abs(ringArea(best)) ? ring : best), []);
  if (!largest.length) return [0, 0];
  const xs = largest.map((p) => p[0]);
  const ys = largest.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/**
 * The atlas as GeoJSON features ECharts can draw on a plane: each named by its ISO numeric id, with shapes that
 * cross the antimeridian cut there (else they are drawn as stripes across the map). Also the centres for bubbles.
 */
export function prepareWorld(topology: WorldTopology): { features: WorldFeature[]; centroids: Centroids } {
  const geo = feature(topology, topology.objects.countries);
  const centroids: Centroids = new Map();
  const features = geo.features
    .filter((f) => f.id !== undefined)
    .map((f): WorldFeature => {
      const id = String(f.id);
      const geometry = splitAtAntimeridian(f.geometry as WorldFeature['geometry']);
      centroids.set(id, centreOf(geometry));
      return { type: 'Feature', id, properties: { ...f.properties, name: id }, geometry };
    });
  return { features, centroids };
}
