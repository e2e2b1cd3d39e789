import type { EChartsCoreOption } from 'echarts/core';
import type { QueryColumn, QueryMetric } from '@tessera/core';
import { getSequentialColors } from '../../colors/sequentialScale';
import { getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { COUNTRY_CODES, NAME_ALIASES } from './countries';
import { escapeHtml } from '../../shared/escapeHtml';

/** The map name registered with ECharts; its regions are named by ISO numeric id. */
export const WORLD_MAP_NAME = 'tessera_world';

let regionNames: Intl.DisplayNames | undefined;
const englishName = (cca2: string) => (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })).of(cca2);

/** The English name of an atlas region (ISO numeric id): what a tooltip calls it, with or without data. */
export function countryName(id: string): string | undefined {
  const codes = COUNTRY_CODES.get(id);
  return codes && englishName(codes.cca2);
}

let namesIndex: Map<string, string> | undefined;
function byName(): Map<string, string> {
  if (!namesIndex) {
    namesIndex = new Map(Object.entries(NAME_ALIASES));
    for (const c of COUNTRY_CODES.values()) {
      const name = englishName(c.cca2);
      if (name && !namesIndex.has(name.toLowerCase())) namesIndex.set(name.toLowerCase(), c.numeric);
    }
  }
  return namesIndex;
}

/** The atlas id (ISO numeric) of an entity value read as a name, alpha-2 or alpha-3 code. */
export function resolveCountry(value: unknown, fieldType: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (fieldType === 'name') return byName().get(text.toLowerCase());
  const code = text.toUpperCase();
  for (const c of COUNTRY_CODES.values()) {
    if (fieldType === 'cca2' ? c.cca2 === code : c.cca3 === code) return c.numeric;
  }
  return undefined;
}

export interface Bubble {
  id: string;
  country: string;
  size: number;
}

export interface WorldMapProps {
  [key: string]: unknown;
  /** Everything but the bubbles' coordinates, which need the map shapes (loaded by the renderer). */
  echartOptions: EChartsCoreOption;
  bubbles: Bubble[];
  maxBubbleSize: number;
  bubbleColor: string;
  unmatched: string[];
  /** A click on a country cross-filters the entity column by the country's value (regions carry `filterValues`). */
  filterColumns: string[];
}

export function transformProps(chartProps: ChartProps): WorldMapProps {
  const { formData, queriesData } = chartProps;
  const entity = getColumnLabel(formData.entity as QueryColumn);
  const metric = getMetricLabel(formData.metric);
  const secondary = formData.secondary_metric ? getMetricLabel(formData.secondary_metric as QueryMetric) : metric;
  const fieldType = (formData.country_fieldtype as string | undefined) ?? 'cca2';
  const unmatched: string[] = [];
  const regions: { name: string; value: number | null; country: string; filterValues: unknown[]; itemStyle?: { areaColor: string } }[] = [];
  const bubbles: Bubble[] = [];
  /** What a tooltip shows for an atlas id. */
  const byId = new Map<string, { country: string; value: number | null; size: number }>();
  const colors = colorScaleOf(formData);
  const byCountry = formData.color_by === 'country';
  for (const row of queriesData[0]?.data ?? []) {
    const country = labelOf(row[entity]);
    const id = resolveCountry(row[entity], fieldType);
    if (!id) {
      unmatched.push(country);
      continue;
    }
    const value = toNumber(row[metric]);
    const size = toNumber(row[secondary]) ?? 0;
    regions.push({ name: id, value, country, filterValues: [row[entity]], ...(byCountry ? { itemStyle: { areaColor: colors.getColor(country) } } : {}) });
    bubbles.push({ id, country, size });
    byId.set(id, { country, value, size });
  }
  const values = regions.map((r) => r.value).filter((v): v is number => v !== null);
  const format = valueFormatter(formData);
  const picker = formData.color_picker as { r?: number; g?: number; b?: number; a?: number } | undefined;
  return {
    echartOptions: {
      animation: false,
      tooltip: {
        trigger: 'item',
        // Regions and bubbles are both named by atlas id. ECharts also lists the regions without data (as bare
        // { name }), which have no entity value to show: every country is named from its id, codes included.
        formatter: ({ name: id }: { name: string }) => {
          const row = byId.get(id);
          const name = fieldType === 'name' && row ? row.country : (countryName(id) ?? row?.country ?? id);
          const size = row && formData.show_bubbles && secondary !== metric ? `<br/>${escapeHtml(`${secondary}: ${format(row.size)}`)}` : '';
          return `${escapeHtml(`${name}: ${format(row?.value ?? null)}`)}${size}`;
        },
      },
      ...(byCountry
        ? {}
        : {
            visualMap: {
              min: values.length ? Math.min(...values) : 0,
              max: values.length ? Math.max(...values) : 1,
              calculable: true,
              left: 10,
              bottom: 10,
              inRange: { color: getSequentialColors(formData.linear_color_scheme as string | undefined) },
              formatter: (v: number) => format(v),
              seriesIndex: 0,
            },
          }),
      geo: { map: WORLD_MAP_NAME, roam: true, itemStyle: { areaColor: '#F0F0F0', borderColor: '#BBBBBB' }, emphasis: { label: { show: false } } },
      series: [{ type: 'map', geoIndex: 0, data: regions }],
    },
    bubbles: formData.show_bubbles ? bubbles : [],
    maxBubbleSize: Number(formData.max_bubble_size ?? 25),
    bubbleColor: picker?.r !== undefined ? `rgba(${picker.r},${picker.g},${picker.b},${picker.a ?? 1})` : 'rgba(0,122,135,0.7)',
    unmatched,
    filterColumns: [entity],
  };
}
