/** Wraps shapes in a 64×48 SVG; thumbnails are drawn inline so the picker fetches nothing. */
export const svgThumb = (inner: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48" width="64" height="48"><rect width="64" height="48" fill="#fff"/>${inner}</svg>`;

export const THUMB = { primary: '#1FA8C9', secondary: '#454E7C', tertiary: '#5AC189', accent: '#FF7F44', muted: '#B2B2B2' } as const;

/** An axis frame (left and bottom lines) used by cartesian thumbnails. */
export const thumbAxes = `<path d="M6 4 V42 H60" stroke="${THUMB.muted}" stroke-width="1" fill="none"/>`;
