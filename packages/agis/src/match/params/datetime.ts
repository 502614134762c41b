import { foldSameLength } from '../../text.js';
import { addDays, type DateParts, isCalendarDate, wordBefore } from './calendar-format.js';
import { AMBIGUOUS_ABBREVIATIONS, MONTHS, RELATIVE_DAYS, WEEKDAYS } from './calendar-words.js';
import { findClockTimes, findTimeRanges } from './clock-times.js';
import type { DateOrder } from './date-order.js';
import type { TemporalMention } from './temporal-mention.js';

export type { TemporalMention } from './temporal-mention.js';

const MONTH_NAMES = Object.keys(MONTHS).join('|');
const MONTH_DAY = new RegExp(
  `\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s*(\\d{4}))?`,
  'g',
);
const DAY_MONTH = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th|er|\\.)?\\s+(?:de\\s+)?(${MONTH_NAMES})\\b(?:\\s+(?:de\\s+)?(\\d{4}))?`,
  'g',
);
// ISO 8601 / RFC 3339 calendar date, with an optional time and offset: 2030-05-06, 2030-05-06T19:00, 2030-05-06 19:00:00Z.
const ISO =
  /(?<![\w./:-])(\d{4})-(\d{2})-(\d{2})(?:(?:t|\s)(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(z|[+-]\d{2}(?::?\d{2})?)?)?(?![\w/]|[-:]\d)/g;
// All-numeric dates: 06/05, 06/05/2030, 6/5/30, 2030/05/06, 15.05.2026, 15-05-2026.
const NUMERIC = /(?<![\w./:$-])(\d{1,4})([/.-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\w/:%]|[.,-]\d)/g;
// "3/5 stars" and "24/7" are not dates.
const NOT_A_NUMERIC_DATE = /^\s*(?:stars?|out of)\b/;

function weekdayDate(now: Date, target: number, next: boolean): DateParts {
  let delta = (target - now.getDay() + 7) % 7;
  // "next Tuesday" said on a Monday means the Tuesday of next week, not tomorrow.
  if (next) delta += delta <= 1 ? 7 : 0;
  return addDays(now, delta);
}

function isoMentions(t: string): TemporalMention[] {
  const out: TemporalMention[] = [];
  for (const m of t.matchAll(ISO)) {
    const [all, y, mo, d, hh, mm, , offset] = m;
    const date = { year: Number(y), month: Number(mo), day: Number(d) };
    if (!isCalendarDate(date.year, date.month, date.day)) continue;
    const dateEnd = m.index + 10;
    out.push({ kind: 'date', index: m.index, end: dateEnd, date });
    if (hh === undefined || Number(hh) > 23 || Number(mm) > 59) continue;
    out.push({
      kind: 'time',
      index: dateEnd,
      end: m.index + all.length,
      hour: Number(hh),
      minute: Number(mm),
      ...(offset ? { offset: offset === 'z' ? 'Z' : normaliseOffset(offset) } : {}),
    });
  }
  return out;
}

function normaliseOffset(offset: string): string {
  const digits = offset.slice(1).replace(':', '');
  return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

function numericMentions(t: string, now: Date, order: DateOrder, covered: (i: number) => boolean) {
  const out: TemporalMention[] = [];
  for (const m of t.matchAll(NUMERIC)) {
    const [all, a = '', sep, b = '', c] = m;
    if (covered(m.index)) continue;
    // A dot or hyphen date needs its year: "6.5" is a number, "7-9" a range.
    if (sep !== '/' && c === undefined) continue;
    if (all === '24/7' || NOT_A_NUMERIC_DATE.test(t.slice(m.index + all.length, m.index + all.length + 12)))
      continue;
    let year: number;
    let month: number;
    let day: number;
    if (a.length === 4) {
      if (c === undefined) continue;
      [year, month, day] = [Number(a), Number(b), Number(c)];
    } else {
      if (a.length > 2) continue;
      year = c === undefined ? now.getFullYear() : c.length === 2 ? 2000 + Number(c) : Number(c);
      // Locales that write the year first still write a short date month first.
      [month, day] = order === 'dmy' ? [Number(b), Number(a)] : [Number(a), Number(b)];
    }
    if (!isCalendarDate(year, month, day)) continue;
    out.push({ kind: 'date', index: m.index, end: m.index + all.length, date: { year, month, day } });
  }
  return out;
}

/** Options of {@link findTemporal}. */
export interface FindTemporalOptions {
  /** Order of all-numeric dates ("06/05"); default month first. */
  readonly order?: DateOrder;
}

/**
 * Finds dates and clock times in an instruction, relative to `now` (local time), in order of appearance.
 * Positions are positions in `text`. Each pattern is one left-to-right scan, so the time is linear in the length.
 */
export function findTemporal(text: string, now: Date, options: FindTemporalOptions = {}): TemporalMention[] {
  const t = foldSameLength(text);
  const order = options.order ?? 'mdy';
  const out: TemporalMention[] = [];
  // Characters inside a mention found so far, and where explicit dates start: O(1) questions per word, where
  // scanning every mention per word made an instruction of many dates quadratic.
  const inMention = new Uint8Array(t.length + 1);
  const explicitStart = new Uint8Array(t.length + 1);
  const covered = (i: number) => inMention[i] === 1;
  const add = (list: readonly TemporalMention[], explicit = false) => {
    for (const o of list) {
      out.push(o);
      inMention.fill(1, o.index, o.end);
      if (explicit && o.kind === 'date') explicitStart[o.index] = 1;
    }
  };
  add(isoMentions(t), true);
  add(numericMentions(t, now, order, covered), true);
  const named: TemporalMention[] = [];
  // "March 5" and "5 March" differ only in which group holds the month name.
  for (const [re, monthGroup, dayGroup] of [
    [MONTH_DAY, 1, 2],
    [DAY_MONTH, 2, 1],
  ] as const) {
    for (const m of t.matchAll(re)) {
      if (covered(m.index)) continue;
      const month = MONTHS[m[monthGroup] ?? ''] ?? 0;
      const day = Number(m[dayGroup]);
      const year = m[3] ? Number(m[3]) : now.getFullYear();
      if (isCalendarDate(year, month, day))
        named.push({ kind: 'date', index: m.index, end: m.index + m[0].length, date: { year, month, day } });
    }
  }
  add(named, true);
  for (const m of t.matchAll(/\b(next|this|coming|proximo|prochain|nachsten)?\s*([a-z]+)\b/g)) {
    const word = m[2] ?? '';
    const idx = m.index + m[0].length - word.length;
    if (covered(idx)) continue;
    if (Object.hasOwn(WEEKDAYS, word) && !AMBIGUOUS_ABBREVIATIONS.has(word)) {
      const wd = WEEKDAYS[word] ?? 0;
      // "Monday June 8", "Wednesday 13 May": the weekday only restates the explicit date after it.
      const after = idx + word.length;
      if (explicitStart.subarray(after + 1, after + 4).includes(1)) continue;
      const next = m[1] === 'next' || m[1] === 'proximo' || m[1] === 'prochain' || m[1] === 'nachsten';
      add([{ kind: 'date', index: idx, end: after, date: weekdayDate(now, wd, next) }]);
    } else if (Object.hasOwn(RELATIVE_DAYS, word)) {
      // "mañana por la mañana": only the first mañana is a day.
      if (word === 'manana' && wordBefore(t, idx) === 'la') continue;
      add([
        { kind: 'date', index: idx, end: idx + word.length, date: addDays(now, RELATIVE_DAYS[word] ?? 0) },
      ]);
    }
  }
  const soir = t.indexOf('ce soir');
  if (soir >= 0 && !covered(soir)) add([{ kind: 'date', index: soir, end: soir + 7, date: addDays(now, 0) }]);
  add(findTimeRanges(t, covered));
  add(findClockTimes(t, covered));
  return out.sort((a, b) => a.index - b.index);
}
