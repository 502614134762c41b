import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isInvalidAgentResponseError,
  messageFromV1,
  messageToV1,
  partFromV1,
  partToV1,
  pushConfigFromV1,
  pushConfigToV1,
  sendConfigurationToV1,
  sendResultFromV1,
  sendResultToV1,
  stateFromV1,
  stateToV1,
  streamEventFromV1,
  streamEventToV1,
  type Task,
  taskFromV1,
  taskToV1,
} from '../src/index.js';

const v1Task = {
  id: 't1',
  contextId: 'c1',
  status: {
    state: 'TASK_STATE_WORKING',
    timestamp: '2026-01-01T00:00:00.000Z',
    message: { messageId: 'm0', role: 'ROLE_AGENT', parts: [{ text: 'thinking' }] },
  },
  artifacts: [
    {
      artifactId: 'a1',
      name: 'result',
      parts: [
        { text: 'hello', mediaType: 'text/plain' },
        { data: { sku: 'X1', qty: 2 }, mediaType: 'application/json' },
        { raw: 'aGVsbG8=', mediaType: 'image/png', filename: 'a.png' },
        { url: 'https://example.com/f.pdf', mediaType: 'application/pdf' },
        { data: [1, 2, 3] },
      ],
    },
  ],
  history: [
    { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }], contextId: 'c1', extensions: ['urn:x'] },
  ],
  metadata: { trace: 'abc' },
  futureField: { kept: true },
};

