import { describe, expect, it } from 'vitest';
import {
  createReplyTextAccumulator,
  type Message,
  replyText,
  type StreamEvent,
  type Task,
} from '../src/index.js';

const user = (text: string): Message => ({
  kind: 'message',
  messageId: `u-${text}`,
  role: 'user',
  parts: [{ kind: 'text', text }],
});
const agent = (text: string): Message => ({
  kind: 'message',
  messageId: `a-${text}`,
  role: 'agent',
  parts: [{ kind: 'text', text }],
});
const task = (fields: Partial<Task>): Task => ({
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: { state: 'completed' },
  ...fields,
});

function follow(events: StreamEvent[]): Array<{ text: string; delta: string }> {
  const acc = createReplyTextAccumulator();
  return events.map((event) => acc.push(event));
}

describe('replyText', () => {
  it('reads the answer from artifacts only (Mastra), parts joined in order, artifacts apart', () => {
    const result = task({
      history: [user('hi')],
      artifacts: [
        {
          artifactId: 'a',
          parts: [
            { kind: 'text', text: 'Hello, ' },
            { kind: 'data', data: { x: 1 } },
            { kind: 'text', text: 'world' },
          ],
        },
        { artifactId: 'b', parts: [{ kind: 'text', text: 'second' }] },
      ],
    });
    expect(replyText({ task: result })).toBe('Hello, world\n\nsecond');
    expect(replyText(result)).toBe('Hello, world\n\nsecond');
  });

  it('reads the status message of a task snapshot (VoltAgent), never the user message echoed twice', () => {
    const snapshot = task({
      status: { state: 'completed', message: agent('echo: hi') },
      history: [user('hi'), user('hi')],
    });
    expect(replyText({ task: snapshot })).toBe('echo: hi');
    expect(replyText(task({ status: { state: 'completed' }, history: [user('hi'), user('hi')] }))).toBe('');
  });

  it('reads the question of an input-required task (Gemini CLI) even when artifacts exist', () => {
    const waiting = task({
      status: { state: 'input-required', message: agent('Which city?') },
      artifacts: [{ artifactId: 'a', parts: [{ kind: 'text', text: 'draft' }] }],
    });
    expect(replyText(waiting)).toBe('Which city?');
  });

  it("reads the agent's messages after the caller's last one in the history", () => {
    const result = task({
      history: [user('first'), agent('old answer'), user('second'), agent('new '), agent('answer')],
    });
    expect(replyText(result)).toBe('new \n\nanswer');
  });

  it('reads a direct message, and nothing from a user-role message', () => {
    expect(replyText({ message: agent('echo: hi') })).toBe('echo: hi');
    expect(replyText(agent('echo: hi'))).toBe('echo: hi');
    expect(replyText({ message: user('hi') })).toBe('');
  });

  it('reads the text a stream event carries', () => {
    expect(
      replyText({
        kind: 'artifact-update',
        taskId: 't1',
        contextId: 'c1',
        artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'chunk' }] },
        append: true,
      }),
    ).toBe('chunk');
    expect(
      replyText({
        kind: 'status-update',
        taskId: 't1',
        contextId: 'c1',
        status: { state: 'working', message: agent('thinking') },
        final: false,
      }),
    ).toBe('thinking');
  });

  it('gives an empty text for an answer without text, and for malformed input instead of throwing', () => {
    expect(replyText(task({ artifacts: [{ artifactId: 'a', parts: [{ kind: 'data', data: {} }] }] }))).toBe(
      '',
    );
    expect(replyText({} as never)).toBe('');
    expect(replyText(null as never)).toBe('');
    expect(replyText(task({ artifacts: [null as never], history: 'x' as never }))).toBe('');
  });
});

describe('createReplyTextAccumulator', () => {
  it('follows a Mastra stream: a working task, an artifact then appended chunks, a final status', () => {
    const steps = follow([
      task({ status: { state: 'working' } }),
      {
        kind: 'artifact-update',
        taskId: 't1',
        contextId: 'c1',
        artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'echo: ' }] },
      },
      {
        kind: 'artifact-update',
        taskId: 't1',
        contextId: 'c1',
        artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'hi' }] },
        append: true,
        lastChunk: true,
      },
      { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true },
    ]);
    expect(steps).toEqual([
      { text: '', delta: '' },
      { text: 'echo: ', delta: 'echo: ' },
      { text: 'echo: hi', delta: 'hi' },
      { text: 'echo: hi', delta: '' },
    ]);
  });

  it('follows VoltAgent snapshots whose status message holds the cumulative text', () => {
    const snap = (text: string, state = 'working') =>
      task({ status: { state, message: agent(text) }, history: [user('hi'), user('hi')] });
    const steps = follow([snap('e'), snap('echo'), snap('echo: hi'), snap('echo: hi', 'completed')]);
    expect(steps.map((s) => s.delta)).toEqual(['e', 'cho', ': hi', '']);
    expect(steps.at(-1)?.text).toBe('echo: hi');
  });

  it('adds up status messages sent in pieces (Gemini CLI) and shows the final question', () => {
    const status = (text: string, state = 'working') =>
      ({
        kind: 'status-update',
        taskId: 't1',
        contextId: 'c1',
        status: { state, message: agent(text) },
        final: false,
      }) as const;
    const steps = follow([status('Hello'), status(' there'), status('Anything else?', 'input-required')]);
    expect(steps.map((s) => s.text)).toEqual(['Hello', 'Hello there', 'Anything else?']);
    expect(steps[1]?.delta).toBe(' there');
  });

  it('follows the official server: submitted task with the user message, working, artifact, completed', () => {
    const steps = follow([
      task({ status: { state: 'submitted' }, history: [user('hi')] }),
      { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'working' }, final: false },
      {
        kind: 'artifact-update',
        taskId: 't1',
        contextId: 'c1',
        artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'echo: hi' }] },
        lastChunk: true,
      },
      { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true },
    ]);
    expect(steps.map((s) => s.text)).toEqual(['', '', 'echo: hi', 'echo: hi']);
  });

  it('keeps chunks per artifact: appends to an earlier artifact, a replacing chunk, many small chunks', () => {
    const chunk = (artifactId: string, text: string, append?: boolean): StreamEvent => ({
      kind: 'artifact-update',
      taskId: 't1',
      contextId: 'c1',
      artifact: { artifactId, parts: [{ kind: 'text', text }] },
      ...(append === undefined ? {} : { append }),
    });
    const steps = follow([chunk('a', 'one'), chunk('b', 'two'), chunk('a', '+', true), chunk('b', 'TWO')]);
    expect(steps.map((s) => s.text)).toEqual(['one', 'one\n\ntwo', 'one+\n\ntwo', 'one+\n\nTWO']);
    expect(steps[1]?.delta).toBe('\n\ntwo');
    // A changed middle replaces the text: the delta is all of it.
    expect(steps[2]?.delta).toBe('one+\n\ntwo');
    const acc = createReplyTextAccumulator();
    acc.push(chunk('x', 'a'));
    let deltas = 'a';
    for (let i = 0; i < 5_000; i++) deltas += acc.push(chunk('x', String(i % 10), true)).delta;
    expect(acc.text).toBe(deltas);
    expect(acc.text).toHaveLength(5_001);
  });
});
