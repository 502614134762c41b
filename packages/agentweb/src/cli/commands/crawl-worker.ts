import { startCrawlWorker } from '@agentweb/redis';
import { CliUsageError } from '../cli-errors.js';
import { writeLine } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { integerFlag, stringFlag } from '../flag-values.js';
import { httpClientFromOptions } from '../http-from-options.js';
import { createStatusLine } from '../status-line.js';

export const crawlWorkerCommand: CliCommand = {
  name: 'crawl-worker',
  summary:
    'work on the crawl queue in Redis (BullMQ) until stopped: fetch robots.txt, agent cards, product pages',
  usage: [
    'agentweb crawl-worker --queue <redis-url> [--concurrency <n>] [--key-prefix <prefix>] [--queue-name <name>]',
    '',
    'Takes the jobs `agentweb crawl --queue` enqueues and crawls them: robots.txt (fetched once per host for',
    'every worker, shared in Redis), agent cards and categories of domains, product ids of pages. Requests to a',
    "host are spaced across all workers together by the larger of the crawl's --delay and Crawl-delay. Run as",
    'many as you like, on any machine that reaches the Redis. Stops on SIGINT or SIGTERM after its running jobs;',
    'a worker killed outright loses nothing (its jobs run again elsewhere once their lock expires).',
    'Progress and Redis warnings go to stderr.',
    '',
    '  --queue <redis-url>    redis:// or rediss:// URL of the queue',
    '  --concurrency <n>      jobs at once (default 8)',
    '  --key-prefix <prefix>  prefix of every Redis key (default agentweb:), as the enqueuer uses',
    '  --queue-name <name>    BullMQ queue name (default agentweb-crawl), as the enqueuer uses',
    "  --lock-ms <ms>         job lock: how soon a dead worker's jobs run again (default 30000)",
    '',
    'The shared client flags (--allow-http, --resolve, --dns, --timeout, ...) set how it fetches.',
    'Exit: 0 when stopped by a signal, 2 usage error.',
  ].join('\n'),
  examples: [
    'crawl-worker --queue redis://127.0.0.1:6379',
    'crawl-worker --queue redis://queue.internal:6379 --concurrency 16 --lock-ms 60000',
  ],
  options: {
    queue: { type: 'string' },
    concurrency: { type: 'string' },
    'key-prefix': { type: 'string' },
    'queue-name': { type: 'string' },
    'lock-ms': { type: 'string' },
  },
  clientFlags: true,
  async run(ctx) {
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
  },
};
