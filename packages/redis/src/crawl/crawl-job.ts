import { createHash, randomBytes } from 'node:crypto';
import type { CrawlRecord } from '@agentweb/discovery';

/** What one job crawls: a domain (robots.txt, agent card, categories) or one product page. */
export type DistributedCrawlKind = 'domain' | 'page';

/** Politeness and limits of a crawl run, carried by each of its jobs so any worker applies the same. */
export interface DistributedCrawlSettings {
  /** User-Agent sent and matched against robots.txt. */
  userAgent: string;
  /** Least time between two requests to one host, in ms; Crawl-delay raises it. */
  perHostDelayMs: number;
  /** Cap on a Crawl-delay, in ms. */
  maxCrawlDelayMs: number;
  /** Scheme for bare domains. */
  scheme: 'https' | 'http';
  /** Largest product page read, in bytes. */
  maxPageBytes: number;
}

/** The data of one BullMQ job. */
export interface CrawlJobData {
  /** Format version. */
  v: 1;
  /** The crawl run it belongs to. */
  crawlId: string;
  kind: DistributedCrawlKind;
  /** The domain or page URL, as enqueued. */
  target: string;
  settings: DistributedCrawlSettings;
}

/** One target's result, made by a worker and yielded once by the crawl run that enqueued it. */
export interface DistributedCrawlResult {
  /** The crawl run. */
  crawlId: string;
  kind: DistributedCrawlKind;
  /** The domain or page URL, as enqueued. */
  target: string;
  /**
   * Index records with provenance, as `crawl` yields them: for a domain its `robots`, `agent`, `categories` and
   * `error` records; for a page one `product` or `error` record.
   */
  records: CrawlRecord[];
  /** The worker that made it (`null` when the run made it because the job failed for good). */
  worker: string | null;
  /** When it was made (ISO 8601). */
  finishedAt: string;
  /** Times the job was started, retries and restarts after a worker died included. */
  attempts: number;
}

/** BullMQ job name of each kind (shown in dashboards). */
export const JOB_NAMES: Readonly<Record<DistributedCrawlKind, string>> = {
  domain: 'crawl-domain',
  page: 'crawl-page',
};

/** Crawl ids are key parts and job-id prefixes: short, and free of `:`, `.`, braces and spaces. */
export const CRAWL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A new crawl id: time-ordered, then random. */
export function newCrawlId(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

/**
 * The job id of a target in a run. Equal targets get equal ids, and BullMQ adds a job whose id exists as a no-op,
 * so a target is queued once however many times (or by however many enqueuers) it is added.
 */
export function crawlJobId(crawlId: string, kind: DistributedCrawlKind, target: string): string {
  const digest = createHash('sha256').update(kind).update('\0').update(target).digest('hex');
  return `${crawlId}.${kind === 'domain' ? 'd' : 'p'}.${digest.slice(0, 40)}`;
}

const KINDS = new Set(['domain', 'page']);

/** The job's data if it has this format, else undefined (a job put on the queue by something else). */
export function readJobData(value: unknown): CrawlJobData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const data = value as Partial<CrawlJobData>;
  const s = data.settings as Partial<DistributedCrawlSettings> | undefined;
  if (
    data.v !== 1 ||
    typeof data.crawlId !== 'string' ||
    !CRAWL_ID_PATTERN.test(data.crawlId) ||
    !KINDS.has(String(data.kind)) ||
    typeof data.target !== 'string' ||
    typeof s !== 'object' ||
    s === null ||
    typeof s.userAgent !== 'string' ||
    typeof s.perHostDelayMs !== 'number' ||
    typeof s.maxCrawlDelayMs !== 'number' ||
    (s.scheme !== 'https' && s.scheme !== 'http') ||
    typeof s.maxPageBytes !== 'number'
  )
    return undefined;
  return data as CrawlJobData;
}
