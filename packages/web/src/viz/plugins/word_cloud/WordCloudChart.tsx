import { useEffect, useMemo } from 'react';
import type { RendererProps } from '../../types';
import { layoutWords } from './layoutWords';
import type { WordCloudProps } from './transformProps';

/** SVG word cloud with our own spiral layout (echarts-wordcloud does not support ECharts 6). */
export function WordCloudChart({ props, width, height, onRendered, onContextMenu }: RendererProps<WordCloudProps>) {
  const placed = useMemo(() => layoutWords(props.words, width, height, props.rotation), [props.words, props.rotation, width, height]);
  useEffect(() => {
    onRendered?.();
  }, [placed, onRendered]);
  return (
    <svg width={width} height={height} role="img" aria-label="Word cloud" data-testid="word-cloud">
      {placed.map((w) => (
        <text
          key={w.text}
          x={w.x}
          y={w.y}
          fontSize={w.size}
          fill={w.color}
          textAnchor="middle"
          dominantBaseline="central"
          fontFamily="sans-serif"
          transform={w.rotate ? `rotate(${w.rotate} ${w.x} ${w.y})` : undefined}
          onContextMenu={(e) => {
            if (!onContextMenu) return;
            e.preventDefault();
            onContextMenu({ clientX: e.clientX, clientY: e.clientY, filters: [{ col: props.filterColumn, op: '==', val: w.text }] });
          }}
        >
          <title>{`${w.text}: ${w.value}`}</title>
          {w.text}
        </text>
      ))}
    </svg>
  );
}
