import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODE_TABLE, exitCodesHelp, exitCodesMarkdown } from '../src/cli/exit-codes.js';
import { type CliRun, ensureCliBuilt, hostPort, runCli, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

// Merchant 2 answers discovery but never answers a search; merchant 3 never answers anything (a hung host).
let sb: Sandbox;
let flags: string[];
/** The sandbox flags without --allow-http. */
let httpsOnly: string[];
/** Flags of a shopper with a cart at the UCP merchant (kept in a context file). */
let shopper: string[];
let ucpMerchant: string;
let stateDir: string;

beforeAll(async () => {
  ensureCliBuilt();
  sb = await startSandbox({
    merchants: 4,
    seed: 'cli-exit',
    faults: { 2: { hang: true }, 3: { hang: 'all' } },
    ucp: { count: 1 },
  });
  flags = sandboxFlags(sb);
  httpsOnly = flags.filter((f) => f !== '--allow-http');
  stateDir = mkdtempSync(join(tmpdir(), 'agentweb-cli-exit-'));
  ucpMerchant = `${sb.ucpMerchants[0]!.domain}:${sb.http.port}`;
  shopper = [
    ...flags,
    '--ucp-profile',
    'https://platform.agentweb.test/.well-known/ucp',
    '--context-file',
    join(stateDir, 'cart.json'),
  ];
  const found = await runInProcess(['search', 'lamp', '--merchant', ucpMerchant, '--json', ...shopper]);
  const id = (JSON.parse(found.stdout) as { products: { product: { id: string } }[] }).products[0]!.product
    .id;
  const added = await runInProcess(['cart', 'add', ucpMerchant, id, ...shopper]);
  if (added.code !== 0) throw new Error(`cart add failed: ${added.stderr}`);
}, 180_000);

afterAll(async () => {
  await sb?.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

interface ExitCase {
  /** What a person did. */
  name: string;
  args: () => string[];
  /** Run the built bin (a real process) instead of runCli in process. */
  bin?: boolean;
  /** Made when the case starts; the command is stopped (as Ctrl-C does) once it returns true. */
  interruptWhen?: () => () => boolean;
  check?: (run: CliRun) => void;
}

/** Every error line names no library symbol a person cannot type. */
function noApiSymbols(run: CliRun): void {
  expect(run.stderr).not.toMatch(/allowHttp|allowPrivateNetwork|addMerchant\(\)|loadAgisService\(\)/);
}

/** At least one case per row of the documented table; each runs the real CLI against the sandbox. */
const CASES: Record<number, ExitCase[]> = {
  [EXIT.ok]: [
    { name: 'discover a merchant', bin: true, args: () => ['discover', hostPort(sb, 0), ...flags] },
  ],
  [EXIT.failed]: [
    {
      name: 'product: an id the merchant does not have',
      bin: true,
      args: () => ['product', 'NO-SUCH-PRODUCT', '--merchant', hostPort(sb, 0), ...flags],
      check: (run) =>
        expect(run.stderr).toMatch(/^error: AGENTWEB_PRODUCT_NOT_FOUND: product NO-SUCH-PRODUCT/),
    },
    {
      name: 'discover: a domain with no agent card',
      args: () => ['discover', `nowhere.sandbox.test:${sb.http.port}`, ...flags],
    },
    {
      name: 'intent: a --service file that does not exist is read as a path, not as AGIS text',
      args: () => ['intent', 'book a table', '--service', './missing.yaml'],
      check: (run) => {
        expect(run.stderr).toBe(
          'error: CLI_FILE_UNREADABLE: --service ./missing.yaml: no such file (give an existing AGIS file, a domain or an http(s) URL)\n',
        );
      },
    },
  ],
  [EXIT.usage]: [
    {
      name: 'search: an empty query',
      bin: true,
      args: () => ['search', '', '--merchant', hostPort(sb, 0), ...flags],
      check: (run) => expect(run.stderr).toMatch(/^error: CLI_USAGE: <query> is empty/),
    },
    {
      name: 'search: no --merchant',
      args: () => ['search', 'shirt', ...flags],
      check: (run) => expect(run.stderr).toMatch(/^error: CLI_USAGE: at least one --merchant is required/),
    },
    {
      name: 'product: an id without --merchant',
      args: () => ['product', 'P0001', ...flags],
      check: (run) => expect(run.stderr).toMatch(/^error: CLI_USAGE: .*--merchant <domain>/),
    },
    {
      name: 'search: a malformed --filter, with its reason and position',
      args: () => ['search', 'shirt', '--merchant', hostPort(sb, 0), '--filter', 'price <<', ...flags],
      check: (run) => {
        expect(run.stderr).toMatch(
          /^error: CLI_USAGE: --filter "price <<": .*position 7: expected .*found "<"/,
        );
        // Nothing was asked: the filter is refused before discovery.
        expect(run.stdout).toBe('');
      },
    },
    {
      name: 'an unknown flag before any command',
      args: () => ['--frobnicate'],
      check: (run) => {
        expect(run.stderr).toBe(
          'error: CLI_USAGE: unknown flag --frobnicate\nUsage: agentweb <command> [arguments] [flags]\nRun `agentweb --help` for the commands.\n',
        );
      },
    },
    {
      name: "a usage error prints the command's usage line, not its whole help",
      args: () => ['search', 'shirt', '--limit', 'lots', '--merchant', 'a.example'],
      check: (run) => {
        expect(run.stderr.trim().split('\n')).toEqual([
          'error: CLI_USAGE: --limit "lots": expected a whole number from 1 to 100',
          expect.stringMatching(/^Usage: agentweb search "<query>" --merchant/),
          'Run `agentweb search --help` for its flags and examples.',
        ]);
      },
    },
  ],
  [EXIT.network]: [
    {
      name: 'search: an http:// merchant without --allow-http',
      bin: true,
      args: () => ['search', 'shirt', '--merchant', sb.merchants[0]!.baseUrl, ...httpsOnly],
      check: (run) => {
        expect(run.stderr).toMatch(
          /^error: AGENTWEB_UNKNOWN_MERCHANT: .*plain http is off; pass --allow-http/,
        );
        noApiSymbols(run);
      },
    },
    {
      name: 'card validate: an http:// URL without --allow-http',
      args: () => ['card', 'validate', sb.merchants[0]!.cardUrl, ...httpsOnly],
      check: (run) => {
        expect(run.stderr).toMatch(/^error: URL_POLICY: .*pass --allow-http\n$/);
        noApiSymbols(run);
      },
    },
    {
      name: 'discover: a plain-HTTP server reached as https (--allow-http without --scheme http)',
      // No --dns: the sandbox's TXT record names the http:// card URL, which would find it.
      args: () => [
        'discover',
        hostPort(sb, 0),
        '--allow-http',
        '--allow-private-network',
        '--resolve',
        '*.sandbox.test=127.0.0.1',
      ],
      check: (run) => {
        expect(run.stdout).not.toMatch(/wrong version number|SSL routines|openssl/i);
        expect(run.stdout).toContain('pass --scheme http');
      },
    },
    {
      name: 'discover: a hung host (its TXT record answers, its card never does) timed out',
      args: () => ['discover', hostPort(sb, 3), '--timeout', '1000', ...flags],
      check: (run) => expect(run.stdout).toContain('error: DISCOVERY_FAILED: discovery timed out'),
    },
    {
      name: 'search: a merchant whose discovery timed out says so',
      args: () => ['search', 'shirt', '--merchant', hostPort(sb, 3), '--timeout', '1000', ...flags],
      check: (run) => {
        expect(run.stderr).toMatch(
          /^error: AGENTWEB_UNKNOWN_MERCHANT: merchant "shop-3\.sandbox\.test:\d+" could not be found: discovery timed out/,
        );
        expect(run.stderr).not.toContain('no merchant is known yet');
      },
    },
  ],
  [EXIT.needsConfirmation]: [
    {
      name: 'checkout without --confirm: the session and its continue_url, nothing paid',
      args: () => ['checkout', ucpMerchant, '--buyer-email', 'b@example.test', ...shopper],
      check: (run) => {
        expect(run.stdout).toMatch(/continue_url: +http:\/\//);
        expect(run.stderr).toMatch(/^not completed, nothing paid: run again with --confirm/);
      },
    },
  ],
  [EXIT.totalChanged]: [
    {
      name: 'checkout --confirm with a token and a total the session no longer has',
      args: () => [
        'checkout',
        ucpMerchant,
        '--confirm',
        '--payment-token',
        'tok_sandbox_success',
        '--expected-total',
        '1',
        '--buyer-email',
        'b@example.test',
        ...shopper,
      ],
      check: (run) => expect(run.stderr).toMatch(/the total is now .* not the --expected-total/),
    },
  ],
  [EXIT.interrupted]: [
    {
      name: 'Ctrl-C while a discovery hangs',
      args: () => ['discover', hostPort(sb, 3), ...flags],
      // The sandbox counts the request once it has arrived, so the command is surely waiting on it.
      interruptWhen: () => {
        const before = sb.merchants[3]!.stats.httpRequests;
        return () => sb.merchants[3]!.stats.httpRequests > before;
      },
      check: (run) => expect(run.stderr).toContain('error: ABORTED: interrupted'),
    },
  ],
};

async function runCase(c: ExitCase): Promise<CliRun> {
  if (c.bin) return runCli(c.args());
  if (!c.interruptWhen) return runInProcess(c.args());
  const controller = new AbortController();
  const when = c.interruptWhen();
  // Polled rather than timed: it fires as soon as the condition holds, however slow the machine.
  const poll = setInterval(() => {
    if (when()) controller.abort(new Error('interrupted'));
  }, 10);
  try {
    return await runInProcess(c.args(), { signal: controller.signal });
  } finally {
    clearInterval(poll);
  }
}

describe('agentweb exit codes', () => {
  it.each(EXIT_CODE_TABLE.map((row) => [row.code, row.meaning] as const))(
    'exit %i (%s): every case exits with it',
    async (code) => {
      const cases = CASES[code] ?? [];
      expect(cases.length, `no case for exit code ${code}`).toBeGreaterThan(0);
      const runs = await Promise.all(cases.map(runCase));
      runs.forEach((run, i) => {
        const c = cases[i]!;
        expect({ case: c.name, code: run.code }).toEqual({ case: c.name, code });
        c.check?.(run);
      });
    },
    60_000,
  );

  it("docs/cli.md's exit-code table is the one in exit-codes.ts", () => {
    const docs = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
    expect(docs).toContain(`${exitCodesMarkdown()}\n`);
  });

  it('the help prints the same table', async () => {
    const run = await runInProcess(['--help']);
    expect(run.stdout).toContain(exitCodesHelp());
    for (const row of EXIT_CODE_TABLE) expect(run.stdout).toMatch(new RegExp(`\\n  ${row.code} +\\S`));
  });
});
