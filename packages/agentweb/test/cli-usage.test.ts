import { beforeAll, describe, expect, it } from 'vitest';
import { ensureCliBuilt, runCli } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

const COMMANDS = [
  'discover',
  'card validate',
  'search',
  'product',
  'agis validate',
  'agis mcp',
  'intent',
  'crawl',
  'crawl-worker',
];

beforeAll(() => ensureCliBuilt(), 180_000);

// One run of the built bin; the rest run the same runCli in process, which is much faster than a process each.
describe('agentweb usage', () => {
  it('the built bin prints the command list and the exit codes with --help, exit 0', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const name of COMMANDS) expect(run.stdout).toContain(`  ${name}`);
    expect(run.stdout).toContain('Exit codes:');
    expect(run.stderr).toBe('');
  });

  it("<command> --help prints that command's usage on stdout, exit 0, for every command", async () => {
    const runs = await Promise.all(COMMANDS.map((name) => runInProcess([...name.split(' '), '--help'])));
    runs.forEach((run, i) => {
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: agentweb ${COMMANDS[i]}`);
      expect(run.stdout).toContain('--json');
    });
  });

  it('an unknown command prints the usage on stderr, exit 2', async () => {
    const run = await runInProcess(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: CLI_USAGE: unknown command "frobnicate"/);
    expect(run.stderr).toContain('Usage: agentweb <command>');
    expect(run.stdout).toBe('');
  });

  it('no command at all is a usage error', async () => {
    const run = await runInProcess([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no command given');
  });

  it('an unknown flag prints the command usage on stderr, exit 2', async () => {
    const run = await runInProcess(['agis', 'validate', 'x.yaml', '--frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: CLI_USAGE: .*--frobnicate/);
    expect(run.stderr).toContain('Usage: agentweb agis validate');
  });

  it('a missing argument, a bad number and a bad shared flag are usage errors', async () => {
    const [missing, badNumber, badFlag, noMerchant] = await Promise.all([
      runInProcess(['card', 'validate']),
      runInProcess(['search', 'socks', '--merchant', 'a.example', '--limit', 'lots']),
      runInProcess(['discover', 'a.example', '--timeout', 'soon']),
      runInProcess(['search', 'socks']),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing <file|url>');
    expect(badNumber.code).toBe(2);
    expect(badNumber.stderr).toContain('--limit "lots"');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/^error: AGENTWEB_FLAG_INVALID: --timeout/);
    expect(noMerchant!.code).toBe(2);
    expect(noMerchant!.stderr).toContain('--merchant');
  });

  it('global flags may come before the command', async () => {
    const run = await runInProcess(['--json', 'agis', 'mcp', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: agentweb agis mcp');
  });
});
