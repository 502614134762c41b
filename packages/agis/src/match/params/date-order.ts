/** Order of day, month and year in an all-numeric date ("06/05/2030"). */
export type DateOrder = 'mdy' | 'dmy' | 'ymd';

/** Locale of numeric dates when none is given: US English, so "06/05" is June 5. */
export const DEFAULT_DATE_LOCALE = 'en-US';

// A locale's order never changes and callers repeat a handful of locales; bounded for a stream of odd ones.
const orders = new Map<string, DateOrder>();

/**
 * The order in which `locale` (BCP 47) writes numeric dates, read from `Intl.DateTimeFormat`, so "06/05" is
 * June 5 in en-US and 6 May in en-GB, de-DE or fr-FR. Throws `RangeError` for a malformed tag (callers check
 * options first).
 */
export function dateOrderOf(locale: string = DEFAULT_DATE_LOCALE): DateOrder {
  let order = orders.get(locale);
  if (order) return order;
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  })
    .formatToParts(Date.UTC(2030, 4, 6))
    .map((p) => p.type);
  const day = parts.indexOf('day');
  const month = parts.indexOf('month');
  const year = parts.indexOf('year');
  order = year >= 0 && year < month ? 'ymd' : day >= 0 && day < month ? 'dmy' : 'mdy';
  if (orders.size > 200) orders.clear();
  orders.set(locale, order);
  return order;
}

/** True for a well-formed BCP 47 tag that `Intl` knows (for option checks). */
export function isDateLocale(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) return false;
  try {
    return (
      Intl.DateTimeFormat.supportedLocalesOf([value]).length > 0 || Intl.getCanonicalLocales(value).length > 0
    );
  } catch {
    return false;
  }
}
