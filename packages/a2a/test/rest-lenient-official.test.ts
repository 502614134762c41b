import { isHttpStatusError } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type A2AClient,
  type A2AWarning,
  createA2AClient,
  createReplyTextAccumulator,
  isInvalidAgentResponseError,
  isTaskNotFoundError,
  replyText,
  type StreamEvent,
} from '../src/index.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';
import { type OfficialPeer, startV1Peer, startV03Peer } from './helpers/official-peers.js';
import {
  type RewritingProxy,
  type Rewritten,
  sseEvents,
  startRewritingProxy,
  type UpstreamAnswer,
} from './helpers/rewriting-proxy.js';

/*
 * The official @a2a-js/sdk servers over HTTP+JSON (1.3.0 speaking 1.0, 0.3.14 speaking 0.3), behind a proxy on
 * 127.0.0.1 that rewrites each answer into a departure a sloppy server makes: the answers are a real
 * implementation's, only their form changes. The lenient client reads them with warnings; a strict one refuses.
 */

const http = loopbackHttp();
const codes = (list: readonly A2AWarning[]) => [...new Set(list.map((w) => w.code))].sort();
type Json = Record<string, unknown>;

const json = (value: unknown, status?: number): Rewritten => ({
  body: JSON.stringify(value),
  contentType: 'application/json',
  ...(status !== undefined ? { status } : {}),
});

/** An SSE body with each event's JSON after `noise`, rewritten by `event`. */
function sse(answer: UpstreamAnswer, noise: string, event: (data: Json) => unknown): Rewritten {
  const body = sseEvents(answer.body)
    .map((e) => `data: ${noise}${JSON.stringify(event(e.data as Json))}\n\n`)
    .join('');
  return { body, contentType: 'text/event-stream' };
}

function renameKey(value: Json, from: string, to: string): Json {
  const { [from]: moved, ...rest } = value;
  return { ...rest, [to]: moved };
}

async function clients(proxy: RewritingProxy) {
  const cardUrl = `${proxy.baseUrl}/.well-known/agent-card.json`;
  const seen: A2AWarning[] = [];
  const lenient = await createA2AClient({ cardUrl, http, cardCache: false, onWarning: (w) => seen.push(w) });
  const strict = await createA2AClient({ cardUrl, http, cardCache: false, strict: true });
  return { lenient, strict, seen };
}

afterAll(() => http.close());

/** The reply text a stream's events add up to. */
function streamedText(events: readonly StreamEvent[]): string {
  const acc = createReplyTextAccumulator();
  for (const event of events) acc.push(event);
  return acc.text;
}

describe('official 1.3.0 HTTP+JSON server (1.0) behind a rewriting proxy', () => {
  let peer: OfficialPeer;
  let proxy: RewritingProxy;
  let lenient: A2AClient;
  let strict: A2AClient;

  beforeAll(async () => {
    peer = await startV1Peer({ legacyCompat: false, binding: 'HTTP+JSON' });
    proxy = await startRewritingProxy(peer.baseUrl, (answer) => {
      const path = answer.request;
      if (path.endsWith('/message:send')) {
        // A bare Task (no `{task}` wrapper), states and roles in other spellings, a snake_case key.
        const task = (JSON.parse(answer.body) as { task: Json }).task;
        const status = task['status'] as Json;
        const history = (task['history'] as Json[]).map((m) => ({ ...m, role: 'USER' }));
        return json(
          renameKey(
            { ...task, status: { ...status, state: 'COMPLETED' }, history },
            'contextId',
            'context_id',
          ),
        );
      }
      if (path.includes('/tasks/nope')) {
        // A JSON-RPC error envelope where a google.rpc.Status belongs.
        return json(
          { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Task not found: nope' } },
          404,
        );
      }
      if (path.includes('/tasks/')) return json({ task: JSON.parse(answer.body) }); // a wrapper around GetTask's Task
      if (path.endsWith('/message:stream')) {
        // RS-prefixed frames; status updates bare, with a 0.3 `kind` tag.
        return sse(answer, '\u001e', (data) =>
          data['statusUpdate'] ? { kind: 'status-update', ...(data['statusUpdate'] as Json) } : data,
        );
      }
      return undefined;
    });
    ({ lenient, strict } = await clients(proxy));
  });

  afterAll(async () => {
    await proxy.close();
    await peer.close();
  });

  it('send: a bare Task with COMPLETED, USER and context_id is read, with warnings; strict refuses it', async () => {
    expect(lenient.binding).toBe('HTTP+JSON');
    expect(lenient.dialect).toBe('1.0');
    const result = await lenient.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.status.state).toBe('completed');
    expect(replyText(result)).toBe('echo: hi');
    expect(result.task?.contextId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.task?.history?.[0]?.role).toBe('user');
    expect(codes(result.warnings ?? [])).toEqual(['result-unwrapped', 'role-normalized', 'state-normalized']);
    const refused = await strict.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(refused)).toBe(true);
    expect(strict.warnings).toEqual([]);
  });

  it('get: a Task inside a {task} wrapper is read (result-wrapped); strict refuses it', async () => {
    const sent = await lenient.sendMessage({ message: { parts: text('again') } });
    const id = sent.task?.id ?? '';
    const before = lenient.warnings.length;
    const task = await lenient.getTask({ id });
    expect(task).toMatchObject({ id, kind: 'task', status: { state: 'completed' } });
    expect(codes(lenient.warnings.slice(before))).toEqual(['result-wrapped']);
    expect(isInvalidAgentResponseError(await strict.getTask({ id }).catch((e: unknown) => e))).toBe(true);
  });

  it('stream: RS-prefixed frames and bare status updates reach completed; strict refuses the frame', async () => {
    const before = lenient.warnings.length;
    const events = await collect(lenient.streamMessage({ message: { parts: text('stream') } }));
    expect(events.map((e) => e.kind)).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
    expect(events.at(-1)).toMatchObject({ final: true, status: { state: 'completed' } });
    expect(streamedText(events)).toBe('echo: stream');
    expect(codes(lenient.warnings.slice(before))).toEqual(['result-unwrapped', 'sse-framing-noise']);
    const refused = await collect(
      strict.streamMessage({ message: { parts: text('stream') } }, { resume: false }),
    ).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(refused)).toBe(true);
    expect(String(refused)).toContain('not JSON');
  });

  it('error: a JSON-RPC error body with HTTP 404 is TaskNotFound (rest-error-shape); strict: HttpStatusError', async () => {
    const before = lenient.warnings.length;
    const error = await lenient.getTask({ id: 'nope' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
    expect(error).toMatchObject({ httpStatus: 404, binding: 'HTTP+JSON' });
    expect(codes(lenient.warnings.slice(before))).toEqual(['rest-error-shape']);
    const refused = await strict.getTask({ id: 'nope' }).catch((e: unknown) => e);
    expect(isHttpStatusError(refused) && refused.status).toBe(404);
  });
});

