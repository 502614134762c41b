import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS as CLI_COMMANDS } from '../src/cli/commands/index.js';
import { parseCommandLine } from '../src/cli/run-cli.js';
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
  'ask',
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

  it('an unknown command prints the usage line (not the whole help) on stderr, exit 2', async () => {
    const run = await runInProcess(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: CLI_USAGE: unknown command "frobnicate"\nUsage: agentweb <command> [arguments] [flags]\nRun `agentweb --help` for the commands.\n',
    );
    expect(run.stdout).toBe('');
  });

  it("every command's --help shows examples, and each example is a command line the CLI accepts", async () => {
    for (const command of CLI_COMMANDS) {
      expect(command.examples.length, command.name).toBeGreaterThan(0);
      const help = await runInProcess([...command.name.split(' '), '--help']);
      expect(help.stdout).toContain('\nExamples:\n');
      for (const example of command.examples) {
        expect(help.stdout).toContain(`  agentweb ${example}\n`);
        const parsed = parseCommandLine(shellWords(example));
        expect(parsed.command.name).toBe(command.name);
      }
    }
  });

  it('no command at all is a usage error', async () => {
    const run = await runInProcess([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no command given');
  });

  it("an unknown flag prints the command's usage line on stderr, exit 2", async () => {
    const run = await runInProcess(['agis', 'validate', 'x.yaml', '--frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: CLI_USAGE: unknown flag --frobnicate for agis validate\n/);
    expect(run.stderr).toContain('Usage: agentweb agis validate');
    expect(run.stderr).not.toContain('Global flags:');
    const bare = await runInProcess(['--frobnicate']);
    expect(bare.stderr).toMatch(/^error: CLI_USAGE: unknown flag --frobnicate\n/);
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

/** Splits an example as a POSIX shell would (quotes kept together), up to a pipe or redirection. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const bare = match[3];
    if (bare === '|' || bare === '>') break;
    words.push(match[1] ?? match[2] ?? bare ?? '');
  }
  return words;
}
