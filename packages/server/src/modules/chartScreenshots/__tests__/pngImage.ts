import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngSummary {
  width: number;
  height: number;
  /** Distinct RGB colours. */
  colors: number;
  /** Share of pixels unlike the top-left one (the background): 0 for a blank picture. */
  inkShare: number;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes) far enough to tell a drawn picture from a
 * blank one: the IHDR size, then the IDAT stream inflated and unfiltered into pixels.
 */
export function readPng(png: Buffer): PngSummary {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: bad signature');
  let offset = 8;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header) throw new Error('not a PNG: no IHDR chunk');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colorType, , , interlace] = [header[8], header[9], header[10], header[11], header[12]];
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) {
    throw new Error(`unsupported PNG: bit depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`);
  }
  const bpp = colorType === 6 ? 4 : 3;
  const stride = width * bpp;
  const raw = inflateSync(Buffer.concat(data));
  const pixels = Buffer.alloc(stride * height);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[x - bpp]! : 0;
      const b = previous[x]!;
      const c = x >= bpp ? previous[x - bpp]! : 0;
      const predictor = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
      out[x] = (line[x]! + predictor) & 0xff;
    }
    previous = out;
  }
  const colors = new Set<number>();
  const background = (pixels[0]! << 16) | (pixels[1]! << 8) | pixels[2]!;
  let ink = 0;
  for (let i = 0; i < pixels.length; i += bpp) {
    const rgb = (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
    colors.add(rgb);
    if (rgb !== background) ink += 1;
  }
  return { width, height, colors: colors.size, inkShare: ink / (width * height) };
}
