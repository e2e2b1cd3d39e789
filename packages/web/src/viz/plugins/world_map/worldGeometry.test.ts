import { describe, expect, it } from 'vitest';
import atlas from 'world-atlas/countries-110m.json';
import { ringArea, splitRing, type Position } from './antimeridian';
import { prepareWorld, type WorldTopology } from './worldGeometry';

const { features, centroids } = prepareWorld(atlas as unknown as WorldTopology);
const ringsOf = (id: string) => {
  const { geometry } = features.find((f) => f.id === id)!;
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Position[][][];
  return polygons.flat();
};
const totalArea = (rings: Position[][]) => rings.reduce((sum, r) => sum + Math.abs(ringArea(r)), 0);

describe('world map geometry', () => {
  it('has no ring that jumps across the map (antimeridian) or leaves [-180, 180]', () => {
    const jumps: string[] = [];
    for (const f of features) {
      for (const ring of ringsOf(f.id)) {
        ring.forEach(([x], i) => {
          if (x < -180 || x > 180 || (i > 0 && Math.abs(x - ring[i - 1]![0]) > 180)) jumps.push(`${f.id} at ${i}`);
        });
      }
    }
    expect(features.length).toBeGreaterThan(170);
    expect(jumps).toEqual([]);
  });

  it('cuts Russia and Fiji at ±180° into closed pieces on both sides', () => {
    for (const id of ['643', '242']) {
      const rings = ringsOf(id);
      expect(rings.every((r) => r.length >= 4 && r[0]![0] === r[r.length - 1]![0] && r[0]![1] === r[r.length - 1]![1])).toBe(true);
      expect(rings.some((r) => r.some(([x]) => x < -170))).toBe(true);
      expect(rings.some((r) => r.some(([x]) => x > 170))).toBe(true);
    }
    // Russia spans about 170° of longitude at ~60° N: its pieces keep their area instead of covering the world.
    expect(totalArea(ringsOf('643'))).toBeGreaterThan(2500);
    expect(totalArea(ringsOf('643'))).toBeLessThan(4000);
  });

  it('closes Antarctica along the south pole', () => {
    const rings = ringsOf('010');
    expect(Math.min(...rings.flat().map(([, y]) => y))).toBe(-90);
    expect(Math.max(...rings.flat().map(([, y]) => y))).toBeLessThan(-60);
  });

  it('anchors bubbles on the largest part of a country', () => {
    const [rx, ry] = centroids.get('643')!;
    expect(rx).toBeGreaterThan(60);
    expect(ry).toBeGreaterThan(50);
    const [fx, fy] = centroids.get('250')!;
    expect(fx).toBeGreaterThan(-5);
    expect(fy).toBeGreaterThan(40);
  });
});

describe('splitRing', () => {
  const square = (x0: number, x1: number): Position[] => [[x0, 0], [x1, 0], [x1, 10], [x0, 10], [x0, 0]];

  it('leaves rings within the map as they are', () => {
    const ring = square(10, 20);
    expect(splitRing(ring, 90)[0]).toBe(ring);
  });

  it('splits a ring crossing the antimeridian into one piece on each side', () => {
    const pieces = splitRing(square(170, -170), 90);
    expect(pieces).toHaveLength(2);
    expect(pieces.map((p) => [Math.min(...p.map(([x]) => x)), Math.max(...p.map(([x]) => x))]).sort((a, b) => a[0]! - b[0]!)).toEqual([[-180, -170], [170, 180]]);
    expect(pieces.map((p) => Math.abs(ringArea(p)))).toEqual([100, 100]);
  });

  it('keeps the separate parts of a concave ring apart', () => {
    // A U open to the east whose two arms reach past 180°: they come back as two pieces west of -180 + 10.
    const u: Position[] = [[170, 0], [-170, 0], [-170, 2], [175, 2], [175, 8], [-170, 8], [-170, 10], [170, 10], [170, 0]];
    const pieces = splitRing(u, 90);
    expect(pieces).toHaveLength(3);
    expect(totalArea(pieces)).toBeCloseTo(20 * 2 + 5 * 6 + 20 * 2);
    expect(pieces.filter((p) => p.every(([x]) => x <= -170))).toHaveLength(2);
  });

  it('closes a ring around a pole along that pole', () => {
    const around: Position[] = [[-180, -70], [-60, -65], [60, -75], [180, -70]].map(([x, y]) => [x === 180 ? -180 : x!, y!] as Position);
    const ring: Position[] = [[-170, -70], [-60, -65], [60, -75], [170, -70], [-170, -70]];
    for (const r of [ring, [...around, around[0]!]]) {
      const pieces = splitRing(r, -90);
      expect(pieces.flat().some(([, y]) => y === -90)).toBe(true);
      expect(pieces.every((p) => p.every(([x], i) => i === 0 || Math.abs(x - p[i - 1]![0]) <= 180))).toBe(true);
    }
  });
});
