import type { HttpClient } from '@agentweb/http';
import { type Sandbox, TEST_TOKEN_DECLINED, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUcpClient,
  isUcpConfirmationRequiredError,
  isUcpInputError,
  isUcpNotSupportedError,
  isUcpProtocolError,
  type UcpClient,
} from '../src/index.js';
import { expectSchemaClean, PLATFORM_PROFILE, startUcpSandbox, testInstrument } from './helpers.js';
import type { WireReport } from './validating-fetch.js';

let sandbox: Sandbox;
let http: HttpClient;
let wire: WireReport;

beforeAll(async () => {
  ({ sandbox, http, wire } = await startUcpSandbox({ withoutCatalog: [2] }));
});
afterAll(async () => {
  // Every request sent and every answer received in this file validated against the vendored schemas.
  expect(wire.checked).toBeGreaterThan(40);
  expect(wire.problems).toEqual([]);
  await http.close();
  await sandbox.close();
});

const cases = [
  { label: 'REST', index: 0, transport: 'rest' as const },
  { label: 'MCP (JSON answers)', index: 0, transport: 'mcp' as const },
  { label: 'MCP only, event-stream answers', index: 1, transport: 'auto' as const },
];

function clientFor(index: number, transport: 'rest' | 'mcp' | 'auto'): UcpClient {
  const merchant = sandbox.ucpMerchants[index];
  if (!merchant) throw new Error('no merchant');
  return createUcpClient({ profileUrl: PLATFORM_PROFILE, businessUrl: merchant.baseUrl, http, transport });
}

describe.each(cases)('$label end to end against a sandbox UCP merchant', ({ index, transport }) => {
  it('negotiates, searches, fills and replaces a cart, checks out with confirmation and reads the order', async () => {
    const merchant = sandbox.ucpMerchants[index];
    if (!merchant) throw new Error('no merchant');
    const client = clientFor(index, transport);
    const session = await client.connect();
    expect(session.version).toBe('2026-04-08');
    expect(session.capabilities.map((c) => c.name).sort()).toEqual([
      'dev.ucp.shopping.cart',
      'dev.ucp.shopping.catalog.lookup',
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.order',
    ]);
    if (transport !== 'auto') expect(session.transport).toBe(transport);

    const found = await client.searchCatalog({ query: '', pagination: { limit: 3 } });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.value.products).toHaveLength(3);
    const [first, second] = found.value.products;
    if (!first || !second) throw new Error('no products');
    expect(Number.isInteger(first.price_range?.min.amount)).toBe(true);
    expect(found.warnings).toEqual([]);

    const looked = await client.lookupCatalog({ ids: [first.id] });
    expect(looked.ok && looked.value.products[0]?.id).toBe(first.id);
    const detail = await client.getProduct({ id: second.id });
    expect(detail.ok && detail.value.product.title).toBe(second.title);

    const cart = await client.createCart({ line_items: [{ item: { id: first.id }, quantity: 1 }] });
    expect(cart.ok).toBe(true);
    if (!cart.ok) return;
    // PUT replaces the whole cart: the first item is gone, only the second remains.
    const replaced = await client.updateCart(cart.value.id, {
      line_items: [{ item: { id: second.id }, quantity: 2 }],
    });
    expect(replaced.ok && replaced.value.line_items.map((l) => [l.item.id, l.quantity])).toEqual([
      [second.id, 2],
    ]);
    const read = await client.getCart(cart.value.id);
    expect(read.ok && read.value.line_items).toHaveLength(1);

    const checkout = await client.createCheckout({
      cart_id: cart.value.id,
      line_items: [{ item: { id: second.id }, quantity: 2 }],
    });
    expect(checkout.ok && checkout.value.status).toBe('incomplete');
    expect(checkout.outcome).toBe('recoverable');
    expect(checkout.messages[0]?.path).toBe('$.buyer.email');
    if (!checkout.ok) return;
    const id = checkout.value.id;
    const ready = await client.updateCheckout(id, {
      line_items: [{ item: { id: second.id }, quantity: 2 }],
      buyer: { email: 'buyer@example.com' },
    });
    expect(ready.ok && ready.value.status).toBe('ready_for_complete');
    expect(ready.ok && ready.value.totals?.find((t) => t.type === 'total')?.amount).toBe(
      (second.price_range?.min.amount ?? 0) * 2,
    );

    const done = await client.completeCheckout(id, {
      confirm: true,
      instrument: testInstrument(TEST_TOKEN_SUCCESS),
    });
    expect(done.ok && done.value.status).toBe('completed');
    const orderId = done.ok ? done.value.order?.id : undefined;
    expect(orderId).toBeTypeOf('string');
    const order = await client.getOrder(orderId as string);
    expect(order.ok && order.value.checkout_id).toBe(id);
    expect(await client.cancelCart(cart.value.id)).toMatchObject({ ok: true });
    await expect(client.getCart(cart.value.id)).rejects.toSatisfy(
      (e) =>
        isUcpProtocolError(e) &&
        e.status === (session.transport === 'rest' ? 404 : undefined) &&
        e.ucpCode === 'not_found',
    );

    expect(merchant.stats.agents).toEqual([PLATFORM_PROFILE]);
    expectSchemaClean(merchant);
  });
});

