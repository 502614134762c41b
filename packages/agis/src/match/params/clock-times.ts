import { MONTHS, NAMED_TIMES, RELATIVE_DAYS, WEEKDAYS } from './calendar-words.js';
import type { TemporalMention } from './temporal-mention.js';

const EVENING = /\b(?:tonight|evening|dinner|night|noche|soir|abend|pm)\b/;
const MORNING = /\b(?:morning|breakfast|manana por la|matin|morgens|vormittag|am)\b/;

/** The 24-hour hour of a clock reading, from its meridiem or, for a bare hour, from the words around it. */
export function hourFromClock(h: number, meridiem: string | undefined, context: string): number {
  if (meridiem === 'pm' || meridiem === 'p.m.') return h === 12 ? 12 : h + 12;
  if (meridiem === 'am' || meridiem === 'a.m.') return h === 12 ? 0 : h;
  if (h >= 13 || h === 0) return h;
  if (EVENING.test(context)) return h < 12 ? h + 12 : h;
  if (MORNING.test(context)) return h;
  // Bare hours in everyday requests: 1-7 are afternoon/evening, 8-12 morning.
  return h <= 7 ? h + 12 : h;
}

const MERIDIEM = '(a\\.m\\.|p\\.m\\.|am|pm)?';
// "7-9pm", "from 3 to 4pm", "between 7 and 9", "19:00-21:00": each side an hour with optional minutes.
const RANGE = new RegExp(
  `\\b(between|from)?\\s*(\\d{1,2})(?:[:h](\\d{2}))?\\s*${MERIDIEM}\\s*(-|\\u2013|\\u2014|to|and|until|till|through)\\s*(\\d{1,2})(?:[:h](\\d{2}))?\\s*${MERIDIEM}(?![\\w%/]|[.,:]\\d)`,
  'gd',
);

// Words that may follow a range of bare hours ("between 7 and 9 tonight"); anything else ("2 to 3 boxes") is a count.
const AFTER_BARE_RANGE = new Set([
  'on',
  'at',
  'in',
  'for',
  'with',
  'and',
  'please',
  'this',
  'next',
  'oclock',
  'o',
  'tonight',
  'evening',
  'morning',
  'afternoon',
  ...Object.keys(WEEKDAYS),
  ...Object.keys(MONTHS),
  ...Object.keys(RELATIVE_DAYS),
]);

function clock(h: string | undefined, m: string | undefined, meridiem: string | undefined) {
  const hour = Number(h);
  const minute = Number(m ?? 0);
  const max = meridiem ? 12 : 23;
  return hour <= max && minute <= 59 && !(meridiem && hour === 0) ? { hour, minute } : undefined;
}

/**
 * Time ranges of `t` (folded): a start and an end mention each, the start carrying the length in minutes. A
 * meridiem on the end applies to the start when that keeps the start first ("7-9pm" is 19:00-21:00, "11-1pm"
 * 11:00-13:00); an end before its start moves to the afternoon ("between 7 and 9" is 19:00-21:00).
 */
