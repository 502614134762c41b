import { isCardValidationError } from '@agentweb/agentcard';
import { isHttpStatusError } from '@agentweb/http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type A2AWarning,
  createA2AClient,
  isA2AInvalidRequestError,
  isInvalidAgentResponseError,
  isTaskNotFoundError,
  repairA2ACard,
} from '../src/index.js';
import { reply, sendJson, startSse, useAgentDoubles, v1Card, v03Card } from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';

const http = loopbackHttp();
const startDouble = useAgentDoubles();
afterAll(() => http.close());

const codes = (list: readonly A2AWarning[]) => list.map((w) => w.code);

// A task as VoltAgent sends it: no `kind` anywhere.
const untaggedTask = (state: string, said = 'hi') => ({
  id: 't1',
  contextId: 'c1',
  status: {
    state,
    message: { role: 'agent', messageId: `m-${state}`, parts: [{ kind: 'text', text: said }] },
  },
});

describe('cards', () => {
  const mastraLike = (url: string) => ({
    name: 'echo',
    description: 'Echo back',
    version: '1.0.0',
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', protocolVersion: '0.3' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
  });

  it('a card without skills and with bare-word modes is read, with one warning per repair', async () => {
    const double = await startDouble((call, res) => reply(res, call, untaggedTask('completed')));
    const seen: A2AWarning[] = [];
    const client = await createA2AClient({
      card: mastraLike(double.rpcUrl),
      http,
      onWarning: (w) => seen.push(w),
    });
    expect(client.profile.skills).toEqual([]);
    expect(codes(client.warnings)).toEqual([
      'card-skills-missing',
      'card-mode-not-mime',
      'card-mode-not-mime',
    ]);
    expect(client.warnings[1]).toMatchObject({ path: 'defaultInputModes[0]' });
    expect(seen).toEqual(client.warnings);
  });

  it('strict: the same card is refused with CardValidationError naming skills', async () => {
    const error = await createA2AClient({
      card: mastraLike('http://127.0.0.1:1/rpc'),
      http,
      strict: true,
    }).catch((e: unknown) => e);
    expect(isCardValidationError(error)).toBe(true);
    expect(String((error as Error).message)).toContain('skills');
  });

  it('a fetched card is repaired, and a strict client sharing the cache still refuses it', async () => {
    const double = await startDouble((_call, res) => sendJson(res, mastraLike('http://127.0.0.1:1/rpc')));
    const cardUrl = `${double.baseUrl}/.well-known/agent-card.json`;
    const lenient = await createA2AClient({ cardUrl, http });
    expect(codes(lenient.warnings)).toContain('card-skills-missing');
    const strict = await createA2AClient({ cardUrl, http, strict: true }).catch((e: unknown) => e);
    expect(isCardValidationError(strict)).toBe(true);
  });

  it('repairA2ACard leaves a valid card untouched (same object, no warnings)', () => {
    const card = v03Card('https://agent.example/rpc');
    const repaired = repairA2ACard(card);
    expect(repaired.card).toBe(card);
    expect(repaired.warnings).toEqual([]);
  });

  it('repairA2ACard defaults what 0.3 requires and derives skill fields', () => {
    const card = {
      name: 'x',
      url: 'https://agent.example/rpc',
      preferredTransport: 'JSONRPC',
      skills: [{ name: 'Echo' }],
    };
    const { card: out, warnings } = repairA2ACard(card);
    expect(codes(warnings)).toEqual([
      'card-description-missing',
      'card-version-missing',
      'card-capabilities-missing',
      'card-protocol-version-missing',
      'card-modes-missing',
      'card-modes-missing',
      'card-skill-field-missing',
      'card-skill-field-missing',
      'card-skill-field-missing',
    ]);
    expect(out).toMatchObject({ protocolVersion: '0.3.0', skills: [{ id: 'Echo', name: 'Echo', tags: [] }] });
    expect(card).not.toHaveProperty('protocolVersion');
  });
});

