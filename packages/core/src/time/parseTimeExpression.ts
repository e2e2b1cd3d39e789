import { addUnits, lastDay, parseUnit, truncate, utc } from './calendar.js';
import { findHoliday } from './holidays.js';
import { TimeRangeError } from './timeRangeError.js';

export interface TimeContext {
  now: Date;
  /** What "N days ago" counts from: midnight today (Superset's default `relative_start`) or now. */
  relativeTo: 'today' | 'now';
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/u;
const RELATIVE = /^(\d+)\s+([a-z]+)\s+(ago|later|before|after|from now)$/iu;

const todayOf = (now: Date) => truncate(now, 'day');

/**
 * One side of a time range: '', `now`, `today`, an ISO date or datetime (naive means UTC), `N units ago|later`,
 * or the functions DATETIME("..."), DATEADD(x, n, unit), DATETRUNC(x, unit), LASTDAY(x, unit), HOLIDAY("name"[, x][, "country"]).
 * '' is unbounded.
 */
export function parseTimeExpression(text: string, context: TimeContext): Date | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^[A-Za-z]+\s*\(/u.test(trimmed)) {
    const parser = new FunctionParser(trimmed, context);
    const value = parser.parse();
    return value;
  }
  return parseHumanTime(trimmed, context);
}

function parseHumanTime(text: string, context: TimeContext): Date {
  const lower = text.trim().toLowerCase();
  if (lower === 'now') return new Date(context.now.getTime());
  if (lower === 'today') return todayOf(context.now);
  if (lower === 'yesterday') return addUnits(todayOf(context.now), -1, 'day');
  if (lower === 'tomorrow') return addUnits(todayOf(context.now), 1, 'day');
  const iso = ISO.exec(text.trim());
  if (iso) return parseIso(iso, text);
  const relative = RELATIVE.exec(lower);
  if (relative) {
    const unit = parseUnit(relative[2]!);
    const sign = relative[3] === 'ago' || relative[3] === 'before' ? -1 : 1;
    const base = context.relativeTo === 'now' ? new Date(context.now.getTime()) : todayOf(context.now);
    return addUnits(base, sign * Number(relative[1]), unit);
  }
  throw new TimeRangeError(`Unable to parse the time expression: ${text}`);
}

function parseIso(match: RegExpExecArray, text: string): Date {
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = match;
  const ms = Math.floor(Number(`0.${frac}`) * 1000);
  const date = utc(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  let time = date.getTime();
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new TimeRangeError(`Invalid date: ${text}`);
  }
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return new Date(time);
}

type Token = {
  kind: 'name' | 'string' | 'number' | '(' | ')' | ',';
  text: string;
};

/** Recursive descent over the DATEADD/DATETRUNC/LASTDAY/DATETIME/HOLIDAY call syntax. */
class FunctionParser {
  private readonly tokens: Token[];
  private index = 0;

  constructor(
    private readonly source: string,
    private readonly context: TimeContext,
  ) {
    this.tokens = lexFunctions(source);
  }

  parse(): Date {
    const value = this.expression();
    if (this.index !== this.tokens.length) this.fail();
    return value;
  }

  private fail(): never {
    throw new TimeRangeError(`Unable to parse the time expression: ${this.source}`);
  }

  private peek(kind: Token['kind']): boolean {
    return this.tokens[this.index]?.kind === kind;
  }

  /**
   * HOLIDAY("christmas"[, year's date][, "US"]): the holiday in the year of the date (this year without one),
   * found by the start of its name as Superset finds it; the date is a function or a quoted time.
   */
  private holiday(): Date {
    const name = this.take('string').text;
    let year = this.context.now.getUTCFullYear();
    let country = 'US';
    if (this.peek(',')) {
      this.take(',');
      const at = this.peek('string') ? parseHumanTime(this.take('string').text, this.context) : this.expression();
      year = at.getUTCFullYear();
      if (this.peek(',')) {
        this.take(',');
        country = this.take('string').text;
      }
    }
    let found: Date | null;
    try {
      found = findHoliday(name, year, country);
    } catch (err) {
      throw new TimeRangeError(err instanceof Error ? err.message : String(err));
    }
    if (!found) throw new TimeRangeError(`Unable to find such a holiday: [${name}]`);
    return found;
  }

  private take(kind: Token['kind']): Token {
    const token = this.tokens[this.index];
    if (!token || token.kind !== kind) this.fail();
    this.index++;
    return token;
  }

  private expression(): Date {
    const name = this.take('name').text.toUpperCase();
    this.take('(');
    let value: Date;
    switch (name) {
      case 'DATETIME': {
        value = parseHumanTime(this.take('string').text, this.context);
        break;
      }
      case 'DATEADD': {
        const base = this.expression();
        this.take(',');
        const amount = Number(this.take('number').text);
        this.take(',');
        value = addUnits(base, amount, parseUnit(this.take('name').text));
        break;
      }
      case 'DATETRUNC': {
        const base = this.expression();
        this.take(',');
        value = truncate(base, parseUnit(this.take('name').text));
        break;
      }
      case 'LASTDAY': {
        const base = this.expression();
        this.take(',');
        value = lastDay(base, parseUnit(this.take('name').text));
        break;
      }
      case 'HOLIDAY': {
        value = this.holiday();
        break;
      }
      default:
        throw new TimeRangeError(`Unsupported time function: ${name}`);
    }
    this.take(')');
    return value;
  }
}

function lexFunctions(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_]+)|"([^"]*)"|'([^']*)'|([+-]?\d+)|([(),]))/uy;
  let index = 0;
  while (index < source.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(source);
    if (!match) {
      if (source.slice(index).trim() === '') break;
      throw new TimeRangeError(`Unable to parse the time expression: ${source}`);
    }
    index = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'name', text: match[1] });
    else if (match[2] !== undefined || match[3] !== undefined) tokens.push({ kind: 'string', text: match[2] ?? match[3]! });
    else if (match[4] !== undefined) tokens.push({ kind: 'number', text: match[4] });
    else tokens.push({ kind: match[5] as '(' | ')' | ',', text: match[5]! });
  }
  return tokens;
}
