import type { HttpClient } from '@agentweb/http';
import { describe, expect, it, vi } from 'vitest';
import { createA2AClient, isA2AClientClosedError } from '../src/index.js';
import { reply, useAgentDoubles, v1Card } from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';

// Counts the closes of every HTTP client the A2A client makes for itself (it makes one when none is given).
const made = vi.hoisted(() => [] as Array<{ closes: number }>);
vi.mock('@agentweb/http', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@agentweb/http')>();
  return {
    ...actual,
    createHttpClient: (...args: Parameters<typeof actual.createHttpClient>): HttpClient => {
      const client = actual.createHttpClient(...args);
      const record = { closes: 0 };
      made.push(record);
      return {
        ...client,
        close: () => {
          record.closes += 1;
          return client.close();
        },
      };
    },
  };
});

const startDouble = useAgentDoubles();

describe('A2AClient.close()', () => {
  it('closes the HTTP client it made itself', async () => {
    made.length = 0;
    const client = await createA2AClient({ card: v1Card('https://agent.example/rpc') });
    expect(made).toHaveLength(1);
    await client.close();
    expect(made[0]?.closes).toBe(1);
  });

  it("leaves the caller's HTTP client open, and refuses every call after it with A2AClientClosedError", async () => {
    const double = await startDouble((call, res) =>
      reply(res, call, { task: { id: 't1', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } } }),
    );
    const http = loopbackHttp();
    let closes = 0;
    const own: HttpClient = {
      ...http,
      close: () => {
        closes += 1;
        return http.close();
      },
    };
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http: own });
    await client.sendMessage({ message: { parts: text('x') } });
    await client.close();
    expect(closes).toBe(0);
    const refusals = [
      await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e),
      await client.getTask({ id: 't1' }).catch((e: unknown) => e),
      await client.waitForTask('t1').catch((e: unknown) => e),
      await collect(client.streamMessage({ message: { parts: text('x') } })).catch((e: unknown) => e),
      await collect(client.resubscribe({ id: 't1' }, { resume: false })).catch((e: unknown) => e),
    ];
    for (const error of refusals) expect(isA2AClientClosedError(error)).toBe(true);
    // Nothing was sent after close().
    expect(double.calls).toHaveLength(1);
    await client.close();
    await http.close();
  });
});
