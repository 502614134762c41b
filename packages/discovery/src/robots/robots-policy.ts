import { createHash } from 'node:crypto';
import { AgentWebError, checkOptions, is, required } from '@agentweb/core';
import type { HttpClient } from '@agentweb/http';
import { HTTP_CLIENT_RULE, isHttpStatusError, isRedirectPolicyError } from '@agentweb/http';
import { LRUCache } from 'lru-cache';
import { SingleFlight } from '../common/single-flight.js';
import {
  isRobotsTxtUrl,
  parseRobotsTxt,
  ROBOTS_PARSE_LIMIT_BYTES,
  type RobotsRules,
} from './robots-allows.js';

/** How an origin's robots.txt was obtained, which decides what it allows. */
export type RobotsOutcome =
  /** 2xx: the file's rules apply. */
  | 'parsed'
  /** 4xx (except 429) or more than 5 redirects: RFC 9309 §2.3.1.3, everything is allowed. */
  | 'unavailable'
  /** 5xx, 429, network error or timeout: RFC 9309 §2.3.1.4, everything is disallowed. */
  | 'unreachable';

/** What the policy knows about one origin's robots.txt. */
export interface RobotsRecord {
  /** The origin (`https://shop.example`). */
  origin: string;
  /** The robots.txt URL asked for. */
  sourceUrl: string;
  /** How the file was obtained. */
  outcome: RobotsOutcome;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Lowercase hex SHA-256 of the bytes parsed (the first 500 KiB), for 2xx answers. */
  sha256?: string;
  /** When it was fetched (ISO 8601). */
  fetchedAt: string;
  /** Why the file counts as unreachable or unavailable. */
  reason?: string;
  /** The parsed rules, for `parsed`. */
  rules?: RobotsRules;
}

/**
 * A robots.txt record as a {@link RobotsStore} keeps it: plain data (the text instead of the parsed rules), so a
 * store shared by many processes can hold it.
 */
export interface StoredRobotsRecord extends Omit<RobotsRecord, 'rules'> {
  /** For `parsed`: the text the rules are parsed from (the first 500 KiB of the file). */
  text?: string;
  /** When the record stops being used, in ms since the epoch. */
  expiresAt: number;
}

/**
 * Where robots.txt records are kept between uses. A policy reads a record here before fetching the file, and writes
 * what it fetched, so policies sharing a store fetch each origin's file once per TTL: in one process with
 * {@link createMemoryRobotsStore}, across processes with `createRedisRobotsStore` of `@agentweb/redis`.
 */
export interface RobotsStore {
  /** The record of `origin`, or `undefined` when there is none or it has expired. */
  get(origin: string): Promise<StoredRobotsRecord | undefined>;
  /** Keeps `record` (under `record.origin`) until `record.expiresAt`. */
  set(record: StoredRobotsRecord): Promise<void>;
}

/** Options of {@link createMemoryRobotsStore}. */
export interface MemoryRobotsStoreOptions {
  /** Most origins kept (default 1000); the least recently used go first. */
  maxOrigins?: number;
}

/** A {@link RobotsStore} in this process's memory, bounded by `maxOrigins`. */
export function createMemoryRobotsStore(options: MemoryRobotsStoreOptions = {}): RobotsStore {
  checkOptions('createMemoryRobotsStore', options, { maxOrigins: is.positiveInteger });
  const records = new LRUCache<string, StoredRobotsRecord>({ max: options.maxOrigins ?? 1000 });
  return {
    async get(origin) {
      const record = records.get(origin);
      if (record === undefined) return undefined;
      if (record.expiresAt <= Date.now()) {
        records.delete(origin);
        return undefined;
      }
      return record;
    },
    async set(record) {
      if (record.expiresAt > Date.now()) records.set(record.origin, record);
    },
  };
}

