import { createDnsResolver } from '@agentweb/discovery';
import { createHttpClient } from '@agentweb/http';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { type CrawlSummary, crawlDomains } from './crawl-domains.js';

/** Options of {@link crawlSandbox}. */
export interface CrawlSandboxOptions {
  /** The sandbox to crawl (default: one with three merchants, closed at the end). */
  sandbox?: Sandbox;
  /** Domains to crawl (default: every sandbox merchant, plus one name that does not exist). */
  domains?: readonly string[];
  /** Where the JSONL goes. */
  out: NodeJS.WritableStream;
  /** Progress lines (default: none). */
  progress?: NodeJS.WritableStream;
  /** Domains crawled at once (default 4). */
  concurrency?: number;
  /** Aborts the crawl. */
  signal?: AbortSignal;
}

/** Crawls the local sandbox: the same crawl as on the web, with the sandbox's names, DNS and plain http. */
export async function crawlSandbox(options: CrawlSandboxOptions): Promise<CrawlSummary> {
  const sandbox = options.sandbox ?? (await startSandbox({ merchants: 3, seed: 'crawler' }));
  const dns = createDnsResolver({ servers: [`${sandbox.dns.host}:${sandbox.dns.port}`] });
  // Loopback over http is refused by default; the sandbox needs both, and its lookup keeps traffic on 127.0.0.1.
  const http = createHttpClient({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    timeoutMs: 10_000,
  });
  try {
    const domains = options.domains ?? [
      ...sandbox.merchants.map((m) => new URL(m.baseUrl).host),
      `missing.${sandbox.merchants[0]?.domain.split('.').slice(1).join('.') ?? 'sandbox.test'}`,
    ];
    return await crawlDomains({
      domains,
      out: options.out,
      http,
      dns,
      scheme: 'http',
      // The sandbox is local and idle; a polite delay would only slow the example down.
      perHostDelayMs: 0,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.progress === undefined ? {} : { progress: options.progress }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } finally {
    await http.close();
    await dns.close();
    if (options.sandbox === undefined) await sandbox.close();
  }
}
