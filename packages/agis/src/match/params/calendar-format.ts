/** A calendar date (local). */
export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Local calendar date of `now` shifted by `days`. */
export function addDays(now: Date, days: number): DateParts {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

/** True when the day exists in that month ("2030-02-30" does not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(year, month, 0).getDate();
}

/** Two-digit zero-padded number. */
export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** YYYY-MM-DD. */
export function formatDate(d: DateParts): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** HH:MM. */
export function formatTime(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

/** Local YYYY-MM-DDTHH:MM, with the UTC offset the text stated ("Z", "+02:00"), if any. */
export function formatDateTime(d: DateParts, hour: number, minute: number, offset?: string): string {
  return `${formatDate(d)}T${formatTime(hour, minute)}${offset ?? ''}`;
}

/**
 * The word that ends just before `index` with only whitespace between (`undefined` when there is none). It
 * looks back over that whitespace and word only, never the whole text before `index`.
 */
export function wordBefore(text: string, index: number): string | undefined {
  let end = index;
  while (end > 0 && /\s/.test(text[end - 1] as string)) end--;
  if (end === index) return undefined;
  let start = end;
  while (start > 0 && /\w/.test(text[start - 1] as string)) start--;
  return start < end ? text.slice(start, end) : undefined;
}
