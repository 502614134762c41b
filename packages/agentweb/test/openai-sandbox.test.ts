import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createToolCallHandler, toOpenAITools } from '../src/openai/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'openai-sandbox' });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

it('a chat tool-call loop and a responses function_call over the real client', async () => {
  const aw = pool.make(sandboxOptions(sb, { credentials: () => ({ type: 'bearer', token: 'oa' }) }));
  const domain = new URL(sb.merchants[0]?.baseUrl ?? 'http://missing').host;
  expect(toOpenAITools(aw, { api: 'chat' })).toHaveLength(9);
  const handler = createToolCallHandler(aw);
  const [discovered, searched] = await handler.handleToolCalls([
    {
      id: 'c1',
      type: 'function',
      function: { name: 'discover_merchants', arguments: JSON.stringify({ targets: [domain] }) },
    },
    {
      id: 'c2',
      type: 'function',
      function: {
        name: 'search_products',
        arguments: JSON.stringify({ query: 'lamp', merchants: null, filter: null, maxResults: 10 }),
      },
    },
  ]);
  expect(discovered).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
  expect(JSON.parse(discovered?.content ?? '')).toMatchObject({
    ok: true,
    data: { knownMerchants: [domain] },
  });
  const search = JSON.parse(searched?.content ?? '');
  expect(search).toMatchObject({ ok: true, data: { shown: expect.any(Number) } });
  // Out-of-stock products cannot be added; the sandbox has some.
  const inStock = search.data.products.find((p: { availability?: string }) => p.availability === 'inStock');
  const productId = inStock.productId as string;

  const output = await handler.handleToolCall({
    type: 'function_call',
    call_id: 'fc1',
    name: 'manage_cart',
    arguments: JSON.stringify({
      merchant: domain,
      action: 'add',
      productId,
      variantId: null,
      cartItemId: null,
      quantity: 1,
    }),
  });
  expect(output).toMatchObject({ type: 'function_call_output', call_id: 'fc1' });
  expect(JSON.parse(output.output)).toMatchObject({ ok: true, data: { items: [{ productId }] } });
}, 60_000);
