import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createA2ACard, createIetfAgentCard, parseAgentCard, toAgentCardJsonSchemas } from '../src/index.js';

const schemasDir = new URL('../schemas/', import.meta.url);
const generated = toAgentCardJsonSchemas();

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // zod writes `format: "includes"` next to the equivalent `pattern`; the pattern does the checking.
  ajv.addFormat('includes', true);
  return ajv;
}

describe('shipped JSON Schemas', () => {
  it('are the ones the zod models generate (run `pnpm build` to refresh schemas/)', () => {
    const shipped = readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json'));
    expect(shipped.sort()).toEqual(
      Object.keys(generated)
        .map((n) => `${n}.schema.json`)
        .sort(),
    );
    for (const [name, schema] of Object.entries(generated)) {
      const onDisk = JSON.parse(readFileSync(new URL(`${name}.schema.json`, schemasDir), 'utf8'));
      expect(onDisk, name).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });

  it('compile, and accept the cards our builders emit and the profiles we produce', () => {
    const ajv = createAjv();
    const validators = Object.fromEntries(Object.entries(generated).map(([n, s]) => [n, ajv.compile(s)]));
    const ietf = createIetfAgentCard({
      name: 'Summariser',
      capabilities: [{ id: 'text.summarise' }],
      endpoint: { protocol: 'https', url: 'https://agents.example/s' },
    });
    const a2a = createA2ACard({
      name: 'Shop',
      description: 'Shop',
      url: 'https://shop.example/a2a',
      version: '1.0.0',
      skills: [{ id: 'cap:product_get', name: 'Get', description: 'Get a product', tags: ['auth:public'] }],
      cap: { queryModes: ['keyword'] },
    });
    expect(validators['ietf-agentcard']?.(ietf), JSON.stringify(validators['ietf-agentcard']?.errors)).toBe(
      true,
    );
    expect(
      validators['a2a-agent-card-v0.3']?.(a2a),
      JSON.stringify(validators['a2a-agent-card-v0.3']?.errors),
    ).toBe(true);
    for (const card of [ietf, a2a]) {
      const { profile } = parseAgentCard(card);
      expect(
        validators['agent-profile']?.(profile),
        JSON.stringify(validators['agent-profile']?.errors),
      ).toBe(true);
    }
  });

  it('reject what the models reject', () => {
    const ajv = createAjv();
    const validate = ajv.compile(generated['ietf-agentcard']);
    expect(validate({ name: 'x' })).toBe(false);
  });
});
