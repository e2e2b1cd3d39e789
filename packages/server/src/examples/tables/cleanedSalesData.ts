import type { ExampleTable } from '../exampleTable.js';
import { sqlList, valuesTable, weightedIndexList } from '../sqlLiterals.js';
import {
  CONTACT_FIRST_NAMES,
  CONTACT_LAST_NAMES,
  CUSTOMER_PREFIXES,
  CUSTOMER_SUFFIXES,
  PRODUCT_LINES,
  PRODUCT_SCALES,
  SALES_CITIES,
  STREETS,
} from './salesReference.js';

/**
 * `cleaned_sales_data`: order lines of a model-car wholesaler, in the shape of Superset's
 * example. Orders get a hash-drawn number of lines and are cut off exactly at ROW_COUNT
 * lines, so the row count does not depend on the draws.
 */

const ROW_COUNT = 2823;
const CANDIDATE_ORDERS = 400; // ~9 lines per order on average: comfortably more than needed
const CUSTOMERS = 92;
const PRODUCTS = PRODUCT_LINES.reduce((n, [, count]) => n + count, 0);

const productLines = PRODUCT_LINES.map(([line, count, lo, hi], i) => [i, line, count, lo, hi] as const);
const cities = SALES_CITIES.map(([city, state, postal, country, territory, phone], i) => [
  i + 1, city, state, postal, country, territory, phone,
] as const);
const cityPicker = weightedIndexList(SALES_CITIES.map((c) => c[6]));

// Relative order volume per calendar month: flat most of the year, Q4 holiday-stock peak.
const MONTH_WEIGHTS = [1, 0.95, 1.05, 1, 1.1, 0.95, 1, 1.1, 1.15, 1.8, 3, 1.3];

