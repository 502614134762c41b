import { type CapErrorPayload, capError, PUBLIC_SKILLS, type SkillResult, TEXT_SKILLS } from './cap-error.js';
import { cartManage, newCart, type SandboxCart } from './cart-skill.js';
import { generateCatalog } from './catalog.js';
import type { SandboxCatalog } from './catalog-types.js';
import {
  CrawlLog,
  type MerchantCrawlStats,
  newCrawlStats,
  type SandboxCrawlingOptions,
} from './crawl-log.js';
import type { MerchantFaults } from './faults.js';
import { orderStatus } from './order-skill.js';
import { type StoredPreferences, setPreferences } from './preferences-skill.js';
import { createPrng, type Prng } from './prng.js';
import { productGet, productSearch, vocabularyQuery } from './search-skill.js';

/** The A2A dialects a merchant can serve: 0.3 only, 1.0 only, or both (1.0 with legacy compatibility). */
export type MerchantDialect = '0.3' | '1.0' | 'dual';

/** The A2A binding a merchant offers, and only that one. */
export type MerchantBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

/** A message part, independent of the A2A dialect it arrived in. */
export type NeutralPart =
  | { kind: 'text'; text: string; metadata?: Record<string, unknown> }
  | { kind: 'data'; data: unknown; metadata?: Record<string, unknown> }
  | { kind: 'other' };

/** What an executor hands the merchant. */
export interface NeutralInvocation {
  /** Message parts. */
  parts: NeutralPart[];
  /** Message metadata. */
  metadata?: Record<string, unknown>;
  /** The contextId the SDK assigned to this task. */
  contextId: string;
  /** Whether the caller sent credentials. */
  authenticated: boolean;
}

/** What the merchant answers: one artifact per invoked skill, or a CAP error. */
export interface NeutralOutcome {
  /** One output per skill invoked, in invocation order. */
  artifacts: { skillId: string; output: Record<string, unknown> }[];
  /** Set when the task must fail. */
  error?: CapErrorPayload;
}

/** Message-metadata key the fault layer uses to tell the executor which contextId a refresh replaced. */
export const PREVIOUS_CONTEXT_KEY = 'sandbox:previousContextId';

/** Counters a test can read to check client behaviour (e.g. contextIds never cross merchants). */
export interface MerchantStats {
  /** Every HTTP request to this merchant's host. */
  httpRequests: number;
  /** JSON-RPC requests on the A2A endpoint. */
  a2aRequests: number;
  /**
   * When the most recent A2A requests arrived (wall-clock ms, `Date.now()`, oldest first; the last
   * {@link MAX_REQUEST_TIMES} kept): what the merchant saw, for tests of pauses and rate limits.
   */
  a2aRequestTimes: number[];
  /** Skill invocations by skill id. */
  skillCalls: Record<string, number>;
  /** contextIds received that this merchant never issued. */
  foreignContextIds: string[];
  /** What the storefront saw of crawlers (request counts, Crawl-delay violations). */
  crawl: MerchantCrawlStats;
  /**
   * Distinct contexts the merchant has worked in (one per contextId it issued and then saw): a client that keeps
   * and sends its contextId, on however many instances, adds one per user.
   */
  contexts: number;
}

/** How many A2A request arrival times a merchant keeps in its stats. */
export const MAX_REQUEST_TIMES = 1_000;

/** Static description of a merchant. */
export interface MerchantInfo {
  /** Merchant id, e.g. `shop-3`. */
  id: string;
  /** 0-based index. */
  index: number;
  /** Host name, e.g. `shop-3.sandbox.test`. */
  domain: string;
  /** Storefront base URL (`http://shop-3.sandbox.test:<port>`). */
  baseUrl: string;
  /** Agent card URL. */
  cardUrl: string;
  /** JSON-RPC endpoint URL (served only when `binding` is `JSONRPC`). */
  rpcUrl: string;
  /** The binding the merchant offers. */
  binding: MerchantBinding;
  /**
   * The A2A endpoint its card declares: `rpcUrl` for JSON-RPC, `<baseUrl>/a2a/rest` for HTTP+JSON, and
   * `http://<domain>:<grpcPort>` (plaintext, loopback) for gRPC.
   */
  endpointUrl: string;
  /** Number of products. */
  catalogSize: number;
  /** A2A dialect. */
  dialect: MerchantDialect;
  /** Declared `search-query-modes`. */
  queryModes: ('keyword' | 'phrase')[];
}

