import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentWebTools, type JsonValue } from '../src/index.js';
import { hostPort, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

// Merchant 0 answers, 1 fails with HTTP 503, 2 refuses with a CAP rate limit (a failed task).
let sb: Sandbox;
const pool = clientPool();
beforeAll(async () => {
  sb = await startSandbox({
    merchants: 3,
    seed: 'search-errors',
    faults: {
      1: { serverError: { status: 503 } },
      2: { rateLimit: { retryAfterSeconds: 60, mode: 'task' } },
    },
  });
});
afterAll(async () => {
  await pool.closeAll();
  await sb?.close();
});

const merchants = () => [0, 1, 2].map((i) => hostPort(sb, i));

const http503 = {
  name: 'HttpStatusError',
  code: 'HTTP_STATUS',
  status: 503,
  message: expect.stringContaining('HTTP 503'),
};
const capRateLimit = {
  name: 'CapError',
  code: 'CAP_TASK_FAILED',
  capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
  message: expect.stringContaining('CAP_RATE_LIMIT_EXCEEDED'),
};

describe('errors of failed merchants, as JSON', () => {
  it('search(): every outcome serialises with the error code, name and message', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const result = await aw.search('lamp', { merchants: merchants() });
    const outcomes = JSON.parse(JSON.stringify(result.outcomes)) as Record<string, unknown>[];
    expect(outcomes.map((o) => o['status'])).toEqual(['ok', 'error', 'rate-limited']);
    expect(outcomes[1]).toMatchObject({ reason: 'HTTP_STATUS', error: http503 });
    expect(outcomes[2]).toMatchObject({ error: capRateLimit });
  });

  it('agentweb search --json: the outcomes carry the errors', async () => {
    const args = ['search', 'lamp', ...merchants().flatMap((m) => ['--merchant', m])];
    const run = await runInProcess([...args, '--json', ...sandboxFlags(sb)]);
    expect(run.code).toBe(0);
    const { outcomes } = JSON.parse(run.stdout) as { outcomes: Record<string, unknown>[] };
    expect(outcomes[0]).toMatchObject({ status: 'ok' });
    expect(outcomes[0]).not.toHaveProperty('error');
    expect(outcomes[1]).toMatchObject({ status: 'error', error: http503 });
    expect(outcomes[2]).toMatchObject({ status: 'rate-limited', error: capRateLimit });
    expect(run.stdout).not.toMatch(/"error": \{\}/);
  });

  it('agentweb search --json: a search that fails as a whole prints its error with name and cause', async () => {
    const unknown = `nowhere.sandbox.test:${sb.http.port}`;
    const run = await runInProcess(['search', 'lamp', '--merchant', unknown, '--json', ...sandboxFlags(sb)]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: {
        name: 'UnknownMerchantError',
        code: 'AGENTWEB_UNKNOWN_MERCHANT',
        message: expect.stringContaining('nowhere.sandbox.test'),
        cause: { code: expect.any(String), name: expect.any(String) },
      },
    });
  });

  it('search_products: each failed merchant says what broke', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const search = createAgentWebTools(aw, { include: ['search_products'] })[0]!;
    const result = await search.execute({
      query: 'lamp',
      merchants: merchants(),
      filter: null,
      maxResults: 10,
    });
    if (!result.ok) throw new Error(`search_products failed: ${JSON.stringify(result.error)}`);
    const rows = (result.data as { merchants: { [key: string]: JsonValue }[] }).merchants;
    expect(rows[0]).toMatchObject({ merchant: merchants()[0], status: 'ok' });
    expect(rows[0]).not.toHaveProperty('error');
    expect(rows[1]).toMatchObject({ status: 'error', reason: 'HTTP_STATUS', error: http503 });
    expect(rows[2]).toMatchObject({ status: 'rate-limited', error: capRateLimit });
  });
});
