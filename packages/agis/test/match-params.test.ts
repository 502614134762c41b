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

/** An endpoint with one input property per case below; hints follow the documents' conventions. */
function endpoint(
  properties: NonNullable<MatcherEndpoint['input']>['properties'],
  hints: Record<string, string[]> = {},
): MatcherEndpoint {
  return {
    method: 'DO',
    path: '/thing',
    semantic: { intent: 'Does a thing.', parameter_hints: hints },
    input: { type: 'object', properties, required: [] },
  };
}

describe('numbers: decimals, nearest cue, percentages and durations', () => {
  const loan = endpoint(
    {
      price: { type: 'number' },
      deposit: { type: 'number' },
      rate_percent: { type: 'number', maximum: 30 },
      weight_kg: { type: 'number' },
      term_minutes: { type: 'integer' },
      crates: { type: 'integer', minimum: 1 },
    },
    {
      rate_percent: ['at 4.5%'],
      weight_kg: ['3 kg'],
      crates: ['two crates'],
    },
  );
  it('keeps decimals whole', () => {
    const p = extractParams('a parcel of 0.75 kg, financed at 3.25%', loan, now);
    expect(p.weight_kg).toBe(0.75);
    expect(p.rate_percent).toBe(3.25);
  });
  it('gives a money property the amount closest to its own word', () => {
    const p = extractParams('a $480k cabin with a $96k deposit', loan, now);
    expect(p.deposit).toBe(96000);
  });
  it('picks the percentage after the cue the hints use when several are stated', () => {
    expect(extractParams('10% off the price, financed at 7.1%', loan, now).rate_percent).toBe(7.1);
  });
  it('reads durations into minutes for minute properties', () => {
    expect(extractParams('a slot under two hours', loan, now).term_minutes).toBe(120);
    expect(extractParams('half an hour is enough', loan, now).term_minutes).toBe(30);
    expect(extractParams('a 45-minute slot', loan, now).term_minutes).toBe(45);
  });
  it('allows one modifier between a number and its noun', () => {
    expect(extractParams('ship three wooden crates', loan, now).crates).toBe(3);
  });
});

describe('calendar values declared by pattern, description or name', () => {
  const statements = endpoint({
    period: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
    start: { type: 'string', pattern: '^[0-2][0-9]:[0-5][0-9]$' },
    paid_on: { type: 'string', description: 'Pay date (YYYY-MM-DD) or month (YYYY-MM)' },
  });
  it('turns a month without a day into YYYY-MM', () => {
    expect(extractParams('the statement for October', statements, now).period).toBe('2026-10');
    expect(extractParams("last month's statement", statements, now).period).toBe('2026-04');
  });
  it('formats a clock time for an HH:MM pattern', () => {
    expect(extractParams('ready after 4pm', statements, now).start).toBe('16:00');
  });
  it('prefers a full date when the description allows a date or a month', () => {
    expect(extractParams('the slip from June 12', statements, now).paid_on).toBe('2026-06-12');
    expect(extractParams('my June slip', statements, now).paid_on).toBe('2026-06');
  });
  const range = endpoint({
    from_date: { type: 'string', format: 'date' },
    to_date: { type: 'string', format: 'date' },
    week_start: { type: 'string', format: 'date' },
  });
  it('spans a named month from its first to its last day', () => {
    const p = extractParams('costs for February', range, now);
    expect([p.from_date, p.to_date]).toEqual(['2026-02-01', '2026-02-28']);
  });
  it('reads "last week" / "this week" as the Monday starting that week', () => {
    expect(extractParams('hours for last week', range, now).week_start).toBe('2026-04-27');
    expect(extractParams('hours for this week', range, now).week_start).toBe('2026-05-04');
  });
  it('does not let a weekday shadow the explicit date it introduces', () => {
    const start = endpoint({ start_date: { type: 'string', format: 'date' } });
    expect(extractParams('starts Thursday July 9', start, now).start_date).toBe('2026-07-09');
  });
});

