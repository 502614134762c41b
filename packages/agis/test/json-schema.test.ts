import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toAgisJsonSchema } from '../src/index.js';

const schemaUrl = new URL('../schemas/agis-1.0.schema.json', import.meta.url);
const servicesDir = new URL('../../../fixtures/agis-dev/services/', import.meta.url);

describe('AGIS 1.0 JSON Schema', () => {
  it('the committed schema equals the generator output', () => {
    const generated = `${JSON.stringify(toAgisJsonSchema(), null, 2)}\n`;
    if (process.env['AGIS_WRITE_SCHEMA'] === '1') writeFileSync(schemaUrl, generated);
    expect(readFileSync(schemaUrl, 'utf8')).toBe(generated);
  });

  it('accepts every benchmark service and rejects a document without endpoints', () => {
    const ajv = new Ajv2020.default({ strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaUrl, 'utf8')));
    for (const f of readdirSync(servicesDir).filter((n) => n.endsWith('.yaml'))) {
      const doc = parse(readFileSync(new URL(f, servicesDir), 'utf8'));
      expect(validate(doc), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(
      validate({
        agis: '1.0',
        service: 'x',
        agtp: 'agtp://x',
        endpoints: [],
        vocabulary: { declared_verbs: ['FIND'] },
      }),
    ).toBe(false);
  });
});
