import { foldText } from '../../text.js';
import { addDays, type DateParts, pad, wordBefore } from './calendar-format.js';
import { MONTHS } from './calendar-words.js';

const MAY_CUES = new Set(['in', 'for', 'of', 'since', 'until', 'from']);

/** A calendar month (local). */
export interface MonthParts {
  readonly year: number;
  readonly month: number;
}

const MONTH_ONLY = new RegExp(
  `\\b(${Object.keys(MONTHS)
    .filter((m) => m.length >= 4 || m === 'may')
    .join('|')})\\b(?:'s)?(?!\\s*\\d{1,2}(?:st|nd|rd|th)?\\b(?!\\d))(?:,?\\s+(\\d{4}))?`,
  'g',
);

/**
 * Months named without a day ("March 2026", "April's", "last month"), in order. Months without a
 * year are in the year of `now`.
 */
export function findMonths(text: string, now: Date): MonthParts[] {
  const t = foldText(text);
  const out: Array<MonthParts & { index: number }> = [];
  for (const m of t.matchAll(/\b(last|previous|this|current|next)\s+month\b/g)) {
    const delta = m[1] === 'next' ? 1 : m[1] === 'this' || m[1] === 'current' ? 0 : -1;
    const d = new Date(now.getFullYear(), now.getMonth() + delta, 1);
    out.push({ year: d.getFullYear(), month: d.getMonth() + 1, index: m.index });
  }
  for (const m of t.matchAll(MONTH_ONLY)) {
    const name = m[1] ?? '';
    // "may" is mostly the modal verb: only a month with a year or after "in/for/of/since".
    if (name === 'may' && !m[2] && !MAY_CUES.has(wordBefore(t, m.index) ?? '')) continue;
    out.push({ year: m[2] ? Number(m[2]) : now.getFullYear(), month: MONTHS[name] ?? 1, index: m.index });
  }
  return out.sort((a, b) => a.index - b.index).map(({ year, month }) => ({ year, month }));
}

/** The Monday starting the week "this week" / "last week" / "next week" refers to, if stated. */
export function findWeekStart(text: string, now: Date): DateParts | undefined {
  const m = /\b(last|previous|this|current|next)\s+week\b/.exec(foldText(text));
  if (!m) return undefined;
  const delta = m[1] === 'next' ? 7 : m[1] === 'this' || m[1] === 'current' ? 0 : -7;
  const sinceMonday = (now.getDay() + 6) % 7;
  return addDays(now, delta - sinceMonday);
}

/** Last day of a month. */
export function lastDayOfMonth(m: MonthParts): number {
  return new Date(m.year, m.month, 0).getDate();
}

/** YYYY-MM. */
export function formatMonth(m: MonthParts): string {
  return `${m.year}-${pad(m.month)}`;
}
