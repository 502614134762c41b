import { PassThrough } from 'node:stream';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShoppingBackend, startShoppingBackend } from '../src/start-backend.js';
// Tests run on source, where the facade cannot require the tools module by file name; evaluating it registers it
// for `createAgentWebTools` from the facade (a user's Node or bundler loads it on the first call).
import 'agentweb/tools';

interface Json {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

describe('shopping backend over HTTP', () => {
  let sb: Sandbox;
  let backend: ShoppingBackend;

  beforeAll(async () => {
    sb = await startSandbox({ merchants: 2, seed: 'backend-test' });
    backend = await startShoppingBackend({ sandbox: sb, maxBodyBytes: 4096, out: new PassThrough() });
  });
  afterAll(async () => {
    await backend?.close();
    await sb?.close();
  });

  async function call(path: string, init?: RequestInit): Promise<Json> {
    const res = await fetch(`${backend.url}${path}`, init);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return { status: res.status, body: (await res.json()) as Json['body'] };
  }

  function postJson(path: string, body: unknown): Promise<Json> {
    return call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const shop = () => {
    const m = sb.merchants[0];
    if (m === undefined) throw new Error('no merchant');
    return m;
  };

  it('listens on 127.0.0.1 and knows every sandbox merchant', async () => {
    expect(new URL(backend.url).hostname).toBe('127.0.0.1');
    const { status, body } = await call('/merchants');
    expect(status).toBe(200);
    const merchants = body.merchants as { domain: string }[];
    expect(merchants.map((m) => m.domain.replace(/:\d+$/, '')).sort()).toEqual(
      sb.merchants.map((m) => m.domain).sort(),
    );
  });

  it('searches every merchant at once and reports each one', async () => {
    const { status, body } = await call('/search?q=jacket&limit=5');
    expect(status).toBe(200);
    const products = body.products as { merchant: string; id: string; name: string }[];
    expect(products.length).toBeGreaterThan(0);
    const hosts = sb.merchants.map((m) => new URL(m.baseUrl).host);
    const outcomes = body.merchants as { merchant: string; status: string }[];
    expect(outcomes).toEqual(hosts.map((merchant) => expect.objectContaining({ merchant, status: 'ok' })));
    for (const p of products) expect(hosts).toContain(p.merchant);
  });

  it('resolves a product page URL to the product', async () => {
    const search = await call(`/search?q=jacket&merchant=${encodeURIComponent(shop().domain)}`);
    const first = (search.body.products as { id: string; name: string }[])[0];
    if (first === undefined) throw new Error('nothing found');
    const pageUrl = `${shop().baseUrl}/products/${encodeURIComponent(first.id)}`;
    const { status, body } = await call(`/product?url=${encodeURIComponent(pageUrl)}`);
    expect(status).toBe(200);
    expect(body.source).toBe('page');
    expect(body.merchant).toBe(new URL(shop().baseUrl).host);
    expect((body.product as { id: string; name: string }).name).toBe(first.name);
  });

  it('adds to the cart and shows the same cart on GET', async () => {
    const search = await call(
      `/search?q=jacket&merchant=${encodeURIComponent(shop().domain)}&filter=${encodeURIComponent("availability = 'inStock'")}`,
    );
    const first = (search.body.products as { id: string }[])[0];
    if (first === undefined) throw new Error('nothing found');
    const added = await postJson('/cart', {
      merchant: shop().domain,
      action: 'add',
      addItems: [{ productId: first.id, quantity: 3 }],
    });
    expect(added.status).toBe(200);
    const viewed = await call(`/cart?merchant=${encodeURIComponent(shop().domain)}`);
    expect(viewed.status).toBe(200);
    const items = viewed.body.items as { productId: string; quantity: number }[];
    expect(items).toEqual([expect.objectContaining({ productId: first.id, quantity: 3 })]);
    expect((viewed.body.totals as { total: string }).total).toMatch(/^\d+\.\d{2}$/);
  });

  it('answers bad requests with 4xx JSON errors that name the problem', async () => {
    const noQuery = await call('/search');
    expect(noQuery).toEqual({
      status: 400,
      body: { error: { code: 'MISSING_PARAMETER', message: expect.stringContaining('"q"') } },
    });

    const badLimit = await call('/search?q=jacket&limit=1000');
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error?.code).toBe('INVALID_PARAMETER');

    const badJson = await call('/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"merchant":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error?.code).toBe('INVALID_JSON');

    const noType = await call('/cart', { method: 'POST', body: '{}' });
    expect(noType.status).toBe(415);

    const zero = await postJson('/cart', {
      merchant: shop().domain,
      action: 'add',
      addItems: [{ productId: 'x', quantity: 0 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.error?.code).toBe('CAP_INVALID_INPUT');

    const missing = await call(`/product?id=NO-SUCH-PRODUCT&merchant=${encodeURIComponent(shop().domain)}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe('AGENTWEB_PRODUCT_NOT_FOUND');

    expect((await call('/nope')).status).toBe(404);
    const wrongMethod = await call('/search', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error?.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses a body over the limit with 413 instead of buffering it', async () => {
    const big = await postJson('/cart', {
      merchant: shop().domain,
      action: 'view',
      padding: 'x'.repeat(10_000),
    });
    expect(big.status).toBe(413);
    expect(big.body.error?.code).toBe('BODY_TOO_LARGE');
  });

  it('caps a streamed body with no content-length too: 413 JSON, not a buffered upload', async () => {
    const chunk = new TextEncoder().encode(`{"merchant":"x","action":"view","padding":"${'x'.repeat(3000)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the 4 KiB cap; the service must answer before it has all of it.
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const big = await call('/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
    expect(big.body.error?.code).toBe('BODY_TOO_LARGE');
  });

  it('answers an unknown merchant with 404 and keeps serving', async () => {
    const unknown = await call('/cart?merchant=nowhere.sandbox.test');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('AGENTWEB_UNKNOWN_MERCHANT');
    expect((await call('/health')).body).toEqual({ ok: true });
  });
});
