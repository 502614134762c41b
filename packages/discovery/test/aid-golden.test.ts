import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AID_ERROR_NUMBERS, isAidError, parseAidRecord } from '../src/aid/index.js';

interface Golden {
  records: { name: string; raw: string; expected: Record<string, string> }[];
  invalid: { name: string; raw: string; errorCode: string }[];
}

// The AID spec repository's golden cases (fixtures/README.md names the source and licence).
const golden = JSON.parse(
  readFileSync(new URL('../../../fixtures/oracles/aid/golden.json', import.meta.url), 'utf8'),
) as Golden;

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('AID golden records (agent-identity-discovery test-fixtures/golden.json)', () => {
  it('has cases to run', () => {
    expect(golden.records.length).toBeGreaterThanOrEqual(5);
    expect(golden.invalid.length).toBeGreaterThanOrEqual(1);
  });

  for (const { name, raw, expected } of golden.records) {
    it(`reads ${name}`, () => {
      expect(parseAidRecord(raw)).toEqual(expected);
    });
    it(`reads ${name} split into TXT character-strings`, () => {
      const cut = Math.floor(raw.length / 3);
      expect(parseAidRecord([raw.slice(0, cut), raw.slice(cut, 2 * cut), raw.slice(2 * cut)])).toEqual(
        expected,
      );
    });
  }

  for (const { name, raw, errorCode } of golden.invalid) {
    it(`refuses ${name} with ${errorCode}`, () => {
      const error = thrown(() => parseAidRecord(raw));
      expect(isAidError(error)).toBe(true);
      const code = errorCode.replace(/^ERR_/, 'AID_');
      expect(error).toMatchObject({ code, name: 'AidError' });
      expect((error as { aidErrorNumber: number }).aidErrorNumber).toBe(
        AID_ERROR_NUMBERS[code as keyof typeof AID_ERROR_NUMBERS],
      );
    });
  }
});
