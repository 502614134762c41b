import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmationRequest } from '../src/client/types.js';
import {
  type AgentWebTool,
  type AgentWebToolName,
  type AgentWebToolResult,
  type AgentWebToolsOptions,
  createAgentWebTools,
  type JsonValue,
} from '../src/tools/index.js';
import { clientPool, type LoopbackServer, sandboxOptions, startLoopbackServer } from './client-fixtures.js';

type Json = { [key: string]: JsonValue };

let sb: Sandbox;
let agis: LoopbackServer;
const pool = clientPool();

/** A table-booking service: BOOK is reversible, CANCEL irreversible (always needs confirmation). */
const TABLES = {
  agis: '1.0',
  service: 'Tool Tables',
  agtp: 'agtp://tables.tools.test',
  description: 'Books and cancels restaurant tables.',
  version: '1.0.0',
  endpoints: [
    {
      method: 'BOOK',
      path: '/reservation',
      semantic: {
        intent: 'Books a table at a restaurant for a party at a given date and time.',
        actor: 'agent',
        outcome: 'A reservation exists for the party at that time.',
        capability: 'transaction',
        impact_tier: 'reversible',
        is_idempotent: false,
        parameter_hints: { party_size: ['for two', 'table for N', 'party of N'] },
      },
      input: {
        type: 'object',
        properties: {
          restaurant: { type: 'string' },
          party_size: { type: 'integer', minimum: 1, maximum: 20 },
        },
        required: ['party_size'],
      },
      output: { type: 'object', properties: { reservation_id: { type: 'string' } } },
      errors: [{ name: 'slot_unavailable', description: 'No table is free then.' }],
    },
    {
      method: 'CANCEL',
      path: '/reservation/{reservation_id}',
      semantic: {
        intent: 'Cancels an existing table reservation.',
        actor: 'agent',
        outcome: 'The reservation no longer exists and the table is released.',
        capability: 'modification',
        impact_tier: 'irreversible',
        is_idempotent: true,
        parameter_hints: { reservation_id: ['reservation R-1234', 'booking R-77'] },
      },
      input: {
        type: 'object',
        properties: { reservation_id: { type: 'string', pattern: '^R-[0-9]+$' } },
        required: ['reservation_id'],
      },
      output: { type: 'object', properties: { cancelled: { type: 'boolean' } } },
      errors: [{ name: 'reservation_not_found', description: 'No such reservation.' }],
    },
  ],
  vocabulary: { declared_verbs: ['BOOK', 'CANCEL'], namespace: 'tool-tables', domain: 'dining' },
};