/** The live state of one merchant: catalog, carts and preferences per contextId, fault state. */
export class MerchantRuntime {
  readonly info: MerchantInfo;
  readonly faults: MerchantFaults;
  readonly stats: MerchantStats = {
    httpRequests: 0,
    a2aRequests: 0,
    a2aRequestTimes: [],
    skillCalls: {},
    foreignContextIds: [],
    crawl: newCrawlStats(),
    contexts: 0,
  };
  /** How the storefront treats crawlers. */
  readonly crawling: SandboxCrawlingOptions;
  /** Counts storefront requests into `stats.crawl`. */
  readonly crawlLog: CrawlLog;
  /** contextIds this merchant has issued. */
  readonly contexts = new Set<string>();
  /** contextIds received from clients that this merchant never issued and not yet handled. */
  readonly pendingForeign = new Set<string>();
  private readonly seed: string;
  private catalogCache: SandboxCatalog | undefined;
  private readonly carts = new Map<string, SandboxCart>();
  private readonly prefs = new Map<string, StoredPreferences>();
  private readonly latencyRng: Prng;
  private rateLimitCount = 0;
  private cartCounter = 0;

  private readonly pageLatencyRng: Prng;

  constructor(
    info: MerchantInfo,
    faults: MerchantFaults,
    seed: string,
    crawling: SandboxCrawlingOptions = {},
  ) {
    this.info = info;
    this.faults = faults;
    this.seed = seed;
    this.crawling = crawling;
    this.latencyRng = createPrng(`${seed}:latency:${info.index}`);
    this.pageLatencyRng = createPrng(`${seed}:page-latency:${info.index}`);
    const delaySeconds = crawling.crawlDelaySeconds;
    this.crawlLog = new CrawlLog(
      this.stats.crawl,
      delaySeconds === undefined ? undefined : delaySeconds * 1000,
    );
  }

  /** The next storefront latency in ms (0 without `crawling.pageLatency`). */
  nextPageLatencyMs(): number {
    const l = this.crawling.pageLatency;
    if (l === undefined) return 0;
    return l.minMs + this.pageLatencyRng.next() * Math.max(0, l.maxMs - l.minMs);
  }

  /** The catalog, generated on first use so thousands of idle merchants cost little. */
  get catalog(): SandboxCatalog {
    this.catalogCache ??= generateCatalog({
      seed: this.seed,
      index: this.info.index,
      baseUrl: this.info.baseUrl,
    });
    return this.catalogCache;
  }

  /** Counts one A2A request as it arrives, before any fault acts on it. */
  countA2ARequest(): void {
    this.stats.a2aRequests++;
    const times = this.stats.a2aRequestTimes;
    times.push(Date.now());
    if (times.length > MAX_REQUEST_TIMES) times.splice(0, times.length - MAX_REQUEST_TIMES);
  }

  /** The next injected latency in ms (0 without a latency fault). */
  nextLatencyMs(): number {
    const l = this.faults.latency;
    if (l === undefined) return 0;
    return l.minMs + this.latencyRng.next() * Math.max(0, l.maxMs - l.minMs);
  }

  /** Counts a rate-limitable request and says whether it is over the limit. */
  overRateLimit(mode: 'http' | 'task'): boolean {
    const rl = this.faults.rateLimit;
    if (rl === undefined || (rl.mode ?? 'http') !== mode) return false;
    this.rateLimitCount++;
    return this.rateLimitCount > (rl.after ?? 0);
  }

  /** Runs every skill a message invokes. */
  invoke(call: NeutralInvocation): NeutralOutcome {
    const previous = call.metadata?.[PREVIOUS_CONTEXT_KEY];
    if (typeof previous === 'string') this.migrateContext(previous, call.contextId);
    const foreign = this.pendingForeign.delete(call.contextId);
    const isNewContext = !this.contexts.has(call.contextId);
    this.contexts.add(call.contextId);
    if (isNewContext) this.stats.contexts += 1;

    if (this.overRateLimit('task')) {
      const retryAfterSeconds = this.faults.rateLimit?.retryAfterSeconds ?? 1;
      return {
        artifacts: [],
        error: {
          capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
          description: `Too many requests; retry after ${retryAfterSeconds} s`,
          details: { retryAfterSeconds, limitType: 'requests', limitScope: 'per_ip' },
        },
      };
    }
    const calls = this.route(call);
    if ('error' in calls) return { artifacts: [], error: calls.error };
    const artifacts: NeutralOutcome['artifacts'] = [];
    for (const { skillId, input } of calls.list) {
      this.stats.skillCalls[skillId] = (this.stats.skillCalls[skillId] ?? 0) + 1;
      if (!PUBLIC_SKILLS.has(skillId) && !call.authenticated) {
        return {
          artifacts,
          error: {
            capErrorCode: 'CAP_AUTHENTICATION_REQUIRED',
            description: `${skillId} requires credentials (Authorization: Bearer ...)`,
            details: { skillId },
          },
        };
      }
      const result = this.run(skillId, input, call.contextId, isNewContext, foreign);
      if (!result.ok) return { artifacts, error: result.error };
      artifacts.push({ skillId, output: result.output });
    }
    return { artifacts };
  }

