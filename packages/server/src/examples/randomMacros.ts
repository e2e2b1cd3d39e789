/**
 * Pseudo-random helpers used by every example table, created as TEMP macros so they never
 * end up in the generated file.
 *
 * Why not `random()`/`setseed()`: with several threads the order in which rows draw from the
 * generator is not fixed, so results would differ between runs. Hashing a row key instead makes
 * every value a pure function of that key. `hash(k, s)` alone is not enough: its two-argument
 * combine is weak (values for salts 1 and 2 correlate ~0.6), hence the re-hash of the xor.
 */
export const RANDOM_MACROS: readonly string[] = [
  // Uniform in (0, 1): 53 bits of a re-mixed hash, offset by half a step so ln(u) is finite.
  `CREATE OR REPLACE TEMP MACRO u(k, s) AS
     ((hash(xor(hash(k), hash(s))) >> 11)::DOUBLE + 0.5) / 9007199254740992.0`,
  // Standard normal via Box-Muller on two independent streams of the same key.
  `CREATE OR REPLACE TEMP MACRO gauss(k, s) AS
     sqrt(-2.0 * ln(u(k, s))) * cos(2.0 * pi() * u(k, s || '#2'))`,
  // Exponential with mean 1.
  `CREATE OR REPLACE TEMP MACRO expo(k, s) AS -ln(u(k, s))`,
  // Uniformly chosen element of a list, driven by a uniform x in (0, 1).
  `CREATE OR REPLACE TEMP MACRO pick(l, x) AS l[1 + floor(x * len(l))::BIGINT]`,
];