const SQL = `
WITH products AS (
  SELECT row_number() OVER (ORDER BY pl.line_order, j) - 1 AS p, pl.product_line,
         pl.lo, pl.hi
  FROM ${valuesTable('pl', ['line_order', 'product_line', 'n', 'lo', 'hi'], productLines)}
  CROSS JOIN LATERAL (SELECT unnest(range(pl.n)) AS j)
),
product_details AS (
  SELECT p, product_line,
         (lo + floor(u(p, 'sales.msrp') * (hi - lo + 1)))::INTEGER AS msrp,
         -- The 80-wide stride keeps codes unique whatever the jitter draws.
         'S' || pick(${sqlList(PRODUCT_SCALES)}, u(p, 'sales.scale')) || '_'
           || (1000 + p * 80 + floor(u(p, 'sales.code') * 70))::INTEGER::VARCHAR AS product_code
  FROM products
),
cities AS (
  SELECT * FROM ${valuesTable('c', ['city_id', 'city', 'state', 'postal_code', 'country', 'territory', 'phone_prefix'], cities)}
),
customers AS (
  SELECT c,
         -- (c mod 20, c div 20) is unique and the suffix formula is a bijection on c div 20 < 5,
         -- so no two customers share a name.
         ${sqlList(CUSTOMER_PREFIXES)}[c % 20 + 1] || ' '
           || ${sqlList(CUSTOMER_SUFFIXES)}[((c // 20) * 5 + c % 20) % 12 + 1] AS customer_name,
         pick(${cityPicker}, u(c, 'sales.city')) AS city_id,
         (1 + floor(u(c, 'sales.street_no') * 9000))::INTEGER::VARCHAR || ' '
           || pick(${sqlList(STREETS)}, u(c, 'sales.street')) AS address_line1,
         CASE WHEN u(c, 'sales.addr2') < 0.12
              THEN pick(['Suite 101', 'Level 3', 'Suite 400', 'Floor No. 4', '2nd Floor'], u(c, 'sales.addr2b'))
         END AS address_line2,
         lpad(floor(u(c, 'sales.phone') * 10000)::INTEGER::VARCHAR, 4, '0') AS phone_suffix,
         pick(${sqlList(CONTACT_LAST_NAMES)}, u(c, 'sales.last')) AS contact_last_name,
         pick(${sqlList(CONTACT_FIRST_NAMES)}, u(c, 'sales.first')) AS contact_first_name
  FROM range(${CUSTOMERS}) r(c)
),
orders AS (
  SELECT o, 1 + floor(u(o, 'sales.lines') * 17)::INTEGER AS n_lines FROM range(${CANDIDATE_ORDERS}) r(o)
),
order_offsets AS (
  SELECT o, n_lines, (sum(n_lines) OVER (ORDER BY o))::BIGINT - n_lines AS first_line FROM orders
),
used_orders AS (
  SELECT o, least(n_lines, ${ROW_COUNT} - first_line)::BIGINT AS n_lines, count(*) OVER () AS n_orders
  FROM order_offsets WHERE first_line < ${ROW_COUNT}
),
days AS (
  SELECT d,
         round(100 * ${sqlList(MONTH_WEIGHTS)}[month(d)]
               * CASE year(d) WHEN 2003 THEN 1.0 WHEN 2004 THEN 1.3 ELSE 1.45 END
               * CASE WHEN isodow(d) >= 6 THEN 0.3 ELSE 1.0 END)::BIGINT AS weight
  FROM (SELECT g::DATE AS d FROM generate_series(DATE '2003-01-06', DATE '2005-05-31', INTERVAL 1 DAY) t(g))
),
day_ranges AS (
  SELECT d, sum(weight) OVER (ORDER BY d) - weight AS cum_start, sum(weight) OVER () AS total FROM days
),
order_targets AS (
  -- Orders are evenly spaced in cumulative volume, so numbers rise with dates as in a real ledger.
  SELECT uo.*, floor((uo.o + 0.5) / uo.n_orders * (SELECT max(total) FROM day_ranges))::BIGINT AS target
  FROM used_orders uo
),
dated_orders AS (
  SELECT ot.o, ot.n_lines, ot.n_orders, dr.d AS order_day,
         floor(${CUSTOMERS} * pow(u(ot.o, 'sales.customer'), 1.6))::INTEGER AS c,
         floor(u(ot.o, 'sales.first_product') * ${PRODUCTS})::INTEGER AS first_product
  FROM order_targets ot ASOF JOIN day_ranges dr ON ot.target >= dr.cum_start
),
statused_orders AS (
  SELECT *,
         CASE
           WHEN o >= n_orders - 6 THEN 'In Process'
           WHEN year(order_day) = 2005 AND u(o, 'sales.dispute') < 0.06 THEN 'Disputed'
           WHEN u(o, 'sales.status') < 0.022 THEN 'Cancelled'
           WHEN u(o, 'sales.status') < 0.040 THEN 'Resolved'
           WHEN u(o, 'sales.status') < 0.055 AND year(order_day) >= 2004 THEN 'On Hold'
           ELSE 'Shipped'
         END AS status
  FROM dated_orders
),
lines AS (
  SELECT so.*, l,
         -- Stepping by 7 through a prime-sized (109) catalogue never repeats a product in an order.
         (so.first_product + l * 7) % ${PRODUCTS} AS p,
         hash(so.o, l) AS line_key
  FROM statused_orders so CROSS JOIN LATERAL (SELECT unnest(range(so.n_lines)) AS l)
),
priced AS (
  SELECT li.*, pd.product_line, pd.msrp, pd.product_code,
         CASE WHEN u(line_key, 'sales.bulk') < 0.04
              THEN 55 + floor(u(line_key, 'sales.qty') * 43)
              ELSE 20 + floor(pow(u(line_key, 'sales.qty'), 1.3) * 31)
         END::INTEGER AS quantity_ordered,
         round(pd.msrp * (0.78 + 0.32 * u(line_key, 'sales.price')), 2) AS price_each
  FROM lines li JOIN product_details pd USING (p)
)
SELECT (10100 + pr.o)::INTEGER AS order_number,
       pr.quantity_ordered,
       pr.price_each::DOUBLE AS price_each,
       (pr.l + 1)::INTEGER AS order_line_number,
       round(pr.quantity_ordered * pr.price_each, 2)::DOUBLE AS sales,
       pr.order_day::TIMESTAMP AS order_date,
       pr.status,
       quarter(pr.order_day)::INTEGER AS quarter,
       month(pr.order_day)::INTEGER AS month,
       year(pr.order_day)::INTEGER AS year,
       pr.product_line,
       pr.msrp,
       pr.product_code,
       cu.customer_name,
       ci.phone_prefix || cu.phone_suffix AS phone,
       cu.address_line1,
       cu.address_line2,
       ci.city,
       ci.state,
       ci.postal_code,
       ci.country,
       ci.territory,
       cu.contact_last_name,
       cu.contact_first_name,
       CASE WHEN round(pr.quantity_ordered * pr.price_each, 2) < 3000 THEN 'Small'
            WHEN round(pr.quantity_ordered * pr.price_each, 2) < 7000 THEN 'Medium'
            ELSE 'Large' END AS deal_size
FROM priced pr
JOIN customers cu USING (c)
JOIN cities ci USING (city_id)
ORDER BY order_number, order_line_number
`;

export const cleanedSalesData: ExampleTable = { name: 'cleaned_sales_data', rowCount: ROW_COUNT, sql: SQL };