describe('answers', () => {
  it('a send result without kind is read as a task; the warning is on the result and the client', async () => {
    const double = await startDouble((call, res) => reply(res, call, untaggedTask('completed')));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.kind).toBe('task');
    expect(result.task?.status.message?.kind).toBe('message');
    expect(result.warnings).toEqual([
      { code: 'kind-inferred', path: 'result.kind', message: expect.stringContaining("'task'") },
    ]);
    expect(codes(client.warnings)).toEqual(['kind-inferred']);
  });

  it('strict: a send result without kind is InvalidAgentResponseError', async () => {
    const double = await startDouble((call, res) => reply(res, call, untaggedTask('completed')));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http, strict: true });
    const error = await client.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
    expect(client.warnings).toEqual([]);
  });

  it('parts without kind and a task without contextId are read with warnings', async () => {
    const task = {
      id: 't',
      kind: 'task',
      status: { state: 'completed' },
      artifacts: [{ artifactId: 'a', parts: [{ text: 'x' }] }],
    };
    const double = await startDouble((call, res) => reply(res, call, task));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.contextId).toBe('');
    expect(result.task?.artifacts?.[0]?.parts[0]).toEqual({ kind: 'text', text: 'x' });
    expect(codes(result.warnings ?? [])).toEqual(['task-context-missing', 'part-kind-inferred']);
  });

  it('an onWarning hook that throws refuses the answer', async () => {
    const double = await startDouble((call, res) => reply(res, call, untaggedTask('completed')));
    const client = await createA2AClient({
      card: v03Card(double.rpcUrl),
      http,
      onWarning: (w) => {
        throw new Error(`refused ${w.code}`);
      },
    });
    await expect(client.sendMessage({ message: { parts: text('hi') } })).rejects.toThrow(
      'refused kind-inferred',
    );
  });

  it('a JSON-RPC error with HTTP 400 is the typed error, with a warning', async () => {
    const double = await startDouble((call, res) =>
      sendJson(
        res,
        { jsonrpc: '2.0', id: call.id, error: { code: -32001, message: 'no task', data: {} } },
        400,
      ),
    );
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await client.getTask({ id: 'nope' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
    expect(codes(client.warnings)).toEqual(['jsonrpc-error-http-status']);
  });

  it('a 400 with a JSON body that is not JSON-RPC is an invalid-request error naming status and body', async () => {
    const body = { error: 'Invalid request body', issues: [{ path: ['method'] }] };
    const double = await startDouble((_call, res) => sendJson(res, body, 400));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await client.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isA2AInvalidRequestError(error)).toBe(true);
    if (!isA2AInvalidRequestError(error)) return;
    expect(error.httpStatus).toBe(400);
    expect(error.data).toEqual(body);
    expect(error.message).toContain('HTTP 400');
    expect(error.message).toContain('Invalid request body');
    expect(isHttpStatusError(error.cause)).toBe(true);
    expect(codes(client.warnings)).toEqual(['http-error-not-jsonrpc']);
  });

  it('a 400 whose body is not JSON stays an HttpStatusError', async () => {
    const double = await startDouble((_call, res) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<h1>bad</h1>');
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await client.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(error)).toBe(true);
    expect(client.warnings).toEqual([]);
  });
});

describe('streams', () => {
  const frame = (id: unknown, result: unknown, prefix = '\u001e') =>
    `data: ${prefix}${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`;

  it('VoltAgent form: RS-prefixed frames of untagged task snapshots, no final, read to the end', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      for (const [state, said] of [
        ['working', ''],
        ['working', 'h'],
        ['working', 'hi'],
      ]) {
        res.write(frame(call.id, untaggedTask(state as string, said)));
      }
      res.end();
    });
    const seen: A2AWarning[] = [];
    const client = await createA2AClient({
      card: v03Card(double.rpcUrl),
      http,
      onWarning: (w) => seen.push(w),
    });
    const events = await collect(client.streamMessage({ message: { parts: text('hi') } }));
    expect(events.map((e) => e.kind)).toEqual(['task', 'task', 'task']);
    expect(new Set(codes(seen))).toEqual(new Set(['sse-framing-noise', 'kind-inferred', 'stream-no-final']));
    expect(codes(seen).at(-1)).toBe('stream-no-final');
    expect(seen.find((w) => w.code === 'sse-framing-noise')?.message).toContain('U+001E');
    expect(double.calls.map((c) => c.method)).toEqual(['message/stream']);
  });

  it('strict: an RS-prefixed frame is refused as not JSON', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      res.write(frame(call.id, { ...untaggedTask('completed'), kind: 'task' }));
      res.end();
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http, strict: true });
    const error = await collect(client.streamMessage({ message: { parts: text('hi') } })).catch(
      (e: unknown) => e,
    );
    expect(isInvalidAgentResponseError(error)).toBe(true);
    expect(String((error as Error).message)).toContain('not JSON');
  });

  it('status and artifact updates without kind are told apart by their fields', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      res.write(frame(call.id, { ...untaggedTask('working'), kind: 'task' }, ''));
      res.write(
        frame(
          call.id,
          {
            taskId: 't1',
            contextId: 'c1',
            artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'hi' }] },
          },
          '',
        ),
      );
      res.write(
        frame(call.id, { taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true }, ''),
      );
      res.end();
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const events = await collect(client.streamMessage({ message: { parts: text('hi') } }));
    expect(events.map((e) => e.kind)).toEqual(['task', 'artifact-update', 'status-update']);
    expect(codes(client.warnings)).toEqual(['kind-inferred', 'kind-inferred']);
  });

  it('framing noise longer than 16 characters is not skipped', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      res.write(frame(call.id, untaggedTask('completed'), '\u001e'.repeat(17)));
      res.end();
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await collect(
      client.streamMessage({ message: { parts: text('hi') } }, { resume: false }),
    ).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
  });
});

