import { loadRedis } from '../../state/load-redis.js';
import { CliUsageError } from '../cli-errors.js';
import { writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { integerFlag, stringFlag } from '../flag-values.js';
import { httpClientFromOptions } from '../http-from-options.js';
import { createStatusLine } from '../status-line.js';

/** Runs `agentweb crawl-worker` (its flags and help are in crawl-worker.ts, loaded without this). */
export async function runCrawlWorker(ctx: CommandContext): Promise<number> {
  const url = stringFlag(ctx.values, 'queue');
  if (url === undefined) throw new CliUsageError('--queue <redis-url> is required', 'crawl-worker');
  const concurrency = integerFlag(
    ctx.values,
    'concurrency',
    { min: 1, max: 256, command: 'crawl-worker' },
    8,
  )!;
  const lockMs = integerFlag(
    ctx.values,
    'lock-ms',
    { min: 1_000, max: 600_000, command: 'crawl-worker' },
    30_000,
  )!;
  const keyPrefix = stringFlag(ctx.values, 'key-prefix');
  const queueName = stringFlag(ctx.values, 'queue-name');
  const options = ctx.clientOptions();
  const http = httpClientFromOptions(options);
  const status = createStatusLine({ stream: ctx.io.stderr, plainIntervalMs: 10_000 });
  let lastWarning = Number.NEGATIVE_INFINITY;
  const { defaultScheme: _scheme, allowHttp: _allowHttp, ...discovery } = options.discovery ?? {};
  const { startCrawlWorker } = await loadRedis('agentweb crawl-worker');
  const worker = startCrawlWorker({
    url,
    http,
    concurrency,
    lockDurationMs: lockMs,
    stalledIntervalMs: lockMs,
    ...(keyPrefix === undefined ? {} : { keyPrefix }),
    ...(queueName === undefined ? {} : { queueName }),
    resolverOptions: { ...discovery, ...(options.dns ? { dns: options.dns } : {}) },
    onEvent: (event) => {
      if (event.type !== 'warning') return;
      if (performance.now() - lastWarning < 5_000) return;
      lastWarning = performance.now();
      status.note(`warning: ${event.error.message}; the worker carries on and reconnects`);
    },
  });
  writeLine(
    ctx.io.stderr,
    `crawl-worker ${worker.name} on queue ${queueName ?? 'agentweb-crawl'}, concurrency ${concurrency}`,
  );
  const started = performance.now();
  const report = (force: boolean): void => {
    const { completed, deferred, failed } = worker.stats;
    const seconds = (performance.now() - started) / 1000;
    status.update(
      `crawl-worker: ${completed} done (${(completed / Math.max(seconds, 0.001)).toFixed(1)}/s), ` +
        `${deferred} deferred for their host's turn, ${failed} failed attempts`,
      force,
    );
  };
  const timer = setInterval(() => report(false), 1_000);
  try {
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    clearInterval(timer);
    await worker.close();
    await http.close();
    status.done();
  }
  report(true);
  status.done();
  writeLine(ctx.io.stderr, `crawl-worker ${worker.name} stopped after ${worker.stats.completed} results`);
  return EXIT.ok;
}
