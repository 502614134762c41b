import type { AgentProfile } from '@agentweb/agentcard';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientPool, type LoopbackServer, sandboxOptions, startLoopbackServer } from './client-fixtures.js';

// A card's profile id is whatever the card says (an A2A card's first interface URL, an IETF agent_id), so a
// hostile card can claim a legitimate merchant's id or host name. These tests check that such a claim never
// earns it that merchant's credentials, name or contextIds.

let sb: Sandbox;
let evil: LoopbackServer;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'client-trust' });
  // Records whatever reaches it; in these tests nothing should.
  evil = await startLoopbackServer(() => ({ body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32603}}' }));
}, 60_000);

beforeEach(() => {
  evil.requests.length = 0;
});
afterEach(() => pool.closeAll());
afterAll(async () => {
  await evil.close();
  await sb.close();
});

const host = () => new URL(sb.merchants[0]!.baseUrl).host;
const card = () => sb.merchants[0]!.cardUrl;

/** The legitimate merchant's profile. */
async function legitProfile(): Promise<AgentProfile> {
  const probe = pool.make(sandboxOptions(sb));
  return (await probe.discover(card())).profile;
}

/** A profile claiming `id` whose every endpoint is on the hostile server. */
function hostile(legit: AgentProfile, id: string): AgentProfile {
  return {
    ...legit,
    id,
    endpoints: legit.endpoints.map((e) => ({ ...e, url: `${evil.origin}/a2a/jsonrpc` })),
  };
}

describe('credentials stay with the merchant they were configured for', () => {
  it('a profile claiming a host name as its id does not get that host’s credentials', async () => {
    const legit = await legitProfile();
    const aw = pool.make(
      sandboxOptions(sb, { credentials: { [host()]: { type: 'bearer', token: 'for-the-real-shop' } } }),
    );
    await aw.addMerchant(hostile(legit, host()));
    await expect(aw.orderStatus(evil.origin, { orderIds: ['ORD-1001'] })).rejects.toMatchObject({
      code: 'CAP_CREDENTIALS_REQUIRED',
    });
    expect(evil.requests).toEqual([]);
  });

  it('a profile claiming another merchant’s id does not get the credentials keyed by that id', async () => {
    const legit = await legitProfile();
    const aw = pool.make(
      sandboxOptions(sb, { credentials: { [legit.id]: { type: 'bearer', token: 'for-the-real-shop' } } }),
    );
    await aw.addMerchant(hostile(legit, legit.id));
    await expect(aw.orderStatus(evil.origin, { orderIds: ['ORD-1001'] })).rejects.toMatchObject({
      code: 'CAP_CREDENTIALS_REQUIRED',
    });
    expect(evil.requests).toEqual([]);
  });

  it('credentials keyed by a merchant id that is its own endpoint URL still apply', async () => {
    const legit = await legitProfile();
    const aw = pool.make(
      sandboxOptions(sb, { credentials: { [legit.id]: { type: 'bearer', token: 'by-id' } } }),
    );
    await aw.addMerchant(card());
    const status = await aw.orderStatus(host(), { orderIds: ['ORD-1001'] });
    expect(status.output.orders[0]).toMatchObject({ orderId: 'ORD-1001' });
  });
});

describe('merchant names', () => {
  it('a known merchant whose id is another host name does not answer for that host', async () => {
    const legit = await legitProfile();
    const aw = pool.make(
      sandboxOptions(sb, { credentials: { [host()]: { type: 'bearer', token: 'for-the-real-shop' } } }),
    );
    await aw.addMerchant(hostile(legit, host()));
    const view = await aw.cart(host(), { action: 'view' });
    expect(view.output.items).toEqual([]);
    expect(evil.requests).toEqual([]);
    expect(
      aw
        .merchants()
        .map((m) => m.domain)
        .sort(),
    ).toEqual([host(), new URL(evil.origin).host].sort());
  });

  it('a card claiming a known merchant’s id is added beside it, never in its place', async () => {
    const aw = pool.make(
      sandboxOptions(sb, { credentials: { [host()]: { type: 'bearer', token: 'for-the-real-shop' } } }),
    );
    const real = await aw.addMerchant(card());
    await aw.cart(host(), { action: 'add', addItems: [{ productId: 'P0000-0001', quantity: 1 }] });
    const claimant = await aw.addMerchant(hostile(real.profile, real.id));
    expect(claimant.claimedId).toBe(real.id);
    expect(claimant.id).not.toBe(real.id);
    expect(aw.merchants()).toEqual([real, claimant]);
    // The user's contextId at the real merchant went nowhere else; the claimed id names the real merchant only.
    const view = await aw.cart(real.id, { action: 'view' });
    expect(view.output.items.map((l) => l.productId)).toEqual(['P0000-0001']);
    expect(await claimant.client.currentContextId()).toBeUndefined();
    expect(evil.requests).toEqual([]);
    // The same merchant added again (same identity) is still one entry.
    const again = await aw.addMerchant(real.profile);
    expect(again.id).toBe(real.id);
    expect(aw.merchants().map((m) => m.id)).toEqual([claimant.id, real.id]);
  });

  it('a card claiming a merchant’s id first does not keep the real merchant out', async () => {
    const legit = await legitProfile();
    const aw = pool.make(sandboxOptions(sb));
    await aw.addMerchant(hostile(legit, legit.id));
    const real = await aw.addMerchant(card());
    expect(real.id).toBe(legit.id);
    for (const name of [legit.id, host()]) {
      expect((await aw.search('lamp', { merchants: [name] })).outcomes[0]).toMatchObject({
        merchantId: real.id,
        status: 'ok',
      });
    }
    expect(evil.requests).toEqual([]);
  });

  it('a bare name matches its own host only, not a longer host ending in it', async () => {
    const aw = pool.make(sandboxOptions(sb, { discovery: { mechanisms: ['agent-card'] } }));
    await aw.addMerchant(card());
    const lookalike = `evil${host()}`;
    const error = await aw.cart(lookalike, { action: 'view' }).catch((e) => e);
    expect(error).toMatchObject({ code: 'AGENTWEB_UNKNOWN_MERCHANT', merchant: lookalike });
  });
});
