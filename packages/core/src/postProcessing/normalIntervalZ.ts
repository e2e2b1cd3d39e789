const STEPS = 400;
const MAX_Z = 10;

/** ∫₀ˣ of the standard normal density by Simpson's rule: smooth enough that 400 steps are accurate to ~1e-10. */
function areaFromZero(x: number): number {
  const h = x / STEPS;
  const density = (t: number) => Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI);
  let acc = density(0) + density(x);
  for (let i = 1; i < STEPS; i += 1) acc += (i % 2 === 1 ? 4 : 2) * density(i * h);
  return (acc * h) / 3;
}

/**
 * The z with P(|Z| ≤ z) = `coverage` for a standard normal Z: the half-width, in standard deviations, of a central
 * interval (0.8 → 1.2816, 0.95 → 1.96). Found by bisection on the integrated density, which needs no table of
 * approximation constants; it runs once per forecast. Coverages closer to 1 than z = 10 allows are capped there.
 */
export function normalIntervalZ(coverage: number): number {
  const target = coverage / 2;
  let lo = 0;
  let hi = MAX_Z;
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    if (areaFromZero(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
