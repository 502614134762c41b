import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';
import { v1Caller, v03Caller } from './sdk-clients.js';

let sb: Sandbox;
const search = (id: number | string = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'message/send',
    params: {
      message: {
        kind: 'message',
        messageId: `m-${id}`,
        role: 'user',
        parts: [{ kind: 'data', data: { query: '', limit: 1 }, metadata: { skillId: 'cap:product_search' } }],
      },
    },
  });

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 13,
    seed: 'faults',
    dialects: ['0.3'],
    faults: {
      0: { latency: { minMs: 20, maxMs: 40 } },
      1: { rateLimit: { retryAfterSeconds: 7 } },
      2: { rateLimit: { retryAfterSeconds: 3, mode: 'task' } },
      3: { serverError: { status: 502 } },
      4: { hang: true },
      5: { malformedJsonRpc: true },
      'shop-6': { wrongIds: true },
      7: { oversized: { bytes: 300_000 } },
      8: { droppedStream: true },
      9: { contextRefresh: true },
      10: { authRequired: { token: 's3cret' } },
      12: { forgedInterface: { url: 'http://shop-11.sandbox.test:1/a2a/jsonrpc', binding: 'GRPC' } },
    },
  });
});
afterAll(async () => {
  await sb.close();
});

const post = (i: number, body = search(), headers: Record<string, string> = {}) =>
  sb.fetch(sb.merchants[i]?.rpcUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('faults', () => {
  it('latency delays answers by roughly the configured range', async () => {
    const t0 = performance.now();
    const r = await post(0);
    expect(r.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(19);
  });

  it('rate limit as HTTP 429 with Retry-After and a CAP error body', async () => {
    const r = await post(1);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(await r.json()).toMatchObject({
      capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
      details: { retryAfterSeconds: 7 },
    });
  });

  it('rate limit as a failed task with CAP_RATE_LIMIT_EXCEEDED', async () => {
    const m = sb.merchants[2];
    if (m === undefined) throw new Error('missing');
    const r = await (await v03Caller(sb, m)).call([{ skillId: 'cap:product_search', data: { query: '' } }]);
    expect(r.state).toBe('failed');
    expect(r.error).toMatchObject({
      capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
      details: { retryAfterSeconds: 3 },
    });
  });

  it('5xx', async () => {
    expect((await post(3)).status).toBe(502);
  });

  it('malformed JSON-RPC is not parseable', async () => {
    const r = await post(5);
    expect(r.status).toBe(200);
    await expect(r.clone().json()).rejects.toThrow();
    expect(await r.text()).toContain('"jsonrpc"');
  });

  it('wrong ids: the response id differs from the request id', async () => {
    const body = (await (await post(6, search(41))).json()) as { id: unknown; result: unknown };
    expect(body.id).not.toBe(41);
    expect(body.result).toBeDefined();
  });

  it('oversized bodies are valid JSON-RPC of the configured size', async () => {
    const r = await post(7);
    const text = await r.text();
    expect(text.length).toBe(300_000);
    expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: 1 });
  });

  it('dropped stream: message/stream is cut after the first event', async () => {
    const body = JSON.parse(search()) as Record<string, unknown>;
    body['method'] = 'message/stream';
    const r = await post(8, JSON.stringify(body));
    expect(r.headers.get('content-type')).toContain('text/event-stream');
    await expect(r.text()).rejects.toThrow();
  });

  it('contextId refresh: every answer carries a new contextId and the cart follows it', async () => {
    const m = sb.merchants[9];
    if (m === undefined) throw new Error('missing');
    const c = await v1Caller(sb, m, 'tok');
    const a = await c.call([
      {
        skillId: 'cap:cart_manage',
        data: { action: 'add', addItems: [{ productId: 'P0009-0001', quantity: 1 }] },
      },
    ]);
    const b = await c.call([{ skillId: 'cap:cart_manage', data: { action: 'view' } }], a.contextId);
    expect(b.contextId).not.toBe(a.contextId);
    const itemsA = (a.outputs[0] as { items?: unknown[] } | undefined)?.items?.length ?? 0;
    const itemsB = (b.outputs[0] as { items?: unknown[] } | undefined)?.items?.length ?? 0;
    expect(itemsB).toBe(itemsA);
  });

  it('auth required: 401 with WWW-Authenticate unless the bearer token is sent', async () => {
    const r = await post(10);
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toContain('Bearer');
    expect((await post(10, search(), { authorization: 'Bearer s3cret' })).status).toBe(200);
  });

  it('a healthy merchant next to faulty ones answers normally', async () => {
    expect((await post(11)).status).toBe(200);
  });

  it('forged interface: the card names another endpoint and binding; the merchant still answers on its own', async () => {
    const card = (await (await sb.fetch(sb.merchants[12]?.cardUrl ?? '')).json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      url: 'http://shop-11.sandbox.test:1/a2a/jsonrpc',
      preferredTransport: 'GRPC',
    });
    expect((await post(12)).status).toBe(200);
  });
});

describe('hang', () => {
  it('a hung request ends when the sandbox closes', async () => {
    const own = await startSandbox({ merchants: 1, faults: { 0: { hang: true } } });
    const pending = own.fetch(own.merchants[0]?.rpcUrl ?? '', { method: 'POST', body: search() });
    const settled = pending.then(
      () => 'answered',
      () => 'ended',
    );
    // Close only once the request is held by the merchant, so the test proves close() ends a hung request.
    while ((own.merchants[0]?.stats.a2aRequests ?? 0) === 0) await new Promise((r) => setTimeout(r, 10));
    await own.close();
    expect(await settled).toBe('ended');
  });
});
