import { describe, expect, it, vi } from 'vitest';
import { downloadDashboard } from './downloadDashboard';

const saved: { blob: Blob; name: string }[] = [];
vi.mock('../../../api/download', () => ({ saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }) }));
vi.mock('html-to-image', () => ({
  toPng: vi.fn(async () => `data:image/png;base64,${btoa('\x89PNG-bytes')}`),
  toJpeg: vi.fn(async () => `data:image/jpeg;base64,${btoa('\xff\xd8jpeg\xff\xd9')}`),
}));

function element(): HTMLElement {
  const div = document.createElement('div');
  Object.defineProperty(div, 'scrollWidth', { value: 1200 });
  Object.defineProperty(div, 'scrollHeight', { value: 900 });
  return div;
}

describe('downloadDashboard', () => {
  it('saves the whole dashboard as a PNG named after it', async () => {
    saved.length = 0;
    await downloadDashboard(element(), 'png', 'Sales / West');
    expect(saved[0]!.blob.type).toBe('image/png');
    expect(saved[0]!.name).toMatch(/^Sales-West-\d{14}\.png$/);
    expect(new TextDecoder('latin1').decode(new Uint8Array(await saved[0]!.blob.arrayBuffer()))).toBe('\x89PNG-bytes');
  });

  it('saves a one-page PDF holding the picture at the dashboard size', async () => {
    saved.length = 0;
    await downloadDashboard(element(), 'pdf', '');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(saved[0]!.name).toMatch(/^dashboard-\d{14}\.pdf$/);
    const text = new TextDecoder('latin1').decode(new Uint8Array(await saved[0]!.blob.arrayBuffer()));
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/Width 1200 /Height 900');
    expect(text).toContain('\xff\xd8jpeg\xff\xd9');
  });
});
