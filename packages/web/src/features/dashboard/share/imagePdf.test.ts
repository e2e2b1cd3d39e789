import { describe, expect, it } from 'vitest';
import { jpegToPdf } from './imagePdf';

describe('jpegToPdf', () => {
  it('writes a PDF whose cross-reference table points at each object', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const pdf = jpegToPdf(jpeg, 800, 600);
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 600 450]');
    expect(text).toContain('/Width 800 /Height 600');
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    // The JPEG bytes are embedded unchanged.
    const start = pdf.indexOf(0xd8) - 1;
    expect([...pdf.slice(start, start + jpeg.length)]).toEqual([...jpeg]);
  });
});
