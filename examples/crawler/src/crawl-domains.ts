import { type CapDnsResolver, type CrawlRecord, crawl } from '@agentweb/discovery';
import type { HttpClient } from '@agentweb/http';

/** Options of {@link crawlDomains}. */
export interface CrawlDomainsOptions {
  /** The domains (or `host:port`) to crawl. */
  domains: readonly string[];
  /** Where the JSONL index goes: one record per line. */
  out: NodeJS.WritableStream;
  /** HTTP client for every request (its policy decides deadlines, size caps and which addresses are allowed). */
  http: HttpClient;
  /** DNS resolver for `_cap` TXT records (default: the system's). */
  dns?: CapDnsResolver;
  /** Domains crawled at once (default 4); requests to one host never overlap. */
  concurrency?: number;
  /** Least time between two requests to one host in ms (default 1 000); robots.txt Crawl-delay raises it. */
  perHostDelayMs?: number;
  /** User-Agent sent and matched against robots.txt (default `AgentWebExampleCrawler/0.1`). */
  userAgent?: string;
  /** `https` (default) or `http` for local hosts such as the sandbox. */
  scheme?: 'https' | 'http';
  /** Progress lines (`3/10 shop.example agent`) go here (default: none). */
  progress?: NodeJS.WritableStream;
  /** Stops the crawl; unfinished domains end with error records. */
  signal?: AbortSignal;
}

/** Counts per record kind, and the domains whose agent card was found. */
export interface CrawlSummary {
  /** Records written. */
  records: number;
  /** Records per kind (`robots`, `agent`, `categories`, `product`, `error`). */
  byKind: Record<string, number>;
  /** Domains with an agent record. */
  agents: string[];
  /** Domains with an error record, with the first error code. */
  failed: Record<string, string>;
}

/**
 * Crawls the domains politely (robots.txt first, every request checked against it, one request at a time per
 * host) and writes each record as one JSON line with its provenance. Failures become `error` lines; the crawl
 * does not stop for them.
 */
export async function crawlDomains(options: CrawlDomainsOptions): Promise<CrawlSummary> {
  const summary: CrawlSummary = { records: 0, byKind: {}, agents: [], failed: {} };
  const total = options.domains.length;
  let done = 0;
  const records = crawl(options.domains, {
    http: options.http,
    concurrency: options.concurrency ?? 4,
    perHostDelayMs: options.perHostDelayMs ?? 1_000,
    userAgent: options.userAgent ?? 'AgentWebExampleCrawler/0.1',
    scheme: options.scheme ?? 'https',
    ...(options.dns === undefined ? {} : { resolverOptions: { dns: options.dns } }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onProgress: () => {
      done += 1;
      options.progress?.write(`${done}/${total} domains done\n`);
    },
  });
  for await (const record of records) {
    await writeLine(options.out, `${JSON.stringify(toLine(record))}\n`);
    summary.records += 1;
    summary.byKind[record.kind] = (summary.byKind[record.kind] ?? 0) + 1;
    if (record.kind === 'agent') summary.agents.push(record.domain);
    if (record.kind === 'error' && !(record.domain in summary.failed))
      summary.failed[record.domain] = record.code;
  }
  return summary;
}

// The profile is large; the index keeps what a search over agents needs, and the card URL to fetch the rest.
function toLine(record: CrawlRecord): Record<string, unknown> {
  if (record.kind !== 'agent') return record as unknown as Record<string, unknown>;
  const { profile, ...rest } = record;
  return {
    ...rest,
    agent: {
      id: profile.id,
      name: profile.name,
      description: profile.description,
      version: profile.version,
      endpoints: profile.endpoints,
      cap: profile.cap,
      skills: profile.skills.map((s) => s.id),
    },
  };
}

// Waiting for each line to be handed on keeps a slow disk or pipe from making the index pile up in memory, and
// surfaces a write error (a full disk, a closed pipe) instead of losing it.
function writeLine(out: NodeJS.WritableStream, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(line, (error) => (error ? reject(error) : resolve()));
  });
}
