import { isHttpStatusError, isTimeoutError } from '@agentweb/http';
import { describe, expect, it } from 'vitest';
import {
  createA2AClient,
  isA2AStreamError,
  isInvalidAgentResponseError,
  isTaskNotCancelableError,
  isTaskNotFoundError,
  isUnsupportedOperationError,
} from '../src/index.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, collectUntilError, text } from './helpers/messages.js';
import { json, restAgent, v1RestCard, v03RestCard } from './helpers/rest-agent.js';

const task = { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } };

describe('HTTP+JSON binding requests', () => {
  it('1.0: paths below the tenant, ProtoJSON bodies, A2A-Version and a2a+json', async () => {
    const agent = await restAgent((req, res) =>
      json(res, 200, req.url.includes('message') ? { task } : task),
    );
    const client = await createA2AClient({
      card: v1RestCard(agent.base, 'acme'),
      http: loopbackHttp(),
      extensions: ['urn:x'],
    });
    await client.sendMessage({
      message: { messageId: 'm1', parts: text('hi') },
      configuration: { blocking: false },
    });
    await client.getTask({ id: 't/1', historyLength: 2 });
    await client.cancelTask({ id: 't1' });
    const [send, get, cancel] = agent.seen;
    expect(send).toMatchObject({ method: 'POST', url: '/a2a/acme/message:send' });
    expect(send?.headers).toMatchObject({
      'content-type': 'application/a2a+json',
      'a2a-version': '1.0',
      'a2a-extensions': 'urn:x',
    });
    expect(JSON.parse(send?.body ?? '')).toEqual({
      message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] },
      configuration: { returnImmediately: true },
    });
    expect(get).toMatchObject({ method: 'GET', url: '/a2a/acme/tasks/t%2F1?historyLength=2', body: '' });
    expect(cancel).toMatchObject({ method: 'POST', url: '/a2a/acme/tasks/t1:cancel' });
  });

  it('0.3: /v1 paths and the 0.3 proto JSON (content, ROLE_USER, TASK_STATE_CANCELLED read back)', async () => {
    const agent = await restAgent((req, res) =>
      json(
        res,
        req.url.endsWith(':send') ? 201 : 200,
        req.url.endsWith(':send')
          ? { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_CANCELLED' } } }
          : {
              id: 't1',
              contextId: 'c1',
              status: {
                state: 'TASK_STATE_WORKING',
                message: { messageId: 'a', role: 'ROLE_AGENT', content: [{ text: 'w' }] },
              },
            },
        'application/json',
      ),
    );
    const client = await createA2AClient({ card: v03RestCard(agent.base), http: loopbackHttp() });
    expect(client.dialect).toBe('0.3');
    const sent = await client.sendMessage({
      message: { messageId: 'm1', parts: [{ kind: 'data', data: { q: 1 } }] },
    });
    expect(sent.task?.status.state).toBe('canceled');
    const got = await client.getTask({ id: 't1' });
    expect(got.status.message?.parts).toEqual([{ kind: 'text', text: 'w' }]);
    expect(agent.seen[0]).toMatchObject({ method: 'POST', url: '/a2a/v1/message:send' });
    expect(JSON.parse(agent.seen[0]?.body ?? '')).toEqual({
      message: { messageId: 'm1', role: 'ROLE_USER', content: [{ data: { data: { q: 1 } } }] },
    });
    expect(agent.seen[0]?.headers['a2a-version']).toBeUndefined();
    expect(agent.seen[1]).toMatchObject({ method: 'GET', url: '/a2a/v1/tasks/t1' });
  });
});

describe('HTTP+JSON endpoint URLs', () => {
  it('drops trailing slashes of the card URL, in time linear in its length', async () => {
    const agent = await restAgent((_req, res) => json(res, 200, task));
    const client = await createA2AClient({ card: v1RestCard(`${agent.base}///`), http: loopbackHttp() });
    await client.getTask({ id: 't1' });
    expect(agent.seen[0]?.url).toBe('/a2a/tasks/t1');
    // A slash run that does not end the URL: a backtracking /\/+$/ costs n^2 steps here (minutes for this one).
    // Nothing is sent to it.
    const hostile = await createA2AClient({
      card: v1RestCard(`http://127.0.0.1:9/${'/'.repeat(300_000)}x`),
      http: loopbackHttp(),
    });
    expect(hostile.endpoint.url.length).toBeGreaterThan(300_000);
  });
});

