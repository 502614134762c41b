import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliRun } from './cli-harness.js';
import { hostPort, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

const HARBOR = fileURLToPath(
  new URL('../../../fixtures/agis-dev/services/harbor-table.agis.yaml', import.meta.url),
);

// Merchant 1 is found but never answers a search; merchant 2 never answers anything (a hung host).
let sb: Sandbox;
let flags: string[];
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 3,
    seed: 'cli-progress',
    faults: { 1: { hang: true }, 2: { hang: 'all' } },
  });
  flags = sandboxFlags(sb);
  dir = mkdtempSync(join(tmpdir(), 'agentweb-cli-progress-'));
}, 60_000);

afterAll(async () => {
  await sb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What was on the terminal when `ready` first held. */
interface Snapshot {
  stdout: string;
  stderr: string;
}

/**
 * Runs a command on a pretend terminal and stops it (as Ctrl-C does) the moment its output satisfies `ready`:
 * what was shown by then was shown while the hung host was still pending, with no clock involved.
 */
async function runUntil(
  args: string[],
  ready: (out: Snapshot) => boolean,
): Promise<{ run: CliRun; seen: Snapshot | undefined }> {
  const controller = new AbortController();
  let seen: Snapshot | undefined;
  const run = await runInProcess(args, {
    tty: true,
    signal: controller.signal,
    onOutput: (out) => {
      if (seen === undefined && ready(out)) {
        seen = { ...out };
        controller.abort(new Error('interrupted'));
      }
    },
  });
  return { run, seen };
}

describe('progress on a terminal', () => {
  it('discover prints a found domain at once while a hung one is still pending', async () => {
    const found = hostPort(sb, 0);
    const hung = hostPort(sb, 2);
    // Ready once the found domain is printed and the status redrawn under it.
    const { run, seen } = await runUntil(
      ['discover', hung, found, ...flags],
      (out) => out.stdout.includes(`${found}: found`) && out.stderr.includes('discover: 1/2 done'),
    );
    expect(seen, 'the found domain was never printed before the end').toBeDefined();
    // Its whole result (trace and profile) is out, the hung domain's is not, and stderr says what is pending.
    expect(seen!.stdout).toMatch(/CAP skills:\s+.*cap:product_search/);
    expect(seen!.stdout).not.toContain(`${hung}:`);
    expect(seen!.stderr).toContain(`discover: 1/2 done, 1 found; pending: ${hung}`);
    expect(run.code).toBe(130);
    // The status line is erased before the command ends.
    expect(run.stderr.split('error: ABORTED')[0]!.endsWith('\r\u001b[2K')).toBe(true);
  });

  it('search shows each merchant as it answers, with the others pending', async () => {
    const { run, seen } = await runUntil(
      [
        'search',
        'shirt',
        '--merchant',
        hostPort(sb, 0),
        '--merchant',
        hostPort(sb, 1),
        '--deadline',
        '600000',
        ...flags,
      ],
      (out) => /: ok, \d+ product\(s\)/.test(out.stdout) && out.stderr.includes('1 merchant(s) done'),
    );
    expect(seen, 'no merchant was shown before the slowest one answered').toBeDefined();
    expect(seen!.stdout).toMatch(/^http:\/\/shop-0\.sandbox\.test:\d+\/\S+: ok, \d+ product\(s\), \d+ ms\n/);
    expect(seen!.stdout).not.toContain('shop-1');
    expect(seen!.stderr).toContain('search: 2/2 merchant(s) found');
    expect(seen!.stderr).toMatch(/search: 1 merchant\(s\) done, \d+ product\(s\); 1 pending/);
    expect(run.code).toBe(130);
  });

  it('intent shows each service as it loads, then the candidates', async () => {
    const run = await runInProcess(['intent', 'book a table for four tomorrow at 7', '--service', HARBOR], {
      tty: true,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^loaded Harbor Table Reservations from .*harbor-table\.agis\.yaml: \d+ endpoint\(s\)/,
    );
    expect(run.stdout).toMatch(/1\s+Harbor Table Reservations\s+BOOK \/reservation/);
    expect(run.stderr).toContain('intent: loading services 0/1; pending: ');
    expect(run.stderr).toContain('intent: matching the instruction');
  });

  it('crawl names the domains being crawled next to its bar', async () => {
    const list = join(dir, 'domains.txt');
    writeFileSync(list, `${hostPort(sb, 0)}\n`);
    const run = await runInProcess(['crawl', list, '--delay', '0', ...flags], { tty: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`crawling: ${hostPort(sb, 0)}`);
    expect(run.stderr).toContain(`1/1 ${hostPort(sb, 0)} found`);
  });
});

describe('no progress when piped or with --json', () => {
  it('discover to a pipe: results once, in order, nothing on stderr', async () => {
    const run = await runInProcess([
      'discover',
      hostPort(sb, 0),
      `nowhere.sandbox.test:${sb.http.port}`,
      ...flags,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout.indexOf(`${hostPort(sb, 0)}: found`)).toBe(0);
    expect(run.stdout).toContain(`nowhere.sandbox.test:${sb.http.port}: not found`);
  });

  it('--json on a terminal: the JSON document only', async () => {
    const [discover, search] = await Promise.all([
      runInProcess(['discover', hostPort(sb, 0), '--json', ...flags], { tty: true }),
      runInProcess(['search', 'shirt', '--merchant', hostPort(sb, 0), '--json', ...flags], { tty: true }),
    ]);
    for (const run of [discover, search]) {
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(() => JSON.parse(run.stdout)).not.toThrow();
    }
  });

  it('search to a pipe prints the merged tables only', async () => {
    const run = await runInProcess(['search', 'shirt', '--merchant', hostPort(sb, 0), ...flags]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^merchant\s+id\s+name\s+price/);
    expect(run.stdout).not.toMatch(/: ok, \d+ product\(s\)/);
  });
});
