import { describe, expect, it } from 'vitest';
import { findDateTimes, isIntentInputError } from '../src/index.js';

// Monday 2026-05-04 09:00 local.
const now = new Date(2026, 4, 4, 9, 0);
const values = (text: string, locale?: string) =>
  findDateTimes(text, { now, ...(locale ? { locale } : {}) }).map((m) => m.value);

describe('findDateTimes', () => {
  it('reads ISO 8601 dates and date-times, with seconds and offsets', () => {
    expect(values('on 2030-05-06 at 19:00')).toEqual(['2030-05-06', '19:00']);
    expect(values('at 2030-05-06T19:00')).toEqual(['2030-05-06', '19:00']);
    expect(values('2030-05-06T19:00:30Z and 2030-05-07 08:15+0200')).toEqual([
      '2030-05-06',
      '19:00Z',
      '2030-05-07',
      '08:15+02:00',
    ]);
  });

  it('gives the span of each mention as written', () => {
    const [date, time] = findDateTimes('book at copper-pot at 2030-05-06T19:00', { now });
    expect(date).toMatchObject({ kind: 'date', text: '2030-05-06', index: 22 });
    expect(time).toMatchObject({ kind: 'time', text: 'T19:00', value: '19:00' });
  });

  it('reads all-numeric dates in the order of the locale', () => {
    expect(values('on 06/05')).toEqual(['2026-06-05']);
    expect(values('on 06/05', 'en-US')).toEqual(['2026-06-05']);
    expect(values('on 06/05', 'en-GB')).toEqual(['2026-05-06']);
    expect(values('am 15.05.2026 um 14:30', 'de-DE')).toEqual(['2026-05-15', '14:30']);
    expect(values('le 06/05/30', 'fr-FR')).toEqual(['2030-05-06']);
    expect(values('2030/05/06', 'en-GB')).toEqual(['2030-05-06']);
  });

  it('leaves out what only looks like a numeric date', () => {
    expect(values('open 24/7, rated 3/5 stars, 6.5% interest, 2-3 people, 13/13')).toEqual([]);
    expect(values('on 31/02', 'en-GB')).toEqual([]);
  });

  it('reads named months, weekdays, relative days, noon and midnight', () => {
    expect(values('May 6 at 8pm')).toEqual(['2026-05-06', '20:00']);
    expect(values('6 May 2030 at noon')).toEqual(['2030-05-06', '12:00']);
    expect(values('May 6th, 2030')).toEqual(['2030-05-06']);
    expect(values('Wednesday 13 May at 14:00')).toEqual(['2026-05-13', '14:00']);
    expect(values('on Friday at midnight')).toEqual(['2026-05-08', '00:00']);
    expect(values('next Tuesday')).toEqual(['2026-05-12']);
    expect(values('tomorrow at 7pm')).toEqual(['2026-05-05', '19:00']);
  });

  it('reads time ranges as a start carrying the length, then an end', () => {
    const range = (text: string) =>
      findDateTimes(text, { now })
        .filter((m) => m.kind === 'time')
        .map((m) => [m.value, m.rangeMinutes]);
    expect(range('7-9pm')).toEqual([
      ['19:00', 120],
      ['21:00', undefined],
    ]);
    expect(range('between 7 and 9')).toEqual([
      ['19:00', 120],
      ['21:00', undefined],
    ]);
    expect(range('from 3 to 4pm')).toEqual([
      ['15:00', 60],
      ['16:00', undefined],
    ]);
    expect(range('11-1pm')).toEqual([
      ['11:00', 120],
      ['13:00', undefined],
    ]);
    expect(range('19:00-21:30')).toEqual([
      ['19:00', 150],
      ['21:30', undefined],
    ]);
    expect(range('between 2 and 3 boxes')).toEqual([]);
  });

  it('does not read street numbers, counts or "1:1" as times', () => {
    expect(values('to my office at 9 Oak Rd, a 1:1 with Tom, for 2 people')).toEqual([]);
  });

  it('refuses what it cannot read with typed errors', () => {
    expect(isIntentInputError(catchError(() => findDateTimes(42 as unknown as string)))).toBe(true);
    expect(isIntentInputError(catchError(() => findDateTimes('x'.repeat(2001))))).toBe(true);
    expect(catchError(() => findDateTimes('today', { locale: 'no such locale!' }))).toMatchObject({
      name: 'InvalidOptionError',
    });
    expect(catchError(() => findDateTimes('today', { now: new Date(Number.NaN) }))).toMatchObject({
      name: 'InvalidOptionError',
    });
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
