/**
 * "5 minutes ago", as Python's humanize.naturaltime words it (Superset's `changed_on_delta_humanized`).
 */
export function humanizeDelta(fromIso: string, now: number = Date.now()): string {
  const seconds = Math.round((now - Date.parse(fromIso)) / 1000);
  if (!Number.isFinite(seconds)) return '';
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const say = (text: string) => (future ? `${text} from now` : `${text} ago`);
  if (s < 1) return 'now';
  if (s < 2) return say('a second');
  if (s < 60) return say(`${s} seconds`);
  const minutes = Math.floor(s / 60);
  if (minutes < 2) return say('a minute');
  if (minutes < 60) return say(`${minutes} minutes`);
  const hours = Math.floor(minutes / 60);
  if (hours < 2) return say('an hour');
  if (hours < 24) return say(`${hours} hours`);
  const days = Math.floor(hours / 24);
  if (days < 2) return say('a day');
  // humanize rounds months (60 days is "2 months"), and shows days while that rounds to 0.
  const months = Math.round(days / 30.5);
  if (days < 365) return say(months === 0 ? `${days} days` : months === 1 ? 'a month' : `${months} months`);
  const years = Math.floor(days / 365);
  return say(years < 2 ? 'a year' : `${years} years`);
}
