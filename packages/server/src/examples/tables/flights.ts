import type { ExampleTable } from '../exampleTable.js';
import { sqlList, weightedIndexList } from '../sqlLiterals.js';
import { AIRPORTS, CARRIERS } from './flightReference.js';

/**
 * `flights`: one million US domestic flights, 2019–2022. Flight i is placed at quantile i/N of
 * a per-day volume curve (weekday rhythm, summer peak, the 2020 collapse and recovery), so the
 * row count is exact and days get volume in exact proportion to their weight. Everything else
 * is drawn from hashes of i: hub-skewed airports, hub carriers, bank-shaped departure hours,
 * right-skewed delays, and cancellations that spike in winter, storms and March 2020.
 */

const ROW_COUNT = 1_000_000;

const carrierIndex = new Map(CARRIERS.map(([code], i) => [code, i + 1]));
const hubCarrier = AIRPORTS.map(([, , , , hub]) => (hub === null ? 0 : (carrierIndex.get(hub) ?? 0)));
// Hawaiian islands are served overwhelmingly by their home carrier, mainland hubs less so.
const hubShare = AIRPORTS.map(([code]) => (code === 'HNL' || code === 'OGG' ? 0.85 : 0.45));

// Departures per hour of day: morning and late-afternoon banks, a thin red-eye tail.
const HOUR_WEIGHTS = [2, 1, 0, 0, 0, 6, 40, 60, 60, 55, 50, 50, 50, 50, 48, 48, 52, 55, 52, 45, 35, 25, 15, 6];
// Delay propensity per month: summer thunderstorms and December holidays are worst.
const MONTH_DELAY = [1.1, 1.05, 0.95, 0.9, 1.0, 1.25, 1.3, 1.2, 0.8, 0.8, 0.85, 1.2];
// isodow 1 = Monday: Saturday is the quiet day.
const WEEKDAY_VOLUME = [1.02, 0.95, 0.95, 1.03, 1.05, 0.82, 0.97];

