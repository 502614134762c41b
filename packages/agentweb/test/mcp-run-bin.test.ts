import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGIS_FILE_BYTES, runMcpBin } from '../src/mcp/index.js';
import { sandboxFlags } from './cli-harness.js';

let sb: Sandbox;
let dir: string;
let flags: string[];

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'mcp-run-bin' });
  dir = mkdtempSync(join(tmpdir(), 'agentweb-mcp-'));
  flags = sandboxFlags(sb);
}, 60_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await sb.close();
});

/** Runs the bin in this process on in-memory streams, speaking raw JSON-RPC lines. */
function runInProcess(argv: string[]) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const signals = new EventEmitter();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  const exit = runMcpBin(argv, { stdin, stdout, stderr, signals: signals as never });
  const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
  const answer = async (id: number) => {
    await expect
      .poll(() => out.split('\n').some((l) => l.includes(`"id":${id}}`)), { timeout: 20_000 })
      .toBe(true);
    return JSON.parse(out.split('\n').find((l) => l.includes(`"id":${id}}`)) as string);
  };
  return { stdin, signals, exit, send, answer, stderr: () => err };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('runMcpBin', () => {
  it('loads an AGIS service from a local file with <file>=<base-url> and serves its endpoints', async () => {
    const reservations = sb.agis.find((s) => s.id === 'reservations');
    expect(reservations).toBeDefined();
    const yaml = await (await sb.fetch(reservations!.documentUrl)).text();
    const file = join(dir, 'reservations.agis.yaml');
    writeFileSync(file, yaml);
    const run = runInProcess(['--agis', `${file}=${reservations!.baseUrl}`, ...flags]);
    run.send(INITIALIZE);
    run.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // Sources load in the background once the server is up; their tools are there when the load is logged.
    await expect.poll(run.stderr, { timeout: 20_000 }).toContain('serving MCP on stdio: 0 merchants, 1 AGIS');
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    run.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'find_availability', arguments: { restaurant: 'blue-fin', date: day } },
    });
    const called = await run.answer(2);
    expect(called.result.isError).toBe(false);
    expect(called.result.structuredContent).toMatchObject({
      ok: true,
      data: { status: 200, method: 'FIND' },
    });
    expect(run.stderr()).toContain(`agis ${file}: added Sandbox Table Reservations`);
    run.stdin.end();
    expect(await run.exit).toBe(0);
  });

  it('skips an AGIS file over the size cap and a missing service, says why, and stops on SIGTERM', async () => {
    const big = join(dir, 'big.agis.yaml');
    writeFileSync(big, 'x'.repeat(MAX_AGIS_FILE_BYTES + 1));
    const run = runInProcess(['--agis', big, '--agis', 'http://nothing-here.sandbox.test', ...flags]);
    await expect
      .poll(run.stderr, { timeout: 20_000 })
      .toContain('serving MCP on stdio: 0 merchants, 0 AGIS services');
    expect(run.stderr()).toMatch(/agis .*big\.agis\.yaml: skipped: .*at most 1048576/);
    expect(run.stderr()).toMatch(/agis http:\/\/nothing-here\.sandbox\.test: skipped: /);
    run.signals.emit('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});
