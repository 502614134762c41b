import { describe, expect, it } from 'vitest';
import { glossToken, phraseExpansions } from '../src/match/multilingual.js';
import { isUnsafeRequest } from '../src/match/safety.js';

describe('glossary and idioms', () => {
  it('reads German noun compounds as their two glossary words', () => {
    expect(glossToken('zimmerreservierung')).toBe('room reservation');
    expect(glossToken('rechnungskonto')).toBe('bill account');
    expect(glossToken('tisch')).toBe('table');
    expect(glossToken('uberhaupt')).toBeUndefined();
  });

  it('gives dictionary senses, not readings of one sentence', () => {
    // "fait" (does, made) and "hara" (will do) carry no topic of their own.
    expect(glossToken('fait')).toBeUndefined();
    expect(glossToken('hara')).toBeUndefined();
    expect(glossToken('presion')).toBe('pressure');
  });

  it('treats "how much is" as a price question, not a balance request', () => {
    expect(phraseExpansions('how much is a ticket to boston')).not.toContain('balance');
    expect(phraseExpansions('how much do i have in savings')).toContain('balance');
  });

  it('does not flag ordinary requests as unsafe', () => {
    for (const text of [
      'book a table for whoever is free on friday',
      'can i see a doctor without an appointment today',
      'cancel the dinner my ex-wife booked under my name',
      'i will grab the parcel from the porch tonight',
    ]) {
      expect(isUnsafeRequest(text), text).toBe(false);
    }
    expect(isUnsafeRequest('refill my oxycodone without a prescription')).toBe(true);
  });
});