/** The policy's record for a stored one: the text parsed again into rules. */
function fromStored(stored: StoredRobotsRecord): RobotsRecord {
  const { text, expiresAt: _expiresAt, ...rest } = stored;
  return stored.outcome === 'parsed' ? { ...rest, rules: parseRobotsTxt(text ?? '') } : rest;
}

/** Options of {@link createRobotsPolicy}. */
export interface RobotsPolicyOptions {
  /** The crawler's User-Agent; sent with the robots.txt request and matched by its product token. */
  userAgent: string;
  /** HTTP client used to fetch robots.txt (its address guard, deadline and redirect checks apply). */
  http: HttpClient;
  /** How long a robots.txt is reused, in whole ms (RFC 9309 §2.4: at most 24 h; default 24 h). */
  cacheTtlMs?: number;
  /** Most origins remembered (default 1000). */
  maxOrigins?: number;
  /** Deadline of one robots.txt fetch in ms (default 10 000). */
  timeoutMs?: number;
  /**
   * Where records are shared (default: none, only this policy's own cache). With a store, the policy reads a
   * record there before fetching and writes the records it fetches, so every policy on the store fetches an
   * origin's file once per `cacheTtlMs`. A store's failure rejects the call that needed it.
   */
  store?: RobotsStore;
}

/** Options of the policy's methods. */
export interface RobotsCallOptions {
  /** Aborts the robots.txt fetch; the call then rejects with `signal.reason` and nothing is cached. */
  signal?: AbortSignal;
}