  private route(
    call: NeutralInvocation,
  ): { list: { skillId: string; input: unknown }[] } | { error: CapErrorPayload } {
    const messageSkill = call.metadata?.['skillId'];
    const dataParts = call.parts.filter(
      (p): p is Extract<NeutralPart, { kind: 'data' }> => p.kind === 'data',
    );
    const text = call.parts
      .filter((p): p is Extract<NeutralPart, { kind: 'text' }> => p.kind === 'text')
      .map((p) => p.text)
      .join(' ')
      .trim();
    // A data part naming a skill with an empty object next to a text part is only a hint for text invocation.
    const hint = dataParts.find((p) => typeof p.metadata?.['skillId'] === 'string' && isEmptyData(p.data));
    if (text !== '' && (dataParts.length === 0 || hint !== undefined)) {
      const skillId = String(hint?.metadata?.['skillId'] ?? messageSkill ?? 'cap:product_search');
      if (!TEXT_SKILLS.has(skillId)) {
        return fail('CAP_FEATURE_NOT_SUPPORTED', `${skillId} does not accept text/plain`, { skillId });
      }
      // Free text is reduced to the words the catalog knows, so "I want red sneakers" finds red sneakers.
      return {
        list: [{ skillId, input: { query: vocabularyQuery(this.catalog, text), queryMode: 'keyword' } }],
      };
    }
    if (dataParts.length === 0) {
      return fail('CAP_INVALID_PARAMETERS', 'the message has no DataPart and no text to interpret');
    }
    const list: { skillId: string; input: unknown }[] = [];
    for (const part of dataParts) {
      const skillId = part.metadata?.['skillId'] ?? (dataParts.length === 1 ? messageSkill : undefined);
      if (typeof skillId !== 'string') {
        return fail(
          'CAP_INVALID_PARAMETERS',
          'DataPart without metadata.skillId (nor one in message metadata)',
        );
      }
      if (
        !skillId.startsWith('cap:') ||
        ![
          'cap:product_search',
          'cap:product_get',
          'cap:cart_manage',
          'cap:order_status',
          'cap:user_preferences_set',
        ].includes(skillId)
      ) {
        return fail('CAP_FEATURE_NOT_SUPPORTED', `unknown skill ${skillId}`, { skillId });
      }
      list.push({ skillId, input: part.data });
    }
    const prefsAt = list.findIndex((c) => c.skillId === 'cap:user_preferences_set');
    if (prefsAt > 0) {
      return fail('CAP_INVALID_PARAMETERS', 'cap:user_preferences_set must be the first part when combined');
    }
    return { list };
  }

  private run(
    skillId: string,
    input: unknown,
    contextId: string,
    isNewContext: boolean,
    foreign: boolean,
  ): SkillResult {
    switch (skillId) {
      case 'cap:product_search':
        return productSearch(this.catalog, input, this.info.queryModes);
      case 'cap:product_get':
        return productGet(this.catalog, input);
      case 'cap:cart_manage': {
        let cart = this.carts.get(contextId);
        if (cart === undefined) {
          cart = newCart(`CART-${this.info.index}-${++this.cartCounter}`);
          this.carts.set(contextId, cart);
        }
        return cartManage(this.catalog, cart, input);
      }
      case 'cap:order_status':
        return orderStatus(this.catalog, input);
      default: {
        if (foreign) {
          return capError(
            'CAP_INVALID_CONTEXT_ID_FOR_UPDATE',
            'this contextId was not issued by this merchant',
            {
              contextId,
            },
          );
        }
        const outcome = setPreferences(input, { stored: this.prefs.get(contextId), isNewContext });
        if (outcome.store === undefined) this.prefs.delete(contextId);
        else this.prefs.set(contextId, outcome.store);
        return outcome.result;
      }
    }
  }

  private migrateContext(from: string, to: string): void {
    const cart = this.carts.get(from);
    if (cart !== undefined) {
      this.carts.delete(from);
      this.carts.set(to, cart);
    }
    const prefs = this.prefs.get(from);
    if (prefs !== undefined) {
      this.prefs.delete(from);
      this.prefs.set(to, prefs);
    }
    this.contexts.add(to);
  }
}

function isEmptyData(data: unknown): boolean {
  return data === undefined || data === null || (typeof data === 'object' && Object.keys(data).length === 0);
}

function fail(
  code: string,
  description: string,
  details?: Record<string, unknown>,
): { error: CapErrorPayload } {
  const r = capError(code, description, details);
  return { error: (r as { ok: false; error: CapErrorPayload }).error };
}
