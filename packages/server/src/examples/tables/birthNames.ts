import type { ExampleTable } from '../exampleTable.js';
import { sqlList, valuesTable } from '../sqlLiterals.js';
import { BOY_NAMES, GIRL_NAMES } from './firstNames.js';

/**
 * `birth_names`: one row per (year, state, gender, name), like Superset's example. Each
 * state/year keeps only its top-k names, where k grows with the state's population, and
 * counts follow the name's Zipf-like weight modulated by how close the year is to its peak.
 */

const FIRST_YEAR = 1965;
const LAST_YEAR = 2008;

// US live births per year, in thousands (CDC, rounded), so totals over time look familiar.
const BIRTHS_THOUSANDS = [
  3760, 3606, 3521, 3502, 3600, 3731, 3556, 3258, 3137, 3160, 3144, 3168, 3327, 3333, 3494, 3612, 3629, 3681, 3639,
  3669, 3761, 3757, 3809, 3910, 4041, 4158, 4111, 4065, 4000, 3953, 3900, 3891, 3881, 3942, 3959, 4059, 4026, 4022,
  4090, 4112, 4138, 4266, 4316, 4248,
];

// Share of births per mille around 1986, and the relative drift over the whole period
// (Sun Belt growing, Rust Belt shrinking). 'other' lumps the remaining states together.
const STATES: readonly (readonly [string, number, number])[] = [
  ['CA', 121, 0.25], ['TX', 85, 0.3], ['FL', 62, 0.35], ['NY', 62, -0.2], ['IL', 41, -0.1], ['PA', 40, -0.2],
  ['OH', 37, -0.2], ['GA', 32, 0.3], ['MI', 32, -0.2], ['NC', 31, 0.2], ['NJ', 28, -0.1], ['VA', 26, 0.1],
  ['WA', 23, 0.2], ['AZ', 21, 0.6], ['MA', 21, -0.15], ['IN', 21, 0], ['TN', 21, 0.1], ['MO', 19, -0.05],
  ['MD', 19, 0], ['WI', 18, -0.1], ['other', 240, 0],
];

const names = [
  ...BOY_NAMES.map(([name, peak], i) => ['boy', name, i + 1, peak] as const),
  ...GIRL_NAMES.map(([name, peak], i) => ['girl', name, i + 1, peak] as const),
];

const SQL = `
WITH names AS (
  SELECT * FROM ${valuesTable('n', ['gender', 'name', 'popularity_rank', 'peak_year'], names)}
),
years AS (
  SELECT ${FIRST_YEAR} + i AS year, ${sqlList(BIRTHS_THOUSANDS)}[i + 1] * 1000 AS births
  FROM range(${LAST_YEAR - FIRST_YEAR + 1}) r(i)
),
state_weights AS (
  SELECT y.year, y.births, s.state,
         round(s.per_mille * (1 + s.drift * (y.year - 1986) / 43.0) * 1000)::BIGINT AS weight
  FROM years y CROSS JOIN ${valuesTable('s', ['state', 'per_mille', 'drift'], STATES)}
),
state_years AS (
  -- Integer weights so the per-year normalisation is an exact sum, whatever the thread count.
  SELECT year, births, state, weight / sum(weight) OVER (PARTITION BY year) AS share
  FROM state_weights
),
candidates AS (
  SELECT sy.year, sy.state, n.gender, n.name, sy.births, sy.share,
         -- Bigger states list more names; more names get recorded in later years.
         least(150, round((5 + 178 * sqrt(sy.share)) * (0.85 + 0.3 * (sy.year - ${FIRST_YEAR}) / 43.0)))::INTEGER AS k,
         round(1e9 / (n.popularity_rank + 10)
               * (0.12 + 0.88 * exp(-pow((sy.year - n.peak_year) / 15.0, 2))))::BIGINT AS weight,
         hash(sy.year, sy.state, n.gender, n.name) AS key
  FROM state_years sy CROSS JOIN names n
),
ranked AS (
  SELECT *,
         weight / sum(weight) OVER (PARTITION BY year, state, gender) AS name_share,
         -- Damped Gumbel noise: mostly the heaviest names, with some shuffling near the cut.
         row_number() OVER (
           PARTITION BY year, state, gender
           ORDER BY ln(weight) - 0.35 * ln(-ln(u(key, 'bn.pick'))) DESC, name
         ) AS rn
  FROM candidates
),
counted AS (
  SELECT year, state, gender, name,
         greatest(5, round(births * (CASE gender WHEN 'boy' THEN 0.512 ELSE 0.488 END) * share * 0.62
                           * name_share * exp(0.15 * gauss(key, 'bn.num'))))::INTEGER AS num
  FROM ranked
  WHERE rn <= k
)
SELECT make_timestamp(year, 1, 1, 0, 0, 0) AS ds,
       gender,
       name,
       num,
       state,
       CASE gender WHEN 'boy' THEN num ELSE 0 END AS num_boys,
       CASE gender WHEN 'girl' THEN num ELSE 0 END AS num_girls
FROM counted
ORDER BY ds, state, gender, name
`;

// Fixed by the draws above; generateExamples verifies it, so a change to the SQL that moves it fails loudly.
export const birthNames: ExampleTable = { name: 'birth_names', rowCount: 75_394, sql: SQL };
