import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createIntentMatcher, type MatcherService } from '../src/index.js';
import { fixture } from './helpers/documents.js';

// Copies of the sandbox's two AGIS documents (packages/sandbox), the catalog issue 23 was found against.
const services = ['sandbox-reservations.agis.yaml', 'sandbox-pharmacy.agis.yaml'].map(
  (name) => parse(fixture(name)) as MatcherService,
);
// Monday 2026-05-04 09:00 local.
const now = new Date(2026, 4, 4, 9, 0);
const matcher = createIntentMatcher({ services, now });

async function top(instruction: string, locale?: string) {
  const r = await matcher.match(instruction, locale ? { locale } : {});
  return { abstain: r.abstain, ...r.candidates[0] };
}

describe('issue 23: intent parameters from absolute dates and times (sandbox catalog)', () => {
  it('takes the restaurant before an ISO date, not the date itself', async () => {
    const r = await top('book a table for 4 at The Copper Pot on 2030-05-06 at 19:00');
    expect(r).toMatchObject({ abstain: false, method: 'BOOK', path: '/reservation' });
    expect(r.params).toEqual({ restaurant: 'The Copper Pot', party_size: 4, datetime: '2030-05-06T19:00' });
  });

  it('reads an ISO 8601 date-time and a hyphenated restaurant id without splitting either', async () => {
    const r = await top('book a table for 4 at copper-pot at 2030-05-06T19:00');
    expect(r).toMatchObject({ abstain: false, method: 'BOOK', path: '/reservation' });
    expect(r.params).toEqual({ restaurant: 'copper-pot', party_size: 4, datetime: '2030-05-06T19:00' });
  });

  it('keeps a stated UTC offset', async () => {
    const r = await top('book a table for 2 at copper-pot at 2030-05-06T19:00Z');
    expect(r.params).toMatchObject({ restaurant: 'copper-pot', datetime: '2030-05-06T19:00Z' });
  });

  it('routes an availability question with a date to FIND /availability without abstaining', async () => {
    const r = await top('is there a table for 2 at saffron house on 2030-05-06');
    expect(r).toMatchObject({ abstain: false, method: 'FIND', path: '/availability' });
    expect(r.params).toEqual({ restaurant: 'saffron house', party_size: 2, date: '2030-05-06' });
  });

  it('routes "any tables ..." with a named-month date the same way', async () => {
    const r = await top('any tables for 2 at blue-fin on 6 May 2030?');
    expect(r).toMatchObject({ abstain: false, method: 'FIND', path: '/availability' });
    expect(r.params).toEqual({ restaurant: 'blue-fin', party_size: 2, date: '2030-05-06' });
  });

  it('keeps the whole of "copper-pot" with a relative day and time', async () => {
    for (const instruction of [
      'book a table for 2 at copper-pot tomorrow at 7pm',
      'book a table for 2 tomorrow at 7pm at copper-pot',
    ]) {
      const r = await top(instruction);
      expect(r.params, instruction).toEqual({
        restaurant: 'copper-pot',
        party_size: 2,
        datetime: '2026-05-05T19:00',
      });
    }
  });

  it('reads lowercase names with spaces or numbers up to the date ("copper pot", "shop 24")', async () => {
    expect((await top('book a table for 2 at copper pot on May 6 at 8pm')).params).toEqual({
      restaurant: 'copper pot',
      party_size: 2,
      datetime: '2026-05-06T20:00',
    });
    expect((await top('book a table for 3 at shop 24 on 6 May 2030 at noon')).params).toEqual({
      restaurant: 'shop 24',
      party_size: 3,
      datetime: '2030-05-06T12:00',
    });
  });

  it("prefers the name after the restaurant's own preposition over a capitalised one cued by nothing", async () => {
    const r = await top('book a table for 2 under the name Rivera at copper-pot on 2030-05-06 at 19:00');
    expect(r.params).toMatchObject({ restaurant: 'copper-pot', contact_name: 'Rivera' });
  });

  it("reads 06/05 in the user's locale, given per call or for the matcher", async () => {
    const text = 'book a table for 2 at copper-pot on 06/05 at 19:30';
    expect((await top(text)).params?.['datetime']).toBe('2026-06-05T19:30');
    expect((await top(text, 'en-GB')).params?.['datetime']).toBe('2026-05-06T19:30');
    const british = createIntentMatcher({ services, now, locale: 'en-GB' });
    expect((await british.match(text)).candidates[0]?.params['datetime']).toBe('2026-05-06T19:30');
    expect((await british.match(text, { locale: 'en-US' })).candidates[0]?.params['datetime']).toBe(
      '2026-06-05T19:30',
    );
  });

  it('takes the start of a time range', async () => {
    expect((await top('book a table for 4 at copper-pot on Friday between 7 and 9')).params).toMatchObject({
      datetime: '2026-05-08T19:00',
    });
    expect((await top('book a table for 4 at copper-pot on Friday, 7-9pm')).params).toMatchObject({
      datetime: '2026-05-08T19:00',
    });
  });

  it('refuses a malformed locale with a typed error naming the option', async () => {
    expect(() => createIntentMatcher({ services, locale: 'not a locale!' })).toThrow(/locale/);
    await expect(matcher.match('book a table', { locale: 'en_GB!' })).rejects.toMatchObject({
      name: 'InvalidOptionError',
    });
  });
});
