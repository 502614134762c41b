import { describe, expect, it } from 'vitest';
import { isInvalidAgentResponseError, sendResultFromV03, streamEventFromV03 } from '../src/index.js';

describe('0.3 wire reading', () => {
  it('returns 0.3 objects as received, unknown states and fields kept', () => {
    const task = { kind: 'task', id: 't', contextId: 'c', status: { state: 'paused-by-operator' }, extra: 1 };
    expect(sendResultFromV03(task)).toEqual({ task });
    const msg = { kind: 'message', messageId: 'm', role: 'agent', parts: [{ kind: 'data', data: { a: 1 } }] };
    expect(sendResultFromV03(msg)).toEqual({ message: msg });
  });

  it('keeps the final flag and derives it when absent', () => {
    const base = { kind: 'status-update', taskId: 't', contextId: 'c' };
    expect(streamEventFromV03({ ...base, status: { state: 'completed' }, final: false })).toMatchObject({
      final: false,
    });
    expect(streamEventFromV03({ ...base, status: { state: 'completed' } })).toMatchObject({ final: true });
  });

  it('reads 0.1 `type`-tagged parts as `kind`', () => {
    const msg = { kind: 'message', messageId: 'm', role: 'agent', parts: [{ type: 'text', text: 'x' }] };
    expect(sendResultFromV03(msg).message?.parts[0]).toEqual({ kind: 'text', text: 'x' });
  });

  it('refuses a result with the wrong type', () => {
    for (const bad of [
      { kind: 'status-update' },
      { id: 't' },
      'task',
      { kind: 'task', id: 't', contextId: 'c' },
    ]) {
      let error: unknown;
      try {
        sendResultFromV03(bad);
      } catch (e) {
        error = e;
      }
      expect(isInvalidAgentResponseError(error)).toBe(true);
    }
  });
});