beforeAll(async () => {
  sb = await startSandbox({ merchants: 2, seed: 'tools-sandbox' });
  agis = await startLoopbackServer((req) => {
    if (req.method === 'POST' && req.url === '/reservation')
      return { body: JSON.stringify({ reservation_id: 'R-42' }) };
    if (req.method === 'POST' && req.url?.startsWith('/reservation/')) return { body: '{"cancelled":true}' };
    return undefined;
  });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(async () => {
  await agis.close();
  await sb.close();
});

const host = (i: number) => new URL(sb.merchants[i]?.baseUrl ?? 'http://missing').host;

function toolsFor(options: AgentWebToolsOptions = {}) {
  const aw = pool.make(sandboxOptions(sb, { credentials: () => ({ type: 'bearer', token: 'tools-test' }) }));
  const tools = createAgentWebTools(aw, options);
  const run = async (name: AgentWebToolName, input: Json): Promise<AgentWebToolResult> => {
    const tool: AgentWebTool | undefined = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    return tool.execute(input);
  };
  const data = async (name: AgentWebToolName, input: Json): Promise<Json> => {
    const result = await run(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
    return result.data as Json;
  };
  return { aw, run, data };
}

describe('the neutral tools against the sandbox with the real AgentWeb client', () => {
  it('discover, search, product, cart and order status, as a model would chain them', async () => {
    const { data, run } = toolsFor();
    const discovered = await data('discover_merchants', { targets: [host(0), host(1)] });
    expect(discovered['knownMerchants']).toEqual([host(0), host(1)]);
    expect(discovered['merchants']).toEqual([
      expect.objectContaining({ domain: host(0), skills: expect.arrayContaining(['cap:cart_manage']) }),
      expect.objectContaining({ domain: host(1) }),
    ]);

    const found = await data('search_products', {
      query: 'lamp',
      merchants: null,
      filter: null,
      maxResults: 10,
    });
    const products = found['products'] as Json[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(10);
    // Out-of-stock products cannot be added to a cart; the sandbox has some.
    const hit = products.find((p) => p['availability'] === 'inStock') as Json;
    expect(hit).toMatchObject({
      merchant: expect.stringMatching(/^shop-\d\.sandbox\.test:\d+$/),
      price: expect.any(String),
    });
    // Merchants summarised: counts by status, and only the failures listed.
    expect(found['merchants']).toEqual({ asked: 2, byStatus: { ok: 2 }, failed: [] });

    const detail = await data('get_product', {
      product: String(hit['productId']),
      merchant: String(hit['merchant']),
    });
    expect(detail).toMatchObject({
      merchant: hit['merchant'],
      source: 'id',
      product: { productId: hit['productId'], name: hit['name'], offers: expect.any(Array) },
    });

    const cart = await data('manage_cart', {
      merchant: String(hit['merchant']),
      action: 'add',
      productId: String(hit['productId']),
      variantId: null,
      cartItemId: null,
      quantity: 2,
    });
    expect(cart).toMatchObject({
      operation: { success: true },
      items: [{ productId: hit['productId'], quantity: 2, cartItemId: expect.any(String) }],
      totals: { total: expect.any(String) },
    });
    const lineId = String((cart['items'] as Json[])[0]?.['cartItemId']);
    const updated = await data('manage_cart', {
      merchant: String(hit['merchant']),
      action: 'update',
      productId: null,
      variantId: null,
      cartItemId: lineId,
      quantity: 5,
    });
    expect(updated['items']).toEqual([expect.objectContaining({ cartItemId: lineId, quantity: 5 })]);

    const orders = await data('order_status', { merchant: host(0), orderIds: ['ORD-1001', 'ORD-9999'] });
    expect(orders).toMatchObject({ orders: [{ orderId: 'ORD-1001' }], notFound: ['ORD-9999'] });

    // A typed error from the merchant comes back as a result the model can read.
    const tooMany = await run('manage_cart', {
      merchant: String(hit['merchant']),
      action: 'add',
      productId: String(hit['productId']),
      variantId: null,
      cartItemId: null,
      quantity: 999,
    });
    expect(tooMany).toMatchObject({ ok: false, error: { code: expect.stringMatching(/QUANTITY|CAP/) } });
  }, 60_000);

  it('a product page URL (as a user would paste it) works as get_product input', async () => {
    const { data } = toolsFor();
    await data('discover_merchants', { targets: [host(0)] });
    const found = await data('search_products', {
      query: 'lamp',
      merchants: [host(0)],
      filter: null,
      maxResults: 1,
    });
    const hit = (found['products'] as Json[])[0] as Json;
    const byId = await data('get_product', { product: String(hit['productId']), merchant: host(0) });
    const url = String((byId['product'] as Json)['url']);
    expect(url).toMatch(/^http:\/\/shop-0\.sandbox\.test:\d+\/products\//);
    const byPage = await data('get_product', { product: url, merchant: null });
    expect(byPage).toMatchObject({
      source: 'page',
      merchant: host(0),
      product: { productId: hit['productId'] },
    });
  }, 30_000);

  it('match_intent and invoke_intent: an irreversible endpoint runs only after confirmed: true', async () => {
    const { aw, data, run } = toolsFor();
    await aw.loadAgisService(JSON.stringify(TABLES), { baseUrl: agis.origin });
    const match = await data('match_intent', { instruction: 'cancel reservation R-1234', maxCandidates: 2 });
    const candidates = match['candidates'] as Json[];
    expect(candidates[0]).toMatchObject({
      method: 'CANCEL',
      needsConfirmation: true,
      params: { reservation_id: 'R-1234' },
    });

    const asked = await run('invoke_intent', {
      instruction: null,
      matchId: String(match['matchId']),
      candidate: 0,
      inputJson: null,
      confirmed: null,
    });
    expect(asked).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED', details: { input: { reservation_id: 'R-1234' } } },
    });
    expect(agis.requests).toEqual([]);

    const done = await data('invoke_intent', {
      instruction: null,
      matchId: String(match['matchId']),
      candidate: 0,
      inputJson: null,
      confirmed: true,
    });
    expect(done).toMatchObject({ status: 200, data: { cancelled: true }, invoked: { method: 'CANCEL' } });
    expect(agis.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /reservation/R-1234']);
  }, 30_000);

  it('a match made before its service was reloaded is refused, so a stale "no confirmation needed" cannot be used', async () => {
    const { aw, data, run } = toolsFor();
    agis.requests.length = 0;
    await aw.loadAgisService(JSON.stringify(TABLES), { baseUrl: agis.origin });
    const match = await data('match_intent', { instruction: 'book a table for two', maxCandidates: 1 });
    expect((match['candidates'] as Json[])[0]).toMatchObject({ method: 'BOOK', needsConfirmation: false });
    // The refreshed document makes BOOK irreversible: the old match's needsConfirmation: false no longer holds.
    const [book, cancel] = TABLES.endpoints;
    const refreshed = {
      ...TABLES,
      endpoints: [{ ...book, semantic: { ...book?.semantic, impact_tier: 'irreversible' } }, cancel],
    };
    await aw.loadAgisService(JSON.stringify(refreshed), { baseUrl: agis.origin });
    const stale = await run('invoke_intent', {
      instruction: null,
      matchId: String(match['matchId']),
      candidate: 0,
      inputJson: null,
      confirmed: null,
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(stale.ok || stale.error.message).toMatch(/reloaded.*match_intent again/);
    expect(agis.requests).toEqual([]);
    // Matched again, the endpoint now asks for confirmation.
    const again = await data('match_intent', { instruction: 'book a table for two', maxCandidates: 1 });
    const asked = await run('invoke_intent', {
      instruction: null,
      matchId: String(again['matchId']),
      candidate: 0,
      inputJson: null,
      confirmed: null,
    });
    expect(asked).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(agis.requests).toEqual([]);
  }, 30_000);

  it('with a host confirm callback, the host decides (here: no), whatever the model says', async () => {
    const seen: ConfirmationRequest[] = [];
    const { aw, run } = toolsFor({
      confirm: (request) => {
        seen.push(request);
        return false;
      },
    });
    agis.requests.length = 0;
    await aw.loadAgisService(JSON.stringify(TABLES), { baseUrl: agis.origin });
    const refused = await run('invoke_intent', {
      instruction: 'cancel reservation R-77',
      matchId: null,
      candidate: null,
      inputJson: null,
      confirmed: true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'AGENTWEB_INTENT_NOT_CONFIRMED' } });
    expect(seen[0]?.candidate.method).toBe('CANCEL');
    expect(agis.requests).toEqual([]);
  }, 30_000);
});
