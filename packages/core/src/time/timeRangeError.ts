/** A time range or time offset text that does not parse; the server answers 400 with its message. */
export class TimeRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeRangeError';
  }
}
