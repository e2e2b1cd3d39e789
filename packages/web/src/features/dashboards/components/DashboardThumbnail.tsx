import { useState } from 'react';
import { Spin } from 'antd';
import { DashboardOutlined } from '../../../ui/icons';
import { useChartThumbnail } from '../../charts';

interface DashboardThumbnailProps {
  /** The dashboard's `thumbnail_url`; null when the server draws no thumbnails. */
  url: string | null;
  title: string;
}

/**
 * A dashboard card's picture: the server-drawn thumbnail once there; a placeholder while the server draws it (202,
 * dimmed with a spinner) and for good when it cannot (404, an error, thumbnails off).
 */
export function DashboardThumbnail({ url, title }: DashboardThumbnailProps) {
  // The thumbnail protocol (202 while drawing, redirect to the current digest) is the chart thumbnails' one.
  const thumbnail = useChartThumbnail(url);
  const [broken, setBroken] = useState<string | null>(null);
  if (thumbnail.status === 'ready' && broken !== thumbnail.src) {
    return (
      <img
        key={thumbnail.src}
        src={thumbnail.src}
        alt={`Thumbnail of ${title}`}
        data-test="dashboard-thumbnail"
        style={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top' }}
        onError={() => setBroken(thumbnail.src)}
      />
    );
  }
  const loading = thumbnail.status === 'loading';
  return (
    <div data-test="dashboard-thumbnail-placeholder" aria-busy={loading} style={{ position: 'relative', opacity: loading ? 0.55 : 1 }}>
      <DashboardOutlined aria-label="No thumbnail" style={{ fontSize: 56, opacity: 0.35 }} />
      {loading ? <Spin size="small" aria-label="Loading thumbnail" style={{ position: 'absolute', right: -10, bottom: -6 }} /> : null}
    </div>
  );
}
