import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import {
  type CrawlProvenance,
  type CrawlRecord,
  crawl,
  createRobotsPolicy,
  DEFAULT_CRAWLER_USER_AGENT,
} from '@agentweb/discovery';
import { CliOperationError, CliUsageError } from '../cli-errors.js';
import { toJsonLine, writeLine } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { integerFlag, requirePositionals, stringFlag } from '../flag-values.js';
import { httpClientFromOptions } from '../http-from-options.js';
import { createProgressBar } from '../progress-bar.js';
import { readTextFile } from '../read-input.js';
import { formatTable } from '../table.js';

/** Most domains in one file; a bigger crawl should be split (and is a job for a queue, not a CLI run). */
const MAX_DOMAINS = 100_000;

/** One JSONL line: what the crawl learned about a domain and where each piece came from. */
export interface CrawlLine {
  domain: string;
  /** `found`, `not-found`, `robots-disallowed`, `invalid` (not a domain) or `error`. */
  outcome: 'found' | 'not-found' | 'robots-disallowed' | 'invalid' | 'error';
  agent: {
    id: string;
    name: string;
    mechanism: string;
    cardUrl: string;
    capSkills: string[];
    provenance: CrawlProvenance;
  } | null;
  robots: { outcome: string; crawlDelaySeconds?: number; provenance: CrawlProvenance } | null;
  categories: { format: string; bytes: number; provenance: CrawlProvenance } | null;
  errors: { stage: string; code: string; message: string; url?: string; provenance?: CrawlProvenance }[];
}

/** Reads one domain per line; `#` starts a comment; blank lines and repeats are skipped. */
export function parseDomainList(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    seen.add(line);
  }
  return [...seen];
}

function summarise(domain: string, records: readonly CrawlRecord[]): CrawlLine {
  const line: CrawlLine = {
    domain,
    outcome: 'error',
    agent: null,
    robots: null,
    categories: null,
    errors: [],
  };
  for (const r of records) {
    if (r.kind === 'agent')
      line.agent = {
        id: r.profile.id,
        name: r.profile.name,
        mechanism: r.mechanism,
        cardUrl: r.provenance.sourceUrl,
        capSkills: r.profile.cap?.skills ?? [],
        provenance: r.provenance,
      };
    else if (r.kind === 'robots')
      line.robots = {
        outcome: r.outcome,
        ...(r.crawlDelaySeconds !== undefined ? { crawlDelaySeconds: r.crawlDelaySeconds } : {}),
        provenance: r.provenance,
      };
    else if (r.kind === 'categories')
      line.categories = { format: r.format, bytes: Buffer.byteLength(r.text), provenance: r.provenance };
    else if (r.kind === 'error')
      line.errors.push({
        stage: r.stage,
        code: r.code,
        message: r.message,
        ...(r.url !== undefined ? { url: r.url } : {}),
        ...(r.provenance !== undefined ? { provenance: r.provenance } : {}),
      });
  }
  const agentError = line.errors.find((e) => e.stage === 'agent' || e.stage === 'domain');
  if (line.agent) line.outcome = 'found';
  else if (agentError?.code === 'ROBOTS_DISALLOWED') line.outcome = 'robots-disallowed';
  else if (agentError?.code === 'INVALID_DISCOVERY_TARGET') line.outcome = 'invalid';
  else if (agentError?.code === 'DISCOVERY_FAILED') line.outcome = 'not-found';
  return line;
}

async function openOut(path: string): Promise<Writable> {
  try {
    const handle = await open(path, 'w');
    return handle.createWriteStream();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new CliOperationError('CLI_FILE_UNWRITABLE', `cannot write ${path}: ${detail}`, error);
  }
}

export const crawlCommand: CliCommand = {
  name: 'crawl',
  summary: 'discover a list of domains politely (robots.txt obeyed), one JSONL line per domain',
  usage: [
    'agentweb crawl <file-of-domains> [--out <file>] [--concurrency <n>] [--delay <ms>]',
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
    'Exit: 0 at least one agent found, 1 none found, 2 usage error.',
  ].join('\n'),
  options: {
    out: { type: 'string' },
    concurrency: { type: 'string' },
    delay: { type: 'string' },
    'user-agent': { type: 'string' },
  },
  clientFlags: true,
  async run(ctx) {
    const [file] = requirePositionals(ctx.positionals, ['file-of-domains'], 'crawl');
    const concurrency = integerFlag(ctx.values, 'concurrency', { min: 1, max: 64, command: 'crawl' }, 4)!;
    const delay = integerFlag(ctx.values, 'delay', { min: 0, max: 60_000, command: 'crawl' }, 1000)!;
    const userAgent = stringFlag(ctx.values, 'user-agent') ?? DEFAULT_CRAWLER_USER_AGENT;
    const domains = parseDomainList(await readTextFile(file!));
    if (domains.length === 0) throw new CliUsageError(`${file} lists no domains`, 'crawl');
    if (domains.length > MAX_DOMAINS)
      throw new CliUsageError(
        `${file} lists ${domains.length} domains; the limit is ${MAX_DOMAINS}`,
        'crawl',
      );

    const options = ctx.clientOptions();
    const http = httpClientFromOptions(options);
    const outPath = stringFlag(ctx.values, 'out');
    const out: Writable = outPath ? await openOut(outPath) : ctx.io.stdout;
    let writeError: Error | undefined;
    out.on('error', (error: Error) => {
      writeError ??= error;
    });
    const bar = createProgressBar({ stream: ctx.io.stderr, total: domains.length, label: 'crawl' });
    const robots = createRobotsPolicy({ http, userAgent });
    const counts = new Map<string, number>();
    try {
      // One crawl per domain so each domain's records can be summarised into its line as soon as it ends;
      // the robots policy (and its cache) is shared, and a domain is one host, so politeness is unchanged.
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < domains.length && !ctx.signal.aborted && writeError === undefined) {
          const domain = domains[next++]!;
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
          out.write(`${toJsonLine(line)}\n`);
          bar.tick(domain);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, domains.length) }, worker));
    } finally {
      bar.done();
      await http.close();
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
          ['outcome', 'domains'],
          [...counts.entries()].sort().map(([outcome, n]) => [outcome, n]),
        ),
      );
      if (outPath) writeLine(ctx.io.stderr, `wrote ${domains.length} lines to ${outPath}`);
    }
    return (counts.get('found') ?? 0) > 0 ? EXIT.ok : EXIT.failed;
  },
};
