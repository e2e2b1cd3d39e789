import { saveBlob } from '../../../api/download';
import { jpegToPdf } from './imagePdf';

/** Loaded with `import()` from the header's menu, so html-to-image stays out of the dashboard's first bundle. */
export type DashboardDownloadFormat = 'png' | 'pdf';

function fileName(title: string, extension: string): string {
  const safe = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-') || 'dashboard';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `${safe}-${stamp}.${extension}`;
}

function dataUrlBytes(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Downloads the dashboard as drawn in `element` (the grid, whole height, not only the visible part): PNG, or a PDF of
 * one page holding the picture. Chart canvases are copied as they are drawn.
 */
export async function downloadDashboard(element: HTMLElement, format: DashboardDownloadFormat, title: string): Promise<void> {
  const { toJpeg, toPng } = await import('html-to-image');
  const options = {
    backgroundColor: '#ffffff',
    width: element.scrollWidth,
    height: element.scrollHeight,
    // The menu and tooltips are not part of the dashboard.
    filter: (node: HTMLElement) => !(node instanceof HTMLElement && node.classList?.contains('ant-dropdown')),
  };
  if (format === 'png') {
    const url = await toPng(element, options);
    saveBlob(new Blob([dataUrlBytes(url) as BlobPart], { type: 'image/png' }), fileName(title, 'png'));
    return;
  }
  const url = await toJpeg(element, { ...options, quality: 0.92, pixelRatio: 1 });
  const pdf = jpegToPdf(dataUrlBytes(url), options.width, options.height);
  saveBlob(new Blob([pdf as BlobPart], { type: 'application/pdf' }), fileName(title, 'pdf'));
}
