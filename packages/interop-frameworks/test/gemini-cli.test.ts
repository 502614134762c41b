import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createA2AClient,
  isTaskNotFoundError,
  type Message,
  type StreamEvent,
  type Task,
} from '@agentweb/a2a';
import { isCrossOriginEndpointError } from 'agentweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { agentWebChecks } from './agentweb-checks.js';
import { echoOf } from './echo-model.js';
import { loopbackHttp, say } from './loopback.js';

const geminiSuite = interopSuite(import.meta.url);

const http = loopbackHttp(20_000);

const textOf = (message: Message | undefined) =>
  (message?.parts ?? []).map((p) => (p.kind === 'text' ? p.text : '')).join('');

/** The Gemini CLI server puts its answer in agent messages (history, status messages), never in artifacts. */
const agentText = (task: Task | undefined) =>
  (task?.history ?? [])
    .filter((m) => m.role === 'agent')
    .map(textOf)
    .join('');

/** A fake Gemini API on 127.0.0.1: every generate call answers `echo: <the last user text>`. */
function startFakeGemini(calls: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      let said = '';
      try {
        const request = JSON.parse(body) as { contents?: { role?: string; parts?: { text?: string }[] }[] };
        const user = [...(request.contents ?? [])].reverse().find((c) => c.role === 'user');
        said = (user?.parts ?? []).map((p) => p.text ?? '').join('');
      } catch {
        // A request without a JSON body (none is expected) gets an empty echo.
      }
      const answer = {
        candidates: [
          { content: { role: 'model', parts: [{ text: echoOf(said) }] }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      };
      if (req.url?.includes(':streamGenerateContent')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify(answer)}\n\n`);
      } else if (req.url?.includes(':countTokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ totalTokens: 1 }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.runIf(geminiSuite.available)(
  'interop: Gemini CLI A2A server (@google/gemini-cli-a2a-server 0.25.2)',
  () => {
    let cardUrl: string;
    let close: () => Promise<void>;
    const modelCalls: string[] = [];
    // Every TCP connection this process opens to anything but loopback is refused and recorded (the server's usage
    // statistics go to play.googleapis.com whatever the settings say).
    const outbound: string[] = [];
    const realConnect = net.Socket.prototype.connect;
    const saved = {
      HOME: process.env['HOME'],
      key: process.env['GEMINI_API_KEY'],
      base: process.env['GOOGLE_GEMINI_BASE_URL'],
    };
    const home = mkdtempSync(join(tmpdir(), 'agentweb-gemini-'));

    beforeAll(async () => {
      net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
        const first = args[0] as { host?: string; port?: number; path?: string } | number;
        const options =
          typeof first === 'object' ? first : { port: first, host: args[1] as string | undefined };
        const host = options.host ?? 'localhost';
        if (options.path === undefined && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
          outbound.push(`${host}:${options.port}`);
          // Failed on the next tick, once the caller has its error listener on the socket.
          process.nextTick(() =>
            this.destroy(new Error(`interop test: no network beyond loopback (${host})`)),
          );
          return this;
        }
        return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
      } as typeof net.Socket.prototype.connect;
      const fake = await startFakeGemini(modelCalls);
      mkdirSync(join(home, '.gemini'));
      writeFileSync(
        join(home, '.gemini', 'settings.json'),
        JSON.stringify({ privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } }),
      );
      process.env['HOME'] = home;
      process.env['GEMINI_API_KEY'] = 'interop-test-key';
      process.env['GOOGLE_GEMINI_BASE_URL'] = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const { createApp, updateCoderAgentCardUrl } = await import('@google/gemini-cli-a2a-server');
      const app = await createApp();
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      // What its own main() does: the card's url names the port (on `localhost`, whatever the address).
      updateCoderAgentCardUrl(port);
      cardUrl = `http://127.0.0.1:${port}/.well-known/agent-card.json`;
      close = async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        fake.closeAllConnections();
        await new Promise((resolve) => fake.close(resolve));
      };
    });
    afterAll(async () => {
      await close?.();
      net.Socket.prototype.connect = realConnect;
      for (const [key, value] of [
        ['HOME', saved.HOME],
        ['GEMINI_API_KEY', saved.key],
        ['GOOGLE_GEMINI_BASE_URL', saved.base],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(home, { recursive: true, force: true });
      await http.close();
    });

    it('card: bare-word modes read as MIME types; the endpoint is the card url on localhost', async () => {
      const client = await createA2AClient({ cardUrl, http });
      expect(client.profile.name).toBe('Gemini SDLC Agent');
      expect(client.endpoint.url).toMatch(/^http:\/\/localhost:\d+\/$/);
      expect(client.warnings.map((w) => w.code)).toEqual([
        'card-mode-not-mime',
        'card-mode-not-mime',
        'card-mode-not-mime',
        'card-mode-not-mime',
      ]);
    });

    it('send ends in input-required with the echo in an agent message; get task; a follow-up turn on the task', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const first = await client.sendMessage(say('hello gemini'));
      expect(first.task?.status.state).toBe('input-required');
      expect(agentText(first.task)).toBe(echoOf('hello gemini'));
      expect(first.task?.artifacts ?? []).toEqual([]);
      expect(modelCalls.some((call) => call.includes(':streamGenerateContent'))).toBe(true);
      const id = first.task?.id ?? '';
      const read = await client.getTask({ id });
      expect(read.status.state).toBe('input-required');
      const contextId = first.task?.contextId ?? '';
      const second = await client.sendMessage(say('second turn', { contextId, taskId: id }));
      expect(second.task?.id).toBe(id);
      expect(second.task?.contextId).toBe(contextId);
      expect(agentText(second.task)).toContain(echoOf('second turn'));
    });

    it('stream: status updates carry the text; the stream ends at input-required', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const events: StreamEvent[] = [];
      for await (const event of client.streamMessage(say('streaming gemini'))) events.push(event);
      const last = events.at(-1);
      expect(last?.kind === 'status-update' && last.status.state).toBe('input-required');
      const text = events.map((e) => (e.kind === 'status-update' ? textOf(e.status.message) : '')).join('');
      expect(text).toContain(echoOf('streaming gemini'));
    });

    it('errors: an unknown task is TaskNotFoundError', async () => {
      const client = await createA2AClient({ cardUrl, http });
      const error = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
      expect(isTaskNotFoundError(error)).toBe(true);
    });

    it('strict: the card (0.3 shape, modes as words) is accepted as before, with no warnings', async () => {
      const client = await createA2AClient({ cardUrl, http, strict: true });
      expect(client.warnings).toEqual([]);
    });

    it('nothing left the machine: every connection beyond loopback was refused', () => {
      expect(outbound.every((target) => target.startsWith('play.googleapis.com:'))).toBe(true);
    });

    agentWebChecks(http, {
      cardUrl: () => cardUrl,
      state: 'input-required',
      // The card's url says localhost while the card was read from 127.0.0.1: another origin, which `strict` refuses.
      warnings: [
        'endpoint-cross-origin',
        'card-mode-not-mime',
        'card-mode-not-mime',
        'card-mode-not-mime',
        'card-mode-not-mime',
      ],
      strictRefusal: isCrossOriginEndpointError,
    });
  },
);
