import type { Writable } from 'node:stream';
import type { StateStoreError } from '@agentweb/core';
import { createCrawlQueue, type DistributedCrawlProgress } from '@agentweb/redis';
import { CliOperationError } from '../cli-errors.js';
import { toJsonLine, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { stringFlag } from '../flag-values.js';
import { createStatusLine } from '../status-line.js';
import { formatTable } from '../table.js';
import { openOut, summarise, summarisePage } from './crawl-output.js';

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
  const queue = createCrawlQueue({
    url: request.url,
    ...(keyPrefix === undefined ? {} : { keyPrefix }),
    ...(queueName === undefined ? {} : { queueName }),
  });
  const outPath = stringFlag(ctx.values, 'out');
  const out: Writable = outPath ? await openOut(outPath) : ctx.io.stdout;
  let writeError: Error | undefined;
  out.on('error', (error: Error) => {
    writeError ??= error;
  });
  const status = createStatusLine({ stream: ctx.io.stderr });
  let lastWarning = Number.NEGATIVE_INFINITY;
  const onWarning = (error: StateStoreError): void => {
    // Redis down or restarting: said once every few seconds, so the run is never silent while it waits.
    if (performance.now() - lastWarning < 5_000) return;
    lastWarning = performance.now();
    status.note(`warning: Redis unreachable (${error.operation}: ${error.reason}); retrying`);
  };
  const counts = new Map<string, number>();
  let written = 0;
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
      out.write(`${toJsonLine(line)}\n`);
      written++;
      if (writeError !== undefined) break;
    }
  } finally {
    status.done();
    await queue.close();
    if (out !== ctx.io.stdout)
      await new Promise<void>((resolve, reject) =>
        out.end((e?: Error | null) => (e ? reject(e) : resolve())),
      );
  }
  if (ctx.signal.aborted) throw ctx.signal.reason;
  if (writeError)
    throw new CliOperationError(
      'CLI_FILE_UNWRITABLE',
      `cannot write ${outPath ?? 'stdout'}: ${writeError.message}`,
      writeError,
    );
  if (!ctx.json) {
    ctx.io.stderr.write(
      formatTable(
        ['outcome', 'count'],
        [...counts.entries()].sort().map(([outcome, n]) => [outcome, n]),
      ),
    );
    if (outPath) writeLine(ctx.io.stderr, `wrote ${written} lines to ${outPath}`);
  }
  const found = (counts.get('domains found') ?? 0) + (counts.get('pages found') ?? 0);
  return found > 0 ? EXIT.ok : EXIT.failed;
}
