import { BarChartOutlined } from '../../../ui/icons';
import { useVizMetadata } from '../hooks/useVizMetadata';

function thumbnailSrc(thumbnail: string): string {
  // Plugins ship either a data: URL or raw SVG markup; an <img> keeps the markup inert either way.
  return thumbnail.startsWith('data:') ? thumbnail : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(thumbnail)}`;
}

/** The viz type's picture from the plugin registry, or a generic chart icon. */
export function VizThumbnail({ vizType, size = 96 }: { vizType: string; size?: number }) {
  const metadata = useVizMetadata(vizType);
  if (!metadata?.thumbnail) {
    return <BarChartOutlined aria-label={vizType} style={{ fontSize: size / 2, opacity: 0.45 }} data-test="viz-thumbnail-fallback" />;
  }
  return <img src={thumbnailSrc(metadata.thumbnail)} alt={metadata.name} width={size} height={size} data-test="viz-thumbnail" />;
}

/** The viz type's display name when the registry knows it. */
export function VizTypeName({ vizType }: { vizType: string }) {
  const metadata = useVizMetadata(vizType);
  return <>{metadata?.name ?? vizType}</>;
}
