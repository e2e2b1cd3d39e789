/**
 * A force-directed layout computed before drawing. ECharts' own force layout works in pixels from random starting
 * points and never rescales what it settles on, so with the edge length and repulsion the controls offer most
 * graphs spilled over every edge of the pane. The positions computed here go to ECharts as a fixed layout, which
 * it scales into the series box: the whole graph fits any pane, and the same data always gives the same picture.
 *
 * Each step every pair of nodes pushes apart (∝ repulsion / distance), every edge pulls its ends together
 * (∝ distance² / edge length, weaker between well-connected nodes so hubs do not crush their neighbours into a
 * knot) and gravity draws nodes to the centre, harder the further out they are, which keeps separate components
 * close. Moves are capped by a temperature that cools to nothing; friction sets how hot it starts, as it sets how
 * freely ECharts' nodes move. Since the result is scaled to the pane, only the balance of the forces matters.
 */

export interface ForceOptions {
  edgeLength: number;
  repulsion: number;
  gravity: number;
  friction: number;
}

/** The controls' defaults: at these the pull of an edge and the push of a node balance at about one UNIT. */
const DEFAULT_EDGE_LENGTH = 400;
const DEFAULT_REPULSION = 1000;
const UNIT = 100;
/** Node-pair visits allowed for one layout: large graphs get fewer steps rather than freezing the page. */
const PAIR_BUDGET = 2e7;
const MIN_STEPS = 40;
const MAX_STEPS = 300;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

export function forceLayout(count: number, edges: readonly (readonly [number, number])[], options: ForceOptions): [number, number][] {
  const push = (Math.max(0, options.repulsion) / DEFAULT_REPULSION) * UNIT * UNIT;
  const edgeLength = (Math.max(1, options.edgeLength) / DEFAULT_EDGE_LENGTH) * UNIT;
  const gravity = Math.max(0, options.gravity);
  /** About the radius the graph settles to. */
  const spread = UNIT * Math.sqrt(Math.max(1, count));
  // A sunflower spiral to start from: deterministic and already evenly spread, so little has to move.
  const points = Array.from({ length: count }, (_, i) => {
    const r = UNIT * Math.sqrt(i + 0.5);
    return { x: r * Math.cos(i * GOLDEN_ANGLE), y: r * Math.sin(i * GOLDEN_ANGLE), dx: 0, dy: 0 };
  });
  const ends = edges.filter(([a, b]) => a !== b);
  const degree = new Array<number>(count).fill(0);
  for (const [a, b] of ends) {
    degree[a] = degree[a]! + 1;
    degree[b] = degree[b]! + 1;
  }
  const links = ends.map(([a, b]) => ({ a: points[a]!, b: points[b]!, weight: 1 / Math.sqrt(degree[a]! * degree[b]!) }));
  const steps = Math.round(Math.min(MAX_STEPS, Math.max(MIN_STEPS, PAIR_BUDGET / Math.max(1, count * count + links.length))));
  const hottest = Math.max(0.05, options.friction) * spread;
  for (let step = 0; step < steps; step++) {
    for (const p of points) p.dx = p.dy = 0;
    for (let i = 0; i < count; i++) {
      const a = points[i]!;
      for (let j = i + 1; j < count; j++) {
        const b = points[j]!;
        let ex = a.x - b.x;
        let ey = a.y - b.y;
        let d2 = ex * ex + ey * ey;
        if (d2 < 1e-6) {
          // Two nodes on one spot: part them along a fixed direction.
          ex = 0.01 * UNIT;
          ey = 0.013 * UNIT;
          d2 = ex * ex + ey * ey;
        }
        const f = push / d2; // push / d along the unit vector (ex, ey) / d
        a.dx += ex * f;
        a.dy += ey * f;
        b.dx -= ex * f;
        b.dy -= ey * f;
      }
    }
    for (const { a, b, weight } of links) {
      const ex = a.x - b.x;
      const ey = a.y - b.y;
      const f = (weight * Math.sqrt(ex * ex + ey * ey)) / edgeLength; // weight · d² / edgeLength along the unit vector
      a.dx -= ex * f;
      a.dy -= ey * f;
      b.dx += ex * f;
      b.dy += ey * f;
    }
    const temperature = hottest * (1 - step / steps);
    for (const p of points) {
      const pull = gravity * (1 + Math.hypot(p.x, p.y) / spread);
      const mx = p.dx - p.x * pull;
      const my = p.dy - p.y * pull;
      const length = Math.hypot(mx, my);
      if (length > 0) {
        const move = Math.min(length, temperature) / length;
        p.x += mx * move;
        p.y += my * move;
      }
    }
  }
  return points.map((p) => [p.x, p.y]);
}
