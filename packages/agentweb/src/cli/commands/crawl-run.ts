import { type CrawlRecord, crawl, createRobotsPolicy, DEFAULT_CRAWLER_USER_AGENT } from '@agentweb/discovery';
import { CliUsageError } from '../cli-errors.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { integerFlag, requirePositionals, stringFlag } from '../flag-values.js';
import { httpClientFromOptions } from '../http-from-options.js';
import { pendingList } from '../live-view.js';
import { createProgressBar } from '../progress-bar.js';
import { readTextFile } from '../read-input.js';
import { openJsonlOutput, parseDomainList, summarise, writeCrawlSummary } from './crawl-output.js';

/** Most domains in one file; a bigger crawl should be split (and is a job for a queue, not a CLI run). */
const MAX_DOMAINS = 100_000;

/** Runs `agentweb crawl` (its flags and help are in crawl.ts, loaded without this). */
export async function runCrawl(ctx: CommandContext): Promise<number> {
  const queueUrl = stringFlag(ctx.values, 'queue');
  const pagesFile = stringFlag(ctx.values, 'pages');
  if (pagesFile !== undefined && queueUrl === undefined)
    throw new CliUsageError('--pages needs --queue (product pages are crawled by queue workers)', 'crawl');
  const [file] =
    queueUrl !== undefined && pagesFile !== undefined && ctx.positionals.length === 0
      ? [undefined]
      : requirePositionals(ctx.positionals, ['file-of-domains'], 'crawl');
  const concurrency = integerFlag(ctx.values, 'concurrency', { min: 1, max: 64, command: 'crawl' }, 4)!;
  const delay = integerFlag(ctx.values, 'delay', { min: 0, max: 60_000, command: 'crawl' }, 1000)!;
  const userAgent = stringFlag(ctx.values, 'user-agent') ?? DEFAULT_CRAWLER_USER_AGENT;
  const readList = async (path: string, what: string): Promise<string[]> => {
    const list = parseDomainList(await readTextFile(path));
    if (list.length === 0) throw new CliUsageError(`${path} lists no ${what}`, 'crawl');
    if (list.length > MAX_DOMAINS)
      throw new CliUsageError(`${path} lists ${list.length} ${what}; the limit is ${MAX_DOMAINS}`, 'crawl');
    return list;
  };
  const domains = file === undefined ? [] : await readList(file, 'domains');
  if (queueUrl !== undefined) {
    // BullMQ and Redis are loaded for --queue only.
    const { crawlThroughQueue } = await import('./crawl-queue-mode.js');
    return await crawlThroughQueue(ctx, {
      url: queueUrl,
      domains,
      pages: pagesFile === undefined ? [] : await readList(pagesFile, 'pages'),
      delay,
      userAgent,
    });
  }

  const options = ctx.clientOptions();
  const http = httpClientFromOptions(options);
  const outPath = stringFlag(ctx.values, 'out');
  const out = await openJsonlOutput(outPath, ctx.io.stdout);
  let writable = true;
  const bar = createProgressBar({ stream: ctx.io.stderr, total: domains.length, label: 'crawl' });
  const robots = createRobotsPolicy({ http, userAgent });
  const counts = new Map<string, number>();
  // The bar says how many are done; its note, which domains are being crawled right now.
  const running = new Set<string>();
  try {
    // One crawl per domain so each domain's records can be summarised into its line as soon as it ends;
    // the robots policy (and its cache) is shared, and a domain is one host, so politeness is unchanged.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < domains.length && !ctx.signal.aborted && writable) {
        const domain = domains[next++]!;
        running.add(domain);
        bar.note(pendingList(running, 'crawling'));
        const records: CrawlRecord[] = [];
        for await (const record of crawl([domain], {
          http,
          robots,
          perHostDelayMs: delay,
          signal: ctx.signal,
          scheme: options.discovery?.defaultScheme ?? 'https',
          userAgent,
          resolverOptions: {
            ...options.discovery,
            ...(options.dns ? { dns: options.dns } : {}),
          },
        }))
          records.push(record);
        const line = summarise(domain, records);
        counts.set(line.outcome, (counts.get(line.outcome) ?? 0) + 1);
        writable = out.write(line);
        running.delete(domain);
        bar.tick(`${domain} ${line.outcome}; ${pendingList(running, 'crawling')}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, domains.length) }, worker));
  } finally {
    bar.done();
    await http.close();
    await out.end();
  }
  if (ctx.signal.aborted) throw ctx.signal.reason;
  out.check();
  if (!ctx.json) writeCrawlSummary(ctx.io.stderr, 'domains', counts, { path: outPath, lines: out.lines });
  return (counts.get('found') ?? 0) > 0 ? EXIT.ok : EXIT.failed;
}
