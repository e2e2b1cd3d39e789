import type { QueryColumn } from '@tessera/core';
import { getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';

export interface Word {
  text: string;
  value: number;
  size: number;
  color: string;
}

export interface WordCloudProps {
  [key: string]: unknown;
  words: Word[];
  rotation: 'flat' | 'square' | 'random';
  filterColumn: string;
}

export function transformProps(chartProps: ChartProps): WordCloudProps {
  const { formData, queriesData } = chartProps;
  const column = getColumnLabel(formData.series as QueryColumn);
  const metric = getMetricLabel(formData.metric);
  const rows = (queriesData[0]?.data ?? []).map((r) => ({ text: labelOf(r[column]), value: toNumber(r[metric]) ?? 0 }));
  const from = Number(formData.size_from ?? 10);
  const to = Number(formData.size_to ?? 70);
  const values = rows.map((r) => r.value);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const colors = colorScaleOf(formData);
  const words = rows
    .map((r) => ({ ...r, size: max === min ? to : from + ((r.value - min) / (max - min)) * (to - from), color: colors.getColor(r.text) }))
    .sort((a, b) => b.value - a.value);
  const rotation = formData.rotation === 'flat' || formData.rotation === 'random' ? formData.rotation : 'square';
  return { words, rotation, filterColumn: column };
}
