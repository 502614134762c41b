import {
  type Sandbox,
  startSandbox,
  TEST_PAYMENT_HANDLER_ID,
  TEST_TOKEN_DECLINED,
  TEST_TOKEN_SUCCESS,
} from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AgentWebEvent, isAgentWebInputError, type UcpPaymentInstrument } from '../src/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, agis: false, seed: 'client-ucp-checkout', ucp: { count: 1 } });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

const host = () => new URL(sb.ucpMerchants[0]!.baseUrl).host;
const instrument = (token: string): UcpPaymentInstrument => ({
  id: 'instr_1',
  handler_id: TEST_PAYMENT_HANDLER_ID,
  type: 'card',
  credential: { type: 'token', token },
});

async function shopper(events: AgentWebEvent[] = []) {
  const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM }, onEvent: (e) => events.push(e) }));
  const found = await aw.search('lamp', { limit: 2, merchants: [host()] });
  const first = found.products[0];
  if (!first) throw new Error('no products');
  await aw.cart(host(), { action: 'add', addItems: [{ productId: first.product.id, quantity: 1 }] });
  return aw;
}

describe('checkout at a UCP merchant', () => {
  it('returns the session and continue_url without confirm, and completes only with confirm and an instrument', async () => {
    const aw = await shopper();
    const buyer = { email: 'buyer@example.test' };
    const draft = await aw.checkout(host(), { buyer });
    expect(draft).toMatchObject({ status: 'ready_for_complete', completed: false, order: undefined });
    expect(draft.continueUrl).toMatch(/^http:\/\//);
    expect(Number(draft.totals['total'])).toBeGreaterThan(0);
    // An instrument without confirm does not complete.
    const unconfirmed = await aw.checkout(host(), { buyer, payment: instrument(TEST_TOKEN_SUCCESS) });
    expect(unconfirmed).toMatchObject({ checkoutId: draft.checkoutId, completed: false });
    // Confirm without an instrument does not complete either.
    const noPayment = await aw.checkout(host(), { buyer, confirm: true });
    expect(noPayment.completed).toBe(false);
    const done = await aw.checkout(host(), { buyer, confirm: true, payment: instrument(TEST_TOKEN_SUCCESS) });
    expect(done).toMatchObject({ checkoutId: draft.checkoutId, status: 'completed', completed: true });
    expect(done.order?.id).toEqual(expect.any(String));
    // The cart was used up.
    expect((await aw.cart(host(), { action: 'view' })).output.items).toEqual([]);
    expect(sb.ucpMerchants[0]!.stats.invalidRequests).toEqual([]);
    expect(sb.ucpMerchants[0]!.stats.invalidResponses).toEqual([]);
  }, 60_000);

  it('with expectedTotal, completes only at the total the buyer confirmed', async () => {
    const aw = await shopper();
    const buyer = { email: 'buyer@example.test' };
    const seen = await aw.checkout(host(), { buyer });
    const seenTotal = seen.totals['total']!;
    // The cart changes after the buyer saw the total: the confirmed call pays nothing.
    const found = await aw.search('lamp', { limit: 2, merchants: [host()] });
    await aw.cart(host(), {
      action: 'add',
      addItems: [{ productId: found.products[0]!.product.id, quantity: 1 }],
    });
    const payment = instrument(TEST_TOKEN_SUCCESS);
    const refused = await aw.checkout(host(), { buyer, confirm: true, payment, expectedTotal: seenTotal });
    expect(refused).toMatchObject({ completed: false, totalChanged: true, status: 'ready_for_complete' });
    expect(refused.totals['total']).not.toBe(seenTotal);
    const done = await aw.checkout(host(), {
      buyer,
      confirm: true,
      payment,
      expectedTotal: refused.totals['total']!,
    });
    expect(done).toMatchObject({ completed: true, status: 'completed' });
  }, 60_000);

  it('reports what is missing (no buyer email) without completing', async () => {
    const aw = await shopper();
    const result = await aw.checkout(host(), { confirm: true, payment: instrument(TEST_TOKEN_SUCCESS) });
    expect(result).toMatchObject({ status: 'incomplete', completed: false });
    expect(result.messages.map((m) => m.path)).toContain('$.buyer.email');
  }, 60_000);

  it('never puts the payment token in an error, an event or the result', async () => {
    const events: AgentWebEvent[] = [];
    const aw = await shopper(events);
    const secret = TEST_TOKEN_DECLINED;
    const error = await aw
      .checkout(host(), { buyer: { email: 'b@example.test' }, confirm: true, payment: instrument(secret) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
    expect(text).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(secret);
  }, 60_000);

  it('refuses an empty cart and a CAP merchant', async () => {
    const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM } }));
    expect(isAgentWebInputError(await aw.checkout(host()).catch((e: unknown) => e))).toBe(true);
    const cap = new URL(sb.merchants[0]!.baseUrl).host;
    const refused = await aw.checkout(cap).catch((e: unknown) => e);
    expect(isAgentWebInputError(refused) && refused.message).toMatch(/CAP merchant/);
  }, 60_000);
});
