import type { AgentProfile, CardFormat, ParsedAgentCard, ValidationIssue } from '@agentweb/agentcard';
import type { ProgressListener, ProvenanceRecord } from '@agentweb/core';
import type { HttpClient } from '@agentweb/http';
import type { AidRecord } from '../aid/parse-aid-record.js';
import type { CapDnsResolver } from './cap-txt.js';
import type { TraceEntry, TraceMechanism } from './trace.js';

/**
 * A step the resolver may run: the `_cap` DNS TXT record, the AID `_agent` TXT record (`aid`), the page's
 * link, or one of the well-known card documents.
 */
export type ResolverMechanism = 'dns-txt' | 'aid' | 'link-tag' | 'agent-card' | 'agent-json' | 'agentcard';

/** Result cache settings. */
export interface ResolverCacheOptions {
  /** Most domains kept (default 10 000). */
  maxEntries?: number;
  /** TTL in seconds when neither DNS nor HTTP gave one (default 300). */
  defaultTtlSeconds?: number;
  /** Lower clamp for TTLs in seconds (default 30), so a `max-age=0` card is not fetched on every call. */
  minTtlSeconds?: number;
  /** Upper clamp for TTLs in seconds (default 3600), so a moved agent is noticed within the hour. */
  maxTtlSeconds?: number;
  /**
   * Seconds a failure is cached (default 60; 0 turns it off). Only failures where every step gave a lasting
   * answer (404, NXDOMAIN, refusals, invalid cards) are cached; timeouts and network errors are not.
   */
  negativeTtlSeconds?: number;
  /** Clock the TTLs are measured with, in ms (default `performance`); lets tests move time. */
  clock?: { now(): number };
}

/** Options of `createResolver`. */
export interface ResolverOptions {
  /** HTTP client for every fetch (default: a new `createHttpClient({ allowHttp })`). */
  http?: HttpClient;
  /**
   * DNS resolver for `_cap.{domain}` TXT lookups (default: `createDnsResolver()` from this package, created on
   * first use). Any `TxtResolver` works; one with `resolveCapTxt` applies the CAP record rules itself.
   */
  dns?: CapDnsResolver;
  /** One deadline per resolve run, in ms, covering every step (default 10 000). */
  timeoutMs?: number;
  /** Result cache settings, or `false` for no cache. */
  cache?: ResolverCacheOptions | false;
  /**
   * Steps to run (default `['dns-txt', 'aid', 'link-tag', 'agent-card', 'agent-json']`). They always run in
   * this order: `_cap` TXT, AID `_agent` TXT, link, `agent-card.json`, `agent.json`, then the IETF `agentcard`
   * when enabled. Both DNS questions go out at once; their trace entries keep the order.
   */
  mechanisms?: readonly ResolverMechanism[];
  /** Scheme used for a bare domain (default `https`). */
  defaultScheme?: 'https' | 'http';
  /** Accept `http:` URLs from DNS records, and let the default HTTP client fetch them (default false). */
  allowHttp?: boolean;
  /** Largest card body in bytes (default 256 KiB). */
  maxCardBytes?: number;
  /** Most page bytes read looking for the link tag (default 512 KiB). */
  maxPageBytes?: number;
  /** Keep reading the page after `</head>` for the link (default false; real pages sometimes put it in the body). */
  scanBody?: boolean;
  /** Most redirects followed for the page (default 5). Card fetches only follow same-origin redirects. */
  maxPageRedirects?: number;
}

/** Options of `resolve`. */
export interface ResolveOptions {
  /** Aborts this call; it then rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Accept only cards that declare CAP (the `https://cap-spec.org` extension). */
  requireCap?: boolean;
  /**
   * The AID protocol token wanted (AID §2.4): `_agent._<aidProtocol>.<domain>` is asked before
   * `_agent.<domain>`. The resolver follows `a2a` records, so `'a2a'` is the useful value. Default: only the
   * base name.
   */
  aidProtocol?: string;
}

/** Where a resolved card came from. */
export interface DiscoveryProvenance extends ProvenanceRecord {
  /** The mechanism that produced the card. */
  mechanism: TraceMechanism;
  /** The card URL as requested. */
  url: string;
  /** Redirects followed to reach `source`. */
  redirects: readonly string[];
  /** What pointed at the card: the `_cap` or `_agent` name, or the page URL (absent for well-known hits). */
  pointer?: string;
  /** The AID record that led to the card (mechanism `aid`). */
  aid?: AidRecord;
}

/** A successful resolution. */
export interface ResolveResult {
  /** The normalized profile. */
  profile: AgentProfile;
  /** The card as served, typed by `format`. */
  card: ParsedAgentCard['card'];
  /** The card format. */
  format: CardFormat;
  /** The card's format version. */
  version: string;
  /** Non-fatal problems of the card. */
  warnings: ValidationIssue[];
  /** Every step of the run, in order; the last is the `found` one. */
  trace: readonly TraceEntry[];
  /** How the card was found. */
  provenance: DiscoveryProvenance;
  /** Seconds this result stays cached (after clamps). */
  ttl: number;
  /** True when served from the resolver's cache. */
  fromCache: boolean;
}

/** Options of `resolveMany`. */
export interface ResolveManyOptions {
  /** Resolutions in flight at once (default 16). */
  concurrency?: number;
  /** Called after each domain finishes; errors it throws are ignored. */
  onProgress?: ProgressListener;
  /** Aborts the remaining resolutions; they are reported as failures, never as a rejection. */
  signal?: AbortSignal;
  /** Accept only cards that declare CAP. */
  requireCap?: boolean;
  /** The AID protocol wanted for every domain (see {@link ResolveOptions.aidProtocol}). */
  aidProtocol?: string;
}

/** The outcome for one domain of `resolveMany`. */
export type ResolveManyOutcome =
  | { domain: string; ok: true; result: ResolveResult }
  | { domain: string; ok: false; error: unknown; trace: readonly TraceEntry[] };

/** The object returned by `createResolver`. */
export interface Resolver {
  /** Finds the agent card for a domain (`shop.example`, `shop.example:8443`) or a page URL. */
  resolve(domainOrUrl: string, options?: ResolveOptions): Promise<ResolveResult>;
  /** Resolves many domains with bounded concurrency; never rejects as a whole. */
  resolveMany(domains: Iterable<string>, options?: ResolveManyOptions): Promise<ResolveManyOutcome[]>;
  /** Drops every cached result. */
  clearCache(): void;
  /**
   * Closes what the resolver created itself: its HTTP client (when no `http` was given) and its DNS resolver
   * (when no `dns` was given). Clients passed in are left open. Idempotent; afterwards `resolve` rejects with
   * an `AgentWebError` coded `DISCOVERY_RESOLVER_CLOSED`, and runs still in flight may fail.
   */
  close(): Promise<void>;
}
