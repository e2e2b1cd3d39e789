import { useMemo, useState } from 'react';
import { Input, Menu, Typography } from 'antd';
import type { ChartPlugin } from '../../../viz/types';
import { listChartPlugins } from '../../chart';
import { sortByUsage, thumbnailSrc } from '../utils/vizUsage';

const ALL = 'All charts';

export interface VizTypeGalleryProps {
  /** The highlighted viz type, if any. */
  selected: string | null;
  onSelect: (vizType: string) => void;
  /** A double click on a viz type: pick it and go on (confirm the picker, create the chart). */
  onDoubleClick: (vizType: string) => void;
  height?: number;
}

/**
 * The viz type gallery: categories, search over names / descriptions / tags, thumbnails, most used first, and the
 * selected type's description. Shown by the explorer's picker and by the new-chart page.
 */
export function VizTypeGallery({ selected, onSelect, onDoubleClick, height = 480 }: VizTypeGalleryProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const plugins = useMemo(() => sortByUsage(listChartPlugins() as ChartPlugin[]), []);
  const categories = useMemo(() => [ALL, ...new Set(plugins.map((p) => p.metadata.category))], [plugins]);
  const needle = search.trim().toLowerCase();
  const shown = plugins.filter(({ metadata }) => {
    if (needle) return [metadata.name, metadata.description, metadata.vizType, ...metadata.tags].some((t) => t.toLowerCase().includes(needle));
    return category === ALL || metadata.category === category;
  });
  const selectedPlugin = plugins.find((p) => p.metadata.vizType === selected);

  return (
    <div style={{ display: 'flex', gap: 12, height }} data-test="viz-type-gallery">
      <Menu style={{ width: 170, flexShrink: 0 }} selectedKeys={[category]} onClick={({ key }) => (setCategory(key), setSearch(''))} items={categories.map((c) => ({ key: c, label: c }))} />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Input.Search aria-label="Search all charts" placeholder="Search all charts" allowClear value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />
        <div style={{ flex: 1, overflow: 'auto', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 8, alignContent: 'start' }}>
          {shown.map(({ metadata }) => (
            <button
              type="button"
              key={metadata.vizType}
              data-test={`viztype-${metadata.vizType}`}
              aria-pressed={metadata.vizType === selected}
              onClick={() => onSelect(metadata.vizType)}
              onDoubleClick={() => onDoubleClick(metadata.vizType)}
              style={{
                border: metadata.vizType === selected ? '2px solid #1677ff' : '1px solid #ddd',
                borderRadius: 6,
                background: 'transparent',
                padding: 6,
                cursor: 'pointer',
                textAlign: 'center',
              }}
            >
              <img src={thumbnailSrc(metadata.thumbnail)} alt="" style={{ width: '100%', height: 70, objectFit: 'contain' }} />
              <div style={{ fontSize: 12 }}>{metadata.name}</div>
            </button>
          ))}
        </div>
        {selectedPlugin ? (
          <div style={{ borderTop: '1px solid #eee', paddingTop: 8, marginTop: 8 }} data-test="viz-type-description">
            <Typography.Text strong>{selectedPlugin.metadata.name}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {selectedPlugin.metadata.description}
            </Typography.Paragraph>
          </div>
        ) : null}
      </div>
    </div>
  );
}
