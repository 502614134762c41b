import { checkOptions, is } from '@agentweb/core';
import { LOCALE_RULE } from '../option-rules.js';
import { checkInstruction, DEFAULT_MAX_INSTRUCTION_LENGTH } from './errors.js';
import { formatDate, formatTime } from './params/calendar-format.js';
import { dateOrderOf } from './params/date-order.js';
import { findTemporal } from './params/datetime.js';

/** Options of {@link findDateTimes}. */
export interface FindDateTimesOptions {
  /** Reference time of relative dates ("tomorrow", "Friday") and of dates written without a year; default now. */
  readonly now?: Date;
  /**
   * BCP 47 locale whose order all-numeric dates are read in: "06/05" is June 5 in `en-US` (the default) and
   * 6 May in `en-GB`, `de-DE` or `fr-FR`.
   */
  readonly locale?: string;
  /** Longest text read, in UTF-16 code units (default 2000, as for instructions). */
  readonly maxLength?: number;
}

/** A date or a clock time as written in a text. */
export interface DateTimeMention {
  /** `date` (a calendar day) or `time` (a clock time). */
  readonly kind: 'date' | 'time';
  /** Where the mention starts in the text (UTF-16 index). */
  readonly index: number;
  /** Where it ends (exclusive). */
  readonly end: number;
  /** The text of the mention as written. */
  readonly text: string;
  /** `YYYY-MM-DD` for a date; `HH:MM` for a time, followed by the UTC offset when the text states one. */
  readonly value: string;
  /** On the start of a time range ("7-9pm"): its length in minutes (the end is the next mention). */
  readonly rangeMinutes?: number;
}

/**
 * Dates and clock times in a text, in order: ISO 8601 dates and date-times (`2030-05-06`, `2030-05-06T19:00Z`),
 * numeric dates in the locale's order (`06/05`, `06/05/2030`, `15.05.2026`), named months (`May 6`,
 * `6 May 2030`), weekdays (`Friday`, `next Tuesday`), relative days (`tomorrow`, `tonight`), clock times
 * (`19:00`, `7pm`, `at 8`, `20h`), `noon` and `midnight`, and time ranges (`7-9pm`, `between 7 and 9`,
 * `from 3 to 4pm`); English, with the common Spanish, French and German words. Runs in time linear in the
 * text's length. Throws `IntentInputError` for a text that is not a string or longer than `maxLength`, and
 * `InvalidOptionError` for a bad option.
 */
export function findDateTimes(text: string, options: FindDateTimesOptions = {}): DateTimeMention[] {
  checkOptions('findDateTimes', options, {
    now: is.custom('a valid Date', (v) => v instanceof Date && !Number.isNaN(v.getTime())),
    locale: LOCALE_RULE,
    maxLength: is.positiveInteger,
  });
  checkInstruction(text, options.maxLength ?? DEFAULT_MAX_INSTRUCTION_LENGTH);
  const found = findTemporal(text, options.now ?? new Date(), { order: dateOrderOf(options.locale) });
  return found.map((m) => ({
    kind: m.kind,
    index: m.index,
    end: m.end,
    text: text.slice(m.index, m.end),
    value:
      m.kind === 'date' && m.date
        ? formatDate(m.date)
        : `${formatTime(m.hour ?? 0, m.minute ?? 0)}${m.offset ?? ''}`,
    ...(m.rangeMinutes === undefined ? {} : { rangeMinutes: m.rangeMinutes }),
  }));
}
