import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_WEB_TOOL_NAMES } from '../src/tools/index.js';
import { ensureCliBuilt, sandboxFlags } from './cli-harness.js';

// The built bin, as `npx --package agentweb agentweb-mcp` runs it (CI builds before testing; locally the harness
// rebuilds a missing or stale dist once).
const BIN = fileURLToPath(new URL('../dist/mcp/bin.js', import.meta.url));
const NODE_ARGS = [BIN];

let sb: Sandbox;
let clientFlags: string[];

beforeAll(async () => {
  ensureCliBuilt();
  sb = await startSandbox({ merchants: 2, seed: 'mcp-stdio' });
  // Everything the bin reaches resolves to loopback: names through --resolve, _cap TXT through the sandbox DNS.
  clientFlags = [...sandboxFlags(sb), '--timeout', '15000'];
}, 60_000);

afterAll(async () => {
  await sb.close();
});

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface SpawnedBin {
  child: ChildProcessWithoutNullStreams;
  /** Resolves once stdout (or stderr) holds text matching the pattern. */
  waitForOutput(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<void>;
  done: Promise<Finished>;
}

function spawnBin(args: readonly string[]): SpawnedBin {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], { stdio: 'pipe' });
  const text = { stdout: '', stderr: '' };
  const waiters: { stream: 'stdout' | 'stderr'; pattern: RegExp; resolve: () => void }[] = [];
  const collect = (stream: 'stdout' | 'stderr') => (chunk: string) => {
    text[stream] += chunk;
    for (const w of waiters.filter((w) => w.stream === stream && w.pattern.test(text[stream]))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout.setEncoding('utf8').on('data', collect('stdout'));
  child.stderr.setEncoding('utf8').on('data', collect('stderr'));
  const done = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    ...text,
  }));
  return {
    child,
    done,
    waitForOutput: (stream, pattern) =>
      pattern.test(text[stream])
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ stream, pattern, resolve })),
  };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function payload(result: Awaited<ReturnType<Client['callTool']>>) {
  const r = result as CallToolResult;
  const first = r.content[0];
  return JSON.parse(first?.type === 'text' ? first.text : 'null');
}

describe('agentweb-mcp driven by the MCP SDK client over stdio', () => {
  it('lists the tools, searches the sandbox, books after confirmation and reports errors as tool results', async () => {
    const reservations = sb.agis.find((s) => s.id === 'reservations');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        ...NODE_ARGS,
        '--merchant',
        sb.merchants[0]!.baseUrl,
        '--merchant',
        sb.merchants[1]!.baseUrl,
        '--merchant',
        'http://missing.sandbox.test',
        ...(reservations ? ['--agis', reservations.baseUrl] : []),
        ...clientFlags,
      ],
      env: getDefaultEnvironment(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const mcp = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
    const protocolErrors: Error[] = [];
    mcp.onerror = (error) => protocolErrors.push(error);
    await mcp.connect(transport);
    try {
      expect(mcp.getServerVersion()?.name).toBe('agentweb');
      // The server answers at once and loads its sources in the background; wait until they are in.
      await expect.poll(() => stderr, { timeout: 60_000 }).toContain('serving MCP on stdio: 2 merchants');
      const names = (await mcp.listTools()).tools.map((t) => t.name);
      expect(names.slice(0, AGENT_WEB_TOOL_NAMES.length)).toEqual([...AGENT_WEB_TOOL_NAMES]);
      if (reservations)
        expect(names).toEqual(expect.arrayContaining(['find_availability', 'book_reservation']));

      const found = payload(await mcp.callTool({ name: 'search_products', arguments: { query: 'shoes' } }));
      expect(found.ok).toBe(true);
      expect(found.data.products.length).toBeGreaterThan(0);
      expect(found.data.merchants).toMatchObject({ asked: 2, byStatus: { ok: 2 } });

      // The merchant that was unreachable at start was skipped (and said so on stderr); naming it is an error result.
      expect(stderr).toMatch(/merchant http:\/\/missing\.sandbox\.test: skipped/);
      const badMerchant = (await mcp.callTool({
        name: 'get_product',
        arguments: { product: found.data.products[0].productId, merchant: 'missing.sandbox.test' },
      })) as CallToolResult;
      expect(badMerchant.isError).toBe(true);
      expect(payload(badMerchant).error.message).toContain('missing.sandbox.test');

      if (reservations) {
        const d = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
        const input = { restaurant: 'saffron-house', party_size: 3, datetime: `${d}T20:30:00Z` };
        const refused = (await mcp.callTool({
          name: 'book_reservation',
          arguments: input,
        })) as CallToolResult;
        expect(refused.isError).toBe(true);
        expect(payload(refused).error.code).toBe('CONFIRMATION_REQUIRED');
        const booked = payload(
          await mcp.callTool({ name: 'book_reservation', arguments: { ...input, confirmed: true } }),
        );
        expect(booked).toMatchObject({ ok: true, data: { data: { status: 'confirmed', party_size: 3 } } });
      }
      // Nothing but protocol messages came out of stdout.
      expect(protocolErrors).toEqual([]);
      expect(stderr).toContain('serving MCP on stdio: 2 merchants');
    } finally {
      await mcp.close();
    }
  }, 120_000);
});

describe('agentweb-mcp process lifecycle', () => {
  it('answers on stdout only with protocol messages and exits 0 when stdin closes', async () => {
    const { child, done, waitForOutput } = spawnBin(['--merchant', sb.merchants[0]!.baseUrl, ...clientFlags]);
    await waitForOutput('stderr', /serving MCP on stdio: 1 merchants/);
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    await waitForOutput('stdout', /"id":2\}\n/);
    child.stdin.end();
    const finished = await done;
    expect(finished).toMatchObject({ code: 0, signal: null });
    // Every stdout line is a JSON-RPC message: the two answers, nothing else.
    const lines = finished.stdout.split('\n').filter((line) => line !== '');
    const [init, list] = lines.map((line) => JSON.parse(line)) as {
      id: number;
      result: Record<string, unknown>;
    }[];
    expect(lines).toHaveLength(2);
    expect(init).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'agentweb' } } });
    expect(list).toMatchObject({ jsonrpc: '2.0', id: 2 });
    expect(list!.result['tools']).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'search_products' })]),
    );
    expect(finished.stderr).toContain('serving MCP on stdio: 1 merchants');
  }, 60_000);

  it('exits 0 on SIGTERM, closing the client', async () => {
    const { child, done, waitForOutput } = spawnBin(clientFlags);
    await waitForOutput('stderr', /serving MCP/);
    child.kill('SIGTERM');
    expect(await done).toMatchObject({ code: 0, signal: null, stdout: '' });
  }, 60_000);

  it('prints help on stdout with exit 0, and refuses bad flags with exit 2 and a message on stderr', async () => {
    const [help, unknown, badResolve] = await Promise.all([
      spawnBin(['--help']).done,
      spawnBin(['--merchnt', 'shop.example']).done,
      spawnBin(['--resolve', 'no-equals-sign']).done,
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: agentweb-mcp');
    expect(help.stdout).toContain('--resolve');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/agentweb-mcp: .*--merchnt/);
    expect(badResolve.code).toBe(2);
    expect(badResolve.stdout).toBe('');
    expect(badResolve.stderr).toContain('--resolve "no-equals-sign"');
  }, 60_000);
});
