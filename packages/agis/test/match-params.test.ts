import { describe, expect, it } from 'vitest';
import { extractParams, type MatcherEndpoint } from '../src/index.js';
import { findTemporal } from '../src/match/params/datetime.js';
import { findMoney } from '../src/match/params/numbers.js';

// Monday 2026-05-04 09:00 local.
const now = new Date(2026, 4, 4, 9, 0);

const booking: MatcherEndpoint = {
  method: 'BOOK',
  path: '/reservation',
  semantic: {
    intent: 'Books a table.',
    parameter_hints: {
      restaurant: ["at Luigi's", 'Casa Lupe'],
      party_size: ['for four', 'table for N', 'party of N'],
      datetime: ['tomorrow at 7'],
      seating_preference: ['by the window', 'outside'],
    },
  },
  input: {
    type: 'object',
    properties: {
      restaurant: { type: 'string' },
      party_size: { type: 'integer', minimum: 1, maximum: 20 },
      datetime: { type: 'string', format: 'date-time' },
      seating_preference: { type: 'string', enum: ['indoor', 'outdoor', 'bar', 'private_room'] },
      contact_email: { type: 'string' },
      memo: { type: 'string' },
    },
    required: ['restaurant'],
  },
};

describe('date and time extraction (now = Monday 2026-05-04 09:00)', () => {
  const dt = (text: string) => extractParams(text, booking, now).datetime;
  it('reads relative days with clock times', () => {
    expect(dt('tomorrow at 7')).toBe('2026-05-05T19:00');
    expect(dt('tonight at 8')).toBe('2026-05-04T20:00');
    expect(dt('Friday 8pm')).toBe('2026-05-08T20:00');
    expect(dt('this Saturday around 7:30pm')).toBe('2026-05-09T19:30');
    expect(dt('tomorrow morning at 9')).toBe('2026-05-05T09:00');
  });
  it('reads "next Tuesday" as the Tuesday of next week', () => {
    expect(dt('next Tuesday at noon')).toBe('2026-05-12T12:00');
  });
  it('reads month names, 24-hour clocks and other languages', () => {
    expect(dt('June 3 at 19:30')).toBe('2026-06-03T19:30');
    expect(dt('el viernes a las 9 de la noche')).toBe('2026-05-08T21:00');
    expect(dt('ce soir à 20h')).toBe('2026-05-04T20:00');
  });
  it('finds plain dates', () => {
    const dates = findTemporal('from June 8 to June 12', now).filter((m) => m.kind === 'date');
    expect(dates.map((d) => d.date)).toEqual([
      { year: 2026, month: 6, day: 8 },
      { year: 2026, month: 6, day: 12 },
    ]);
  });
  it('does not read street numbers or quantities as times', () => {
    expect(findTemporal('ship 3 kg from 50 Main St', now).filter((m) => m.kind === 'time')).toEqual([]);
  });
});

describe('numbers, money, enums and strings', () => {
  it('reads party sizes from hint-shaped phrases', () => {
    expect(extractParams('a table for four', booking, now).party_size).toBe(4);
    expect(extractParams('party of 6 please', booking, now).party_size).toBe(6);
  });
  it('respects schema bounds', () => {
    expect(extractParams('party of 60', booking, now).party_size).toBeUndefined();
  });
  it('parses money amounts', () => {
    expect(findMoney('$1,250.00 and €420 and $900k').map((m) => [m.amount, m.currency])).toEqual([
      [1250, undefined],
      [420, 'EUR'],
      [900000, undefined],
    ]);
    expect(findMoney('1,250.00 USD')[0]).toMatchObject({ amount: 1250, currency: 'USD' });
  });
  it('normalises enums, names, emails and quoted strings', () => {
    const p = extractParams(
      "Book Casa Lupe, sit us outside, mail me at ana@example.org, note 'birthday cake'",
      booking,
      now,
    );
    expect(p).toMatchObject({
      restaurant: 'Casa Lupe',
      seating_preference: 'outdoor',
      contact_email: 'ana@example.org',
      memo: 'birthday cake',
    });
  });
  it('takes the name after a preposition the hints use', () => {
    expect(extractParams("Book a table at Luigi's on Friday", booking, now).restaurant).toBe("Luigi's");
  });
});
