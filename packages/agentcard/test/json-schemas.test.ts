import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  createA2ACard,
  createIetfAgentCard,
  parseAgentCard,
  safeParseAgentCard,
  toAgentCardJsonSchemas,
} from '../src/index.js';
import { readFixtureJson } from './fixture-files.js';

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

  it('ietf-agentcard gives the strict verdict of parseAgentCard on every IETF oracle case', () => {
    const validate = createAjv().compile(generated['ietf-agentcard']);
    const cases = readFixtureJson<{ cases: { id: string; card?: unknown; card_json_string?: string }[] }>(
      'oracles/agentcard/cases.json',
    ).cases;
    let compared = 0;
    for (const c of cases) {
      const card = c.card ?? (c.card_json_string === undefined ? undefined : JSON.parse(c.card_json_string));
      if (card === undefined) continue;
      compared++;
      expect(validate(card), c.id).toBe(safeParseAgentCard(card, { format: 'ietf' }).ok);
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('ietf-agentcard states the url scheme each protocol needs (§2.5.2), case-insensitively', () => {
    const validate = createAjv().compile(generated['ietf-agentcard']);
    const card = (protocol: string, url: string) => ({
      agent_id: '01HZQK3P8EMXR9V7T5N2W4J6C0',
      name: 'A',
      version: '1.0.0',
      capabilities: [{ id: 'a.b' }],
      endpoint: { protocol, url },
    });
    expect(validate(card('https', 'http://a.example/'))).toBe(false);
    expect(validate(card('https', 'HTTPS://a.example/'))).toBe(true);
    expect(validate(card('http', 'https://a.example/'))).toBe(true);
    expect(validate(card('grpc', 'dns:///a.example:443'))).toBe(true);
    expect(validate(card('grpc', 'ftp://a.example/'))).toBe(false);
    expect(validate(card('stdio', 'file:///usr/bin/agent'))).toBe(true);
  });
});
