import type { StateStoreError } from '@agentweb/core';
import type { DistributedCrawlProgress } from '@agentweb/redis';
import { loadRedis } from '../../state/load-redis.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { stringFlag } from '../flag-values.js';
import { createStatusLine } from '../status-line.js';
import { openJsonlOutput, summarise, summarisePage, writeCrawlSummary } from './crawl-output.js';

/** What `crawl --queue` enqueues and how. */
export interface QueueCrawlRequest {
  /** The Redis URL. */
  url: string;
  domains: readonly string[];
  pages: readonly string[];
  /** --delay, ms. */
  delay: number;
  userAgent: string;
}

/** The status text for a progress report. */
export function progressText(p: DistributedCrawlProgress): string {
  return `crawl ${p.done}/${p.total} done, ${p.queued} queued, ${p.failed} failed, ${p.perSecond.toFixed(1)}/s`;
}

/**
 * `agentweb crawl --queue`: enqueues the domains and pages on BullMQ and writes each result as one JSONL line the
 * moment it arrives, while `agentweb crawl-worker` processes do the fetching.
 */
export async function crawlThroughQueue(ctx: CommandContext, request: QueueCrawlRequest): Promise<number> {
  const options = ctx.clientOptions();
  const keyPrefix = stringFlag(ctx.values, 'key-prefix');
  const queueName = stringFlag(ctx.values, 'queue-name');
  const { createCrawlQueue } = await loadRedis('agentweb crawl --queue');
  const queue = createCrawlQueue({
    url: request.url,
    ...(keyPrefix === undefined ? {} : { keyPrefix }),
    ...(queueName === undefined ? {} : { queueName }),
  });
  const outPath = stringFlag(ctx.values, 'out');
  const out = await openJsonlOutput(outPath, ctx.io.stdout);
  const status = createStatusLine({ stream: ctx.io.stderr });
  let lastWarning = Number.NEGATIVE_INFINITY;
  const onWarning = (error: StateStoreError): void => {
    // Redis down or restarting: said once every few seconds, so the run is never silent while it waits.
    if (performance.now() - lastWarning < 5_000) return;
    lastWarning = performance.now();
    status.note(`warning: Redis unreachable (${error.operation}: ${error.reason}); retrying`);
  };
  const counts = new Map<string, number>();
  try {
    for await (const result of queue.crawl(
      { domains: request.domains, pages: request.pages },
      {
        perHostDelayMs: request.delay,
        userAgent: request.userAgent,
        scheme: options.discovery?.defaultScheme ?? 'https',
        signal: ctx.signal,
        onProgress: (p) => status.update(progressText(p), p.queued === 0),
        onWarning,
      },
    )) {
      const line =
        result.kind === 'domain'
          ? summarise(result.target, result.records)
          : summarisePage(result.target, result.records);
      const key = `${result.kind === 'domain' ? 'domains' : 'pages'} ${line.outcome}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!out.write(line)) break;
    }
  } finally {
    status.done();
    await queue.close();
    await out.end();
  }
  if (ctx.signal.aborted) throw ctx.signal.reason;
  out.check();
  if (!ctx.json) writeCrawlSummary(ctx.io.stderr, 'count', counts, { path: outPath, lines: out.lines });
  const found = (counts.get('domains found') ?? 0) + (counts.get('pages found') ?? 0);
  return found > 0 ? EXIT.ok : EXIT.failed;
}
