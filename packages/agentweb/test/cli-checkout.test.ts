import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox, TEST_TOKEN_DECLINED, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/exit-codes.js';
import { type CliRun, ensureCliBuilt, hostPort, runCli, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

// `agentweb cart` and `agentweb checkout` against the sandbox's UCP merchant, through the built bin: the cart is
// kept in a --context-file between runs, and nothing is paid without --confirm, a token and the right total.
const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
/** A token of the user's own: it must appear in no output of any run. */
const SECRET = 'tok_user_secret_5b7e21';
let sb: Sandbox;
let dir: string;
let flags: string[];

beforeAll(async () => {
  ensureCliBuilt();
  sb = await startSandbox({ merchants: 1, agis: false, seed: 'cli-checkout', ucp: { count: 1 } });
  dir = mkdtempSync(join(tmpdir(), 'agentweb-cli-checkout-'));
  flags = [...sandboxFlags(sb), '--ucp-profile', PLATFORM];
}, 180_000);

afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ucpHost = () => `${sb.ucpMerchants[0]!.domain}:${sb.http.port}`;
const state = (name: string) => ['--context-file', join(dir, `${name}.json`)];

function noToken(run: CliRun, ...tokens: string[]): void {
  for (const token of tokens) {
    expect(run.stdout).not.toContain(token);
    expect(run.stderr).not.toContain(token);
  }
}

async function firstProductId(): Promise<string> {
  const run = await runInProcess(['search', 'lamp', '--merchant', ucpHost(), '--json', ...flags]);
  expect(run.code).toBe(EXIT.ok);
  const id = (JSON.parse(run.stdout) as { products: { product: { id: string } }[] }).products[0]?.product.id;
  if (!id) throw new Error(`no product: ${run.stdout}`);
  return id;
}

describe('agentweb cart + checkout at a UCP merchant', () => {
  it('never pays without --confirm, a token and the confirmed total; then completes with an order', async () => {
    const s = state('flow');
    const id = await firstProductId();
    const added = await runCli(['cart', 'add', ucpHost(), id, '--quantity', '2', ...flags, ...s]);
    expect(added.code, added.stderr).toBe(EXIT.ok);
    expect(added.stdout).toContain(id);

    // No --confirm: the session and its continue_url, nothing paid, exit 4.
    const draft = await runCli([
      'checkout',
      ucpHost(),
      '--json',
      '--buyer-email',
      'b@example.test',
      ...flags,
      ...s,
    ]);
    expect(draft.code, draft.stderr).toBe(EXIT.needsConfirmation);
    const seen = JSON.parse(draft.stdout) as {
      completed: boolean;
      status: string;
      continueUrl: string;
      totalMinor: number;
      totals: { total: string };
    };
    expect(seen).toMatchObject({ completed: false, status: 'ready_for_complete' });
    expect(seen.continueUrl).toMatch(/^http:\/\//);
    expect(seen.totalMinor).toBeGreaterThan(0);
    expect(draft.stderr).toMatch(/not completed, nothing paid: run again with --confirm/);

    // A token without --confirm pays nothing either.
    const tokenOnly = await runCli(['checkout', ucpHost(), '--payment-token', SECRET, ...flags, ...s]);
    expect(tokenOnly.code).toBe(EXIT.needsConfirmation);
    noToken(tokenOnly, SECRET);

    // --confirm without a token: the human view with the continue_url, exit 4.
    const noPayment = await runCli(['checkout', ucpHost(), '--confirm', ...flags, ...s]);
    expect(noPayment.code).toBe(EXIT.needsConfirmation);
    expect(noPayment.stdout).toMatch(/status: +ready_for_complete/);
    expect(noPayment.stdout).toContain(`--expected-total ${seen.totalMinor}`);
    expect(noPayment.stdout).toContain(seen.continueUrl);
    expect(noPayment.stderr).toMatch(/no payment token/);

    // The buyer confirmed another total: nothing paid, exit 5.
    const changed = await runCli([
      'checkout',
      ucpHost(),
      '--confirm',
      '--payment-token',
      TEST_TOKEN_SUCCESS,
      '--expected-total',
      String(seen.totalMinor + 100),
      '--json',
      ...flags,
      ...s,
    ]);
    expect(changed.code, changed.stderr).toBe(EXIT.totalChanged);
    expect(JSON.parse(changed.stdout)).toMatchObject({ completed: false, totalChanged: true });
    expect(changed.stderr).toMatch(/the total is now .* not the --expected-total/);
    noToken(changed, TEST_TOKEN_SUCCESS);

    // A token the payment handler refuses: a typed error, exit 3, the token in no output (JSON error included).
    for (const token of [SECRET, TEST_TOKEN_DECLINED]) {
      const refused = await runCli([
        'checkout',
        ucpHost(),
        '--confirm',
        '--payment-token',
        token,
        '--expected-total',
        String(seen.totalMinor),
        '--json',
        ...flags,
        ...s,
      ]);
      expect(refused.code, refused.stderr).toBe(EXIT.network);
      expect(refused.stderr).toMatch(/^error: UCP_/);
      expect(JSON.parse(refused.stdout)).toHaveProperty('error.code');
      noToken(refused, token);
    }
    expect(sb.ucpMerchants[0]!.stats.operations['complete_checkout']).toBe(2);

    // The token from the environment, the total as printed: completed, with an order.
    const previous = process.env['AGENTWEB_PAYMENT_TOKEN'];
    process.env['AGENTWEB_PAYMENT_TOKEN'] = TEST_TOKEN_SUCCESS;
    let done: CliRun;
    try {
      done = await runCli([
        'checkout',
        ucpHost(),
        '--confirm',
        '--expected-total',
        String(seen.totalMinor),
        '--debug',
        ...flags,
        ...s,
      ]);
    } finally {
      if (previous === undefined) delete process.env['AGENTWEB_PAYMENT_TOKEN'];
      else process.env['AGENTWEB_PAYMENT_TOKEN'] = previous;
    }
    expect(done.code, done.stderr).toBe(EXIT.ok);
    expect(done.stdout).toMatch(/status: +completed/);
    expect(done.stdout).toMatch(/order: +ord_/);
    noToken(done, TEST_TOKEN_SUCCESS);
    expect(sb.ucpMerchants[0]!.stats.invalidRequests).toEqual([]);

    // The cart was used up.
    const after = await runInProcess(['cart', 'view', ucpHost(), '--json', ...flags, ...s]);
    expect(JSON.parse(after.stdout)).toMatchObject({ items: [] });
  }, 120_000);

  it('a CAP merchant: a clear error, exit 1, nothing sent', async () => {
    const run = await runCli([
      'checkout',
      hostPort(sb, 0),
      '--confirm',
      '--payment-token',
      SECRET,
      '--expected-total',
      '100',
      ...flags,
    ]);
    expect(run.code).toBe(EXIT.failed);
    expect(run.stderr).toMatch(
      /^error: AGENTWEB_INVALID_INPUT: merchant: .* is a CAP merchant; checkout is a UCP operation/,
    );
    noToken(run, SECRET);
  }, 60_000);

  it('a domain that is neither a CAP nor a UCP merchant: exit 1, both probes named', async () => {
    const run = await runInProcess(['checkout', `nowhere.sandbox.test:${sb.http.port}`, '--json', ...flags]);
    expect(run.code, run.stderr).toBe(EXIT.failed);
    expect(run.stderr).toMatch(/no UCP merchant: HTTP_STATUS: .*404/);
    const { error } = JSON.parse(run.stdout) as { error: { probes: { protocol: string; code: string }[] } };
    expect(error.probes.map((p) => p.protocol)).toEqual(['cap', 'ucp']);
  }, 60_000);

  it('an empty cart: exit 1, says to add items first', async () => {
    const run = await runInProcess(['checkout', ucpHost(), ...flags, ...state('empty')]);
    expect(run.code).toBe(EXIT.failed);
    expect(run.stderr).toMatch(/cart at .* is empty; add items first/);
  }, 60_000);

  it.each([
    [['--expected-total', '19.99'], /--expected-total "19.99": expected the total in minor units/],
    [['--buyer-email', 'nobody'], /--buyer-email "nobody": expected an email address/],
    [['--frobnicate'], /unknown flag --frobnicate for checkout/],
    [['--payment-token', ''], /--payment-token is empty/],
    [[], /--confirm with a payment token needs --expected-total/],
  ])('bad flags %j: usage error, exit 2, the token never echoed', async (extra, message) => {
    const run = await runInProcess([
      'checkout',
      ucpHost(),
      '--confirm',
      '--payment-token',
      SECRET,
      ...extra,
      '--json',
      ...flags,
    ]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/Usage: agentweb checkout/);
    noToken(run, SECRET);
  });

  it('usage errors: no --ucp-profile, no merchant, a bad cart action, a payment handler the merchant lacks', async () => {
    const noProfile = await runInProcess(['checkout', ucpHost(), ...sandboxFlags(sb)]);
    expect(noProfile.code).toBe(EXIT.usage);
    expect(noProfile.stderr).toMatch(/pass --ucp-profile <url>/);
    expect((await runInProcess(['checkout', ...flags])).stderr).toMatch(/missing <merchant-domain>/);
    const action = await runInProcess(['cart', 'buy', ucpHost(), ...flags]);
    expect(action.code).toBe(EXIT.usage);
    expect(action.stderr).toMatch(/unknown cart action "buy"/);
    const handler = await runInProcess([
      'checkout',
      ucpHost(),
      '--confirm',
      '--payment-token',
      SECRET,
      '--payment-handler',
      'no_such_handler',
      '--expected-total',
      '100',
      ...flags,
    ]);
    expect(handler.code).toBe(EXIT.usage);
    expect(handler.stderr).toMatch(/--payment-handler "no_such_handler": .* accepts test_pay/);
    noToken(handler, SECRET);
  }, 60_000);
});
