import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in crawl-worker-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
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
    const { runCrawlWorker } = await import('./crawl-worker-run.js');
    return runCrawlWorker(ctx);
  },
};
