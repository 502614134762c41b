import type { CliCommand } from '../command.js';

export type { CrawlLine, CrawlPageLine } from './crawl-output.js';
// The command's name, help and flags; what it does is in crawl-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const crawlCommand: CliCommand = {
  name: 'crawl',
  summary: 'discover a list of domains politely (robots.txt obeyed), one JSONL line per domain',
  usage: [
    'agentweb crawl <file-of-domains> [--out <file>] [--concurrency <n>] [--delay <ms>]',
    'agentweb crawl [<file-of-domains>] [--pages <file-of-urls>] --queue <redis-url> [--out <file>] [--delay <ms>]',
    '',
    'Reads domains (or URLs) one per line (# starts a comment) and, for each, fetches robots.txt, finds the',
    'agent card (DNS TXT, link tag, well-known URIs) and /.well-known/cap/categories.txt, every request',
    'obeying robots.txt and spaced per host. Writes one JSON line per domain (outcome, agent, robots,',
    'categories, errors, each with provenance) to stdout or --out; a progress bar is drawn on stderr when it',
    'is a terminal, and a summary is printed on stderr at the end.',
    '',
    '  --out <file>           write the JSONL here instead of stdout',
    '  --concurrency <n>      domains crawled at once (default 4)',
    '  --delay <ms>           least time between two requests to one host (default 1000; Crawl-delay raises it)',
    '  --user-agent <ua>      User-Agent sent and matched against robots.txt',
    '',
    'With --queue the work is enqueued on BullMQ in that Redis and done by `agentweb crawl-worker` processes',
    '(any number, on any machine); this command collects the results as they come, one line per domain and one',
    'per product page (--pages: one URL per line), each exactly once, and shows done / queued / failed and the',
    'rate on stderr (a line every 5 s when it is not a terminal). robots.txt, Crawl-delay and --delay hold for',
    'all workers together. See docs/crawling-at-scale.md.',
    '',
    '  --queue <redis-url>    redis:// or rediss:// URL of the queue (workers use the same)',
    '  --pages <file>         product page URLs to read for product ids (needs --queue)',
    '  --key-prefix <prefix>  prefix of every Redis key (default agentweb:; workers use the same)',
    '  --queue-name <name>    BullMQ queue name (default agentweb-crawl; workers use the same)',
    '',
    'Exit: 0 at least one agent (or product id) found, 1 none found, 2 usage error; with --queue, 1 also when',
    'Redis stayed unreachable (STATE_STORE_UNAVAILABLE).',
  ].join('\n'),
  examples: [
    'crawl domains.txt --out index.jsonl',
    'crawl domains.txt --concurrency 8 --delay 2000 | jq -c \'select(.outcome == "found")\'',
    'crawl domains.txt --pages pages.txt --queue redis://127.0.0.1:6379 --out index.jsonl',
  ],
  options: {
    out: { type: 'string' },
    concurrency: { type: 'string' },
    delay: { type: 'string' },
    'user-agent': { type: 'string' },
    queue: { type: 'string' },
    pages: { type: 'string' },
    'key-prefix': { type: 'string' },
    'queue-name': { type: 'string' },
  },
  clientFlags: true,
  async run(ctx) {
    const { runCrawl } = await import('./crawl-run.js');
    return runCrawl(ctx);
  },
};
