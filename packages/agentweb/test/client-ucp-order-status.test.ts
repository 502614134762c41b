import { type Sandbox, startSandbox, TEST_PAYMENT_HANDLER_ID, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientPool, sandboxOptions } from './client-fixtures.js';

const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, agis: false, seed: 'client-ucp-order', ucp: { count: 1 } });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

const host = () => new URL(sb.ucpMerchants[0]!.baseUrl).host;

describe('aw.orderStatus at a UCP merchant', () => {
  it('reads a completed order through get_order in the CAP order shape, and names unknown ids', async () => {
    const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM } }));
    const found = await aw.search('lamp', { limit: 1, merchants: [host()] });
    const product = found.products[0]!.product;
    await aw.cart(host(), { action: 'add', addItems: [{ productId: product.id, quantity: 2 }] });
    const done = await aw.checkout(host(), {
      buyer: { email: 'buyer@example.test' },
      confirm: true,
      payment: {
        id: 'instr_1',
        handler_id: TEST_PAYMENT_HANDLER_ID,
        type: 'card',
        credential: { type: 'token', token: TEST_TOKEN_SUCCESS },
      },
    });
    const orderId = done.order?.id;
    expect(orderId).toEqual(expect.any(String));

    const status = await aw.orderStatus(host(), { orderIds: [orderId!, 'ord_missing'] });
    expect(status.skillId).toBe('cap:order_status');
    const [order, missing] = status.output.orders;
    expect(missing).toBeNull();
    expect(status.output.notFound).toEqual(['ord_missing']);
    expect(order).toMatchObject({
      orderId,
      status: 'confirmed',
      totals: { total: done.totals['total'], currency: done.currency },
      permalinkUrl: expect.stringContaining(orderId!),
    });
    expect(order!.items).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 2, currency: done.currency }),
    ]);
    expect(Number(order!.items![0]!.lineTotal)).toBeCloseTo(Number(order!.items![0]!.unitPrice) * 2, 2);

    const withoutItems = await aw.orderStatus(host(), { orderIds: [orderId!], includeItems: false });
    expect(withoutItems.output.orders[0]).not.toHaveProperty('items');
    expect(sb.ucpMerchants[0]!.stats.invalidRequests).toEqual([]);
  }, 60_000);
});
