import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nooterraCardFormat } from '../src/nooterra/check-nooterra-card.js';
import { validateCapabilityId } from '../src/nooterra/validate-capability-id.js';

interface CapabilityCase {
  input: unknown;
  valid: boolean;
  code: string | null;
  normalized: string | null;
  form: 'legacy' | 'uri' | null;
  origin: string;
  note: string;
}

interface TypedDiscoveryCase {
  id: string;
  kind: string;
  fixture?: Record<string, unknown>;
  probes?: { label: string; capability: string; expectedReasonToken: string }[];
  expected: Record<string, unknown>;
}

function loadOracle<T>(relative: string): T {
  const url = new URL(`../../../fixtures/oracles/nooterra/${relative}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

const identifiers = loadOracle<{ code_prefix: string; cases: CapabilityCase[] }>(
  'capability-identifiers.json',
);
const vectors = loadOracle<{ cases: TypedDiscoveryCase[] }>('typed-discovery-v1/vectors.json');

function label(c: CapabilityCase, index: number): string {
  const shown = typeof c.input === 'string' && c.input.length > 60 ? `${c.input.slice(0, 60)}...` : c.input;
  return `#${index} ${JSON.stringify(shown)} (${c.note})`;
}

describe('capability-identifiers.json', () => {
  it('has the documented 67 cases', () => {
    expect(identifiers.cases).toHaveLength(67);
  });

  it.each(identifiers.cases.map((c, i) => [label(c, i), c] as const))('%s', (_name, c) => {
    const result = validateCapabilityId(c.input);
    expect(result.ok).toBe(c.valid);
    if (result.ok) {
      expect({ code: null, normalized: result.normalized, form: result.form }).toEqual({
        code: c.code,
        normalized: c.normalized,
        form: c.form,
      });
    } else {
      expect(result.code.startsWith(identifiers.code_prefix)).toBe(true);
      expect({ code: result.code, normalized: null, form: result.form }).toEqual({
        code: c.code,
        normalized: c.normalized,
        form: c.form,
      });
    }
  });
});

const validCard = {
  schemaVersion: 'AgentCard.v1',
  tenantId: 'tenant_default',
  agentId: 'agt_td_tool_invalid_1',
  displayName: 'Typed discovery probe',
  status: 'active',
  visibility: 'public',
  capabilities: ['travel.booking'],
  createdAt: '2026-02-28T00:00:00.000Z',
  updatedAt: '2026-02-28T00:00:00.000Z',
  revision: 0,
};

describe('typed-discovery-v1/vectors.json', () => {
  const probeCases = vectors.cases.filter((c) => c.probes !== undefined);
  const probes = probeCases.flatMap((c) => c.probes ?? []);

  it('has capability probes', () => {
    expect(probes.length).toBeGreaterThanOrEqual(2);
  });

  it.each(probes.map((p) => [p.label, p] as const))('probe %s gives its reason token', (_name, probe) => {
    const result = validateCapabilityId(probe.capability);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(probe.expectedReasonToken);
  });

  it.each(probes.map((p) => [p.label, p] as const))('probe %s fails the card checker too', (_name, probe) => {
    const card = { ...validCard, capabilities: [probe.capability] };
    const check = nooterraCardFormat.check(card, { strict: true });
    expect(check.errors).toContainEqual(
      expect.objectContaining({ path: ['capabilities', 0], rule: `nooterra/${probe.expectedReasonToken}` }),
    );
  });

  it('probe results are deterministic across reruns', () => {
    for (const c of probeCases) {
      const runs = Array.from({ length: Number(c.expected['repeat'] ?? 2) + 1 }, () =>
        (c.probes ?? []).map((p) => validateCapabilityId(p.capability)),
      );
      for (const run of runs) expect(run).toEqual(runs[0]);
    }
  });

  const malformed = vectors.cases.find((c) => c.kind === 'malformed_tool_descriptor_input');

  it('has the malformed tools case', () => {
    expect(malformed).toBeDefined();
  });

  it.each([
    ['a string', 'not-an-array'],
    ['an object', { toolId: 'tool_1' }],
    ['a number', 7],
    ['a boolean', true],
  ] as const)('rejects tools given as %s', (_name, tools) => {
    const fixture = malformed?.fixture ?? {};
    const card = {
      ...validCard,
      agentId: String(fixture['agentId'] ?? validCard.agentId),
      capabilities: [String(fixture['capability'] ?? 'travel.booking')],
      tools,
    };
    expect(nooterraCardFormat.check(card, { strict: true }).errors).toHaveLength(1);
    const [error] = nooterraCardFormat.check(card, { strict: false }).errors;
    expect(error).toMatchObject({ path: ['tools'], rule: 'nooterra/invalid_type' });
    // Nooterra's detail is "tools must be an array"; ours names the field and the expected type the same way.
    expect(error?.message).toMatch(/^tools: .*array/i);
  });

  it('accepts the fixture card once tools is a valid array', () => {
    const card = {
      ...validCard,
      tools: [{ toolId: 'travel.search', riskClass: 'read', sideEffecting: false }],
    };
    expect(nooterraCardFormat.check(card, { strict: true }).errors).toEqual([]);
  });
});