/** A checkout of the merchant's first product with a buyer email (ready unless the quantity asks for review). */
async function checkoutOf(client: UcpClient, quantity: number) {
  const search = await client.searchCatalog({ pagination: { limit: 1 } });
  const item = search.ok ? search.value.products[0]?.id : undefined;
  return client.createCheckout({
    line_items: [{ item: { id: item as string }, quantity }],
    buyer: { email: 'b@example.com' },
  });
}

describe('checkout safety', () => {
  it('sends nothing without confirm: true or without an instrument', async () => {
    const merchant = sandbox.ucpMerchants[0];
    if (!merchant) throw new Error('no merchant');
    const client = clientFor(0, 'rest');
    const checkout = await checkoutOf(client, 1);
    if (!checkout.ok) throw new Error('no checkout');
    const before = merchant.stats.operations['complete_checkout'] ?? 0;
    await expect(
      client.completeCheckout(checkout.value.id, {
        confirm: false,
        instrument: testInstrument(TEST_TOKEN_SUCCESS),
      }),
    ).rejects.toSatisfy((e) => isUcpConfirmationRequiredError(e) && e.missing === 'confirm');
    await expect(
      // @ts-expect-error an untyped caller may leave the instrument out
      client.completeCheckout(checkout.value.id, { confirm: true }),
    ).rejects.toSatisfy((e) => isUcpConfirmationRequiredError(e) && e.missing === 'instrument');
    expect(merchant.stats.operations['complete_checkout'] ?? 0).toBe(before);
    const still = await client.getCheckout(checkout.value.id);
    expect(still.ok && still.value.status).toBe('ready_for_complete');
  });

  it('requires_escalation hands over continue_url', async () => {
    const client = clientFor(0, 'rest');
    const checkout = await checkoutOf(client, 9);
    expect(checkout.ok && checkout.value.status).toBe('requires_escalation');
    expect(checkout.outcome).toBe('requires_buyer_review');
    expect(checkout.continueUrl).toMatch(/^http:\/\/ucp-0\.sandbox\.test:\d+\/checkout\//);
  });

  it('a declined payment is a protocol error that never contains the token', async () => {
    const client = clientFor(0, 'rest');
    const checkout = await checkoutOf(client, 1);
    if (!checkout.ok) throw new Error('no checkout');
    const error = await client
      .completeCheckout(checkout.value.id, { confirm: true, instrument: testInstrument(TEST_TOKEN_DECLINED) })
      .catch((e: unknown) => e);
    expect(isUcpProtocolError(error) && error.status).toBe(402);
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
    expect(text).not.toContain(TEST_TOKEN_DECLINED);
  });
});

describe('protocol errors and idempotency', () => {
  it('reusing an Idempotency-Key with another body is a 409; with the same body replays the first answer', async () => {
    const client = clientFor(0, 'rest');
    const search = await client.searchCatalog({ pagination: { limit: 2 } });
    const [a, b] = search.ok ? search.value.products : [];
    const key = '7f1d7a6e-6a53-4c1e-9f4e-3c2b1a0f9e8d';
    const first = await client.createCart(
      { line_items: [{ item: { id: a?.id as string }, quantity: 1 }] },
      { idempotencyKey: key },
    );
    const again = await client.createCart(
      { line_items: [{ item: { id: a?.id as string }, quantity: 1 }] },
      { idempotencyKey: key },
    );
    expect(again.ok && first.ok && again.value.id).toBe(first.ok ? first.value.id : '');
    await expect(
      client.createCart(
        { line_items: [{ item: { id: b?.id as string }, quantity: 1 }] },
        { idempotencyKey: key },
      ),
    ).rejects.toSatisfy(
      (e) => isUcpProtocolError(e) && e.status === 409 && e.ucpCode === 'idempotency_conflict',
    );
  });

  it('an unknown item is a business outcome without a resource, not an error', async () => {
    const client = clientFor(0, 'mcp');
    const result = await client.createCheckout({
      line_items: [{ item: { id: 'no-such-item' }, quantity: 1 }],
    });
    expect(result.ok).toBe(false);
    expect(result.outcome).toBe('unrecoverable');
    expect(result.messages[0]?.code).toBe('item_unavailable');
    expect(result.continueUrl).toBeTypeOf('string');
  });

  it('refuses bad input before sending, naming the field', async () => {
    const client = clientFor(0, 'rest');
    await expect(client.createCart({ line_items: [{ item: { id: 'x' }, quantity: 0 }] })).rejects.toSatisfy(
      (e) => isUcpInputError(e) && e.issues[0]?.path === 'line_items[0].quantity',
    );
  });

  it('a merchant without catalog search: search is refused before sending (capability)', async () => {
    const client = clientFor(2, 'auto');
    expect(await client.supports('dev.ucp.shopping.catalog.search')).toBe(false);
    await expect(client.searchCatalog({ query: 'x' })).rejects.toSatisfy(
      (e) =>
        isUcpNotSupportedError(e) &&
        e.reason === 'capability' &&
        e.capability === 'dev.ucp.shopping.catalog.search',
    );
  });
});

describe('sandbox UCP options', () => {
  it('refuses a bad ucp option, naming it', async () => {
    const { startSandbox, isSandboxOptionsError } = await import('@agentweb/sandbox');
    await expect(startSandbox({ ucp: { transports: ['grpc' as 'rest'] } })).rejects.toSatisfy(
      (e) => isSandboxOptionsError(e) && e.message.includes('ucp.transports'),
    );
  });
});
