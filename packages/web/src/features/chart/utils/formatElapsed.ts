const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds as `HH:MM:SS.cc`, the explorer's and SQL Lab's timer text. */
export function formatElapsed(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const hundredths = Math.floor((ms % 1000) / 10);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(hundredths)}`;
}
