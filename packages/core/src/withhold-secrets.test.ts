import { describe, expect, it } from 'vitest';
import { withholdSecrets } from './withhold-secrets.js';

describe('withholdSecrets', () => {
  it('replaces every occurrence of each secret, and leaves text without them as it was', () => {
    expect(
      withholdSecrets('token tok_live_123 sent twice: tok_live_123; key k-9999', ['tok_live_123', 'k-9999']),
    ).toBe('token [withheld] sent twice: [withheld]; key [withheld]');
    expect(withholdSecrets('nothing here', ['tok_live_123'])).toBe('nothing here');
    expect(withholdSecrets('no secrets given', undefined)).toBe('no secrets given');
  });

  it('leaves secrets under 4 characters alone rather than shred ordinary text', () => {
    expect(withholdSecrets('a cat sat', ['at'])).toBe('a cat sat');
  });
});
