const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Python's strftime for the directives SQL date texts use (%Y %m %d %H %M %S %f %y %j %%), in UTC as
 * Tessera's time ranges are. Other directives are kept as written.
 */
export function strftime(date: Date, format: string): string {
  const dayOfYear = Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return format.replace(/%([YmdHMSfyj%])/g, (_, d: string) => {
    switch (d) {
      case 'Y':
        return pad(date.getUTCFullYear(), 4);
      case 'm':
        return pad(date.getUTCMonth() + 1);
      case 'd':
        return pad(date.getUTCDate());
      case 'H':
        return pad(date.getUTCHours());
      case 'M':
        return pad(date.getUTCMinutes());
      case 'S':
        return pad(date.getUTCSeconds());
      case 'f':
        return pad(date.getUTCMilliseconds() * 1000, 6);
      case 'y':
        return pad(date.getUTCFullYear() % 100);
      case 'j':
        return pad(dayOfYear, 3);
      default:
        return '%';
    }
  });
}
