import { isHttpStatusError } from '@agentweb/http';
import { describe, expect, it } from 'vitest';
import {
  type A2AWarning,
  createA2AClient,
  isA2AInvalidRequestError,
  isInvalidAgentResponseError,
  isTaskNotCancelableError,
  isTaskNotFoundError,
  sendResultFromV1,
  streamEventFromV1,
  taskFromV1,
} from '../src/index.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';
import { json, restAgent, v1RestCard, v03RestCard } from './helpers/rest-agent.js';

const codes = (list: readonly A2AWarning[]) => list.map((w) => w.code);
const strictError = (read: () => unknown): unknown => {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
};

/** Runs a 1.0 reader leniently: its result and the warnings it reported. */
function lenient<T>(read: (warn: (w: A2AWarning) => void) => T): { value: T; warnings: A2AWarning[] } {
  const warnings: A2AWarning[] = [];
  const value = read((w) => warnings.push(w));
  return { value, warnings };
}

describe('1.0 wire shapes read leniently', () => {
  it('numeric ids, an epoch-ms timestamp, a message without messageId, a 0.3 file part', () => {
    const task = {
      id: 7,
      contextId: 8,
      status: {
        state: 'TASK_STATE_WORKING',
        timestamp: 1_700_000_000_000,
        message: {
          role: 'ROLE_AGENT',
          parts: [{ kind: 'file', file: { uri: 'https://f.example/a', name: 'a' } }],
        },
      },
    };
    const { value, warnings } = lenient((warn) => taskFromV1(task, 'result', warn));
    expect(value).toMatchObject({
      id: '7',
      contextId: '8',
      status: {
        state: 'working',
        timestamp: '2023-11-14T22:13:20.000Z',
        message: {
          messageId: '',
          parts: [{ kind: 'file', file: { uri: 'https://f.example/a', name: 'a' } }],
        },
      },
    });
    expect(codes(warnings)).toEqual([
      'value-coerced',
      'field-missing',
      'part-other-dialect',
      'value-coerced',
      'value-coerced',
    ]);
    expect(warnings.map((w) => w.path)).toEqual([
      'result.id',
      'result.status.message.messageId',
      'result.status.message.parts[0].file',
      'result.status.timestamp',
      'result.contextId',
    ]);
    expect(isInvalidAgentResponseError(strictError(() => taskFromV1(task)))).toBe(true);
  });

  it('a status without state is TASK_STATE_UNSPECIFIED (unknown), an artifact without id reads as ""', () => {
    const event = { artifactUpdate: { taskId: 't', artifact: { parts: [{ text: 'x' }] } } };
    const read = lenient((warn) => streamEventFromV1(event, 'result', warn));
    expect(read.value).toMatchObject({ kind: 'artifact-update', artifact: { artifactId: '' } });
    expect(codes(read.warnings)).toEqual(['field-missing']);
    const status = { task: { id: 't', status: {} } };
    const task = lenient((warn) => sendResultFromV1(status, warn));
    expect(task.value.task?.status.state).toBe('unknown');
    expect(isInvalidAgentResponseError(strictError(() => sendResultFromV1(status)))).toBe(true);
    expect(isInvalidAgentResponseError(strictError(() => streamEventFromV1(event)))).toBe(true);
  });

  it('snake_case keys are ProtoJSON: read in both modes, without a warning', () => {
    const event = {
      status_update: {
        task_id: 't',
        context_id: 'c',
        status: {
          state: 'TASK_STATE_COMPLETED',
          message: { message_id: 'm', role: 'ROLE_AGENT', parts: [] },
        },
      },
    };
    const { value, warnings } = lenient((warn) => streamEventFromV1(event, 'result', warn));
    expect(value).toMatchObject({ kind: 'status-update', taskId: 't', contextId: 'c', final: true });
    expect(warnings).toEqual([]);
    expect(streamEventFromV1(event)).toEqual(value);
  });

  it('a bare message or update without kind is told from its fields; a shape that says nothing is refused', () => {
    const message = { messageId: 'm', role: 'agent', parts: [{ text: 'hi' }] };
    const read = lenient((warn) => sendResultFromV1(message, warn));
    expect(read.value.message).toMatchObject({ kind: 'message', role: 'agent' });
    expect(codes(read.warnings)).toEqual(['result-unwrapped']);
    expect(read.warnings[0]?.message).toContain('its fields');
    const nothing = { hello: 'world' };
    expect(isInvalidAgentResponseError(strictError(() => sendResultFromV1(nothing, () => {})))).toBe(true);
    expect(
      isInvalidAgentResponseError(strictError(() => streamEventFromV1(nothing, 'result', () => {}))),
    ).toBe(true);
  });

  it('a status message without role is the agent’s; a history message without role is refused', () => {
    const task = {
      id: 't',
      status: { state: 'TASK_STATE_WORKING', message: { messageId: 'm', parts: [{ text: 'a' }] } },
    };
    const { value, warnings } = lenient((warn) => taskFromV1(task, 'result', warn));
    expect(value.status.message?.role).toBe('agent');
    expect(codes(warnings)).toEqual(['field-missing']);
    expect(warnings[0]?.path).toBe('result.status.message.role');
    const history = {
      id: 't',
      status: { state: 'TASK_STATE_WORKING' },
      history: [{ messageId: 'm', parts: [] }],
    };
    expect(isInvalidAgentResponseError(strictError(() => taskFromV1(history, 'result', () => {})))).toBe(
      true,
    );
    expect(isInvalidAgentResponseError(strictError(() => taskFromV1(task)))).toBe(true);
  });

  it('an unknown state and role are kept as received in both modes', () => {
    const task = {
      id: 't',
      status: { state: 'TASK_STATE_PAUSED', message: { messageId: 'm', role: 'ROLE_SYSTEM' } },
    };
    const { value, warnings } = lenient((warn) => taskFromV1(task, 'result', warn));
    expect(value.status).toMatchObject({ state: 'TASK_STATE_PAUSED', message: { role: 'ROLE_SYSTEM' } });
    expect(warnings).toEqual([]);
  });
});

