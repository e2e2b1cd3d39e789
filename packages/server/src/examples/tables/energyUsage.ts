import type { ExampleTable } from '../exampleTable.js';
import { valuesTable } from '../sqlLiterals.js';

/**
 * `energy_usage`: a three-level greenhouse-gas flow graph (sector -> activity -> gas) for
 * sankey/graph charts, in the spirit of Superset's sankey demo. Values are rough shares of
 * world emissions in percent. Activity -> gas links are derived from each activity's total
 * inflow, so every intermediate node conserves flow and the sankey lines up.
 */

type Link = readonly [source: string, target: string, value: number];

const SECTOR_LINKS: readonly Link[] = [
  ['Energy', 'Electricity and heat', 23.0], ['Energy', 'Industry', 14.5], ['Energy', 'Transportation', 14.5],
  ['Energy', 'Other Fuel Combustion', 8.5], ['Energy', 'Fugitive Emissions', 4.0],
  ['Industrial Processes', 'Cement', 2.8], ['Industrial Processes', 'Chemicals', 1.4],
  ['Industrial Processes', 'Aluminium Non-Ferrous Metals', 0.4], ['Industrial Processes', 'Iron and Steel', 0.3],
  ['Industrial Processes', 'Other Industry', 0.5],
  ['Land Use Change', 'Deforestation', 10.9], ['Land Use Change', 'Harvest / Management', 1.3],
  ['Land Use Change', 'Peat and Wetland Drainage', 0.6],
  ['Agriculture', 'Agriculture Soils', 5.2], ['Agriculture', 'Livestock and Manure', 5.4],
  ['Agriculture', 'Rice Cultivation', 1.5], ['Agriculture', 'Other Agriculture', 1.7],
  ['Waste', 'Landfills', 1.7], ['Waste', 'Waste water - Other Waste', 1.5],
  ['Electricity and heat', 'Residential Buildings', 5.2], ['Electricity and heat', 'Commercial Buildings', 5.0],
  ['Electricity and heat', 'Iron and Steel', 1.0], ['Electricity and heat', 'Aluminium Non-Ferrous Metals', 0.4],
  ['Electricity and heat', 'Machinery', 1.0], ['Electricity and heat', 'Pulp - Paper and Printing', 0.6],
  ['Electricity and heat', 'Food and Tobacco', 0.5], ['Electricity and heat', 'Chemicals', 1.3],
  ['Electricity and heat', 'Cement', 0.3], ['Electricity and heat', 'Other Industry', 2.7],
  ['Electricity and heat', 'Oil and Gas Processing', 0.4], ['Electricity and heat', 'Agricultural Energy Use', 0.4],
  ['Electricity and heat', 'T and D Losses', 2.2], ['Electricity and heat', 'Unallocated Fuel Combustion', 2.0],
  ['Industry', 'Iron and Steel', 3.2], ['Industry', 'Aluminium Non-Ferrous Metals', 0.5], ['Industry', 'Machinery', 0.3],
  ['Industry', 'Pulp - Paper and Printing', 0.6], ['Industry', 'Food and Tobacco', 0.7], ['Industry', 'Chemicals', 1.6],
  ['Industry', 'Cement', 1.9], ['Industry', 'Other Industry', 3.0], ['Industry', 'Oil and Gas Processing', 2.7],
  ['Transportation', 'Road', 10.5], ['Transportation', 'Air', 1.7],
  ['Transportation', 'Rail - Ship and Other Transport', 1.6], ['Transportation', 'Pipelines', 0.7],
  ['Other Fuel Combustion', 'Residential Buildings', 4.9], ['Other Fuel Combustion', 'Commercial Buildings', 1.3],
  ['Other Fuel Combustion', 'Agricultural Energy Use', 0.9],
  ['Other Fuel Combustion', 'Unallocated Fuel Combustion', 1.4],
  ['Fugitive Emissions', 'Coal Mining', 1.3], ['Fugitive Emissions', 'Oil and Gas Processing', 2.7],
];

const CO2 = 'Carbon Dioxide';
const CH4 = 'Methane';
const N2O = 'Nitrous Oxide';
const FGAS = 'HFCs - PFCs';
const SF6 = 'Sulphur Hexafluoride';

/** Gas mix of each activity; the last gas takes the rounding remainder. */
const GAS_SHARES: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  'Residential Buildings': [[CH4, 0.05], [N2O, 0.02], [CO2, 0]],
  'Commercial Buildings': [[FGAS, 0.03], [CO2, 0]],
  'Iron and Steel': [[CO2, 0]],
  'Aluminium Non-Ferrous Metals': [[FGAS, 0.2], [CO2, 0]],
  Machinery: [[CO2, 0]],
  'Pulp - Paper and Printing': [[CH4, 0.05], [CO2, 0]],
  'Food and Tobacco': [[CH4, 0.1], [CO2, 0]],
  Chemicals: [[FGAS, 0.12], [N2O, 0.06], [CO2, 0]],
  Cement: [[CO2, 0]],
  'Other Industry': [[FGAS, 0.08], [CO2, 0]],
  'Oil and Gas Processing': [[CH4, 0.45], [CO2, 0]],
  'Agricultural Energy Use': [[N2O, 0.05], [CO2, 0]],
  'T and D Losses': [[SF6, 0.03], [CO2, 0]],
  'Unallocated Fuel Combustion': [[CH4, 0.1], [N2O, 0.1], [CO2, 0]],
  Road: [[N2O, 0.02], [FGAS, 0.01], [CO2, 0]],
  Air: [[CO2, 0]],
  'Rail - Ship and Other Transport': [[N2O, 0.02], [CO2, 0]],
  Pipelines: [[CH4, 0.3], [CO2, 0]],
  'Coal Mining': [[CO2, 0.1], [CH4, 0]],
  Deforestation: [[CH4, 0.03], [N2O, 0.01], [CO2, 0]],
  'Harvest / Management': [[CO2, 0]],
  'Peat and Wetland Drainage': [[CH4, 0.15], [CO2, 0]],
  'Agriculture Soils': [[N2O, 0]],
  'Livestock and Manure': [[N2O, 0.08], [CH4, 0]],
  'Rice Cultivation': [[CH4, 0]],
  'Other Agriculture': [[N2O, 0.2], [CH4, 0]],
  Landfills: [[CO2, 0.03], [CH4, 0]],
  'Waste water - Other Waste': [[N2O, 0.2], [CH4, 0]],
};

const round2 = (x: number): number => Math.round(x * 100) / 100;

function gasLinks(): Link[] {
  const inflow = new Map<string, number>();
  for (const [, target, value] of SECTOR_LINKS) inflow.set(target, (inflow.get(target) ?? 0) + value);
  return Object.entries(GAS_SHARES).flatMap(([activity, shares]) => {
    const total = round2(inflow.get(activity) ?? 0);
    if (total === 0) throw new Error(`energy_usage: ${activity} has no inflow`);
    let assigned = 0;
    return shares.map(([gas, share], i): Link => {
      const value = i === shares.length - 1 ? round2(total - assigned) : round2(total * share);
      assigned += value;
      return [activity, gas, value];
    });
  });
}

const LINKS: readonly Link[] = [...SECTOR_LINKS, ...gasLinks()];

const SQL = `
SELECT source, target, value::DOUBLE AS value
FROM ${valuesTable('e', ['source', 'target', 'value'], LINKS)}
ORDER BY source, target
`;

export const energyUsage: ExampleTable = { name: 'energy_usage', rowCount: LINKS.length, sql: SQL };