export function findTimeRanges(t: string, covered: (i: number) => boolean): TemporalMention[] {
  const out: TemporalMention[] = [];
  for (const m of t.matchAll(RANGE)) {
    const [all, lead, h1, m1, mer1, joiner, h2, m2, mer2] = m;
    const startAt = (m.indices?.[1] ?? m.indices?.[2])?.[0] ?? m.index;
    const secondAt = m.indices?.[6]?.[0] ?? m.index;
    if (covered(startAt) || covered(m.index + all.length - 1)) continue;
    if (joiner === 'and' && lead !== 'between') continue;
    const bare = mer1 === undefined && mer2 === undefined && m1 === undefined && m2 === undefined;
    if (bare) {
      if (lead === undefined) continue;
      const next = /^\s*([a-z]+)/.exec(t.slice(m.index + all.length, m.index + all.length + 24))?.[1];
      if (next !== undefined && !AFTER_BARE_RANGE.has(next)) continue;
    } else if (!lead && /^(?:to|until|till|through)$/.test(joiner ?? '') && !mer2 && !m2) continue;
    const a = clock(h1, m1, mer1);
    const b = clock(h2, m2, mer2);
    if (!a || !b) continue;
    const context = t.slice(Math.max(0, m.index - 40), m.index + all.length + 30);
    const endHour = hourFromClock(b.hour, mer2, context);
    let startHour: number;
    if (mer1) startHour = hourFromClock(a.hour, mer1, context);
    else if (mer2) {
      const shifted = hourFromClock(a.hour, mer2, context);
      startHour = shifted * 60 + a.minute <= endHour * 60 + b.minute ? shifted : a.hour;
    } else startHour = hourFromClock(a.hour, undefined, context);
    let end = endHour * 60 + b.minute;
    const start = startHour * 60 + a.minute;
    if (end <= start && !mer2 && end + 12 * 60 < 24 * 60 && endHour < 12) end += 12 * 60;
    if (end <= start) continue;
    out.push({
      kind: 'time',
      index: startAt,
      end: secondAt,
      hour: startHour,
      minute: a.minute,
      rangeMinutes: end - start,
    });
    out.push({
      kind: 'time',
      index: secondAt,
      end: m.index + all.length,
      hour: Math.floor(end / 60),
      minute: end % 60,
    });
  }
  return out;
}

const NAMED = Object.keys(NAMED_TIMES).join('|');
const TIME = new RegExp(
  `\\b(\\d{1,2})(?::(\\d{2})|h(\\d{2})?)?\\s*(a\\.m\\.|p\\.m\\.|am|pm)?(?![\\d%]|[.,]\\d)|\\b(${NAMED})\\b`,
  'g',
);
// The match ends after the spaces that could precede a meridiem, so the street name follows at once.
const STREET_AFTER = /^\s*[a-z]+\s+(?:st|street|ave|avenue|rd|road|lane|ln|dr|drive|blvd|way|court|ct)\b/;
const COUNT_AFTER = /^\s*(?:people|persons?|guests?|of us|kg|days?|hours?|minutes?|stars?|bed|bath)/;

/** Single clock times of `t` (folded) outside `covered` spans: "19:00", "7pm", "at 8", "20h", "noon". */
export function findClockTimes(t: string, covered: (i: number) => boolean): TemporalMention[] {
  const out: TemporalMention[] = [];
  for (const m of t.matchAll(TIME)) {
    const idx = m.index;
    if (covered(idx)) continue;
    const named = m[5];
    if (named !== undefined) {
      out.push({
        kind: 'time',
        index: idx,
        end: idx + m[0].length,
        hour: NAMED_TIMES[named] ?? 12,
        minute: 0,
      });
      continue;
    }
    const h = Number(m[1]);
    const minute = Number(m[2] ?? m[3] ?? 0);
    const explicitClock = m[2] !== undefined || m[0].includes('h') || m[4] !== undefined;
    const before = t.slice(Math.max(0, idx - 12), idx);
    const cue = /\b(?:at|around|until|to|@|a las|vers|um|gegen)\s*$/.test(before);
    if (!explicitClock && !cue) continue;
    if (h > 23 || minute > 59) continue;
    // "to 4:30" after a date-free context and numbers like "for 2 at" are not times unless cued.
    const after = t.slice(idx + m[0].length, idx + m[0].length + 24);
    if (STREET_AFTER.test(after)) continue;
    if (!explicitClock && COUNT_AFTER.test(after)) continue;
    const context = t.slice(Math.max(0, idx - 40), idx + m[0].length + 30);
    out.push({
      kind: 'time',
      index: idx,
      end: idx + m[0].length,
      hour: hourFromClock(h, m[4], context),
      minute,
    });
  }
  return out;
}