describe('ids and states spelled another way', () => {
  it('an id echoed as a string and a state in capitals are read, with warnings; strict refuses the id', async () => {
    const double = await startDouble((call, res) =>
      sendJson(res, {
        jsonrpc: '2.0',
        id: String(call.id),
        result: { kind: 'task', id: 't', contextId: 'c', status: { state: 'TASK_STATE_INPUT_REQUIRED' } },
      }),
    );
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.status.state).toBe('input-required');
    expect(codes(result.warnings ?? [])).toEqual(['jsonrpc-id-mismatch', 'state-normalized']);
    const strict = await createA2AClient({ card: v03Card(double.rpcUrl), http, strict: true });
    const error = await strict.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
  });

  it('a role in capitals is read as the role it spells (role-normalized); strict keeps it as received', async () => {
    const said = { kind: 'message', messageId: 'r', role: 'AGENT', parts: [{ kind: 'text', text: 'yo' }] };
    const double = await startDouble((call, res) => reply(res, call, said));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.message?.role).toBe('agent');
    expect(codes(result.warnings ?? [])).toEqual(['role-normalized']);
    const strict = await createA2AClient({ card: v03Card(double.rpcUrl), http, strict: true });
    expect((await strict.sendMessage({ message: { parts: text('hi') } })).message?.role).toBe('AGENT');
  });

  it('another request’s id is refused in lenient mode too; an unknown state is kept as received', async () => {
    const double = await startDouble((call, res) =>
      reply(
        res,
        { ...call, id: 999_999 },
        { kind: 'task', id: 't', contextId: 'c', status: { state: 'paused' } },
      ),
    );
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await client.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
    double.script = (call, res) =>
      reply(res, call, { kind: 'task', id: 't', contextId: 'c', status: { state: 'paused' } });
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.status.state).toBe('paused');
    expect(result.warnings).toBeUndefined();
  });
});

describe('JSON-RPC 1.0 answers (the ProtoJSON readers)', () => {
  it('a bare 0.3-style task for SendMessage and TASK_STATE_CANCELLED are read, with warnings; strict refuses', async () => {
    const bare = { kind: 'task', id: 't', contextId: 'c', status: { state: 'TASK_STATE_CANCELLED' } };
    const double = await startDouble((call, res) => reply(res, call, bare));
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    expect(client.dialect).toBe('1.0');
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.task).toMatchObject({ id: 't', contextId: 'c', status: { state: 'canceled' } });
    expect(codes(result.warnings ?? [])).toEqual(['result-unwrapped', 'state-normalized']);
    const strict = await createA2AClient({ card: v1Card(double.rpcUrl), http, strict: true });
    const error = await strict.sendMessage({ message: { parts: text('hi') } }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
  });

  it('GetTask wrapped in {task} is read as the task (result-wrapped)', async () => {
    const double = await startDouble((call, res) =>
      reply(res, call, { task: { id: 't', status: { state: 'TASK_STATE_COMPLETED' } } }),
    );
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    expect(await client.getTask({ id: 't' })).toMatchObject({ id: 't', status: { state: 'completed' } });
    expect(codes(client.warnings)).toEqual(['result-wrapped']);
  });
});
