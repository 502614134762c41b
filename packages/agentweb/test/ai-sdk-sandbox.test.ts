import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { toAiSdkTools } from '../src/ai-sdk/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'ai-sdk-sandbox' });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

it('generateText with the AgentWeb tool set runs discover and search against the sandbox', async () => {
  const aw = pool.make(sandboxOptions(sb));
  const domain = new URL(sb.merchants[0]?.baseUrl ?? 'http://missing').host;
  const model = new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 't1',
            toolName: 'discover_merchants',
            input: JSON.stringify({ targets: [domain] }),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 't2',
            toolName: 'search_products',
            input: JSON.stringify({ query: 'lamp', merchants: null, filter: null, maxResults: 2 }),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'Found lamps.' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
  const result = await generateText({
    model,
    tools: toAiSdkTools(aw),
    stopWhen: stepCountIs(5),
    prompt: 'lamps?',
  });
  expect(result.text).toBe('Found lamps.');
  const outputs = result.steps.flatMap((step) => step.toolResults.map((r) => r.output));
  expect(outputs[0]).toMatchObject({ ok: true, data: { knownMerchants: [domain] } });
  expect(outputs[1]).toMatchObject({
    ok: true,
    data: { shown: expect.any(Number), products: expect.any(Array) },
  });
  expect((outputs[1] as { data: { products: unknown[] } }).data.products.length).toBeGreaterThan(0);
  // The model received each result as JSON in the next prompt.
  expect(JSON.stringify(model.doGenerateCalls[2]?.prompt)).toContain('"merchant"');
}, 60_000);

it('generateText: a tool call that leaves out nullable fields runs with them as null (it was refused as "expected string, received undefined")', async () => {
  const aw = pool.make(sandboxOptions(sb));
  const domain = new URL(sb.merchants[0]?.baseUrl ?? 'http://missing').host;
  await aw.addMerchant(domain);
  const step = (toolCallId: string, toolName: string, input: object) => ({
    content: [{ type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls' as const, raw: undefined },
    usage,
    warnings: [],
  });
  const model = new MockLanguageModelV3({
    doGenerate: [
      // Only the required field: merchants, filter and maxResults left out.
      step('t1', 'search_products', { query: 'lamp' }),
      step('t2', 'get_product', { product: 'no-such-product', merchant: domain }),
      {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
  const result = await generateText({
    model,
    tools: toAiSdkTools(aw),
    stopWhen: stepCountIs(5),
    prompt: 'lamps?',
  });
  const errors = result.steps.flatMap((s) => s.content.filter((part) => part.type === 'tool-error'));
  expect(errors).toEqual([]);
  const outputs = result.steps.flatMap((s) => s.toolResults.map((r) => r.output));
  expect(outputs[0]).toMatchObject({ ok: true, data: { products: expect.any(Array) } });
  expect((outputs[0] as { data: { products: unknown[] } }).data.products.length).toBeGreaterThan(0);
}, 60_000);