describe('strings: patterns, cue words, prepositions, addresses and people', () => {
  const shipping = endpoint(
    {
      locker_pin: { type: 'string', pattern: '^[0-9]{6}$' },
      shoe_size: { type: 'string' },
      origin_zip: { type: 'string' },
      destination_zip: { type: 'string' },
      return_address: { type: 'string' },
      guests: { type: 'array', items: { type: 'string' } },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
    {
      origin_zip: ['from 60601'],
      destination_zip: ['to 73301'],
      return_address: ['from 8 Cherry Ave, Boise ID 83702'],
      guests: ['with Omar and Lena'],
    },
  );
  it('takes the token that fits the schema pattern, and the token after the property word', () => {
    const p = extractParams('Open locker 552901 and hold the shoes in size 11', shipping, now);
    expect(p.locker_pin).toBe('552901');
    expect(p.shoe_size).toBe('11');
  });
  it('tells origin from destination by the hints’ prepositions', () => {
    const p = extractParams('Ship a box from 30301 to 97201', shipping, now);
    expect([p.origin_zip, p.destination_zip]).toEqual(['30301', '97201']);
  });
  it('reads a street address after its preposition', () => {
    const p = extractParams('Send it from 42 Elm Street, Dayton OH 45402 to 7 Bay Rd', shipping, now);
    expect(p.return_address).toBe('42 Elm Street, Dayton OH 45402');
  });
  it('lists the people named when the hints name people', () => {
    const p = extractParams('Set it up with Ingrid, Kofi and me, cc zoe@example.org', shipping, now);
    expect(p.guests).toEqual(expect.arrayContaining(['Ingrid', 'Kofi', 'zoe@example.org']));
  });
  it('reads a code written in two parts, and drops values that break the declared pattern', () => {
    const flight = endpoint(
      {
        flight_number: { type: 'string', pattern: '^QX ?[0-9]{1,4}$' },
        seat: { type: 'string', pattern: '^[0-9]{1,2}[A-K]$' },
      },
      { seat: ['Seat 14C'] },
    );
    expect(extractParams('Where is flight QX 305 now?', flight, now)).toEqual({ flight_number: 'QX 305' });
    expect(extractParams('Put me in seat 31Z on QX 305', flight, now).seat).toBeUndefined();
  });
  it('takes the currency of a symbol-marked amount', () => {
    expect(extractParams('pay £250 now', shipping, now).currency).toBe('GBP');
  });
});

describe('enums through hints and word families', () => {
  const claim = endpoint(
    {
      cause: { type: 'string', enum: ['broken', 'missing', 'late'] },
      department: { type: 'string', enum: ['cardiology', 'orthopedics'] },
      cover: { type: 'string', enum: ['single', 'couple', 'household'] },
    },
    {
      cause: ['it came shattered', 'never turned up', 'arrived days after'],
      cover: ['only me', 'me and my partner', 'everyone at home'],
    },
  );
  it('maps a restated hint to the enum value in the same position', () => {
    expect(extractParams('the vase came completely shattered', claim, now).cause).toBe('broken');
    expect(extractParams('insure me and my partner', claim, now).cover).toBe('couple');
  });
  it('reaches a value through its word family', () => {
    expect(extractParams('I need a cardiologist', claim, now).department).toBe('cardiology');
  });
  it('still prefers a value the text names outright', () => {
    expect(extractParams('it is missing, it never turned up', claim, now).cause).toBe('missing');
  });
});

describe('a name cued by the words before a hint example', () => {
  const dinner: MatcherEndpoint = {
    method: 'BOOK',
    path: '/table',
    semantic: {
      intent: 'Books a table.',
      parameter_hints: { guest_name: ['under the name Okafor', 'for Ana'] },
    },
    input: { type: 'object', properties: { guest_name: { type: 'string' } } },
  };
  it('reads the capitalised name after the cue word, not the whole hint phrase', () => {
    expect(extractParams('table for two at 8 under the name Whitfield', dinner, now).guest_name).toBe(
      'Whitfield',
    );
    // Even when the instruction repeats a hint verbatim, the value is the name, not the lowercased phrase.
    expect(extractParams('a table under the name Okafor please', dinner, now).guest_name).toBe('Okafor');
  });
});
