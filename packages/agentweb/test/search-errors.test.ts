import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentWebTools, type JsonValue } from '../src/index.js';
import { hostPort, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';
// Tests run on source, where the facade cannot require the tools module by file name; evaluating it registers it
// for `createAgentWebTools` from the facade (a user's Node or bundler loads it on the first call).
import '../src/tools/index.js';

// Merchant 0 answers, 1 fails with HTTP 503, 2 refuses with a CAP rate limit (a failed task), 3 never answers.
let sb: Sandbox;
const pool = clientPool();
beforeAll(async () => {
  sb = await startSandbox({
    merchants: 4,
    seed: 'search-errors',
    faults: {
      1: { serverError: { status: 503 } },
      2: { rateLimit: { retryAfterSeconds: 60, mode: 'task' } },
      3: { hang: true },
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
    const summary = (result.data as { merchants: { [key: string]: JsonValue } }).merchants;
    // The merchant that answered is counted, not listed; each failure is listed with what broke.
    expect(summary).toMatchObject({ asked: 3, byStatus: { ok: 1, error: 1, 'rate-limited': 1 } });
    const rows = summary['failed'] as { [key: string]: JsonValue }[];
    expect(rows.map((row) => row['merchant'])).toEqual(merchants().slice(1));
    expect(rows[0]).toMatchObject({ status: 'error', reason: 'HTTP_STATUS', error: http503 });
    expect(rows[1]).toMatchObject({ status: 'rate-limited', error: capRateLimit });
  });
});

describe('an API key sent as a query parameter', () => {
  const KEY = 'S3CRET-query-key-9c1e';
  // Every request URL to every merchant carries the key, as an apiKey scheme `in: query` asks.
  const withQueryKey = (extra = {}) =>
    sandboxOptions(sb, {
      credentials: () => ({ type: 'apiKey', key: KEY, in: 'query', name: 'api_key' }),
      ...extra,
    });

  it('stays out of the outcomes of a 503 and of an HTTP timeout, and out of search_products', async () => {
    // A short HTTP deadline under a long search deadline: the hanging merchant fails with the HTTP TimeoutError,
    // whose url is the request URL, key included.
    const aw = pool.make(withQueryKey({ timeoutMs: 1_000 }));
    const targets = [hostPort(sb, 1), hostPort(sb, 3)];
    for (const target of targets) await aw.addMerchant(target);
    const result = await aw.search('lamp', { merchants: targets, deadlineMs: 10_000 });
    expect(result.outcomes.map((o) => o.status)).toEqual(['error', 'error']);
    expect(result.outcomes[1]?.error).toMatchObject({ code: 'TIMEOUT', url: expect.stringContaining(KEY) });
    const json = JSON.stringify(result.outcomes);
    expect(json).not.toContain(KEY);
    expect(json).toContain('?[query withheld]');

    const search = createAgentWebTools(aw, { include: ['search_products'] })[0]!;
    const tool = await search.execute({ query: 'lamp', merchants: targets, filter: null, maxResults: 10 });
    if (!tool.ok) throw new Error(`search_products failed: ${JSON.stringify(tool.error)}`);
    const rows = (tool.data as { merchants: { failed: { [key: string]: JsonValue }[] } }).merchants.failed;
    expect(rows.map((row) => row['status'])).toEqual(['error', 'error']);
    expect(rows[1]).toMatchObject({
      error: { code: 'TIMEOUT', message: expect.stringContaining('[query withheld]') },
    });
    expect(JSON.stringify(tool)).not.toContain(KEY);
  }, 30_000);

  it('stays out of a failed tool call and out of agentweb --json', async () => {
    const missing = `http://${hostPort(sb, 0)}/missing/agent-card.json?api_key=${KEY}`;
    const aw = pool.make(sandboxOptions(sb));
    const search = createAgentWebTools(aw, { include: ['search_products'] })[0]!;
    const tool = await search.execute({ query: 'lamp', merchants: [missing], filter: null, maxResults: 10 });
    expect(tool.ok).toBe(false);
    expect(JSON.stringify(tool)).not.toContain(KEY);

    const run = await runInProcess(['search', 'lamp', '--merchant', missing, '--json', ...sandboxFlags(sb)]);
    expect(run.code).not.toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: 'AGENTWEB_UNKNOWN_MERCHANT', message: expect.stringContaining('?[query withheld]') },
    });
    expect(run.stdout).not.toContain(KEY);
    expect(run.stderr).not.toContain(KEY);
  }, 30_000);
});