describe('HTTP+JSON answers read leniently', () => {
  const problem = (status: number, body: unknown) =>
    restAgent((req, res) => (req.url.includes('card') ? json(res, 200, {}) : json(res, status, body)));

  it('error forms: status name in other casing, reason in other casing, status as its number', async () => {
    const bodies: Array<[unknown, (e: unknown) => boolean]> = [
      [{ error: { code: 404, status: 'not_found', message: 'gone' } }, isTaskNotFoundError],
      [
        { error: { code: 404, message: 'gone', details: [{ reason: 'TaskNotFoundError' }] } },
        isTaskNotFoundError,
      ],
      [{ error: { status: 5, message: 'gone' } }, isTaskNotFoundError],
    ];
    for (const [body, is] of bodies) {
      const agent = await problem(404, body);
      const warnings: A2AWarning[] = [];
      const client = await createA2AClient({
        card: v1RestCard(agent.base),
        http: loopbackHttp(),
        onWarning: (w) => warnings.push(w),
      });
      const error = await client.getTask({ id: 't' }).catch((e: unknown) => e);
      expect(is(error)).toBe(true);
      expect(codes(warnings)).toEqual(['rest-error-shape']);
      const strict = await createA2AClient({
        card: v1RestCard(agent.base),
        http: loopbackHttp(),
        strict: true,
      });
      expect(isHttpStatusError(await strict.getTask({ id: 't' }).catch((e: unknown) => e))).toBe(true);
    }
  });

  it('a 400 with JSON in no A2A error form is an invalid-request error naming the body', async () => {
    const body = { error: 'Invalid request body', issues: [{ path: ['message'] }] };
    const agent = await problem(400, body);
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isA2AInvalidRequestError(error)).toBe(true);
    expect(error).toMatchObject({ httpStatus: 400, data: body, binding: 'HTTP+JSON' });
    expect(String(error)).toContain('Invalid request body');
    expect(codes(client.warnings)).toEqual(['http-error-not-a2a']);
    const strict = await createA2AClient({
      card: v1RestCard(agent.base),
      http: loopbackHttp(),
      strict: true,
    });
    const refused = await strict.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(refused) && refused.status).toBe(400);
  });

  it('an A2A error in a 200 answer is thrown (rest-error-http-ok); strict: InvalidAgentResponseError', async () => {
    const agent = await problem(200, {
      error: { code: 400, status: 'FAILED_PRECONDITION', message: 'done' },
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const error = await client.cancelTask({ id: 't' }).catch((e: unknown) => e);
    expect(isTaskNotCancelableError(error)).toBe(true);
    expect(codes(client.warnings)).toEqual(['rest-error-http-ok']);
    const strict = await createA2AClient({
      card: v1RestCard(agent.base),
      http: loopbackHttp(),
      strict: true,
    });
    expect(isInvalidAgentResponseError(await strict.cancelTask({ id: 't' }).catch((e: unknown) => e))).toBe(
      true,
    );
  });

  it('a 500 with an HTML page stays an HttpStatusError, with no warning', async () => {
    const agent = await restAgent((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>oops</h1>');
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    expect(isHttpStatusError(await client.getTask({ id: 't' }).catch((e: unknown) => e))).toBe(true);
    expect(client.warnings).toEqual([]);
  });

  it('push configs: a bare array for the list, numeric ids and snake_case keys; strict refuses the array', async () => {
    const config = { task_id: 7, id: 1, url: 'https://hook.example/a2a' };
    const agent = await restAgent((req, res) =>
      json(res, 200, req.url.endsWith('/pushNotificationConfigs') ? [config] : config),
    );
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const list = await client.listPushNotificationConfigs({ taskId: '7' });
    expect(list).toEqual([
      { taskId: '7', pushNotificationConfig: { id: '1', url: 'https://hook.example/a2a' } },
    ]);
    expect(codes(client.warnings)).toEqual(['result-unwrapped', 'value-coerced', 'value-coerced']);
    const strict = await createA2AClient({
      card: v1RestCard(agent.base),
      http: loopbackHttp(),
      strict: true,
    });
    const refused = await strict.listPushNotificationConfigs({ taskId: '7' }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(refused)).toBe(true);
  });

  it('a snapshot-only stream of untagged tasks without a final state ends at its close (stream-no-final)', async () => {
    const agent = await restAgent((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const said of ['h', 'hi']) {
        const snapshot = {
          id: 't1',
          contextId: 'c1',
          status: {
            state: 'working',
            message: { messageId: `m${said}`, role: 'agent', parts: [{ text: said }] },
          },
        };
        res.write(`data: \u001e${JSON.stringify(snapshot)}\n\n`);
      }
      res.end();
    });
    const client = await createA2AClient({ card: v1RestCard(agent.base), http: loopbackHttp() });
    const events = await collect(client.streamMessage({ message: { parts: text('hi') } }));
    expect(events.map((e) => e.kind)).toEqual(['task', 'task']);
    expect(new Set(codes(client.warnings))).toEqual(
      new Set(['sse-framing-noise', 'result-unwrapped', 'stream-no-final']),
    );
    expect(codes(client.warnings).at(-1)).toBe('stream-no-final');
  });

  it('0.3: a task in a {task} wrapper from GetTask and an error event on a data line without event: error', async () => {
    const agent = await restAgent((req, res) => {
      if (req.method === 'GET') {
        json(res, 200, { task: { id: 't1', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } } });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify({ error: { code: -32001, message: 'gone' } })}\n\n`);
    });
    const client = await createA2AClient({ card: v03RestCard(agent.base), http: loopbackHttp() });
    const task = await client.getTask({ id: 't1' });
    expect(task).toMatchObject({ id: 't1', status: { state: 'completed' } });
    const error = await collect(client.resubscribe({ id: 't1' }, { resume: false })).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
    expect(codes(client.warnings)).toEqual(['result-wrapped', 'rest-error-shape', 'rest-error-http-ok']);
    const strict = await createA2AClient({
      card: v03RestCard(agent.base),
      http: loopbackHttp(),
      strict: true,
    });
    expect(isInvalidAgentResponseError(await strict.getTask({ id: 't1' }).catch((e: unknown) => e))).toBe(
      true,
    );
  });
});