/** The policy returned by {@link createRobotsPolicy}. */
export interface RobotsPolicy {
  /** May this crawler fetch `url`? Fetches and caches the origin's robots.txt on first use. */
  isAllowed(url: string, options?: RobotsCallOptions): Promise<boolean>;
  /** The `Crawl-delay` in seconds that applies to this crawler on `url`'s origin, if any. */
  crawlDelay(url: string, options?: RobotsCallOptions): Promise<number | undefined>;
  /**
   * The robots.txt record of `url`'s origin (fetching it when needed), for provenance. Rejects with an
   * AgentWebError `ROBOTS_BAD_URL` when `url` is not an http(s) URL.
   */
  getRecord(url: string, options?: RobotsCallOptions): Promise<RobotsRecord>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_REDIRECTS = 5;

/**
 * RFC 9309 fetch semantics around the pure matcher: robots.txt is fetched once per origin through `http`
 * (up to 5 redirects, first 500 KiB parsed), 4xx allows everything, 5xx or an unreachable host disallows
 * everything, and the answer is cached for 24 h. Concurrent calls for one origin share one fetch.
 */
export function createRobotsPolicy(options: RobotsPolicyOptions): RobotsPolicy {
  checkOptions(
    'createRobotsPolicy',
    options,
    {
      userAgent: required(is.nonEmptyString),
      http: required(HTTP_CLIENT_RULE),
      // lru-cache takes whole milliseconds only (and throws a TypeError for anything else).
      cacheTtlMs: is.positiveInteger,
      maxOrigins: is.positiveInteger,
      timeoutMs: is.timerMs,
      store: { ...is.methods('get', 'set'), expected: 'a robots store with get and set methods' },
    },
    { optionsRequired: true },
  );
  const ttl = Math.min(options.cacheTtlMs ?? DAY_MS, DAY_MS);
  const cache = new LRUCache<string, RobotsRecord>({ max: options.maxOrigins ?? 1000, ttl });
  // The shared fetch is cancelled only when every caller waiting on it has aborted: one impatient caller
  // must not hand its abort reason to the others.
  const flights = new SingleFlight<RobotsRecord>();

  const getRecord = async (url: string, call: RobotsCallOptions = {}): Promise<RobotsRecord> => {
    const origin = originOf(url);
    const cached = cache.get(origin);
    if (cached) return cached;
    return flights.run(
      origin,
      async (signal) => {
        const shared = await options.store?.get(origin);
        const stored =
          shared !== undefined && shared.expiresAt > Date.now()
            ? shared
            : await fetchRobots(origin, options, ttl, signal);
        if (stored !== shared) await options.store?.set(stored);
        const record = fromStored(stored);
        // A shared record is used only until it expires, wherever it was fetched.
        cache.set(origin, record, { ttl: Math.max(1, Math.min(ttl, stored.expiresAt - Date.now())) });
        return record;
      },
      call.signal,
    );
  };

  return {
    getRecord,
    async isAllowed(url, call) {
      const parsed = URL.parse(url);
      if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return false;
      if (isRobotsTxtUrl(parsed)) return true;
      const record = await getRecord(url, call);
      if (record.outcome === 'unavailable') return true;
      if (record.outcome === 'unreachable') return false;
      return record.rules!.isAllowed(url, options.userAgent);
    },
    async crawlDelay(url, call) {
      const record = await getRecord(url, call);
      return record.rules?.crawlDelay(options.userAgent);
    },
  };
}

async function fetchRobots(
  origin: string,
  options: RobotsPolicyOptions,
  ttl: number,
  signal: AbortSignal | undefined,
): Promise<StoredRobotsRecord> {
  const sourceUrl = `${origin}/robots.txt`;
  const fetchedAt = (): string => new Date().toISOString();
  const expiresAt = Date.now() + ttl;
  try {
    const result = await options.http.stream(sourceUrl, {
      signal,
      headers: { 'user-agent': options.userAgent },
      // RFC 9309 §2.3.1.2 lets robots.txt redirect anywhere (often http -> https or to www.), whatever the
      // client's own default; each hop is still vetted for its address and scheme.
      redirect: 'follow',
      maxRedirects: MAX_REDIRECTS,
      timeoutMs: options.timeoutMs ?? 10_000,
      // Big files are fine: only the first 500 KiB are read, the rest is never downloaded.
      maxBodyBytes: 64 * 1024 * 1024,
      retry: false,
      accept: 'text/plain, */*;q=0.5',
    });
    const bytes = await readPrefix(result.body, ROBOTS_PARSE_LIMIT_BYTES);
    const text = new TextDecoder('utf-8').decode(bytes);
    return {
      origin,
      sourceUrl,
      outcome: 'parsed',
      status: result.status,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fetchedAt: fetchedAt(),
      text,
      expiresAt,
    };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (isHttpStatusError(error)) {
      const status = error.status;
      // 429 means "come back later", not "there is no file": treat it like a server error.
      const outcome: RobotsOutcome =
        status >= 400 && status < 500 && status !== 429 ? 'unavailable' : 'unreachable';
      return {
        origin,
        sourceUrl,
        outcome,
        status,
        fetchedAt: fetchedAt(),
        reason: `HTTP ${status}`,
        expiresAt,
      };
    }
    if (isRedirectPolicyError(error) && (error.reason === 'too-many' || error.reason === 'loop')) {
      // RFC 9309 §2.3.1.2: past five redirects the file may be taken as unavailable. A redirect refused for
      // another reason (to plain http, to a blocked place) is not "no file": it stays unreachable below.
      return {
        origin,
        sourceUrl,
        outcome: 'unavailable',
        fetchedAt: fetchedAt(),
        reason: describe(error),
        expiresAt,
      };
    }
    return {
      origin,
      sourceUrl,
      outcome: 'unreachable',
      fetchedAt: fetchedAt(),
      reason: describe(error),
      expiresAt,
    };
  }
}

async function readPrefix(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    if (total >= limit) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  const joined = Buffer.concat(chunks);
  return joined.subarray(0, Math.min(limit, joined.length));
}

function originOf(url: string): string {
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new AgentWebError({
      code: 'ROBOTS_BAD_URL',
      message: `not an http(s) URL: ${JSON.stringify(url)}`,
    });
  }
  return parsed.origin;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
