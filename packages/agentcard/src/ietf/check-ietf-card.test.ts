import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentProfileSchema } from '../agent-profile.js';
import type { ValidationIssue } from '../validation-issue.js';
import { IETF_ULID_RANGE_RULE, ietfCardFormat } from './check-ietf-card.js';
import { IETF_AGENTCARD_VERSION, type IetfAgentCard } from './ietf-card-schema.js';

/** The draft's §7 complete example. */
function example(): Record<string, unknown> {
  return {
    agent_id: '01HZQK3P8EMXR9V7T5N2W4J6C0',
    name: 'ResearchAnalyst',
    version: '1.2.0',
    capabilities: [
      {
        id: 'text.summarise',
        description: 'Summarise a document to a given word limit.',
        input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
      { id: 'tool.web_search', description: 'Search the public web.', tags: ['search', 'retrieval'] },
      { id: 'data.fetch_csv', description: 'Fetch a CSV file.' },
    ],
    endpoint: {
      protocol: 'https',
      url: 'https://agents.example.com/api/research-analyst',
      auth: { scheme: 'bearer' },
    },
    pricing: { base_cost_joules: 2.854e-21, per_token_joules: 1.4e-24 },
    metadata: { 'pacr:trust_tier': 'established', 'pacr:substrate_scope': 'AWS_Graviton_c7g' },
    goal_subscriptions: [
      { goal_id: '01HZQK3P8EMXR9V7T5N2W4J6C1', description: 'Q3 analysis', priority: 0.8 },
    ],
  };
}

function check(card: unknown, strict = false) {
  return ietfCardFormat.check(card as Record<string, unknown>, { strict });
}

function rules(issues: ValidationIssue[]): string[] {
  return issues.map((issue) => issue.rule);
}

describe('ietfCardFormat.check: section 5 rules', () => {
  it('accepts the draft §7 example with no errors or warnings', () => {
    const result = check(example(), true);
    expect(result).toMatchObject({ version: IETF_AGENTCARD_VERSION, errors: [], warnings: [] });
  });

  it('collects every problem instead of stopping at the first', () => {
    const card = {
      agent_id: 'not-a-ulid',
      name: '',
      version: 'v1',
      capabilities: [{ id: 'Bad Id' }, { id: 'ok.id' }, {}, 'text.generate', { id: 7 }],
      endpoint: { protocol: 'ftp', url: 'not a uri', auth: { scheme: 'basic' } },
      pricing: { base_cost_joules: 1e-30, per_token_joules: -1 },
      metadata: { 'pacr:trust_tier': 'Verified' },
      goal_subscriptions: [{ priority: 2 }],
    };
    const result = check(card);
    expect(result.errors.map((i) => [i.rule, i.path])).toEqual([
      ['ietf-agentcard/1', ['agent_id']],
      ['ietf-agentcard/2', ['version']],
      ['ietf-agentcard/4', ['capabilities', 0, 'id']],
      ['ietf-agentcard/4', ['capabilities', 2, 'id']],
      ['ietf-agentcard/4', ['capabilities', 3]],
      ['ietf-agentcard/4', ['capabilities', 4, 'id']],
      ['ietf-agentcard/5', ['endpoint', 'protocol']],
      ['ietf-agentcard/6', ['endpoint', 'url']],
      ['ietf-agentcard/7', ['pricing', 'base_cost_joules']],
      ['ietf-agentcard/8', ['pricing', 'per_token_joules']],
      ['ietf-agentcard/9', ['metadata', 'pacr:trust_tier']],
    ]);
    expect(result.warnings.map((i) => [i.rule, i.path])).toEqual([
      ['ietf-agentcard/2.2', ['name']],
      ['ietf-agentcard/2.5.3', ['endpoint', 'auth', 'scheme']],
      ['ietf-agentcard/2.8', ['goal_subscriptions', 0, 'goal_id']],
      ['ietf-agentcard/2.8', ['goal_subscriptions', 0, 'priority']],
    ]);
  });

  it('writes messages that start with the path and name the field and the rule', () => {
    const [issue] = check({ ...example(), agent_id: '01HZQK3P8EMXR9V7T5N2W4J6C00' }).errors;
    expect(issue?.message).toMatch(/^agent_id: agent_id must be exactly 26 characters .*\(rule 1\)/);
    expect(issue?.message).toContain('27 characters');
    const [cap] = check({ ...example(), capabilities: [{ id: 'x' }, { id: 'Tool' }] }).errors;
    expect(cap?.message).toBe(
      'capabilities[1].id: capability id must match ^[a-z0-9][a-z0-9._-]*$ (rule 4), got "Tool"',
    );
  });

  it('rule 1: 26 Crockford characters, upper case only', () => {
    for (const bad of [
      '01HZQK3P8EMXR9V7T5N2W4J6C',
      '01HZQK3P8EMXR9V7T5N2W4J6C00',
      '01hzqk3p8emxr9v7t5n2w4j6c0',
      'ILOUILOUILOUILOUILOUILOUI0',
      '',
      42,
      null,
    ]) {
      expect(rules(check({ ...example(), agent_id: bad }).errors), String(bad)).toEqual(['ietf-agentcard/1']);
    }
    expect(check({ ...example(), agent_id: '0123456789ABCDEFGHJKMNPQRS' }).errors).toEqual([]);
  });

  it('rule 1: a first character above 7 is only a ulid-range warning, even in strict mode', () => {
    for (const strict of [false, true]) {
      const result = check({ ...example(), agent_id: '8ZZZZZZZZZZZZZZZZZZZZZZZZZ' }, strict);
      expect(result.errors).toEqual([]);
      expect(rules(result.warnings)).toEqual([IETF_ULID_RANGE_RULE]);
    }
    expect(check({ ...example(), agent_id: '7ZZZZZZZZZZZZZZZZZZZZZZZZZ' }).warnings).toEqual([]);
  });

  it("rule 2: the draft's loose SemVer regex, exactly", () => {
    const good = [
      '0.0.1',
      '1.0.0',
      '2.3.4-alpha.1',
      '1.0.0+build.42',
      '1.0.0-rc.1+sha.abc',
      '1.0.0-alpha..1',
      '1.0.0-01',
    ];
    const bad = [
      '1',
      '1.0',
      'v1.0.0',
      '1.0.0.0',
      '1.01.0',
      '01.0.0',
      '1.0.0-',
      '1.0.0+',
      '1.0.0-a_b',
      ' 1.0.0',
      1,
      null,
    ];
    for (const version of good) expect(check({ ...example(), version }).errors, version).toEqual([]);
    for (const version of bad) {
      expect(rules(check({ ...example(), version }).errors), String(version)).toEqual(['ietf-agentcard/2']);
    }
  });

  it('rule 3: capabilities must be a non-empty array', () => {
    for (const capabilities of [undefined, [], {}, 'text.generate', null]) {
      const card = { ...example(), capabilities };
      expect(check(card).errors.map((i) => [i.rule, i.path])).toEqual([
        ['ietf-agentcard/3', ['capabilities']],
      ]);
    }
  });

  it('rule 4: every capability needs a valid id', () => {
    const ok = ['9lives', 'a', 'com.example.custom_capability', 'a-b.c_d'];
    const bad = ['.bad', '_x', 'Text', 'tool.web search', '', 'tool/x', 'é'];
    for (const id of ok) expect(check({ ...example(), capabilities: [{ id }] }).errors, id).toEqual([]);
    for (const id of bad) {
      expect(rules(check({ ...example(), capabilities: [{ id }] }).errors), id).toEqual(['ietf-agentcard/4']);
    }
    const result = check({ ...example(), capabilities: [null, [], { name: 'x.y' }] });
    expect(result.errors.map((i) => i.path)).toEqual([
      ['capabilities', 0],
      ['capabilities', 1],
      ['capabilities', 2, 'id'],
    ]);
  });

  it('rule 5: the protocol enum, case-sensitive', () => {
    for (const protocol of ['http', 'https', 'grpc', 'stdio', 'mcp']) {
      const card = { ...example(), endpoint: { protocol, url: 'https://a.example/x' } };
      expect(check(card).errors, protocol).toEqual([]);
    }
    for (const protocol of ['HTTPS', 'ftp', 'sse', 'websocket', '', undefined, 1]) {
      const card = { ...example(), endpoint: { protocol, url: 'https://a.example/x' } };
      expect(rules(check(card).errors), String(protocol)).toEqual(['ietf-agentcard/5']);
    }
  });

  it('rules 5 and 6 both fail when the endpoint is missing or not an object', () => {
    for (const endpoint of [undefined, null, 'https://router.example', [], 3]) {
      const result = check({ ...example(), endpoint });
      expect(result.errors.map((i) => [i.rule, i.path])).toEqual([
        ['ietf-agentcard/5', ['endpoint']],
        ['ietf-agentcard/6', ['endpoint']],
      ]);
    }
  });

  it('rule 6: an absolute RFC 3986 URI', () => {
    const ok = [
      'https://agents.example.com/a',
      'https://a.example/x%20y?q=1&r=[2]#frag',
      'mcp://localhost/agent',
      'urn:isbn:0451450523',
      'stdio:',
      'mailto:agent@example.com',
      "https://a.example/!$&'()*+,;=:@~",
    ];
    const bad = [
      '',
      'not a uri',
      '/relative/path',
      '//host/path',
      'https://a.example/a b',
      'https://a/%2G',
      'https://a/%2',
      'https://a/#x#y',
      'https://a/ü',
      '1http://a',
      'https://a/<x>',
      42,
    ];
    for (const url of ok) {
      const card = { ...example(), endpoint: { protocol: 'stdio', url } };
      expect(check(card).errors, url).toEqual([]);
    }
    for (const url of bad) {
      const card = { ...example(), endpoint: { protocol: 'stdio', url } };
      expect(rules(check(card).errors), String(url)).toEqual(['ietf-agentcard/6']);
    }
  });

  it('rule 7: base_cost_joules is 0 or at least the Landauer floor', () => {
    for (const base of [0, -0, 2.854e-21, 2.854e-20, 1.5, 1e6]) {
      expect(check({ ...example(), pricing: { base_cost_joules: base } }).errors, String(base)).toEqual([]);
    }
    for (const base of [2.853e-21, 1e-30, -1e-30, -1, '0.001', null, Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = check({ ...example(), pricing: { base_cost_joules: base } });
      expect(rules(result.errors), String(base)).toEqual(['ietf-agentcard/7']);
    }
  });

  it('rule 8: per_token_joules is a non-negative number', () => {
    for (const perToken of [0, 1.4e-24, 3]) {
      expect(check({ ...example(), pricing: { per_token_joules: perToken } }).errors).toEqual([]);
    }
    for (const perToken of [-1e-24, -1, '1', null, Number.NaN]) {
      const result = check({ ...example(), pricing: { per_token_joules: perToken } });
      expect(rules(result.errors), String(perToken)).toEqual(['ietf-agentcard/8']);
    }
  });

  it('rule 9: pacr:trust_tier is one of five lower-case values', () => {
    for (const tier of ['untrusted', 'basic', 'established', 'verified', 'banned']) {
      expect(check({ ...example(), metadata: { 'pacr:trust_tier': tier } }).errors).toEqual([]);
    }
    for (const tier of ['Verified', 'trusted', '', 1, null]) {
      const result = check({ ...example(), metadata: { 'pacr:trust_tier': tier } });
      expect(rules(result.errors), String(tier)).toEqual(['ietf-agentcard/9']);
    }
  });

  it('rule 10: unknown fields at every level pass in strict mode and stay in the card', () => {
    const base = example();
    const card = {
      ...base,
      x_top: { nested: [1, 2] },
      description: 'unknown at the top level',
      capabilities: [{ id: 'text.generate', x_cap: true, eon: { a: 1 } }],
      endpoint: {
        protocol: 'https',
        url: 'https://agents.example.com/a',
        health_url: 'https://agents.example.com/health',
        auth: { scheme: 'api_key', header: 'X-Key', token_url: 'https://t.example', x_auth: 1 },
      },
      pricing: { base_cost_joules: 0, currency: 'USD', estimated_latency_ms: 5 },
      metadata: { 'mcp:tool': 'x', 'vendor:thing': [1, 2], 'pacr:other': { deep: true } },
      goal_subscriptions: [{ goal_id: 'g1', x_goal: 1, coupling_scale: 0.5 }],
    };
    const snapshot = structuredClone(card);
    const result = check(card, true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.card).toEqual(snapshot);
    expect(result.card['x_top']).toEqual({ nested: [1, 2] });
    expect(result.card.capabilities[0]?.['x_cap']).toBe(true);
    expect(result.card.endpoint['health_url']).toBe('https://agents.example.com/health');
    expect(result.card.endpoint.auth?.['x_auth']).toBe(1);
    expect(result.card.pricing?.['currency']).toBe('USD');
    expect(result.card.metadata?.['vendor:thing']).toEqual([1, 2]);
    expect(result.card.goal_subscriptions?.[0]?.['x_goal']).toBe(1);
  });
});

describe('ietfCardFormat.check: section 2 MUSTs', () => {
  const cases: [string, Record<string, unknown>, string, (string | number)[]][] = [
    ['missing name', { name: undefined }, '2.2', ['name']],
    ['empty name', { name: '' }, '2.2', ['name']],
    ['numeric name', { name: 42 }, '2.2', ['name']],
    ['129-character name', { name: 'n'.repeat(129) }, '2.2', ['name']],
    ['129 astral code points', { name: '😀'.repeat(129) }, '2.2', ['name']],
    [
      'https protocol with an http URL',
      { endpoint: { protocol: 'https', url: 'http://a.example' } },
      '2.5.2',
      ['endpoint', 'url'],
    ],
    [
      'http protocol with an mcp URL',
      { endpoint: { protocol: 'http', url: 'mcp://a.example' } },
      '2.5.2',
      ['endpoint', 'url'],
    ],
    [
      'grpc protocol with an ftp URL',
      { endpoint: { protocol: 'grpc', url: 'ftp://a.example' } },
      '2.5.2',
      ['endpoint', 'url'],
    ],
    [
      'auth not an object',
      { endpoint: { protocol: 'https', url: 'https://a', auth: 'bearer' } },
      '2.5.3',
      ['endpoint', 'auth'],
    ],
    [
      'unknown auth scheme',
      { endpoint: { protocol: 'https', url: 'https://a', auth: { scheme: 'basic' } } },
      '2.5.3',
      ['endpoint', 'auth', 'scheme'],
    ],
    [
      'upper-case auth scheme',
      { endpoint: { protocol: 'https', url: 'https://a', auth: { scheme: 'Bearer' } } },
      '2.5.3',
      ['endpoint', 'auth', 'scheme'],
    ],
    [
      'description not a string',
      { capabilities: [{ id: 'a', description: 1 }] },
      '2.4.2',
      ['capabilities', 0, 'description'],
    ],
    [
      'input_schema an array',
      { capabilities: [{ id: 'a', input_schema: [] }] },
      '2.4.3',
      ['capabilities', 0, 'input_schema'],
    ],
    [
      'output_schema null',
      { capabilities: [{ id: 'a', output_schema: null }] },
      '2.4.3',
      ['capabilities', 0, 'output_schema'],
    ],
    ['tags a string', { capabilities: [{ id: 'a', tags: 'search' }] }, '2.4.4', ['capabilities', 0, 'tags']],
    [
      'a numeric tag',
      { capabilities: [{ id: 'a', tags: ['ok', 3] }] },
      '2.4.4',
      ['capabilities', 0, 'tags', 1],
    ],
    ['pricing an array', { pricing: [] }, '2.6', ['pricing']],
    ['metadata a string', { metadata: 'x' }, '2.7', ['metadata']],
    ['goal_subscriptions an object', { goal_subscriptions: {} }, '2.8', ['goal_subscriptions']],
    ['goal entry not an object', { goal_subscriptions: ['g'] }, '2.8', ['goal_subscriptions', 0]],
    [
      'goal without goal_id',
      { goal_subscriptions: [{ label: 'x' }] },
      '2.8',
      ['goal_subscriptions', 0, 'goal_id'],
    ],
    [
      'numeric goal_id',
      { goal_subscriptions: [{ goal_id: 1 }] },
      '2.8',
      ['goal_subscriptions', 0, 'goal_id'],
    ],
    [
      'priority below 0',
      { goal_subscriptions: [{ goal_id: 'g', priority: -0.1 }] },
      '2.8',
      ['goal_subscriptions', 0, 'priority'],
    ],
    [
      'priority a string',
      { goal_subscriptions: [{ goal_id: 'g', priority: '0.5' }] },
      '2.8',
      ['goal_subscriptions', 0, 'priority'],
    ],
  ];

  it.each(cases)('%s: warning when lenient, error when strict', (_label, patch, section, path) => {
    const card = { ...example(), ...patch };
    const lenient = check(card, false);
    expect(lenient.errors).toEqual([]);
    expect(lenient.warnings.map((i) => [i.rule, i.path])).toEqual([[`ietf-agentcard/${section}`, path]]);
    const strict = check(card, true);
    expect(strict.warnings).toEqual([]);
    expect(strict.errors.map((i) => [i.rule, i.path])).toEqual([[`ietf-agentcard/${section}`, path]]);
  });

  it('counts name length in code points, not UTF-16 units', () => {
    expect(check({ ...example(), name: '😀'.repeat(128) }, true).errors).toEqual([]);
    expect(check({ ...example(), name: 'é'.repeat(128) }, true).errors).toEqual([]);
    expect(check({ ...example(), name: 'n' }, true).errors).toEqual([]);
  });

  it('accepts the URL schemes documented for each protocol', () => {
    const ok: [string, string][] = [
      ['https', 'https://a.example'],
      ['https', 'HTTPS://a.example'],
      ['http', 'http://a.example'],
      ['http', 'https://a.example'],
      ['grpc', 'grpc://a.example:443'],
      ['grpc', 'grpcs://a.example'],
      ['grpc', 'https://a.example'],
      ['grpc', 'dns:///a.example:50051'],
      ['grpc', 'unix:///tmp/agent.sock'],
      ['mcp', 'mcp://a.example/v1'],
      ['mcp', 'https://a.example/mcp'],
      ['stdio', 'stdio:'],
      ['stdio', 'file:///usr/local/bin/agent'],
    ];
    for (const [protocol, url] of ok) {
      expect(check({ ...example(), endpoint: { protocol, url } }, true).errors, `${protocol} ${url}`).toEqual(
        [],
      );
    }
  });

  it('skips the scheme check when rule 5 or 6 already failed', () => {
    const result = check({ ...example(), endpoint: { protocol: 'https', url: 'not a uri' } }, true);
    expect(rules(result.errors)).toEqual(['ietf-agentcard/6']);
  });
});

describe('ietfCardFormat.check: hostile input', () => {
  it('never throws, whatever the top-level value', () => {
    for (const input of [null, undefined, [], 'card', 42, true, Object.create(null)]) {
      const result = check(input);
      expect(rules(result.errors)).toEqual([
        'ietf-agentcard/1',
        'ietf-agentcard/2',
        'ietf-agentcard/3',
        'ietf-agentcard/5',
        'ietf-agentcard/6',
      ]);
      expect(rules(result.warnings)).toEqual(['ietf-agentcard/2.2']);
    }
  });

  it('never throws when any field holds any value, and toProfile always gives a valid profile', () => {
    const keys = [
      'agent_id',
      'name',
      'version',
      'capabilities',
      'endpoint',
      'pricing',
      'metadata',
      'goal_subscriptions',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.anything({ withNullPrototype: true, withObjectString: true }),
        fc.boolean(),
        (key, value, strict) => {
          const card = { ...example(), [key]: value };
          const result = check(card, strict);
          for (const issue of [...result.errors, ...result.warnings]) {
            expect(typeof issue.message).toBe('string');
            expect(issue.rule).toMatch(/^ietf-agentcard\//);
          }
          const profile = ietfCardFormat.toProfile(result.card, result.version);
          expect(AgentProfileSchema.safeParse(profile).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws when nested fields hold any value', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        const card = {
          ...example(),
          capabilities: [a, { id: 'x', input_schema: b, tags: c, description: a }],
          endpoint: { protocol: a, url: b, auth: c },
          pricing: { base_cost_joules: a, per_token_joules: b },
          metadata: { 'pacr:trust_tier': c },
          goal_subscriptions: [a, { goal_id: b, priority: c }],
        };
        const result = check(card);
        AgentProfileSchema.parse(ietfCardFormat.toProfile(result.card, result.version));
      }),
      { numRuns: 300 },
    );
  });
});

describe('ietfCardFormat.toProfile', () => {
  function profileOf(card: Record<string, unknown>) {
    const result = check(card, true);
    const profile = ietfCardFormat.toProfile(result.card, result.version);
    expect(AgentProfileSchema.parse(profile)).toEqual(profile);
    return profile;
  }

  it('normalizes the §7 example', () => {
    expect(profileOf(example())).toEqual({
      id: '01HZQK3P8EMXR9V7T5N2W4J6C0',
      name: 'ResearchAnalyst',
      description: '',
      version: '1.2.0',
      endpoints: [
        { url: 'https://agents.example.com/api/research-analyst', binding: 'https', protocolVersion: '' },
      ],
      skills: [
        {
          id: 'text.summarise',
          name: 'text.summarise',
          description: 'Summarise a document to a given word limit.',
          tags: [],
          inputModes: ['application/json'],
          outputModes: ['application/json'],
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
        {
          id: 'tool.web_search',
          name: 'tool.web_search',
          description: 'Search the public web.',
          tags: ['search', 'retrieval'],
          inputModes: [],
          outputModes: [],
        },
        {
          id: 'data.fetch_csv',
          name: 'data.fetch_csv',
          description: 'Fetch a CSV file.',
          tags: [],
          inputModes: [],
          outputModes: [],
        },
      ],
      auth: {
        required: true,
        schemes: [{ id: 'bearer', type: 'bearer', scheme: 'Bearer' }],
        requirements: [['bearer']],
      },
      cap: null,
      pricing: { baseCostJoules: 2.854e-21, perTokenJoules: 1.4e-24 },
      capabilities: { streaming: false, pushNotifications: false, extendedCard: false },
      source: { format: 'ietf', version: IETF_AGENTCARD_VERSION },
    });
  });

  it('uses an unknown top-level description when it is a string', () => {
    expect(profileOf({ ...example(), description: 'Layer 4 validator' }).description).toBe(
      'Layer 4 validator',
    );
    expect(profileOf({ ...example(), description: { text: 'x' } }).description).toBe('');
  });

  it('marks skills as JSON when they declare an output schema only', () => {
    const profile = profileOf({
      ...example(),
      capabilities: [{ id: 'a', output_schema: { type: 'object' } }],
    });
    expect(profile.skills[0]).toMatchObject({
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    });
    expect(profile.skills[0]?.inputSchema).toBeUndefined();
  });

  it('maps each auth scheme', () => {
    const authOf = (auth: unknown) =>
      profileOf({ ...example(), endpoint: { protocol: 'https', url: 'https://a', auth } }).auth;
    expect(authOf(undefined)).toEqual({ required: false, schemes: [], requirements: [] });
    expect(authOf({})).toEqual({ required: false, schemes: [], requirements: [] });
    expect(authOf({ scheme: 'none' })).toEqual({
      required: false,
      schemes: [{ id: 'none', type: 'none' }],
      requirements: [],
    });
    expect(authOf({ scheme: 'api_key', header: 'X-API-Key' })).toEqual({
      required: true,
      schemes: [{ id: 'api_key', type: 'apiKey', in: 'header', name: 'X-API-Key' }],
      requirements: [['api_key']],
    });
    expect(authOf({ scheme: 'api_key' }).schemes).toEqual([{ id: 'api_key', type: 'apiKey', in: 'header' }]);
    expect(authOf({ scheme: 'oauth2' }).schemes).toEqual([{ id: 'oauth2', type: 'oauth2' }]);
    expect(authOf({ scheme: 'mtls' }).schemes).toEqual([{ id: 'mtls', type: 'mutualTLS' }]);
  });

  it('maps an unknown auth scheme (a §2.5.3 warning) to type other', () => {
    const card = {
      ...example(),
      endpoint: { protocol: 'https', url: 'https://a', auth: { scheme: 'basic' } },
    };
    const result = check(card, false);
    expect(ietfCardFormat.toProfile(result.card, result.version).auth).toEqual({
      required: true,
      schemes: [{ id: 'basic', type: 'other' }],
      requirements: [['basic']],
    });
  });

  it('gives null pricing without a pricing object and keeps only numeric prices', () => {
    const { pricing: _, ...withoutPricing } = example();
    expect(profileOf(withoutPricing).pricing).toBeNull();
    expect(profileOf({ ...example(), pricing: { base_cost_joules: 0 } }).pricing).toEqual({
      baseCostJoules: 0,
    });
    expect(profileOf({ ...example(), pricing: { currency: 'USD' } }).pricing).toEqual({});
  });

  it('drops wrongly typed parts of a card that passed only the lenient check', () => {
    const card = {
      ...example(),
      name: 42,
      capabilities: [{ id: 'a', tags: ['ok', 1], input_schema: [], description: 7 }],
    } as unknown as IetfAgentCard;
    const profile = ietfCardFormat.toProfile(card, IETF_AGENTCARD_VERSION);
    expect(AgentProfileSchema.parse(profile)).toEqual(profile);
    expect(profile.name).toBe('');
    expect(profile.skills).toEqual([
      { id: 'a', name: 'a', description: '', tags: ['ok'], inputModes: [], outputModes: [] },
    ]);
  });
});
