import { useState } from 'react';
import { Spin } from 'antd';
import { useChartThumbnail } from '../hooks/useChartThumbnail';
import { VizThumbnail } from './VizThumbnail';

interface ChartThumbnailProps {
  vizType: string;
  /** The chart's `thumbnail_url`; null when the server draws no thumbnails. */
  url: string | null;
  name: string;
}

function ThumbnailImage({ src, name, onBroken }: { src: string; name: string; onBroken: () => void }) {
  return (
    <img
      src={src}
      alt={`Thumbnail of ${name}`}
      data-test="chart-thumbnail"
      style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      onError={onBroken}
    />
  );
}

/**
 * A chart card's picture: the server-drawn thumbnail once it is there; until then the viz type's picture, dimmed with
 * a small spinner while the server draws it; and the viz type's picture for good when it cannot.
 */
export function ChartThumbnail({ vizType, url, name }: ChartThumbnailProps) {
  const thumbnail = useChartThumbnail(url);
  const [broken, setBroken] = useState<string | null>(null);
  if (thumbnail.status === 'ready' && broken !== thumbnail.src) {
    return <ThumbnailImage key={thumbnail.src} src={thumbnail.src} name={name} onBroken={() => setBroken(thumbnail.src)} />;
  }
  const loading = thumbnail.status === 'loading';
  return (
    <div
      data-test="chart-thumbnail-placeholder"
      aria-busy={loading}
      style={{ position: 'relative', opacity: loading ? 0.55 : 1, transition: 'opacity 0.3s' }}
    >
      <VizThumbnail vizType={vizType} />
      {loading ? <Spin size="small" aria-label="Loading thumbnail" style={{ position: 'absolute', right: -6, bottom: -6 }} /> : null}
    </div>
  );
}
