import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createDnsResolver } from '../dns/create-dns-resolver.js';
import type { TxtResolver } from '../dns/dns-types.js';
import { AidError } from './aid-error.js';
import { type AidLookupAttempt, type LookupAidOptions, lookupAid } from './lookup-aid.js';
import type { AidRecord } from './parse-aid-record.js';
import { type AidEndpointProof, verifyAidEndpoint } from './verify-aid-endpoint.js';

/** Options of {@link discoverAid}. */
export interface DiscoverAidOptions extends LookupAidOptions {
  /** DNS resolver (default: a `createDnsResolver()` made for this call and closed after it). */
  dns?: TxtResolver;
  /** HTTP client for the `pka` handshake (default: a `createHttpClient({ allowHttp })` made for this call). */
  http?: HttpClient;
  /** Clock in ms since the epoch (default `Date.now`), for `dep` and the proof's time window. */
  now?: () => number;
}

/** A discovered AID record. */
export interface AidDiscovery {
  /** The record. */
  record: AidRecord;
  /** Its text as published (character-strings joined). */
  raw: string;
  /** The DNS name it was read from. */
  name: string;
  /** Seconds it may be cached (its DNS TTL); AID forbids keeping it longer (§4). */
  ttl?: number;
  /** True when the DNS resolver answered from its cache. */
  fromCache: boolean;
  /** Every DNS question asked, in order. */
  attempts: AidLookupAttempt[];
  /** Set when `dep` is in the future: the provider announced the record's end (§2.3 step 4 says warn). */
  deprecatedFrom?: string;
  /** The endpoint proof, when the record has `pka` (§2.3 step 5). */
  proof?: AidEndpointProof;
}

/**
 * AID discovery for one domain (AID v1.1 §2.3): the `_agent` TXT lookup (protocol-specific name first when
 * `protocol` is given), the record rules, `dep`, and the `pka` endpoint proof when the record has a key.
 * Nothing is executed: a `proto=local` record is returned as data.
 *
 * @throws AidError `AID_NO_RECORD`, `AID_DNS_LOOKUP_FAILED`, `AID_INVALID_TXT` (also for a `dep` in the past),
 *   `AID_UNSUPPORTED_PROTO` or `AID_SECURITY` (the proof failed); the `@agentweb/http` errors when the
 *   endpoint of a `pka` record cannot be reached.
 */
export async function discoverAid(domain: string, options: DiscoverAidOptions = {}): Promise<AidDiscovery> {
  const dns = options.dns ?? createDnsResolver();
  let lookup: Awaited<ReturnType<typeof lookupAid>>;
  try {
    lookup = await lookupAid(dns, domain, options);
  } finally {
    if (options.dns === undefined) await (dns as ReturnType<typeof createDnsResolver>).close();
  }
  const { found, attempts } = lookup;
  if (found === undefined) {
    throw (
      attempts.at(-1)?.error ??
      new AidError({ code: 'AID_NO_RECORD', message: `no AID record for ${domain}` })
    );
  }
  const discovery: AidDiscovery = {
    record: found.record,
    raw: found.raw,
    name: found.name,
    fromCache: found.fromCache,
    attempts,
  };
  if (found.ttl !== undefined) discovery.ttl = found.ttl;
  const now = options.now?.() ?? Date.now();
  const state = deprecation(found.record, now);
  if (state === 'past')
    throw new AidError({
      code: 'AID_INVALID_TXT',
      message: `${found.name}: the record was deprecated on ${found.record.dep}`,
      target: found.name,
    });
  if (state === 'future' && found.record.dep !== undefined) discovery.deprecatedFrom = found.record.dep;
  const { pka, kid } = found.record;
  if (pka !== undefined && kid !== undefined) {
    const http = options.http ?? createHttpClient({ allowHttp: options.allowHttp ?? false });
    try {
      discovery.proof = await verifyAidEndpoint({
        uri: found.record.uri,
        pka,
        kid,
        http,
        signal: options.signal,
        now: options.now,
      });
    } finally {
      if (options.http === undefined) await http.close();
    }
  }
  return discovery;
}

/** Whether the record's `dep` has passed (`past`), is announced (`future`), or absent (`none`). */
export function deprecation(record: AidRecord, now: number): 'past' | 'future' | 'none' {
  if (record.dep === undefined) return 'none';
  return Date.parse(record.dep) <= now ? 'past' : 'future';
}
