/**
 * Cutting GeoJSON polygons at the antimeridian for a flat (equirectangular) map.
 *
 * The world atlas stores Russia, Fiji and Antarctica as rings that step from +180° to -180° longitude. ECharts
 * draws rings on a plane, so such a step becomes an edge across the whole map and the fill a stripe over the
 * world. Here each ring is unwrapped to continuous longitudes, a ring around a pole is closed along that pole,
 * and the result is clipped into 360°-wide strips, each moved back into [-180, 180].
 */

export type Position = [number, number];
type Ring = Position[];
type PolygonCoords = Ring[];

const EPSILON = 1e-9;

const same = (a: Position, b: Position) => Math.abs(a[0] - b[0]) <= EPSILON && Math.abs(a[1] - b[1]) <= EPSILON;

/** Signed planar area of a ring, closed or not (shoelace). */
export function ringArea(points: Position[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return sum / 2;
}

/** The ring's longitudes made continuous: every step across the antimeridian adds or removes 360°. */
function unwrap(ring: Ring): Ring {
  let shift = 0;
  return ring.map(([x, y], i) => {
    if (i > 0) {
      const dx = x - ring[i - 1]![0];
      if (dx > 180) shift -= 360;
      else if (dx < -180) shift += 360;
    }
    return [x + shift, y];
  });
}

/** Points from `from` to `to` along a pole (same latitude), no two more than 90° of longitude apart. */
function alongPole(from: number, to: number, pole: number): Ring {
  const steps = Math.ceil(Math.abs(to - from) / 90);
  return Array.from({ length: steps + 1 }, (_, i) => [from + ((to - from) * i) / steps, pole] as Position);
}

/**
 * Clips a closed ring to the half-plane `side * (x - line) <= 0`. A concave ring can fall apart into several
 * rings: the runs inside are joined along the line, each exit to the next entry (crossings sorted along the line
 * alternate between the ring's inside and outside, so they pair up in order).
 */
function clipHalfPlane(ring: Ring, line: number, side: 1 | -1): Ring[] {
  const inside = (p: Position) => side * (p[0] - line) <= EPSILON;
  const open = ring.slice(0, -1);
  const start = open.findIndex((p) => !inside(p));
  if (start < 0) return [ring];
  if (open.every((p) => !inside(p))) return [];
  // Walk from a point outside, so every inside run starts with an entry and ends with an exit.
  const points = [...open.slice(start), ...open.slice(0, start), open[start]!];
  const runs: Ring[] = [];
  let run: Ring | null = null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (inside(a) !== inside(b)) {
      const t = (line - a[0]) / (b[0] - a[0]);
      const cut: Position = [line, a[1] + t * (b[1] - a[1])];
      if (inside(b)) run = [cut];
      else {
        if (!same(run![run!.length - 1]!, cut)) run!.push(cut);
        runs.push(run!);
        run = null;
      }
    }
    if (inside(b) && run && !same(run[run.length - 1]!, b)) run.push(b);
  }
  // Crossings along the line, pairwise: each pair is a stretch of the line inside the ring, joining an exit to an entry.
  const crossings = runs.flatMap((r, i) => [{ y: r[0]![1], run: i, entry: true }, { y: r[r.length - 1]![1], run: i, entry: false }]).sort((a, b) => a.y - b.y);
  const nextRun = new Map<number, number>();
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const [p, q] = [crossings[i]!, crossings[i + 1]!];
    const exit = p.entry ? q : p;
    const entry = p.entry ? p : q;
    nextRun.set(exit.run, entry.run);
  }
  const used = new Set<number>();
  const rings: Ring[] = [];
  for (let first = 0; first < runs.length; first++) {
    if (used.has(first)) continue;
    const out: Ring = [];
    for (let r: number | undefined = first; r !== undefined && !used.has(r); r = nextRun.get(r)) {
      used.add(r);
      out.push(...runs[r]!);
    }
    // Touching the line from outside leaves runs without area.
    if (Math.abs(ringArea(out)) > EPSILON) rings.push([...out, out[0]!]);
  }
  return rings;
}

/**
 * A ring as one or more rings within [-180, 180] longitude. `pole` is the latitude (±90) that closes a ring going
 * once around the globe (Antarctica's coast); it is ignored for rings that do not.
 */
export function splitRing(ring: Ring, pole: number): Ring[] {
  let unwrapped = unwrap(ring);
  if (unwrapped.every((p, i) => p[0] === ring[i]![0])) return [ring];
  const first = unwrapped[0]!;
  const last = unwrapped[unwrapped.length - 1]!;
  if (Math.abs(last[0] - first[0]) > 180) {
    // Around a pole: run along it back to where the ring began.
    unwrapped = [...unwrapped, ...alongPole(last[0], first[0], pole), first];
  }
  const xs = unwrapped.map((p) => p[0]);
  const lowest = Math.floor((Math.min(...xs) + 180) / 360);
  const highest = Math.ceil((Math.max(...xs) - 180) / 360);
  const rings: Ring[] = [];
  for (let k = lowest; k <= highest; k++) {
    const [west, east] = [-180 + 360 * k, 180 + 360 * k];
    for (const piece of clipHalfPlane(unwrapped, east, 1)) {
      for (const strip of clipHalfPlane(piece, west, -1)) rings.push(strip.map(([x, y]) => [x - 360 * k, y]));
    }
  }
  return rings;
}

/** Even-odd point-in-ring test. */
function contains(ring: Ring, [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A polygon (outer ring and holes) as polygons that each stay within [-180, 180] longitude. */
export function splitPolygon(polygon: PolygonCoords): PolygonCoords[] {
  const [outer, ...holes] = polygon;
  if (!outer) return [];
  const meanLatitude = outer.reduce((sum, p) => sum + p[1], 0) / outer.length;
  const pole = meanLatitude < 0 ? -90 : 90;
  const outers = splitRing(outer, pole);
  const holePieces = holes.map((h) => splitRing(h, pole));
  if (outers[0] === outer && holePieces.every((pieces, i) => pieces[0] === holes[i])) return [polygon];
  const pieces: PolygonCoords[] = outers.map((o) => [o]);
  for (const hole of holePieces.flat()) {
    const owner = pieces.find(([o]) => contains(o!, hole[0]!));
    owner?.push(hole);
  }
  return pieces;
}

export interface PolygonGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: PolygonCoords | PolygonCoords[];
}

/** A (Multi)Polygon geometry cut at the antimeridian; other geometries are returned as they are. */
export function splitAtAntimeridian<G extends { type: string }>(geometry: G): G | { type: 'MultiPolygon'; coordinates: PolygonCoords[] } {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return geometry;
  const { type, coordinates } = geometry as unknown as PolygonGeometry;
  const polygons = type === 'Polygon' ? [coordinates as PolygonCoords] : (coordinates as PolygonCoords[]);
  const split = polygons.flatMap(splitPolygon);
  if (split.length === polygons.length && split.every((p, i) => p === polygons[i])) return geometry;
  return { type: 'MultiPolygon', coordinates: split };
}