describe('official 0.3.14 HTTP+JSON server (0.3) behind a rewriting proxy', () => {
  let peer: OfficialPeer;
  let proxy: RewritingProxy;
  let lenient: A2AClient;
  let strict: A2AClient;

  beforeAll(async () => {
    peer = await startV03Peer({ binding: 'HTTP+JSON' });
    proxy = await startRewritingProxy(peer.baseUrl, (answer) => {
      const path = answer.request;
      if (path.endsWith('/message:send')) {
        // The 0.3 JSON-RPC form of the task (`kind`, no wrapper) on the proto binding, its id a number.
        const task = (JSON.parse(answer.body) as { task: Json }).task;
        return json({ kind: 'task', ...task, status: { state: 'Completed' } }, 201);
      }
      if (path.includes('/tasks/nope')) {
        // A google.rpc.Status with only its HTTP code, instead of the 0.3 `{code: -32001}` body.
        const said = JSON.parse(answer.body) as { message: string };
        return json({ error: { code: 404, message: said.message } }, 404);
      }
      if (path.endsWith('/message:stream')) {
        // A BOM before each event's JSON, snake_case wrapper keys.
        return sse(answer, '\ufeff', (data) =>
          data['statusUpdate'] ? renameKey(data, 'statusUpdate', 'status_update') : data,
        );
      }
      return undefined;
    });
    ({ lenient, strict } = await clients(proxy));
  });

  afterAll(async () => {
    await proxy.close();
    await peer.close();
  });

  it('send: a bare kind-tagged Task with a state in other casing is read; strict refuses it', async () => {
    expect(lenient.binding).toBe('HTTP+JSON');
    expect(lenient.dialect).toBe('0.3');
    const result = await lenient.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.status.state).toBe('completed');
    expect(replyText(result)).toBe('echo: hi');
    expect(codes(result.warnings ?? [])).toEqual(['result-unwrapped', 'state-normalized']);
    const refused = await strict.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(refused)).toBe(true);
  });

  it('stream: BOM-prefixed frames with snake_case keys reach completed; strict refuses the frame', async () => {
    const before = lenient.warnings.length;
    const events = await collect(lenient.streamMessage({ message: { parts: text('s') } }));
    expect(events.at(-1)).toMatchObject({
      kind: 'status-update',
      final: true,
      status: { state: 'completed' },
    });
    expect(streamedText(events)).toBe('echo: s');
    expect(codes(lenient.warnings.slice(before))).toEqual(['sse-framing-noise']);
    const refused = await collect(
      strict.streamMessage({ message: { parts: text('s') } }, { resume: false }),
    ).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(refused)).toBe(true);
  });

  it('error: a Status with only its HTTP code 404 is TaskNotFound; strict: HttpStatusError', async () => {
    const before = lenient.warnings.length;
    const error = await lenient.getTask({ id: 'nope' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
    expect(codes(lenient.warnings.slice(before))).toEqual(['rest-error-shape']);
    const refused = await strict.getTask({ id: 'nope' }).catch((e: unknown) => e);
    expect(isHttpStatusError(refused) && refused.status).toBe(404);
  });
});
