import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateAgisDocument } from '../src/index.js';

interface ValidatorCase {
  id: string;
  doc_yaml: string;
  conforms: boolean;
  failing_passes: number[];
  rule: string;
  tags: string[];
}

const benchDir = new URL('../../../fixtures/agis-dev/', import.meta.url);
const cases: ValidatorCase[] = readFileSync(new URL('validator.jsonl', benchDir), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as ValidatorCase);

describe('validator.jsonl (DEV set)', () => {
  it.each(cases.map((c) => [c.id, c.rule, c] as const))('%s: %s', async (_id, _rule, c) => {
    const result = await validateAgisDocument(c.doc_yaml);
    expect({ conforms: result.conforms, failingPasses: result.failingPasses }).toEqual({
      conforms: c.conforms,
      failingPasses: c.failing_passes,
    });
    for (const f of result.failures) {
      expect(f.message.length).toBeGreaterThan(20);
      expect(f.line).toBeTypeOf('number');
    }
  });
});

describe('benchmark services', () => {
  const files = readdirSync(new URL('services/', benchDir)).filter((f) => f.endsWith('.agis.yaml'));
  it.each(files)('%s conforms at Level 1', async (file) => {
    const text = readFileSync(new URL(`services/${file}`, benchDir), 'utf8');
    expect((await validateAgisDocument(text)).failures).toEqual([]);
    // Level 2 may only add Level 2 requirements (pass 5), never other failures.
    for (const f of (await validateAgisDocument(text, { level: 2 })).failures)
      expect(f.rule).toMatch(/^semantic\./);
  });
});
