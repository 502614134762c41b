import { isAgentWebError } from '@agentweb/core';
import { isHttpStatusError, isUrlPolicyError } from '@agentweb/http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cardLocation,
  createA2AClient,
  isA2ARpcError,
  isTaskNotFoundError,
  isUnsupportedOperationError,
} from '../src/index.js';
import { type Script, sendJson, useAgentDoubles, v1Card, v03Card } from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';

const http = loopbackHttp();
const startDouble = useAgentDoubles();
afterAll(() => http.close());

// The error body CAP servers put on a 429.
const capRateLimit = {
  capErrorCode: 'RATE_LIMITED',
  description: 'too many requests',
  details: { retryAfterSeconds: 7 },
};

function send429(res: Parameters<Script>[1], body: unknown): void {
  res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
  res.end(JSON.stringify(body));
}

describe('non-2xx answers to JSON-RPC calls', () => {
  it('a 429 with a CAP JSON body is an HttpStatusError keeping the status, Retry-After and the body', async () => {
    const double = await startDouble((_call, res) => send429(res, capRateLimit));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(error)).toBe(true);
    if (!isHttpStatusError(error)) return;
    expect(error.status).toBe(429);
    expect(error.isRetryable).toBe(true);
    expect(error.headers.get('retry-after')).toBe('7');
    expect(JSON.parse(error.bodyExcerpt)).toEqual(capRateLimit);
    expect(error.url).toBe(double.rpcUrl);
  });

  it('a 429 carrying a JSON-RPC error for our id stays an HttpStatusError, with the typed error as cause', async () => {
    const double = await startDouble((call, res) =>
      send429(res, { jsonrpc: '2.0', id: call.id, error: { code: -32004, message: 'slow down' } }),
    );
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(error) && error.status).toBe(429);
    const cause = (error as { cause?: unknown }).cause;
    expect(isUnsupportedOperationError(cause)).toBe(true);
  });

  it('a 429 on a stream request is an HttpStatusError too', async () => {
    const double = await startDouble((_call, res) => send429(res, capRateLimit));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await collect(
      client.streamMessage({ message: { parts: text('x') } }, { resume: false }),
    ).catch((e: unknown) => e);
    expect(isHttpStatusError(error) && error.status).toBe(429);
    if (isHttpStatusError(error)) expect(error.headers.get('retry-after')).toBe('7');
  });

  it('strict: non-2xx JSON that is not a JSON-RPC error for our id is an HttpStatusError', async () => {
    const bodies: Array<(id: unknown) => unknown> = [
      () => ({ error: 'bad request' }),
      (id) => ({ jsonrpc: '2.0', id: `${String(id)}-other`, error: { code: -32001, message: 'x' } }),
      (id) => ({ jsonrpc: '2.0', id, error: { message: 'no code' } }),
      (id) => ({ jsonrpc: '2.0', id, result: { kind: 'task' } }),
      () => [1, 2],
    ];
    let n = 0;
    const double = await startDouble((call, res) => sendJson(res, bodies[n++]?.(call.id), 400));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http, strict: true });
    for (let i = 0; i < bodies.length; i++) {
      const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
      expect(isHttpStatusError(error) && error.status, String(i)).toBe(400);
      expect(isA2ARpcError(error), String(i)).toBe(false);
    }
  });

  it('a non-2xx JSON-RPC error for our id on a stream request is the typed error', async () => {
    const double = await startDouble((call, res) =>
      sendJson(res, { jsonrpc: '2.0', id: call.id, error: { code: -32001, message: 'gone' } }, 404),
    );
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await collect(client.resubscribe({ id: 't' }, { resume: false })).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
  });
});

describe('malformed card locations', () => {
  it('a cardUrl or baseUrl that is not a URL is a UrlPolicyError, not a TypeError', async () => {
    for (const input of [{ cardUrl: 'not a url' }, { cardUrl: 'http://[::1' }, { baseUrl: 'exa mple.com' }]) {
      const error = await createA2AClient({ ...input, http, cardCache: false }).catch((e: unknown) => e);
      expect(isUrlPolicyError(error), JSON.stringify(input)).toBe(true);
      expect(isAgentWebError(error)).toBe(true);
      if (isUrlPolicyError(error)) expect(error.reason).toBe('invalid');
    }
    const ftp = (() => {
      try {
        return cardLocation({ cardUrl: 'ftp://agent.example/card.json' });
      } catch (e) {
        return e;
      }
    })();
    expect(isUrlPolicyError(ftp) && ftp.reason).toBe('protocol');
  });
});
