import type { DateParts } from './calendar-format.js';

/** A date or a clock time found in text; `index` and `end` are positions in the text searched. */
export interface TemporalMention {
  readonly kind: 'date' | 'time';
  readonly index: number;
  readonly end: number;
  /** The calendar date of a `date` mention. */
  readonly date?: DateParts;
  /** The hour (0-23) of a `time` mention. */
  readonly hour?: number;
  /** The minute of a `time` mention. */
  readonly minute?: number;
  /** The UTC offset an ISO 8601 time states ("Z", "+02:00"). */
  readonly offset?: string;
  /** On the start of a time range ("7-9pm"), the range's length in minutes; the end follows as its own mention. */
  readonly rangeMinutes?: number;
}