describe('1.0 ⇄ neutral converters', () => {
  it('reads a 1.0 task into the 0.3 shape (kind tags, lowercase states, file parts)', () => {
    const task = taskFromV1(v1Task);
    expect(task.kind).toBe('task');
    expect(task.status.state).toBe('working');
    expect(task.status.message?.role).toBe('agent');
    const parts = task.artifacts?.[0]?.parts ?? [];
    expect(parts.map((p) => p.kind)).toEqual(['text', 'data', 'file', 'file', 'data']);
    expect(parts[2]).toEqual({
      kind: 'file',
      file: { bytes: 'aGVsbG8=', mimeType: 'image/png', name: 'a.png' },
    });
    expect(parts[3]).toEqual({
      kind: 'file',
      file: { uri: 'https://example.com/f.pdf', mimeType: 'application/pdf' },
    });
    expect(task.history?.[0]).toMatchObject({ kind: 'message', role: 'user', extensions: ['urn:x'] });
  });

  it('round-trips a 1.0 task losslessly, unknown fields included', () => {
    expect(taskToV1(taskFromV1(v1Task))).toEqual(v1Task);
  });

  it('keeps a `__proto__` key of an answer as data, never as the prototype of what it reads', () => {
    const hostile = JSON.parse(
      '{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"},"__proto__":{"polluted":true}}',
    ) as Record<string, unknown>;
    const task = taskFromV1(hostile);
    expect(Object.getPrototypeOf(task)).toBe(Object.prototype);
    expect((task as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(task, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('round-trips a neutral task losslessly', () => {
    const neutral: Task = {
      kind: 'task',
      id: 't',
      contextId: 'c',
      status: { state: 'input-required' },
      artifacts: [
        { artifactId: 'a', parts: [{ kind: 'file', file: { uri: 'u', name: 'n', mimeType: 'm' } }] },
      ],
    };
    expect(taskFromV1(taskToV1(neutral))).toEqual(neutral);
  });

  it('keeps unknown enum values instead of rewriting them', () => {
    expect(stateFromV1('TASK_STATE_PAUSED')).toBe('TASK_STATE_PAUSED');
    expect(stateToV1('TASK_STATE_PAUSED')).toBe('TASK_STATE_PAUSED');
    expect(stateToV1('paused')).toBe('paused');
    expect(stateFromV1('TASK_STATE_UNSPECIFIED')).toBe('unknown');
    expect(stateFromV1(3)).toBe('completed');
    expect(stateFromV1(42)).toBe('42');
    expect(stateFromV1('completed')).toBe('completed');
    expect(messageFromV1({ messageId: 'm', role: 'ROLE_SYSTEM', parts: [] }).role).toBe('ROLE_SYSTEM');
    expect(messageToV1({ kind: 'message', messageId: 'm', role: 'ROLE_SYSTEM', parts: [] }).role).toBe(
      'ROLE_SYSTEM',
    );
  });

  it('maps every known state both ways', () => {
    for (const s of [
      'submitted',
      'working',
      'input-required',
      'completed',
      'canceled',
      'failed',
      'rejected',
      'auth-required',
    ]) {
      expect(stateToV1(s)).toMatch(/^TASK_STATE_/);
      expect(stateFromV1(stateToV1(s))).toBe(s);
    }
  });

  it('reads wrapped results and stream events, deriving final from the state', () => {
    expect(sendResultFromV1({ task: v1Task }).task?.id).toBe('t1');
    const reply = { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } };
    expect(sendResultFromV1(reply).message?.kind).toBe('message');
    expect(sendResultToV1(sendResultFromV1(reply))).toEqual(reply);
    const done = streamEventFromV1({
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } },
    });
    expect(done).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    const working = streamEventFromV1({
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } },
    });
    expect(working).toMatchObject({ final: false });
    const art = {
      artifactUpdate: {
        taskId: 't',
        contextId: 'c',
        artifact: { artifactId: 'a', parts: [{ text: 'x' }] },
        append: true,
        lastChunk: false,
      },
    };
    expect(streamEventToV1(streamEventFromV1(art))).toEqual(art);
    const st = {
      statusUpdate: {
        taskId: 't',
        contextId: 'c',
        status: { state: 'TASK_STATE_FAILED' },
        metadata: { a: 1 },
      },
    };
    expect(streamEventToV1(streamEventFromV1(st))).toEqual(st);
  });

  it('refuses wrong result types with InvalidAgentResponseError naming the path', () => {
    const cases: unknown[] = [
      null,
      [],
      { foo: 1 },
      { task: { id: 5, status: { state: 'TASK_STATE_WORKING' } } },
      { task: { id: 't', status: {} } },
      { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ nothing: true }] } },
      { message: { messageId: 'm', role: 'ROLE_AGENT', parts: 'text' } },
    ];
    for (const c of cases) {
      let error: unknown;
      try {
        sendResultFromV1(c);
      } catch (e) {
        error = e;
      }
      expect(isInvalidAgentResponseError(error)).toBe(true);
    }
    expect(() => partFromV1({ mediaType: 'x' }, 'p')).toThrow(/p: expected a part/);
  });

  it('converts push configs and send configuration', () => {
    const neutral = {
      taskId: 't',
      pushNotificationConfig: {
        id: 'p1',
        url: 'https://hook',
        token: 'tok',
        authentication: { schemes: ['Bearer'], credentials: 'c' },
      },
    };
    const wire = pushConfigToV1(neutral, 'tenant-a');
    expect(wire).toEqual({
      taskId: 't',
      tenant: 'tenant-a',
      id: 'p1',
      url: 'https://hook',
      token: 'tok',
      authentication: { scheme: 'Bearer', credentials: 'c' },
    });
    expect(pushConfigFromV1(wire)).toEqual(neutral);
    expect(
      sendConfigurationToV1({ blocking: false, historyLength: 2, acceptedOutputModes: ['text/plain'] }),
    ).toEqual({
      returnImmediately: true,
      historyLength: 2,
      acceptedOutputModes: ['text/plain'],
    });
  });

  it('round-trips arbitrary text and data parts (property)', () => {
    const part = fc.oneof(
      fc.record({ kind: fc.constant('text' as const), text: fc.string() }),
      fc.record({ kind: fc.constant('data' as const), data: fc.jsonValue() }),
      fc.record({
        kind: fc.constant('file' as const),
        file: fc.record({ bytes: fc.base64String(), name: fc.string(), mimeType: fc.string() }),
      }),
    );
    fc.assert(
      fc.property(part, (p) => {
        expect(partFromV1(JSON.parse(JSON.stringify(partToV1(p))))).toEqual(JSON.parse(JSON.stringify(p)));
      }),
    );
  });
});
