import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isTaskNotFoundError } from '@agentweb/a2a';
import { createFileContextStore } from '@agentweb/cap';
import { isDiscoveryError } from '@agentweb/discovery';
import { isTimeoutError } from '@agentweb/http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentReply,
  isAgentWebInputError,
  isClientClosedError,
  isCrossOriginEndpointError,
  replyText,
} from '../src/index.js';
import { collectUpdates, loopbackClients, loopbackHttp } from './agent-fixtures.js';
import { type GenericAgentPeer, startGenericAgent } from './generic-agent-peer.js';

let peer: GenericAgentPeer;
const http = loopbackHttp();
const { make, closeAll } = loopbackClients(http);

beforeAll(async () => {
  peer = await startGenericAgent();
});
beforeEach(() => {
  peer.received.length = 0;
});
afterEach(async () => {
  await closeAll();
});
afterAll(async () => {
  await peer.close();
  await http.close();
});

describe('aw.agent(): a generic A2A agent on the official SDK server', () => {
  it('discovers the agent by origin and answers a send with the text from its artifact', async () => {
    const agent = await make().agent(peer.origin);
    expect(agent.profile.name).toBe('Concierge');
    expect(agent.cardUrl).toBe(peer.cardUrl);
    expect(agent.id).toBe(`${peer.origin}/a2a`);
    expect(agent.warnings).toEqual([]);
    const reply = await agent.send('hello');
    expect(reply).toMatchObject({ text: 'echo: hello (turn 1)', state: 'completed' });
    expect(reply.taskId).toEqual(expect.any(String));
    expect(reply.contextId).toEqual(expect.any(String));
    expect(reply.artifacts.map((a) => a.artifactId)).toEqual(['answer']);
    expect(replyText(reply.result)).toBe(reply.text);
    expect(reply.provenance).toMatchObject({
      agent: agent.id,
      cardUrl: peer.cardUrl,
      endpoint: `${peer.origin}/a2a`,
      binding: 'JSONRPC',
      dialect: '0.3',
    });
    // The server echoes the user's message in the task's history; it is never the reply.
    expect(reply.result.task?.history?.some((m) => m.role === 'user')).toBe(true);
  });

  it('continues the conversation on follow-ups, per user', async () => {
    const aw = make();
    const agent = await aw.agent(peer.cardUrl);
    const first = await agent.send('one');
    const second = await agent.send('two');
    expect(second.text).toBe('echo: two (turn 2)');
    expect(second.contextId).toBe(first.contextId);
    expect(peer.received.map((t) => [t.contextId, t.newContext])).toEqual([
      [first.contextId, true],
      [first.contextId, false],
    ]);
    // Another user of the same client has a conversation of their own.
    const bob = await agent.send('hi', { user: 'bob' });
    expect(bob.text).toBe('echo: hi (turn 1)');
    expect(bob.contextId).not.toBe(first.contextId);
    // The same agent found again (another object) continues the first user's conversation.
    const again = await (await aw.agent(peer.origin)).send('three');
    expect(again).toMatchObject({ text: 'echo: three (turn 3)', contextId: first.contextId });
    // newContext starts over; forget drops the conversation.
    expect((await agent.send('fresh', { newContext: true })).text).toBe('echo: fresh (turn 1)');
    await agent.forget();
    expect((await agent.send('after forget')).text).toBe('echo: after forget (turn 1)');
  });

  it('streams the reply as it arrives: text so far, each delta, the final state', async () => {
    const agent = await make().agent(peer.origin);
    const updates = await collectUpdates(agent.stream('stream me'));
    const last = updates.at(-1);
    expect(last).toMatchObject({ text: 'echo: stream me (turn 1)', state: 'completed', final: true });
    expect(updates.filter((u) => u.final)).toHaveLength(1);
    expect(updates.map((u) => u.delta).join('')).toBe(last?.text);
    expect(updates.map((u) => u.delta).filter((d) => d !== '')).toEqual(['echo: ', 'stream me (turn 1)']);
    expect(updates.map((u) => u.event.kind)).toContain('artifact-update');
    // The stream's conversation is stored too: a send continues it.
    const next = await agent.send('after stream');
    expect(next).toMatchObject({ text: 'echo: after stream (turn 2)', contextId: last?.contextId });
    const streamed = await collectUpdates(agent.stream('and again'));
    expect(streamed.at(-1)?.text).toBe('echo: and again (turn 3)');
    // A consumer that stops after the first update still keeps its new conversation.
    for await (const update of agent.stream('early stop', { newContext: true })) {
      expect(update.contextId).toEqual(expect.any(String));
      break;
    }
    expect((await agent.send('after early stop')).text).toBe('echo: after early stop (turn 2)');
  });

  it('shows input-required with the agent question, and the answer continues the same task', async () => {
    const agent = await make().agent(peer.origin);
    const asked = await agent.send('book a table');
    expect(asked).toMatchObject({ state: 'input-required', text: 'Which date?' });
    const answered = await agent.send('friday');
    expect(answered).toMatchObject({ state: 'completed', text: 'booked: book a table on friday' });
    expect(answered.taskId).toBe(asked.taskId);
    expect(peer.received[1]).toMatchObject({
      taskId: asked.taskId,
      contextId: asked.contextId,
      continuedTask: true,
    });
    // The task ended: the next turn starts a new task in the same conversation.
    const after = await agent.send('thanks');
    expect(after.taskId).not.toBe(asked.taskId);
    expect(peer.received[2]).toMatchObject({
      continuedTask: false,
      contextId: asked.contextId,
      newContext: false,
    });
  });

  it('streams an input-required turn to its question', async () => {
    const agent = await make().agent(peer.origin);
    const updates = await collectUpdates(agent.stream('book a room'));
    expect(updates.at(-1)).toMatchObject({ state: 'input-required', text: 'Which date?', final: true });
    const done = await collectUpdates(agent.stream('monday'));
    expect(done.at(-1)).toMatchObject({ state: 'completed', text: 'booked: book a room on monday' });
  });

  it('reports a failed task as its state with the agent message, and a direct message as completed', async () => {
    const agent = await make().agent(peer.origin);
    const failed = await agent.send('fail');
    expect(failed).toMatchObject({ state: 'failed', text: 'cannot do that' });
    const direct = await agent.send('msg hi');
    expect(direct).toMatchObject({ state: 'completed', text: 'echo: msg hi', taskId: undefined });
    expect(direct.contextId).toBe(failed.contextId);
  });

  it('refuses what it cannot use with typed errors', async () => {
    const aw = make();
    const agent = await aw.agent(peer.origin);
    await expect(agent.send('  ')).rejects.toSatisfy(isAgentWebInputError);
    await expect(agent.send({ parts: [] })).rejects.toSatisfy(isAgentWebInputError);
    await expect(agent.send('x', { user: '' })).rejects.toSatisfy(isAgentWebInputError);
    await expect(agent.send('x', { timeoutMs: -1 })).rejects.toSatisfy(isAgentWebInputError);
    // A task the agent does not know, named by the caller: the agent's own error, typed.
    await expect(agent.send('x', { taskId: 'no-such-task' })).rejects.toSatisfy(isTaskNotFoundError);
    // Nothing there: the discovery error with its trace.
    const empty = `http://127.0.0.1:${new URL(peer.origin).port === '1' ? 2 : 1}`;
    await expect(aw.agent(empty)).rejects.toSatisfy(isDiscoveryError);
    await expect(aw.agent('')).rejects.toSatisfy(isAgentWebInputError);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(agent.send('x', { signal: controller.signal })).rejects.toThrow('stop');
    await aw.close();
    await expect(aw.agent(peer.origin)).rejects.toSatisfy(isClientClosedError);
  });

  it('a card naming an endpoint on another origin: used with a warning, refused under strict', async () => {
    const elsewhere = await startCardServer(() => cardOf('Elsewhere', `${peer.origin}/a2a`));
    try {
      const agent = await make().agent(elsewhere.origin);
      expect(agent.warnings.map((w) => w.code)).toContain('endpoint-cross-origin');
      const reply = await agent.send('hi');
      expect(reply.text).toBe('echo: hi (turn 1)');
      expect(reply.warnings).toEqual(agent.warnings);
      await expect(make({ strict: true }).agent(elsewhere.origin)).rejects.toSatisfy(
        isCrossOriginEndpointError,
      );
      await expect(make().agent(elsewhere.origin, { strict: true })).rejects.toSatisfy(
        isCrossOriginEndpointError,
      );
    } finally {
      await elsewhere.close();
    }
  });

  it('ends a turn at timeoutMs with a TimeoutError', async () => {
    const slow = await startSlowAgent();
    try {
      const agent = await make().agent(slow.origin);
      const started = performance.now();
      await expect(agent.send('hello', { timeoutMs: 200 })).rejects.toSatisfy(isTimeoutError);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });

  it('lets two clients sharing a file context store continue one conversation', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentweb-agent-'));
    try {
      const file = join(dir, 'contexts.json');
      const first = make({ contextStore: createFileContextStore({ path: file }) });
      const second = make({ contextStore: createFileContextStore({ path: file }) });
      const a: AgentReply = await (await first.agent(peer.origin)).send('from one');
      const b = await (await second.agent(peer.origin)).send('from two');
      expect(b).toMatchObject({ contextId: a.contextId, text: 'echo: from two (turn 2)' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A 0.3 card named `name` whose JSON-RPC endpoint is `url`. */
function cardOf(name: string, url: string) {
  return {
    name,
    description: name,
    protocolVersion: '0.3.0',
    version: '1',
    url,
    preferredTransport: 'JSONRPC',
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  };
}

/** The agent's card, and a JSON-RPC endpoint that never answers. */
function startSlowAgent(): Promise<{ origin: string; close(): Promise<void> }> {
  return startCardServer((origin) => cardOf('Slow', `${origin}/a2a`));
}

/** Serves a card at the well-known path; `/a2a` never answers. */
async function startCardServer(
  card: (origin: string) => unknown,
): Promise<{ origin: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  let origin = '';
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/agent-card.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(card(origin)));
      return;
    }
    if (req.url === '/a2a') return; // hangs
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