describe('HTTP+JSON binding errors and bad input', () => {
  it('google.rpc.Status bodies become the typed errors, with or without ErrorInfo', async () => {
    const agent = await restAgent((req, res) => {
      if (req.method === 'GET')
        json(res, 404, {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'no task',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'TASK_NOT_FOUND',
                domain: 'a2a-protocol.org',
              },
            ],
          },
        });
      else if (req.url.endsWith(':cancel'))
        json(res, 400, { error: { code: 400, status: 'FAILED_PRECONDITION', message: 'done already' } });
      else json(res, 400, { error: { code: 400, status: 'FAILED_PRECONDITION', message: 'no streaming' } });
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const notFound = await client.getTask({ id: 'x' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(notFound)).toBe(true);
    expect(notFound).toMatchObject({ httpStatus: 404, binding: 'HTTP+JSON', rpcCode: -32001 });
    expect(isTaskNotCancelableError(await client.cancelTask({ id: 'x' }).catch((e: unknown) => e))).toBe(
      true,
    );
    const refused = await collect(client.streamMessage({ message: { parts: text('s') } })).catch(
      (e: unknown) => e,
    );
    expect(isUnsupportedOperationError(refused)).toBe(true);
  });

  it('an HTML answer is InvalidAgentResponseError on 200 and HttpStatusError on 502, naming what came back', async () => {
    let status = 200;
    const agent = await restAgent((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Login</title>');
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const html200 = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(html200)).toBe(true);
    expect(String(html200)).toMatch(/not JSON: <!doctype html>/);
    status = 502;
    const html502 = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(html502) && html502.status).toBe(502);
    const stream = await collect(
      client.streamMessage({ message: { parts: text('x') } }, { resume: false }),
    ).catch((e: unknown) => e);
    expect(isHttpStatusError(stream)).toBe(true);
  });

  it('a 429 stays an HttpStatusError with Retry-After, the A2A error its cause', async () => {
    const agent = await restAgent((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'slow down' } }));
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(error) && error.headers.get('retry-after')).toBe('7');
  });

  it('an SSE error event mid-stream is the typed error; a stream that goes silent ends at the idle timeout', async () => {
    const agent = await restAgent((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `data: ${JSON.stringify({ task: { ...task, status: { state: 'TASK_STATE_WORKING' } } })}\n\n`,
      );
      if (req.url.includes('message:stream')) {
        res.end(
          `event: error\ndata: ${JSON.stringify({ error: { code: 400, status: 'FAILED_PRECONDITION', message: 'x', details: [{ reason: 'UNSUPPORTED_OPERATION' }] } })}\n\n`,
        );
      }
      // A subscription never ends and never sends again.
    });
    const client = await createA2AClient({
      card: v1RestCard(agent.base),
      http: loopbackHttp(),
      idleTimeoutMs: 150,
    });
    const midStream = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isUnsupportedOperationError(midStream)).toBe(true);
    const started = Date.now();
    const silent = await collect(client.resubscribe({ id: 't1' }, { resume: false })).catch(
      (e: unknown) => e,
    );
    expect(isA2AStreamError(silent) && silent.reason).toBe('idle-timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('events that arrive with an error event in one read reach the consumer before the error', async () => {
    const agent = await restAgent((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // One write: the working update, an artifact update and the error come in one read of the body.
      res.end(
        `data: ${JSON.stringify({ statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } })}\n\n` +
          `data: ${JSON.stringify({ artifactUpdate: { taskId: 't1', contextId: 'c1', artifact: { artifactId: 'a', parts: [{ text: 'p' }] } } })}\n\n` +
          `event: error\ndata: ${JSON.stringify({ error: { code: 400, status: 'FAILED_PRECONDITION', message: 'x', details: [{ reason: 'UNSUPPORTED_OPERATION' }] } })}\n\n`,
      );
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    for (const resume of [undefined, false] as const) {
      const { events, error } = await collectUntilError(
        client.streamMessage({ message: { parts: text('x') } }, { resume }),
      );
      const seen = events.map((e) => e.kind);
      expect(seen).toEqual(['status-update', 'artifact-update']);
      expect(isUnsupportedOperationError(error)).toBe(true);
    }
  });

  it('an agent that never answers fails at the call deadline', async () => {
    const agent = await restAgent(() => {});
    const client = await createA2AClient({
      card: v1RestCard(agent.base),
      http: loopbackHttp(),
      timeoutMs: 200,
    });
    expect(isTimeoutError(await client.getTask({ id: 't' }).catch((e: unknown) => e))).toBe(true);
  });
});
