import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { ToolMessage } from '@langchain/core/messages';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { AgentWebToolkit } from '../src/langchain/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'langchain-sandbox' });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

it('LangChain tools over the real AgentWeb client: discover, search, then add to the cart via ToolCalls', async () => {
  const aw = pool.make(sandboxOptions(sb, { credentials: () => ({ type: 'bearer', token: 'lc' }) }));
  const tools = new AgentWebToolkit(aw).getTools();
  const byName = (name: string) => {
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  };
  const domain = new URL(sb.merchants[0]?.baseUrl ?? 'http://missing').host;

  const discovered = JSON.parse(String(await byName('discover_merchants').invoke({ targets: [domain] })));
  expect(discovered).toMatchObject({ ok: true, data: { knownMerchants: [domain] } });

  const searchMessage = await byName('search_products').invoke({
    name: 'search_products',
    args: { query: 'lamp', merchants: [domain], filter: null, maxResults: 10 },
    id: 'call-search',
    type: 'tool_call',
  });
  expect(ToolMessage.isInstance(searchMessage)).toBe(true);
  const search = JSON.parse(String((searchMessage as ToolMessage).content));
  expect(search.ok).toBe(true);
  // Out-of-stock products cannot be added; the sandbox has some.
  const hit = search.data.products.find((p: { availability?: string }) => p.availability === 'inStock');
  expect(hit).toMatchObject({ merchant: domain, productId: expect.any(String) });

  const cartMessage = (await byName('manage_cart').invoke({
    name: 'manage_cart',
    args: {
      merchant: domain,
      action: 'add',
      productId: hit.productId,
      variantId: null,
      cartItemId: null,
      quantity: 1,
    },
    id: 'call-cart',
    type: 'tool_call',
  })) as ToolMessage;
  expect(cartMessage.tool_call_id).toBe('call-cart');
  expect(JSON.parse(String(cartMessage.content))).toMatchObject({
    ok: true,
    data: { items: [{ productId: hit.productId, quantity: 1 }] },
  });
}, 60_000);

it('LangChain tools accept a tool call that leaves out nullable fields, as null (it was refused as "expected string, received undefined")', async () => {
  const aw = pool.make(sandboxOptions(sb, { credentials: () => ({ type: 'bearer', token: 'lc' }) }));
  const domain = new URL(sb.merchants[0]?.baseUrl ?? 'http://missing').host;
  await aw.addMerchant(domain);
  const tools = new AgentWebToolkit(aw).getTools();
  const search = tools.find((t) => t.name === 'search_products')!;
  const message = await search.invoke({
    name: 'search_products',
    args: { query: 'lamp' },
    id: 'call-omitted',
    type: 'tool_call',
  });
  const result = JSON.parse(String((message as ToolMessage).content));
  expect(result).toMatchObject({ ok: true, data: { products: expect.any(Array) } });
  expect(result.data.products.length).toBeGreaterThan(0);
  // A plain invoke with the arguments only, as a custom loop calls it.
  const cart = tools.find((t) => t.name === 'manage_cart')!;
  const view = JSON.parse(String(await cart.invoke({ merchant: domain, action: 'view' })));
  expect(view).toMatchObject({ ok: true, data: { action: 'view' } });
}, 60_000);
