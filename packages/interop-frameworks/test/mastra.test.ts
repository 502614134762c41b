import type { AddressInfo } from 'node:net';
import {
  createA2AClient,
  isA2AInvalidRequestError,
  isExtendedCardNotConfiguredError,
  isTaskNotFoundError,
  type StreamEvent,
  type Task,
} from '@agentweb/a2a';
import { isCardValidationError } from '@agentweb/agentcard';
import { isHttpStatusError } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { agentWebChecks } from './agentweb-checks.js';
import { echoModel, echoOf } from './echo-model.js';
import { loopbackHttp, say } from './loopback.js';

const mastraSuite = interopSuite(import.meta.url);

const http = loopbackHttp();

/** The text of a task's artifacts, where Mastra puts the answer. */
function artifactText(task: Task | undefined): string {
  return (task?.artifacts ?? [])
    .flatMap((a) => a.parts)
    .map((p) => (p.kind === 'text' ? p.text : ''))
    .join('');
}

describe.runIf(mastraSuite.available)(
  'interop: Mastra (@mastra/core 1.71.0, @mastra/server 1.69.0, @mastra/hono 1.7.9)',
  () => {
    let cardUrl: string;
    let close: () => Promise<void>;

    beforeAll(async () => {
      // Loaded here, not at the top: where the framework is not installed this file must still load and say so.
      const { Agent } = await import('@mastra/core/agent');
      const { Mastra } = await import('@mastra/core/mastra');
      const { MastraServer } = await import('@mastra/hono');
      const { InMemoryTaskStore } = await import('@mastra/server/a2a/store');
      const { serve } = await import('@hono/node-server');
      const { Hono } = await import('hono');
      const agent = new Agent({
        id: 'echo',
        name: 'echo',
        instructions: 'Echo the user.',
        model: echoModel(),
      });
      const mastra = new Mastra({ agents: { echo: agent }, logger: false });
      const app = new Hono();
      await new MastraServer({ app, mastra, taskStore: new InMemoryTaskStore() }).init();
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
      });
      const { port } = server.address() as AddressInfo;
      cardUrl = `http://127.0.0.1:${port}/api/.well-known/echo/agent-card.json`;
      close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    });
    afterAll(async () => {
      await close?.();
      await http.close();
    });

    it('card: the 1.0 card has no skills; read with card-skills-missing, 0.3 JSON-RPC chosen', async () => {
      const client = await createA2AClient({ cardUrl, http });
      expect(client.profile.name).toBe('echo');
      expect(client.profile.skills).toEqual([]);
      expect(client.warnings.map((w) => w.code)).toEqual(['card-skills-missing']);
      expect(client.endpoint.url).toMatch(/\/api\/a2a\/echo$/);
    });

    it('strict: the card is refused with CardValidationError', async () => {
      const error = await createA2AClient({ cardUrl, http, strict: true, cardCache: false }).catch(
        (e: unknown) => e,
      );
      expect(isCardValidationError(error)).toBe(true);
    });

    it('send, get task and a follow-up turn in the same context return the echoed text', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const first = await client.sendMessage(say('hello mastra'));
      expect(first.task?.status.state).toBe('completed');
      expect(artifactText(first.task)).toBe(echoOf('hello mastra'));
      expect(first.warnings).toBeUndefined();
      const id = first.task?.id ?? '';
      const read = await client.getTask({ id });
      expect(read.id).toBe(id);
      expect(artifactText(read)).toBe(echoOf('hello mastra'));
      const contextId = first.task?.contextId ?? '';
      const second = await client.sendMessage(say('and again', { contextId }));
      expect(second.task?.contextId).toBe(contextId);
      expect(artifactText(second.task)).toBe(echoOf('and again'));
    });

    it('stream: task, artifact updates, final status update; the text is in the artifact', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const events: StreamEvent[] = [];
      for await (const event of client.streamMessage(say('streaming'))) events.push(event);
      expect(events[0]?.kind).toBe('task');
      const last = events.at(-1);
      expect(last?.kind === 'status-update' && last.final && last.status.state).toBe('completed');
      const text = events
        .flatMap((e) => (e.kind === 'artifact-update' ? e.artifact.parts : []))
        .map((p) => (p.kind === 'text' ? p.text : ''))
        .join('');
      expect(text).toBe(echoOf('streaming'));
    });

    it('errors: an unknown task is TaskNotFoundError', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const error = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
      expect(isTaskNotFoundError(error)).toBe(true);
    });

    it('errors: the extended card it does not have is ExtendedCardNotConfiguredError', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const error = await client.getExtendedCard().catch((e: unknown) => e);
      expect(isExtendedCardNotConfiguredError(error)).toBe(true);
    });

    it('errors: a request it cannot parse (HTTP 400, a body that is not JSON-RPC) is an invalid-request error; strict: an HttpStatusError', async () => {
      const bad = { message: { parts: [{ kind: 'text' as const, text: 5 as unknown as string }] } };
      const client = await createA2AClient({ cardUrl, http });
      const error = await client.sendMessage(bad).catch((e: unknown) => e);
      expect(isA2AInvalidRequestError(error) && error.httpStatus).toBe(400);
      expect(String((error as Error).message)).toContain('Invalid request body');
      expect(client.warnings.map((w) => w.code)).toContain('http-error-not-jsonrpc');
      const strict = await createA2AClient({ profile: client.profile, http, strict: true });
      const refused = await strict.sendMessage(bad).catch((e: unknown) => e);
      expect(isHttpStatusError(refused) && refused.status).toBe(400);
    });

    agentWebChecks(http, {
      cardUrl: () => cardUrl,
      state: 'completed',
      // Discovery reads the 0.3 card (no `A2A-Version: 1.0` asked), which is complete, and Mastra's answers to a
      // send and a stream follow the specification: nothing to warn of or refuse on this path.
      warnings: [],
      strictRefusal: undefined,
    });
  },
);
