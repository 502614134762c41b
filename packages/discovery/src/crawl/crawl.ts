import { checkOptions, is, type ProgressEvent, required } from '@agentweb/core';
import { HTTP_CLIENT_RULE } from '@agentweb/http';
import pLimit from 'p-limit';
import { parseResolveTarget } from '../common/resolve-target.js';
import { EXTRACTION_POOL_RULE } from '../page/extraction-pool.js';
import { createResolver } from '../resolve/create-resolver.js';
import { isDiscoveryError } from '../resolve/discovery-error.js';
import type { Resolver } from '../resolve/resolver-options.js';
import { isDnsTraceEntry } from '../resolve/trace.js';
import { createRobotsPolicy, type RobotsPolicy } from '../robots/robots-policy.js';
import { fetchCategories } from '../well-known/fetch-categories.js';
import { wellKnownUrl } from '../well-known/well-known-paths.js';
import { CrawlError } from './crawl-errors.js';
import { crawlProductPage } from './crawl-page.js';
import {
  crawlErrorRecord as errorRecord,
  provenanceFromHttp as fromHttp,
  provenanceFromRecord as fromRecord,
} from './crawl-records.js';
import type { CrawlOptions, CrawlRecord, CrawlResolveFunction } from './crawl-types.js';
import { type CrawlHostGate, HostGate } from './host-gate.js';
import { type PoliteGate, politeHttpClient } from './polite-http.js';

/** The User-Agent the crawler sends unless told otherwise; its product token is what robots.txt groups match. */
export const DEFAULT_CRAWLER_USER_AGENT = 'AgentWebCrawler/0.1 (+robots.txt obeyed; CAP agent discovery)';

function robotsDisallowed(url: string, cause?: unknown): CrawlError {
  return new CrawlError({ code: 'ROBOTS_DISALLOWED', message: `robots.txt disallows ${url}`, url, cause });
}

/** True when discovery failed only because robots.txt refused every fetch (DNS answers aside). */
function robotsOnly(error: unknown): boolean {
  if (!isDiscoveryError(error)) return false;
  const fetches = error.trace.filter((entry) => !isDnsTraceEntry(entry));
  return fetches.length > 0 && fetches.every((entry) => entry.code === 'ROBOTS_DISALLOWED');
}

const CRAWL_OPTION_RULES = {
  http: required(HTTP_CLIENT_RULE),
  concurrency: is.positiveInteger,
  perHostDelayMs: is.delayMs,
  maxCrawlDelayMs: is.delayMs,
  onProgress: is.function,
  signal: is.signal,
  userAgent: is.nonEmptyString,
  resolve: is.function,
  resolverOptions: is.object,
  productPages: {
    ...is.anyOf(is.object, is.function),
    expected: 'a map of page URLs by domain or a function',
  },
  robots: {
    ...is.methods('isAllowed', 'crawlDelay', 'getRecord'),
    expected: 'a robots policy (from createRobotsPolicy)',
  },
  hostGate: { ...is.methods('run'), expected: 'a host gate with a run method' },
  scheme: is.oneOf('https', 'http'),
  maxPageBytes: is.positiveInteger,
  extractionPool: EXTRACTION_POOL_RULE,
  offThreadChars: is.nonNegativeInteger,
};

/**
 * A polite crawler for CAP merchants. For each domain: robots.txt, the agent card (through `resolve` or the
 * well-known paths), `/.well-known/cap/categories.txt` and the given product pages, each request obeying
 * robots.txt and spaced per host by the larger of `perHostDelayMs` and Crawl-delay. Yields index records as
 * they are made. Options are checked when iteration starts: the first `next()` throws `InvalidOptionError` for
 * one that does not fit, before any request. After that, failures (an abort through `signal` included) become
 * `error` records, so the crawl itself never throws (the consumer's own code, and `onProgress`, aside: errors
 * thrown by `onProgress` are ignored).
 *
 * @throws InvalidOptionError on the first `next()`, for a bad `domains` or option.
 */
