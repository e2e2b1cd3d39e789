import type { ExampleTable } from '../exampleTable.js';
import { valuesTable } from '../sqlLiterals.js';
import { HIV_PREVALENCE, WB_COUNTRIES, WB_REGIONS, type WbRegion } from './wbCountries.js';

/**
 * `wb_health_population`: country x year World Bank style indicators (Superset's column
 * names). Each country has a development level derived from its 2014 income; every indicator
 * interpolates between a 1960 and a 2014 level that depend on it, plus hash-seeded per-country
 * noise, so regions and income groups separate clearly on charts. Gaps mimic the real data:
 * series that start late (health spending, HIV, income in poor countries) and patchy surveys.
 */

const FIRST_YEAR = 1960;
const LAST_YEAR = 2014;
const YEARS = LAST_YEAR - FIRST_YEAR + 1;

const HIV_DEFAULT: Readonly<Record<WbRegion, number>> = {
  SSA: 1.5, LAC: 0.5, NAC: 0.5, ECA: 0.3, EAP: 0.3, SAS: 0.2, MNA: 0.1,
};

const countries = WB_COUNTRIES.map(([code, name, region, pop, gni, area]) => [
  code, name, WB_REGIONS[region], pop, gni, area, HIV_PREVALENCE[code] ?? HIV_DEFAULT[region],
] as const);

