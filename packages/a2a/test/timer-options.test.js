// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do. (Kept apart from options.test.js, which another branch edits.)
import { invalidOption, settle } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import { createA2AClient } from '../src/index.js';

const MAX_TIMER_MS = 2 ** 31 - 1;
// A card given inline, so nothing is fetched whatever the checks do (the endpoint is never called).
const card = {
  name: 'timers',
  description: 'an agent that is never called',
  version: '1',
  protocolVersion: '0.3.0',
  url: 'http://127.0.0.1:9/a2a',
  preferredTransport: 'JSONRPC',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 's', description: 's', tags: [] }],
};

describe('createA2AClient timer options', () => {
  // Node fires a timer longer than 2^31-1 ms after 1 ms: streamTimeoutMs: 3e9 would end every stream at once.
  it.each([
    ['timeoutMs', { timeoutMs: 3e9 }],
    ['streamTimeoutMs', { streamTimeoutMs: 3e9 }],
    ['idleTimeoutMs', { idleTimeoutMs: MAX_TIMER_MS + 1 }],
    ['resume.initialDelayMs', { resume: { initialDelayMs: 3e9 } }],
    ['resume.maxDelayMs', { resume: { maxDelayMs: 1e12 } }],
  ])('refuses %s past 2^31-1 ms', async (option, extra) => {
    await expect(settle(() => createA2AClient({ card, ...extra }))).rejects.toMatchObject({
      ...invalidOption('createA2AClient', option),
      expected: expect.stringContaining('2147483647'),
    });
  });

  it('accepts the longest timer and zero resume delays', async () => {
    const client = await createA2AClient({
      card,
      timeoutMs: MAX_TIMER_MS,
      streamTimeoutMs: MAX_TIMER_MS,
      idleTimeoutMs: MAX_TIMER_MS,
      resume: { initialDelayMs: 0, maxDelayMs: 0 },
    });
    expect(typeof client.sendMessage).toBe('function');
    await client.close();
  });
});