export async function* crawl(domains: Iterable<string>, options: CrawlOptions): AsyncGenerator<CrawlRecord> {
  checkOptions('crawl', { domains }, { domains: is.iterable });
  checkOptions('crawl', options, CRAWL_OPTION_RULES, { optionsRequired: true });
  const list = [...domains];
  const userAgent = options.userAgent ?? DEFAULT_CRAWLER_USER_AGENT;
  const robots = options.robots ?? createRobotsPolicy({ userAgent, http: options.http });
  const gate = options.hostGate ?? new HostGate();
  const scheme = options.scheme ?? 'https';
  const baseDelay = Math.max(0, options.perHostDelayMs ?? 1000);
  /** Per host: the larger of perHostDelayMs and its robots.txt Crawl-delay, once read. */
  const delays = new Map<string, number>();
  /** Every request after robots.txt: allowed by it, then in the host's next turn. */
  const politely: PoliteGate = async (url, request, signal) => {
    if (!(await robots.isAllowed(url, { signal }))) throw robotsDisallowed(url);
    const host = new URL(url).host;
    return gate.run(host, () => delays.get(host) ?? baseDelay, request, signal);
  };
  // A resolver made here is this crawl's to close (with the DNS resolver it may create); an injected
  // `resolve` belongs to the caller.
  const ownResolver =
    options.resolve === undefined
      ? createResolver({
          defaultScheme: scheme,
          allowHttp: scheme === 'http',
          ...options.resolverOptions,
          // The resolver's fetches are the crawler's requests: robots.txt, per-host spacing, our User-Agent.
          http: politeHttpClient(options.http, politely, userAgent),
        })
      : undefined;
  const resolve: CrawlResolveFunction = options.resolve ?? (ownResolver as Resolver).resolve;
  const limit = pLimit(Math.max(1, options.concurrency ?? 4));
  const stop = new AbortController();
  const onOuterAbort = (): void => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onOuterAbort();
  else options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const queue: CrawlRecord[] = [];
  let wake: (() => void) | undefined;
  const emit = (record: CrawlRecord): void => {
    queue.push(record);
    wake?.();
  };
  const started = performance.now();
  let completed = 0;
  const tasks = list.map((domain) =>
    limit(async () => {
      let outcome = 'ok';
      try {
        outcome = await crawlDomain(domain, {
          ...options,
          userAgent,
          robots,
          gate,
          delays,
          baseDelay,
          politely,
          resolve,
          signal: stop.signal,
          emit,
        });
      } catch (error) {
        outcome = 'error';
        emit(errorRecord(domain, 'domain', error));
      }
      completed++;
      report(options, {
        type: 'crawl',
        target: domain,
        completed,
        total: list.length,
        outcome,
        elapsedMs: performance.now() - started,
      });
    }),
  );
  let finished = false;
  const all = Promise.all(tasks).then(() => {
    finished = true;
    wake?.();
  });
  try {
    while (true) {
      if (queue.length > 0) {
        yield queue.shift()!;
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
    await all;
  } finally {
    // The consumer stopped early (break/return) or the crawl ended: cancel whatever is still running.
    stop.abort(new Error('crawl finished'));
    options.signal?.removeEventListener('abort', onOuterAbort);
    // Domains still running were just aborted; they settle before the resolver's clients go away.
    await Promise.allSettled(tasks);
    await ownResolver?.close();
  }
}

interface DomainContext extends CrawlOptions {
  userAgent: string;
  robots: RobotsPolicy;
  gate: CrawlHostGate;
  delays: Map<string, number>;
  baseDelay: number;
  politely: PoliteGate;
  resolve: CrawlResolveFunction;
  signal: AbortSignal;
  emit: (record: CrawlRecord) => void;
}

async function crawlDomain(domain: string, ctx: DomainContext): Promise<string> {
  const origin = parseResolveTarget(domain, ctx.scheme ?? 'https').origin;
  const host = new URL(origin).host;
  const maxCrawlDelay = ctx.maxCrawlDelayMs ?? 30_000;

  // The robots.txt fetch is itself a request to the host, so it waits its turn like any other. The delay is
  // set inside the turn, so the pause after robots.txt already honours its Crawl-delay.
  const record = await ctx.gate.run(
    host,
    () => ctx.delays.get(host) ?? ctx.baseDelay,
    async () => {
      const fetched = await ctx.robots.getRecord(origin, { signal: ctx.signal });
      const delaySeconds = fetched.rules?.crawlDelay(ctx.userAgent) ?? 0;
      ctx.delays.set(host, Math.max(ctx.baseDelay, Math.min(maxCrawlDelay, delaySeconds * 1000)));
      return fetched;
    },
    ctx.signal,
  );
  const crawlDelay = record.rules?.crawlDelay(ctx.userAgent);
  ctx.emit({
    kind: 'robots',
    domain,
    outcome: record.outcome,
    ...(crawlDelay !== undefined ? { crawlDelaySeconds: crawlDelay } : {}),
    provenance: {
      sourceUrl: record.sourceUrl,
      fetchedAt: record.fetchedAt,
      ...(record.status !== undefined ? { status: record.status } : {}),
      ...(record.sha256 !== undefined ? { sha256: record.sha256 } : {}),
    },
  });

  const politely = <T>(url: string, request: () => Promise<T>): Promise<T> =>
    ctx.politely(url, request, ctx.signal);

  let failures = 0;
  let agentCardUrl: string | undefined;
  try {
    const resolved = await ctx.resolve(domain, { signal: ctx.signal });
    agentCardUrl = resolved.provenance.source;
    ctx.emit({
      kind: 'agent',
      domain,
      mechanism: resolved.provenance.mechanism,
      profile: resolved.profile,
      provenance: fromRecord(resolved.provenance, agentCardUrl),
    });
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    failures++;
    ctx.emit(errorRecord(domain, 'agent', robotsOnly(error) ? robotsDisallowed(origin, error) : error));
  }

  try {
    const categories = await politely(wellKnownUrl(origin, 'cap-categories'), () =>
      fetchCategories(origin, { http: ctx.http, signal: ctx.signal, userAgent: ctx.userAgent }),
    );
    ctx.emit({
      kind: 'categories',
      domain,
      text: categories.text,
      format: categories.format,
      provenance: fromHttp(categories.provenance, agentCardUrl),
    });
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    failures++;
    ctx.emit(errorRecord(domain, 'categories', error, agentCardUrl));
  }

  const pages =
    typeof ctx.productPages === 'function' ? ctx.productPages(domain) : (ctx.productPages?.[domain] ?? []);
  for (const page of pages) {
    try {
      const product = await politely(page, () =>
        crawlProductPage(page, {
          http: ctx.http,
          domain,
          userAgent: ctx.userAgent,
          signal: ctx.signal,
          ...(ctx.maxPageBytes === undefined ? {} : { maxPageBytes: ctx.maxPageBytes }),
          ...(ctx.extractionPool === undefined ? {} : { extractionPool: ctx.extractionPool }),
          ...(ctx.offThreadChars === undefined ? {} : { offThreadChars: ctx.offThreadChars }),
          ...(agentCardUrl === undefined ? {} : { agentCardUrl }),
        }),
      );
      ctx.emit(product);
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      failures++;
      ctx.emit(errorRecord(domain, 'product', error, agentCardUrl, page));
    }
  }
  if (record.outcome === 'unreachable') return 'robots-unreachable';
  return failures === 0 ? 'ok' : 'partial';
}

function report(options: CrawlOptions, event: ProgressEvent): void {
  try {
    options.onProgress?.(event);
  } catch {
    // A listener's failure must not stop the crawl.
  }
}