const SQL = `
WITH countries AS (
  SELECT * FROM ${valuesTable('c', ['country_code', 'country_name', 'region', 'pop_2014', 'gni_2014', 'area', 'hiv'], countries)}
),
developed AS (
  SELECT *,
         -- 0 for the poorest (~$250 GNI), 1 for the richest (~$50k+).
         greatest(0.0, least(1.0, (log10(coalesce(gni_2014, 500)) - 2.4) / 2.3)) AS dev
  FROM countries
),
params AS (
  SELECT *,
         greatest(0.002, least(0.04, 0.030 - 0.022 * dev + 0.004 * gauss(country_code, 'wb.growth'))) AS pop_growth,
         2 * pi() * u(country_code, 'wb.phase') AS phase,
         CASE WHEN area < 1.1 THEN 100.0
              ELSE greatest(8.0, least(98.0, 18 + 68 * dev + 8 * gauss(country_code, 'wb.urban'))) END AS urb_2014,
         greatest(45.0, least(84.0, 50 + 33 * dev + 3 * gauss(country_code, 'wb.le'))) - 0.3 * hiv AS le_2014,
         10.5 + 20 * (1 - dev) + 2 * gauss(country_code, 'wb.le60') AS le_gain,
         greatest(8.0, least(50.0, 45 - 35 * pow(dev, 0.8) + 2 * gauss(country_code, 'wb.cbr'))) AS cbr_2014,
         48 - 25 * pow(dev, 1.5) + 1.5 * gauss(country_code, 'wb.cbr60') AS cbr_1960,
         greatest(2.0, 2.5 + 85 * pow(1 - dev, 2) * exp(0.2 * gauss(country_code, 'wb.imr'))) AS imr_2014,
         25 + 170 * pow(1 - dev, 1.2) * exp(0.15 * gauss(country_code, 'wb.imr60')) AS imr_1960,
         greatest(0.03, least(0.09, 0.035 + 0.03 * dev + 0.008 * gauss(country_code, 'wb.gni'))) AS gni_growth,
         ${FIRST_YEAR + 2} + floor(30 * pow(1 - dev, 1.5) * u(country_code, 'wb.gni_start'))::INTEGER AS gni_start,
         -- Some poorer countries only report vital statistics from a later year.
         CASE WHEN u(country_code, 'wb.vital_gap') < 0.3 * (1 - dev)
              THEN ${FIRST_YEAR} + 1 + floor(20 * u(country_code, 'wb.vital_start'))::INTEGER
              ELSE ${FIRST_YEAR} END AS vital_start,
         greatest(1.5, 3.2 + 14 * pow(dev, 2) + 1.2 * gauss(country_code, 'wb.p65')) AS p65_2014,
         greatest(1.5, 2.8 + 6 * pow(dev, 1.5) + 0.4 * gauss(country_code, 'wb.p65_60')) AS p65_1960,
         greatest(12.0, 44 - 29 * dev + 2 * gauss(country_code, 'wb.p14')) AS p14_2014,
         44 - 14 * dev + gauss(country_code, 'wb.p14_60') AS p14_1960,
         3 + 7.5 * dev + gauss(country_code, 'wb.xpd') AS xpd_1995,
         greatest(35.0, 40 + 55 * sqrt(dev) + 6 * gauss(country_code, 'wb.enr')) AS enr_1970
  FROM developed
),
country_years AS (
  SELECT p.*, ${FIRST_YEAR} + i AS yr, i / ${YEARS - 1}.0 AS t, ${LAST_YEAR} - (${FIRST_YEAR} + i) AS back,
         hash(p.country_code, ${FIRST_YEAR} + i) AS key
  FROM params p CROSS JOIN range(${YEARS}) r(i)
),
computed AS (
  SELECT *,
         -- A slow wave on top of exponential growth keeps each series smooth but not a pure curve.
         pop_2014 * 1e6 * exp(-pop_growth * back + 0.02 * (sin(back / 9.0 + phase) - sin(phase))) AS pop,
         urb_2014 * (0.35 + 0.4 * dev) + (urb_2014 - urb_2014 * (0.35 + 0.4 * dev)) * pow(t, 0.8) AS urb,
         le_2014 - le_gain * (1 - (1 - exp(-1.5 * t)) / (1 - exp(-1.5)))
           - CASE WHEN yr >= 1985 THEN hiv * 0.7 * exp(-pow((yr - 2005) / 9.0, 2)) ELSE 0 END
           + 0.15 * gauss(key, 'wb.le_noise') AS le
  FROM country_years
)
SELECT country_code,
       country_name,
       region,
       make_timestamp(yr, 1, 1, 0, 0, 0) AS year,
       round(pop)::BIGINT AS SP_POP_TOTL,
       round(100 - urb, 3)::DOUBLE AS SP_RUR_TOTL_ZS,
       round(urb, 3)::DOUBLE AS SP_URB_TOTL_IN_ZS,
       CASE WHEN yr >= vital_start THEN round(greatest(25.0, le), 3) END::DOUBLE AS SP_DYN_LE00_IN,
       CASE WHEN yr >= vital_start
            THEN round(cbr_1960 + (cbr_2014 - cbr_1960) * pow(t, 1.2) + 0.3 * gauss(key, 'wb.cbr_noise'), 3)
       END::DOUBLE AS SP_DYN_CBRT_IN,
       CASE WHEN yr >= vital_start AND pop_2014 >= 0.08
            THEN round(imr_1960 * pow(imr_2014 / imr_1960, t) * exp(0.02 * gauss(key, 'wb.imr_noise')), 1)
       END::DOUBLE AS SP_DYN_IMRT_IN,
       CASE WHEN yr >= 1990 AND pop_2014 >= 0.2
            THEN round(pop * 0.55 * hiv / 100 / (1 + exp(-(yr - 1994) / 3.0)), -2)
       END::DOUBLE AS SH_DYN_AIDS,
       CASE WHEN gni_2014 IS NOT NULL AND yr >= gni_start
            THEN round(gni_2014 * exp(-gni_growth * back) * (1 + 0.06 * (sin(back * 0.7 + phase) - sin(phase))), -1)
       END::DOUBLE AS NY_GNP_PCAP_CD,
       round(p65_1960 + (p65_2014 - p65_1960) * pow(t, 1.6), 3)::DOUBLE AS SP_POP_65UP_TO_ZS,
       round(p14_1960 + (p14_2014 - p14_1960) * pow(t, 1.3), 3)::DOUBLE AS SP_POP_0014_TO_ZS,
       CASE WHEN yr >= 1995
            THEN round(greatest(1.0, xpd_1995 + 0.04 * (yr - 1995) * (1 + dev) + 0.2 * gauss(key, 'wb.xpd_noise')), 3)
       END::DOUBLE AS SH_XPD_TOTL_ZS,
       -- School enrolment comes from irregular surveys: a third of the years are missing.
       CASE WHEN yr >= 1970 AND u(key, 'wb.enr_gap') >= 0.35
            THEN round(least(99.8, enr_1970 + (yr - 1970) * 0.8 * (1 - dev) + 1.5 * gauss(key, 'wb.enr_noise')), 3)
       END::DOUBLE AS SE_PRM_NENR,
       CASE WHEN yr > ${FIRST_YEAR} THEN round(pop / (area * 1000), 3) END::DOUBLE AS EN_POP_DNST
FROM computed
ORDER BY country_code, yr
`;

export const wbHealthPopulation: ExampleTable = {
  name: 'wb_health_population',
  rowCount: WB_COUNTRIES.length * YEARS,
  sql: SQL,
};
