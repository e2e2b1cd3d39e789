import type { ExampleTable } from './exampleTable.js';
import { birthNames } from './tables/birthNames.js';
import { cleanedSalesData } from './tables/cleanedSalesData.js';
import { energyUsage } from './tables/energyUsage.js';
import { flights } from './tables/flights.js';
import { wbHealthPopulation } from './tables/wbHealthPopulation.js';

/**
 * Stamped on every generated table (as its DuckDB comment). Bump it whenever a generator's
 * output changes, so files made by an older version are rebuilt at start instead of trusted.
 */
export const EXAMPLES_VERSION = 'tessera-examples-v1';

export const EXAMPLE_TABLES: readonly ExampleTable[] = [
  birthNames,
  cleanedSalesData,
  wbHealthPopulation,
  energyUsage,
  flights,
];
