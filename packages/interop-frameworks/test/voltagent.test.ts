import { createServer } from 'node:net';
import {
  type A2AWarning,
  createA2AClient,
  isInvalidAgentResponseError,
  isTaskNotFoundError,
  type Message,
  type StreamEvent,
  type Task,
} from '@agentweb/a2a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { agentWebChecks } from './agentweb-checks.js';
import { echoModel, echoOf } from './echo-model.js';
import { loopbackHttp, say } from './loopback.js';

const voltSuite = interopSuite(import.meta.url);

const http = loopbackHttp();

const textOf = (message: Message | undefined) =>
  (message?.parts ?? []).map((p) => (p.kind === 'text' ? p.text : '')).join('');

/** VoltAgent puts the answer in the status message (cumulative text while streaming). */
const answerOf = (task: Task | undefined) => textOf(task?.status.message);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.runIf(voltSuite.available)(
  'interop: VoltAgent (@voltagent/core 2.10.0, a2a-server 2.0.3, server-hono 2.0.14)',
  () => {
    let cardUrl: string;
    let stop: () => Promise<void>;
    // Every request VoltAgent makes with the global fetch to anywhere but 127.0.0.1 is refused and recorded here.
    const outbound: string[] = [];
    const realFetch = globalThis.fetch;

    beforeAll(async () => {
      globalThis.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (new URL(url).hostname !== '127.0.0.1') {
          outbound.push(url);
          return Promise.reject(new Error(`interop test: no network beyond 127.0.0.1 (${url})`));
        }
        return realFetch(input, init);
      };
      // @voltagent/core starts refreshing its model list from models.dev when it is imported outside production.
      const nodeEnv = process.env['NODE_ENV'];
      process.env['NODE_ENV'] = 'production';
      const { Agent, VoltAgent } = await import('@voltagent/core');
      const { A2AServer } = await import('@voltagent/a2a-server');
      const { honoServer } = await import('@voltagent/server-hono');
      process.env['NODE_ENV'] = nodeEnv;
      const port = await freePort();
      const agent = new Agent({
        id: 'echo',
        name: 'echo',
        instructions: 'Echo the user.',
        model: echoModel(),
      });
      // The A2A server's id must be the agent's id: it serves the agent of that id.
      const voltAgent = new VoltAgent({
        agents: { echo: agent },
        a2aServers: { echo: new A2AServer({ id: 'echo', name: 'echo', version: '1.0.0' }) },
        server: honoServer({ port, hostname: '127.0.0.1' }),
        checkDependencies: false,
      });
      const base = `http://127.0.0.1:${port}`;
      cardUrl = `${base}/.well-known/echo/agent-card.json`;
      stop = () => voltAgent.stopServer();
      // The server starts in the background: wait until the card answers.
      for (let i = 0; i < 100; i += 1) {
        const ok = await realFetch(cardUrl).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    afterAll(async () => {
      await stop?.();
      globalThis.fetch = realFetch;
      await http.close();
    });

    it('card: bare-word modes read as MIME types, with card-mode-not-mime', async () => {
      const client = await createA2AClient({ cardUrl, http });
      expect(client.profile.name).toBe('echo');
      expect(client.endpoint.url).toMatch(/\/a2a\/echo$/);
      expect(client.warnings.map((w) => w.code)).toEqual(['card-mode-not-mime', 'card-mode-not-mime']);
    });

    it('send (untagged task), get task and a follow-up in the same context', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const first = await client.sendMessage(say('hello volt'));
      expect(first.task?.status.state).toBe('completed');
      expect(answerOf(first.task)).toBe(echoOf('hello volt'));
      expect(first.warnings?.map((w) => w.code)).toEqual(['kind-inferred']);
      const read = await client.getTask({ id: first.task?.id ?? '' });
      expect(answerOf(read)).toBe(echoOf('hello volt'));
      const contextId = first.task?.contextId ?? '';
      const second = await client.sendMessage(say('once more', { contextId }));
      expect(second.task?.contextId).toBe(contextId);
      expect(answerOf(second.task)).toBe(echoOf('once more'));
    });

    it('stream: RS-framed snapshots of untagged tasks, read to the completed one', async () => {
      const seen: A2AWarning[] = [];
      const client = await createA2AClient({ cardUrl, http, onWarning: (w) => seen.push(w) });
      const events: StreamEvent[] = [];
      for await (const event of client.streamMessage(say('streaming volt'))) events.push(event);
      expect(events.every((e) => e.kind === 'task')).toBe(true);
      const last = events.at(-1) as Task;
      expect(answerOf(last)).toBe(echoOf('streaming volt'));
      const codes = new Set(seen.map((w) => w.code));
      expect(codes.has('sse-framing-noise')).toBe(true);
      expect(codes.has('kind-inferred')).toBe(true);
    });

    it('errors: an unknown task (JSON-RPC error with HTTP 400) is TaskNotFoundError, with a warning', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const error = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
      expect(isTaskNotFoundError(error)).toBe(true);
      expect(client.warnings.map((w) => w.code)).toContain('jsonrpc-error-http-status');
    });

    it('strict: the untagged send result and the RS-framed stream are refused with typed errors', async () => {
      const client = await createA2AClient({ cardUrl, http, strict: true });
      const sent = await client.sendMessage(say('strict')).catch((e: unknown) => e);
      expect(isInvalidAgentResponseError(sent)).toBe(true);
      const streamed = await (async () => {
        for await (const _ of client.streamMessage(say('strict'), { resume: false })) {
          // Refused at the first event.
        }
      })().catch((e: unknown) => e);
      expect(isInvalidAgentResponseError(streamed)).toBe(true);
      expect(client.warnings).toEqual([]);
    });

    it('nothing left 127.0.0.1 (VoltAgent tried only what the list shows, and was refused)', () => {
      expect(outbound.filter((url) => url.includes('models.dev'))).toEqual([]);
    });

    agentWebChecks(http, {
      cardUrl: () => cardUrl,
      state: 'completed',
      warnings: ['card-mode-not-mime', 'card-mode-not-mime', 'kind-inferred'],
      strictRefusal: isInvalidAgentResponseError,
    });
  },
);
