import type { ParsedAgentCard } from '@agentweb/agentcard';
import type { HttpClient, HttpProvenance } from '@agentweb/http';
import type { AidRecord } from '../aid/parse-aid-record.js';
import type { CapDnsResolver } from './cap-txt.js';
import type { ResolverMechanism } from './resolver-options.js';
import type { TraceEntry, TraceMechanism } from './trace.js';

/** Everything one run needs, fixed by the resolver. */
export interface RunSettings {
  http: HttpClient;
  /** The DNS resolver, created on first use. */
  dns: () => CapDnsResolver;
  mechanisms: ReadonlySet<ResolverMechanism>;
  allowHttp: boolean;
  maxCardBytes: number;
  maxPageBytes: number;
  scanBody: boolean;
  maxPageRedirects: number;
  /** AID protocol asked for: `_agent._<protocol>.<domain>` is asked before `_agent.<domain>`. */
  aidProtocol?: string;
  /** The `kid` last seen with a `pka` per `_agent` name, to warn when a later record drops its key (AID §3). */
  aidKeys?: AidKeyMemory;
}

/** What a resolver remembers of AID keys between runs. */
export interface AidKeyMemory {
  get(name: string): string | undefined;
  set(name: string, kid: string): void;
  delete(name: string): void;
}

/** The card a run accepted. */
export interface RunHit {
  parsed: ParsedAgentCard;
  http: HttpProvenance;
  mechanism: TraceMechanism;
  pointer?: string;
  /** Smallest TTL seen on the way (DNS TTL, card max-age), in seconds. */
  ttl?: number;
  /** A TTL the result must not outlive whatever the cache clamps say: an AID record's DNS TTL (AID §4). */
  ttlCeiling?: number;
  /** The AID record that led to the card. */
  aid?: AidRecord;
}

/** What a run produced: a hit or not, and the trace either way. */
export interface RunOutcome {
  hit: RunHit | undefined;
  trace: TraceEntry[];
}
