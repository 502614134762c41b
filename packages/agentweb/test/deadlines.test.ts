import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { createDnsResolver } from '@agentweb/discovery';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentWeb, type AgentWebOptions } from '../src/client/index.js';
import { clientOptionsFromFlags, createHostMapLookup } from '../src/config/index.js';
import { runMcpBin } from '../src/mcp/index.js';
import { createAgentWebTools } from '../src/tools/index.js';
import { runInProcess } from './cli-in-process.js';
import {
  DEADLINE_MS,
  DEADLINE_SLACK_MS,
  type HungDnsServer,
  type HungTcpHost,
  startHungDnsServer,
  startHungTcpHost,
  timed,
} from './hung-hosts.js';
import { StreamClientTransport } from './stream-client-transport.js';

let host: HungTcpHost;
let dnsServer: HungDnsServer;
const clients: AgentWeb[] = [];

beforeAll(async () => {
  host = await startHungTcpHost();
  dnsServer = await startHungDnsServer();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await host.close();
  await dnsServer.close();
});

/** A client that reaches loopback over plain http, with `timeoutMs` as its one deadline. */
function client(extra: AgentWebOptions = {}): AgentWeb {
  const aw = new AgentWeb({
    timeoutMs: DEADLINE_MS,
    allowHttp: true,
    allowPrivateNetwork: true,
    lookup: createHostMapLookup(['*.hung.test=127.0.0.1']),
    discovery: { defaultScheme: 'http', mechanisms: ['link-tag', 'agent-card', 'agent-json'] },
    ...extra,
  });
  clients.push(aw);
  return aw;
}

const hungTarget = () => `shop.hung.test:${host.port}`;
const withinDeadline = (ms: number) => expect(ms).toBeLessThan(DEADLINE_MS + DEADLINE_SLACK_MS);

describe('the client timeoutMs bounds discovery end to end (a host that accepts and never answers)', () => {
  it('addMerchant gives up within the deadline and says the deadline passed', async () => {
    const before = host.accepted();
    const { ms, error } = await timed(() => client().addMerchant(hungTarget()));
    withinDeadline(ms);
    expect(host.accepted()).toBeGreaterThan(before);
    expect(error).toMatchObject({ code: 'DISCOVERY_FAILED' });
    expect(String((error as Error).message)).toMatch(/timeout/);
  });

  it('discover through a hung name server, link tag and well-known URIs ends within the deadline', async () => {
    const dns = createDnsResolver({ servers: [dnsServer.address] });
    try {
      const before = dnsServer.queries();
      const aw = client({ dns, discovery: { defaultScheme: 'http' } });
      const { ms, error } = await timed(() => aw.discover(hungTarget()));
      withinDeadline(ms);
      expect(dnsServer.queries()).toBeGreaterThan(before);
      expect((error as { trace: { mechanism: string }[] }).trace[0]).toMatchObject({ mechanism: 'dns-txt' });
    } finally {
      await dns.close();
    }
  });

  it('discoverMany ends within the deadline however many domains hang', async () => {
    const targets = [0, 1, 2].map((i) => `shop-${i}.hung.test:${host.port}`);
    const { ms, value } = await timed(() => client().discoverMany(targets));
    withinDeadline(ms);
    expect(value?.map((outcome) => outcome.ok)).toEqual([false, false, false]);
  });

  it('discover_merchants answers within the deadline, listing the hung domain as failed', async () => {
    const tool = createAgentWebTools(client(), { include: ['discover_merchants'] })[0]!;
    const { ms, value } = await timed(() => tool.execute({ targets: [hungTarget()] }));
    withinDeadline(ms);
    expect(value).toMatchObject({
      ok: true,
      data: { merchants: [], failed: [{ target: hungTarget(), code: 'DISCOVERY_FAILED' }] },
    });
  });

  it('the CLI flags reach discovery: --timeout bounds a discover run', async () => {
    const options = clientOptionsFromFlags({
      timeout: String(DEADLINE_MS),
      'allow-http': true,
      'allow-private-network': true,
      scheme: 'http',
      resolve: ['*.hung.test=127.0.0.1'],
    });
    const aw = new AgentWeb(options);
    clients.push(aw);
    const { ms, error } = await timed(() => aw.discover(`127.0.0.1:${host.port}`));
    withinDeadline(ms);
    expect(error).toMatchObject({ code: 'DISCOVERY_FAILED' });
  });
});