const SQL = `
WITH days AS (
  SELECT d,
         round(1000
           * (1 + 0.08 * sin(2 * pi() * (dayofyear(d) - 105) / 365.25))
           * ${sqlList(WEEKDAY_VOLUME)}[isodow(d)]
           * (1 + 0.02 * (year(d) - 2019))
           * CASE
               WHEN d < DATE '2020-03-10' THEN 1.0
               WHEN d < DATE '2020-04-10' THEN 1.0 - 0.65 * (d - DATE '2020-03-10') / 31.0
               WHEN d < DATE '2020-06-01' THEN 0.35
               WHEN d < DATE '2021-07-01' THEN 0.35 + 0.55 * (d - DATE '2020-06-01') / 395.0
               WHEN d < DATE '2022-07-01' THEN 0.9 + 0.07 * (d - DATE '2021-07-01') / 365.0
               ELSE 0.97
             END)::BIGINT AS weight
  FROM (SELECT g::DATE AS d FROM generate_series(DATE '2019-01-01', DATE '2022-12-31', INTERVAL 1 DAY) t(g))
),
day_ranges AS (
  SELECT d, row_number() OVER (ORDER BY d) AS day_no,
         (sum(weight) OVER (ORDER BY d))::BIGINT - weight AS cum_start
  FROM days
),
targets AS (
  SELECT i, ((i * 2 + 1) * (SELECT sum(weight) FROM days) // ${2 * ROW_COUNT})::BIGINT AS target
  FROM range(${ROW_COUNT}) r(i)
),
placed AS (
  SELECT t.i, dr.d, dr.day_no,
         pick(${weightedIndexList(AIRPORTS.map((a) => a[3]))}, u(t.i, 'fl.origin')) AS oi,
         pick(${weightedIndexList(AIRPORTS.map((a) => a[3]))}, u(t.i, 'fl.dest')) AS dest_draw,
         pick(${weightedIndexList(HOUR_WEIGHTS)}, u(t.i, 'fl.hour')) - 1 AS hour
  FROM targets t ASOF JOIN day_ranges dr ON t.target >= dr.cum_start
),
routed AS (
  SELECT *,
         -- A draw equal to the origin is shifted to a uniformly chosen other airport.
         CASE WHEN dest_draw <> oi THEN dest_draw
              ELSE (oi + floor(u(i, 'fl.dest2') * ${AIRPORTS.length - 1})::BIGINT) % ${AIRPORTS.length} + 1
         END AS di,
         CASE WHEN ${sqlList(hubCarrier)}[oi] > 0 AND u(i, 'fl.hub') < ${sqlList(hubShare)}[oi]
              THEN ${sqlList(hubCarrier)}[oi]
              ELSE pick(${weightedIndexList(CARRIERS.map((c) => c[1] * 2))}, u(i, 'fl.carrier'))
         END AS ci,
         month(d) AS mon
  FROM placed
),
conditions AS (
  SELECT *,
         -- Storms are per airport and day, so one origin's bad day hits all its departures.
         u(hash(day_no, oi), 'fl.storm') < CASE WHEN mon IN (12, 1, 2) THEN 0.05
                                                WHEN mon IN (6, 7, 8) THEN 0.03 ELSE 0.01 END AS storm,
         d BETWEEN DATE '2020-03-12' AND DATE '2020-04-20' AS pandemic_cancellations,
         round(2 * 3958.8 * asin(sqrt(
           pow(sin(radians(${sqlList(AIRPORTS.map((a) => a[1]))}[di] - ${sqlList(AIRPORTS.map((a) => a[1]))}[oi]) / 2), 2)
           + cos(radians(${sqlList(AIRPORTS.map((a) => a[1]))}[oi])) * cos(radians(${sqlList(AIRPORTS.map((a) => a[1]))}[di]))
             * pow(sin(radians(${sqlList(AIRPORTS.map((a) => a[2]))}[di] - ${sqlList(AIRPORTS.map((a) => a[2]))}[oi]) / 2), 2)
         )))::INTEGER AS distance
  FROM routed
),
outcomes AS (
  SELECT *,
         u(i, 'fl.cancel') < 0.009 * ${sqlList(CARRIERS.map((c) => c[3]))}[ci]
           + CASE WHEN mon IN (12, 1, 2) THEN 0.011 ELSE 0 END
           + CASE WHEN storm THEN 0.12 ELSE 0 END
           + CASE WHEN pandemic_cancellations THEN 0.10 ELSE 0 END AS cancelled,
         (0.55 + 0.045 * hour) * ${sqlList(MONTH_DELAY)}[mon] * ${sqlList(CARRIERS.map((c) => c[2]))}[ci]
           * CASE WHEN storm THEN 1.8 ELSE 1 END
           * CASE WHEN d BETWEEN DATE '2020-03-15' AND DATE '2021-03-01' THEN 0.55 ELSE 1 END AS delay_factor
  FROM conditions
),
delayed AS (
  SELECT *,
         CASE
           WHEN cancelled THEN NULL
           WHEN u(i, 'fl.late') < least(0.85, 0.3 * delay_factor)
             -- Exponential bulk plus a Pareto tail for multi-hour delays, bounded below the cap.
             THEN least(1500, 1 + round(expo(i, 'fl.delay') * 20 * sqrt(delay_factor))
                  + CASE WHEN u(i, 'fl.tail') < 0.15 THEN round(80 * (pow(0.007 + 0.993 * u(i, 'fl.tail_size'), -0.6) - 1)) ELSE 0 END)
           ELSE -least(25, floor(expo(i, 'fl.early') * 3.5))
         END::INTEGER AS dep_delay
  FROM outcomes
)
SELECT d::TIMESTAMP + to_hours(hour::BIGINT) + to_minutes((5 * floor(u(i, 'fl.minute') * 12))::BIGINT) AS ds,
       ${sqlList(CARRIERS.map((c) => c[0]))}[ci] AS carrier,
       ${sqlList(AIRPORTS.map((a) => a[0]))}[oi] AS origin,
       ${sqlList(AIRPORTS.map((a) => a[0]))}[di] AS dest,
       distance,
       dep_delay,
       -- Long flights can make up (or lose) more time en route.
       (dep_delay + round(gauss(i, 'fl.arr') * (5 + distance / 250.0) - 4 - distance / 500.0))::INTEGER AS arr_delay,
       cancelled
FROM delayed
ORDER BY ds, i
`;

export const flights: ExampleTable = { name: 'flights', rowCount: ROW_COUNT, sql: SQL };
