import type { ParamValue } from '../types.js';
import { addDays, formatDate, formatDateTime, formatTime } from './calendar-format.js';
import type { Context, PropertyPlan } from './context.js';
import { findWeekStart, formatMonth, lastDayOfMonth } from './months.js';
import type { StringShape } from './patterns.js';

const END_NAME = /(?:^new_|end|until|return|to_|_to$|last)/;

function pickOrdinal<T>(items: readonly T[], name: string, siblings: readonly string[]): T | undefined {
  if (items.length === 0) return undefined;
  if (END_NAME.test(name)) return items[items.length - 1];
  const pos = siblings.indexOf(name);
  return items[Math.min(Math.max(pos, 0), items.length - 1)];
}

/** A `format: date` or `date-time` property; `siblings` are the endpoint's properties of the same format, in order. */
export function extractTemporal(
  plan: PropertyPlan,
  ctx: Context,
  siblings: readonly string[],
): ParamValue | undefined {
  const { name, schema } = plan;
  const dates = ctx.temporal.filter((m) => m.kind === 'date');
  const times = ctx.temporal.filter((m) => m.kind === 'time');
  if (schema.format === 'date') {
    if (/week/.test(name)) {
      const week = findWeekStart(ctx.text, ctx.now);
      if (week) return formatDate(week);
    }
    const d = pickOrdinal(dates, name, siblings);
    if (d?.date) return formatDate(d.date);
    // A month named without a day ("spending for April") spans its first to its last day.
    const month = pickOrdinal(ctx.months, name, siblings);
    if (!month) return undefined;
    const end = END_NAME.test(name) && siblings.length > 1;
    return formatDate({ ...month, day: end ? lastDayOfMonth(month) : 1 });
  }
  const time = pickOrdinal(times, name, siblings);
  if (!time || time.hour === undefined) return undefined;
  // Pair the time with the nearest date mentioned before it, else any date, else today.
  const before = dates.filter((d) => d.index <= time.index);
  const date = before[before.length - 1]?.date ?? dates[0]?.date ?? addDays(ctx.now, 0);
  return formatDateTime(date, time.hour, time.minute ?? 0, time.offset);
}

/** Calendar and clock values of string properties that declare them by pattern or description. */
export function extractShaped(shape: StringShape, ctx: Context): string | undefined {
  const dates = ctx.temporal.filter((m) => m.kind === 'date');
  if (shape === 'time') {
    const t = ctx.temporal.find((m) => m.kind === 'time');
    return t?.hour === undefined ? undefined : formatTime(t.hour, t.minute ?? 0);
  }
  if ((shape === 'date' || shape === 'month-or-date') && dates[0]?.date) return formatDate(dates[0].date);
  if (shape === 'month' || shape === 'month-or-date') {
    const month = ctx.months[0] ?? (shape === 'month' ? dates[0]?.date : undefined);
    if (month) return formatMonth(month);
  }
  return undefined;
}
