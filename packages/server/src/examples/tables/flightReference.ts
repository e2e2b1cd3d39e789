/** Fixed reference data for `flights`: US airports and carriers. */

/** [IATA code, latitude, longitude, traffic weight, dominant (hub) carrier] */
export type Airport = readonly [code: string, lat: number, lon: number, weight: number, hub: string | null];

export const AIRPORTS: readonly Airport[] = [
  ['ATL', 33.64, -84.43, 100, 'DL'], ['ORD', 41.98, -87.9, 90, 'UA'], ['DFW', 32.9, -97.04, 85, 'AA'],
  ['DEN', 39.86, -104.67, 80, 'UA'], ['LAX', 33.94, -118.41, 75, 'AA'], ['CLT', 35.21, -80.94, 60, 'AA'],
  ['LAS', 36.08, -115.15, 55, 'WN'], ['PHX', 33.43, -112.01, 50, 'AA'], ['SEA', 47.45, -122.31, 50, 'AS'],
  ['SFO', 37.62, -122.38, 50, 'UA'], ['MCO', 28.43, -81.31, 50, 'WN'], ['IAH', 29.98, -95.34, 50, 'UA'],
  ['MSP', 44.88, -93.22, 45, 'DL'], ['DTW', 42.21, -83.35, 45, 'DL'], ['EWR', 40.69, -74.17, 45, 'UA'],
  ['BOS', 42.36, -71.01, 45, 'B6'], ['JFK', 40.64, -73.78, 45, 'B6'], ['LGA', 40.78, -73.87, 40, 'DL'],
  ['FLL', 26.07, -80.15, 35, 'NK'], ['BWI', 39.18, -76.67, 35, 'WN'], ['MIA', 25.8, -80.29, 35, 'AA'],
  ['SLC', 40.79, -111.98, 35, 'DL'], ['DCA', 38.85, -77.04, 35, 'AA'], ['MDW', 41.79, -87.75, 30, 'WN'],
  ['IAD', 38.95, -77.46, 25, 'UA'], ['SAN', 32.73, -117.19, 30, 'WN'], ['TPA', 27.98, -82.53, 28, 'WN'],
  ['PHL', 39.87, -75.24, 30, 'AA'], ['HNL', 21.32, -157.92, 20, 'HA'], ['DAL', 32.85, -96.85, 20, 'WN'],
  ['HOU', 29.65, -95.28, 20, 'WN'], ['PDX', 45.59, -122.6, 22, 'AS'], ['STL', 38.75, -90.37, 20, 'WN'],
  ['BNA', 36.12, -86.68, 22, 'WN'], ['AUS', 30.19, -97.67, 20, 'WN'], ['OAK', 37.72, -122.22, 15, 'WN'],
  ['MSY', 29.99, -90.26, 15, 'WN'], ['SJC', 37.36, -121.93, 13, 'WN'], ['SMF', 38.7, -121.59, 13, 'WN'],
  ['RDU', 35.88, -78.79, 14, null], ['SNA', 33.68, -117.87, 12, null], ['MCI', 39.3, -94.71, 13, 'WN'],
  ['SAT', 29.53, -98.47, 12, null], ['CLE', 41.41, -81.85, 10, null], ['IND', 39.72, -86.29, 10, null],
  ['PIT', 40.49, -80.23, 10, null], ['CMH', 40.0, -82.89, 10, null], ['CVG', 39.05, -84.66, 10, 'DL'],
  ['RSW', 26.54, -81.76, 9, null], ['OGG', 20.9, -156.43, 8, 'HA'], ['JAX', 30.49, -81.69, 8, null],
  ['ANC', 61.17, -149.99, 7, 'AS'], ['BUR', 34.2, -118.36, 7, 'WN'], ['ABQ', 35.04, -106.61, 7, 'WN'],
  ['BDL', 41.94, -72.68, 7, null], ['MKE', 42.95, -87.9, 7, null], ['ONT', 34.06, -117.6, 5, null],
  ['BOI', 43.56, -116.22, 5, null], ['OMA', 41.3, -95.89, 5, null], ['ELP', 31.81, -106.38, 5, null],
];

/**
 * [carrier code, market weight, delay factor, cancellation factor]. Hawaiian has no market
 * weight: it only flies where it is the hub carrier, so it doesn't turn up on mainland routes.
 */
export type Carrier = readonly [code: string, weight: number, delay: number, cancel: number];

export const CARRIERS: readonly Carrier[] = [
  ['WN', 17, 1.05, 1.0], ['DL', 14, 0.8, 0.6], ['AA', 15, 1.05, 1.1], ['UA', 10, 1.0, 1.0],
  ['OO', 11, 1.0, 1.4], ['B6', 5, 1.35, 1.3], ['AS', 4, 0.85, 0.8], ['NK', 4.5, 1.3, 1.3],
  ['MQ', 4, 1.0, 1.6], ['9E', 3.5, 0.95, 1.5], ['F9', 2.5, 1.4, 1.2], ['YX', 3, 0.95, 1.3],
  ['HA', 0, 0.7, 0.5],
];