describe('agentweb discover --timeout', () => {
  it('ends a discovery of a hung domain within the deadline, next to one that fails at once', async () => {
    const { ms, value } = await timed(() =>
      runInProcess([
        'discover',
        hungTarget(),
        '127.0.0.1:1',
        '--timeout',
        String(DEADLINE_MS),
        '--allow-http',
        '--allow-private-network',
        '--scheme',
        'http',
        '--resolve',
        '*.hung.test=127.0.0.1',
      ]),
    );
    withinDeadline(ms);
    // Not found: the exit code and message are the CLI's (see docs/cli.md); the deadline is what is checked here.
    expect(value?.code).not.toBe(0);
    expect(`${value?.stdout}${value?.stderr}`).toContain(hungTarget());
  });
});

describe('agentweb-mcp starts without waiting on discovery', () => {
  function startBin(argv: string[]) {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const signals = new EventEmitter();
    let log = '';
    stderr.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
    });
    const exit = runMcpBin(argv, { stdin, stdout, stderr, signals: signals as never });
    return { transport: new StreamClientTransport(stdout, stdin), signals, exit, log: () => log };
  }

  it('answers initialize, tools/list and tools/call while a merchant hangs, and loads it in the background', async () => {
    // A deadline far longer than the bound: the server must not wait for discovery at all.
    const bin = startBin([
      '--merchant',
      hungTarget(),
      '--allow-http',
      '--allow-private-network',
      '--scheme',
      'http',
      '--resolve',
      '*.hung.test=127.0.0.1',
      '--timeout',
      '20000',
    ]);
    const mcp = new Client({ name: 'deadlines-test', version: '1.0.0' });
    try {
      const { ms } = await timed(async () => {
        await mcp.connect(bin.transport);
        await mcp.listTools();
        const search = (await mcp.callTool({
          name: 'search_products',
          arguments: { query: 'boots' },
        })) as CallToolResult;
        // The merchant is still loading: the tool answers with what is loaded (nothing yet).
        expect(search.structuredContent).toMatchObject({
          ok: false,
          error: { code: 'AGENTWEB_NO_MERCHANT' },
        });
      });
      withinDeadline(ms);
      expect(bin.log()).toContain('loading 1 merchants and 0 AGIS services in the background');
      expect(bin.log()).not.toContain('serving MCP on stdio:');
    } finally {
      bin.signals.emit('SIGTERM');
      expect(await bin.exit).toBe(0);
    }
  });

  it('with --timeout, the hung merchant is reported skipped within the deadline', async () => {
    const bin = startBin([
      '--merchant',
      hungTarget(),
      '--allow-http',
      '--allow-private-network',
      '--scheme',
      'http',
      '--resolve',
      '*.hung.test=127.0.0.1',
      '--timeout',
      String(DEADLINE_MS),
    ]);
    const mcp = new Client({ name: 'deadlines-test', version: '1.0.0' });
    try {
      const { ms } = await timed(async () => {
        await mcp.connect(bin.transport);
        await expect
          .poll(bin.log, { timeout: 20_000, interval: 10 })
          .toContain('serving MCP on stdio: 0 merchants');
      });
      withinDeadline(ms);
      expect(bin.log()).toMatch(/merchant shop\.hung\.test:\d+: skipped: .*timeout/);
    } finally {
      bin.signals.emit('SIGTERM');
      expect(await bin.exit).toBe(0);
    }
  });
});
