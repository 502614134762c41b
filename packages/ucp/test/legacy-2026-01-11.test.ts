// The 2026-01-11 request sequences of the official sample business server (Universal-Commerce-Protocol/samples,
// rest/nodejs: create, get, update with the session id, complete with `payment_data`, get the order), sent to the
// sandbox merchant, which must accept them; and this client speaking 2026-01-11 through `supported_versions`.
import type { HttpClient } from '@agentweb/http';
import { type Sandbox, TEST_PAYMENT_HANDLER_ID, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUcpClient } from '../src/index.js';
import { expectSchemaClean, PLATFORM_PROFILE, startUcpSandbox } from './helpers.js';

let sandbox: Sandbox;
let http: HttpClient;
beforeAll(async () => {
  ({ sandbox, http } = await startUcpSandbox());
});
afterAll(async () => {
  await http.close();
  await sandbox.close();
});

const cardInstrument = (handlerId: string, token: string) => ({
  id: 'instr_1',
  handler_id: handlerId,
  type: 'card',
  brand: 'visa',
  last_digits: '4242',
  credential: { type: 'token', token },
});

describe('2026-01-11', () => {
  it('the sample server sequence (checkout and orders) is accepted', async () => {
    const merchant = sandbox.ucpMerchants[2];
    if (!merchant?.restEndpoint) throw new Error('no REST merchant');
    const base = merchant.restEndpoint;
    let n = 0;
    const call = async (method: string, path: string, body?: unknown) => {
      n += 1;
      const response = await sandbox.fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'UCP-Agent': `profile="${PLATFORM_PROFILE}", version="2026-01-11"`,
          'Request-Id': `00000000-0000-4000-8000-00000000000${n}`,
          ...(method === 'GET' ? {} : { 'Idempotency-Key': `10000000-0000-4000-8000-00000000000${n}` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the test walks the merchant's JSON answers loosely.
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const profile = await sandbox.fetch(`${merchant.baseUrl}/.well-known/ucp/2026-01-11`);
    expect(((await profile.json()) as { ucp: { version: string } }).ucp.version).toBe('2026-01-11');

    const search = await call('POST', '/catalog/search', { query: '' });
    const item = search.body['products'][0];
    const created = await call('POST', '/checkout-sessions', {
      line_items: [{ item: { id: item.id, title: item.title }, quantity: 1 }],
      currency: merchant.currency,
      payment: {},
    });
    expect(created.status).toBe(201);
    const id = created.body['id'];
    expect((await call('GET', `/checkout-sessions/${id}`)).body['status']).toBe('incomplete');
    const updated = await call('PUT', `/checkout-sessions/${id}`, {
      id,
      line_items: [{ id: created.body['line_items'][0].id, item: { id: item.id }, quantity: 2 }],
      currency: merchant.currency,
      buyer: { email: 'buyer@example.com' },
      payment: {},
    });
    expect(updated.body['status']).toBe('ready_for_complete');
    const completed = await call('POST', `/checkout-sessions/${id}/complete`, {
      payment_data: cardInstrument('mock_payment_handler', 'success_token'),
    });
    expect(completed.body['status']).toBe('completed');
    const order = await call('GET', `/orders/${completed.body['order'].id}`);
    expect(order.body['checkout_id']).toBe(id);
    expect(merchant.stats.legacyCalls).toBeGreaterThan(0);
    expectSchemaClean(merchant);
  });

  it('the client speaks 2026-01-11 through supported_versions and completes with payment_data', async () => {
    const merchant = sandbox.ucpMerchants[0];
    if (!merchant) throw new Error('no merchant');
    const client = createUcpClient({
      profileUrl: PLATFORM_PROFILE,
      businessUrl: merchant.baseUrl,
      http,
      versions: ['2026-01-11'],
    });
    const session = await client.connect();
    expect(session.version).toBe('2026-01-11');
    expect(session.capabilities.map((c) => c.name).sort()).toEqual([
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.order',
    ]);
    expect(session.transport).toBe('rest');
    const any = createUcpClient({ profileUrl: PLATFORM_PROFILE, businessUrl: merchant.baseUrl, http });
    const search = await any.searchCatalog({ pagination: { limit: 1 } });
    const itemId = search.ok ? (search.value.products[0]?.id as string) : '';
    const checkout = await client.createCheckout({
      line_items: [{ item: { id: itemId }, quantity: 1 }],
      currency: merchant.currency,
      buyer: { email: 'b@example.com' },
    });
    if (!checkout.ok) throw new Error('no checkout');
    const done = await client.completeCheckout(checkout.value.id, {
      confirm: true,
      instrument: cardInstrument(TEST_PAYMENT_HANDLER_ID, TEST_TOKEN_SUCCESS),
    });
    expect(done.ok && done.value.status).toBe('completed');
    expect(merchant.stats.legacyCalls).toBeGreaterThan(0);
    expectSchemaClean(merchant);
  });
});
