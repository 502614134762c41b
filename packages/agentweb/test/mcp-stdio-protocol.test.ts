import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_WEB_TOOL_NAMES } from '../src/tools/index.js';
import { ensureCliBuilt, sandboxFlags } from './cli-harness.js';
import { answerTo, initializeRequest, type McpOut, spawnMcpLineSession } from './mcp-line-session.js';

// The protocol edges of agentweb-mcp's own stdio server, spoken to in raw lines by the built bin.
let sb: Sandbox;
let flags: string[];

beforeAll(async () => {
  ensureCliBuilt();
  // The reservations service's endpoint calls never answer (the cancellation test needs a call in progress);
  // loading its document is not affected.
  sb = await startSandbox({
    merchants: 1,
    seed: 'mcp-protocol',
    agisFaults: { reservations: { hang: true } },
  });
  flags = [...sandboxFlags(sb), '--timeout', '15000'];
}, 60_000);

afterAll(async () => {
  await sb.close();
});

// Makes @modelcontextprotocol/sdk unresolvable in the spawned process, as in a project that did not install it.
const HIDE_SDK_HOOKS = `export async function resolve(spec, context, next) {
  if (spec.startsWith('@modelcontextprotocol/')) {
    throw Object.assign(new Error('Cannot find package ' + spec), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return next(spec, context);
}`;
// require() (how agentweb/mcp loads its optional peers) does not pass the ESM hooks, so it is refused too.
const HIDE_SDK = `import Module, { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HIDE_SDK_HOOKS)}));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request.startsWith('@modelcontextprotocol/')) {
    throw Object.assign(new Error('Cannot find module ' + request), { code: 'MODULE_NOT_FOUND' });
  }
  return resolveFilename.call(this, request, ...rest);
};`;

const errorCode = (message: McpOut) => (message['error'] as { code: number } | undefined)?.code;

describe('agentweb-mcp stdio protocol', () => {
  it('answers bad JSON, invalid requests, unknown methods and an oversize line with JSON-RPC errors, and keeps serving', async () => {
    const s = spawnMcpLineSession(flags);
    try {
      s.send('{"jsonrpc":"2.0","id":1,"method":');
      expect(errorCode(await s.next(answerTo(null)))).toBe(-32700);
      s.send({ jsonrpc: '1.0', id: 2, method: 'ping' });
      expect(errorCode(await s.next(answerTo(2)))).toBe(-32600);
      s.send({ jsonrpc: '2.0', id: 3, method: 'resources/list' });
      const unknown = await s.next(answerTo(3));
      expect(errorCode(unknown)).toBe(-32601);
      expect(JSON.stringify(unknown)).toContain('resources/list');
      s.send({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'search_products', arguments: [] },
      });
      expect(errorCode(await s.next(answerTo(4)))).toBe(-32602);
      // 5 MiB on one line: dropped whole (past the 4 MiB limit) and reported, and the next line is read as usual.
      s.send(`{"jsonrpc":"2.0","id":5,"method":"ping","params":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}`);
      const oversize = await s.next(answerTo(null));
      expect(errorCode(oversize)).toBe(-32600);
      expect(JSON.stringify(oversize)).toContain('4194304 bytes');
      s.send({ jsonrpc: '2.0', id: 6, method: 'ping' });
      expect(await s.next(answerTo(6))).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
      expect(s.received().some((m) => m['id'] === 5)).toBe(false);
      // An unknown tool is a tool error result, as the MCP SDK's server answers it.
      s.send({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'no_such_tool', arguments: {} },
      });
      expect((await s.next(answerTo(7)))['result']).toEqual({
        content: [{ type: 'text', text: 'MCP error -32602: Tool no_such_tool not found' }],
        isError: true,
      });
      expect(await s.end()).toBe(0);
    } finally {
      s.child.kill();
    }
  }, 60_000);

  it('runs without @modelcontextprotocol/sdk: lists and calls tools with the SDK unresolvable', async () => {
    const s = spawnMcpLineSession(flags, [
      '--import',
      `data:text/javascript,${encodeURIComponent(HIDE_SDK)}`,
    ]);
    try {
      s.send(initializeRequest(1, '2025-06-18'));
      s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      s.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      const listed = (await s.next(answerTo(2)))['result'] as { tools: { name: string }[] };
      expect(listed.tools.map((t) => t.name)).toEqual([...AGENT_WEB_TOOL_NAMES]);
      s.send({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'get_product', arguments: { product: 5 } },
      });
      const called = (await s.next(answerTo(3)))['result'] as {
        isError: boolean;
        structuredContent: { error: { code: string } };
      };
      expect(called.isError).toBe(true);
      expect(called.structuredContent.error.code).toBe('INVALID_INPUT');
      expect(await s.end()).toBe(0);
    } finally {
      s.child.kill();
    }
  }, 60_000);

  it('negotiates the protocol version: the client one when supported, else the latest; batches only under 2025-03-26', async () => {
    const old = spawnMcpLineSession(flags);
    const future = spawnMcpLineSession(flags);
    const batching = spawnMcpLineSession(flags);
    try {
      old.send(initializeRequest(1, '2024-11-05'));
      future.send(initializeRequest(1, '2099-01-01'));
      batching.send(initializeRequest(1, '2025-03-26'));
      const [a, b, c] = await Promise.all([old, future, batching].map((s) => s.next(answerTo(1))));
      expect(a!['result']).toMatchObject({
        protocolVersion: '2024-11-05',
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'agentweb', version: expect.any(String) },
      });
      expect((b!['result'] as { protocolVersion: string }).protocolVersion).toBe('2025-11-25');
      expect((c!['result'] as { protocolVersion: string }).protocolVersion).toBe('2025-03-26');

      const batch = [
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      ];
      batching.send(batch);
      old.send(batch);
      const answers = await new Promise<McpOut[]>((resolve) => {
        const poll = setInterval(() => {
          const found = batching.received().find((m) => Array.isArray(m));
          if (found) {
            clearInterval(poll);
            resolve(found as unknown as McpOut[]);
          }
        }, 20);
      });
      expect(answers.map((m) => m['id'])).toEqual([2, 3]);
      const names = (answers[1]!['result'] as { tools: { name: string }[] }).tools.map((t) => t.name);
      expect(names).toEqual([...AGENT_WEB_TOOL_NAMES]);
      expect(errorCode(await old.next(answerTo(null)))).toBe(-32600);
      expect(await Promise.all([old.end(), future.end(), batching.end()])).toEqual([0, 0, 0]);
    } finally {
      for (const s of [old, future, batching]) s.child.kill();
    }
  }, 60_000);

  it('tells the host the tool list changed when an AGIS service loads, and a cancelled call gets no answer', async () => {
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const s = spawnMcpLineSession(['--agis', reservations.baseUrl, ...flags]);
    try {
      s.send(initializeRequest(1, '2025-06-18'));
      await s.next(answerTo(1));
      s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await s.next((m) => m['method'] === 'notifications/tools/list_changed', 30_000);
      s.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      const listed = (await s.next(answerTo(2)))['result'] as { tools: { name: string }[] };
      expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['find_availability']));

      // The endpoint never answers; the host gives up on the call.
      s.send({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'find_availability', arguments: { restaurant: 'blue-fin', date: '2030-01-01' } },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      s.send({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 3, reason: 'user stop' },
      });
      s.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
      await s.next(answerTo(4));
      // Well past the moment an aborted call settles: still no answer to the cancelled request.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(s.received().filter((m) => m['id'] === 3)).toEqual([]);
      expect(await s.end()).toBe(0);
    } finally {
      s.child.kill();
    }
  }, 60_000);
});
