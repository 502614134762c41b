import { describe, expect, it } from 'vitest';
import {
  AGENT_WEB_TOOL_NAMES,
  createAgentWebTools,
  isAgentWebToolsOptionsError,
  type ToolJsonSchema,
  toolInputJsonSchema,
} from '../src/tools/index.js';
import { createFakeClient } from './tools-fake-client.js';

// Keywords OpenAI strict mode accepts (structured outputs: supported schemas). Anything else is refused by the
// API when `strict: true`, so a schema that uses one would break every OpenAI user.
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'description',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'pattern',
  'format',
]);

/** Every problem that would make OpenAI strict mode refuse the schema, with its JSON path. */
function strictProblems(schema: unknown, path = '$'): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return [`${path}: not a schema object`];
  const node = schema as ToolJsonSchema;
  const problems: string[] = [];
  for (const key of Object.keys(node)) {
    if (!STRICT_KEYWORDS.has(key)) problems.push(`${path}: keyword "${key}" is not supported in strict mode`);
  }
  const types = [node['type']].flat();
  if (types.includes('object') || node['properties'] !== undefined) {
    const properties = (node['properties'] ?? {}) as Record<string, unknown>;
    if (node['additionalProperties'] !== false) problems.push(`${path}: additionalProperties must be false`);
    const required = [...((node['required'] as string[] | undefined) ?? [])].sort();
    const keys = Object.keys(properties).sort();
    if (JSON.stringify(required) !== JSON.stringify(keys)) {
      problems.push(`${path}: every property must be required (required ${required}, properties ${keys})`);
    }
    for (const [key, child] of Object.entries(properties))
      problems.push(...strictProblems(child, `${path}.${key}`));
  }
  if (node['items'] !== undefined) problems.push(...strictProblems(node['items'], `${path}[]`));
  if (Array.isArray(node['anyOf'])) {
    for (const [index, branch] of node['anyOf'].entries())
      problems.push(...strictProblems(branch, `${path}|${index}`));
  }
  return problems;
}

const tools = createAgentWebTools(createFakeClient().client);

describe('the neutral tool list', () => {
  it('has the nine tools in a fixed order, with OpenAI-valid names', () => {
    expect(tools.map((tool) => tool.name)).toEqual([...AGENT_WEB_TOOL_NAMES]);
    expect(AGENT_WEB_TOOL_NAMES).toEqual([
      'discover_merchants',
      'search_products',
      'get_product',
      'manage_cart',
      'order_status',
      'match_intent',
      'invoke_intent',
      'ask_agent',
      'checkout',
    ]);
    for (const tool of tools) expect(tool.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))(
    '%s: its JSON Schema is accepted by OpenAI strict mode',
    (_name, tool) => {
      const schema = toolInputJsonSchema(tool);
      expect(schema['type']).toBe('object');
      expect(schema['$schema']).toBeUndefined();
      expect(strictProblems(schema)).toEqual([]);
    },
  );

  it('the strictness check catches what strict mode refuses (so the test above can fail)', () => {
    expect(strictProblems({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([
      '$: additionalProperties must be false',
      '$: every property must be required (required , properties a)',
    ]);
    expect(strictProblems({ type: 'string', minLength: 1 })).toEqual([
      '$: keyword "minLength" is not supported in strict mode',
    ]);
  });

  it('describes every tool and every argument for the model, with consistent hints', () => {
    for (const tool of tools) {
      expect(tool.title.length).toBeGreaterThan(3);
      expect(tool.description.length).toBeGreaterThan(120);
      const properties = toolInputJsonSchema(tool)['properties'] as Record<string, { description?: string }>;
      for (const [key, property] of Object.entries(properties)) {
        expect(property.description, `${tool.name}.${key}`).toMatch(/\w{3,}/);
      }
      const { readOnlyHint, destructiveHint } = tool.annotations;
      expect(readOnlyHint && destructiveHint).toBe(false);
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.manage_cart?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.invoke_intent?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.search_products?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(byName.match_intent?.annotations.openWorldHint).toBe(false);
    expect(byName.invoke_intent?.description).toMatch(
      /confirmed: true only after the user explicitly agrees/,
    );
  });

  it('filters with include, keeping the fixed order', () => {
    const some = createAgentWebTools(createFakeClient().client, {
      include: ['manage_cart', 'search_products'],
    });
    expect(some.map((tool) => tool.name)).toEqual(['search_products', 'manage_cart']);
  });

  it('refuses unknown tool names and bad numbers with AgentWebToolsOptionsError', () => {
    const { client } = createFakeClient();
    const bad = [
      () => createAgentWebTools(client, { include: ['buy_everything' as never] }),
      () => createAgentWebTools(client, { maxResultChars: 10 }),
      () => createAgentWebTools(client, { maxProducts: 0 }),
      () => createAgentWebTools(client, { maxProducts: 2.5 }),
      () => createAgentWebTools(client, { confirm: 'yes' as never }),
    ];
    for (const make of bad) {
      let caught: unknown;
      try {
        make();
      } catch (error) {
        caught = error;
      }
      expect(isAgentWebToolsOptionsError(caught)).toBe(true);
    }
    expect(() => createAgentWebTools(client, { include: ['nope' as never] })).toThrow(/unknown tool "nope"/);
  });
});
