import type { Word } from './transformProps';

export interface PlacedWord extends Word {
  x: number;
  y: number;
  rotate: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A stable pseudo-random number per word so the layout does not jump between renders. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967295;
}

export function rotationOf(text: string, rotation: 'flat' | 'square' | 'random'): number {
  if (rotation === 'flat') return 0;
  const r = hash(text);
  if (rotation === 'square') return r < 0.5 ? 0 : 90;
  return Math.round((r * 180 - 90) / 30) * 30;
}

/** The box a word needs: text width estimated from font size (no DOM measuring, so it runs anywhere). */
function boxOf(word: Word, rotate: number, x: number, y: number): Box {
  const w = word.size * 0.58 * word.text.length + 2;
  const h = word.size * 1.05;
  const rad = (rotate * Math.PI) / 180;
  const bw = Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad));
  const bh = Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad));
  return { x0: x - bw / 2, y0: y - bh / 2, x1: x + bw / 2, y1: y + bh / 2 };
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Places words biggest first along an Archimedean spiral from the centre, taking the first spot where the
 * word's box stays inside the area and touches no placed word. Words that find no spot are left out.
 */
export function layoutWords(words: Word[], width: number, height: number, rotation: 'flat' | 'square' | 'random'): PlacedWord[] {
  const placed: PlacedWord[] = [];
  const boxes: Box[] = [];
  const cx = width / 2;
  const cy = height / 2;
  const aspect = width / Math.max(1, height);
  const maxRadius = Math.hypot(width, height) / 2;
  for (const word of words) {
    const rotate = rotationOf(word.text, rotation);
    for (let t = 0; ; t += 0.1) {
      const r = 1.5 * t;
      if (r > maxRadius) break;
      const x = cx + r * Math.cos(t) * Math.sqrt(aspect);
      const y = cy + (r * Math.sin(t)) / Math.sqrt(aspect);
      const box = boxOf(word, rotate, x, y);
      if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) continue;
      if (boxes.some((b) => overlaps(b, box))) continue;
      boxes.push(box);
      placed.push({ ...word, x, y, rotate });
      break;
    }
  }
  return placed;
}
