import { domainToASCII } from 'node:url';
import { configError } from '../common/config-error.js';
import type { DnsOutcome, TxtResolver } from '../dns/dns-types.js';
import { AidError } from './aid-error.js';
import type { AidRecord } from './parse-aid-record.js';
import { selectAidRecord } from './select-aid-record.js';

/** Options of {@link lookupAid}. */
export interface LookupAidOptions {
  /**
   * The protocol the application wants (`a2a`, `mcp`, ...): `_agent._<protocol>.<domain>` is asked first, and
   * `_agent.<domain>` only when it has no AID record (§2.4).
   */
  protocol?: string;
  /** Accept `http://` URIs for remote protocols (tests and intranets; AID says https). Default false. */
  allowHttp?: boolean;
  /** Aborts the lookup. */
  signal?: AbortSignal;
}

/** One DNS question of an AID lookup. */
export interface AidLookupAttempt {
  /** The name asked, e.g. `_agent._a2a.example.com`. */
  name: string;
  /** The DNS outcome. */
  outcome: DnsOutcome;
  /** The TXT records, each one's character-strings joined. */
  records: string[];
  /** Seconds the answer may be cached (the record TTL, or the negative TTL). */
  ttl?: number;
  /** True when the DNS resolver answered from its cache. */
  fromCache: boolean;
  /** Wall time in ms. */
  elapsedMs: number;
  /** The record read at this name. */
  record?: AidRecord;
  /** That record's text. */
  raw?: string;
  /** Why this name gave no record (`AID_NO_RECORD`, `AID_DNS_LOOKUP_FAILED`, `AID_INVALID_TXT`, ...). */
  error?: AidError;
}

/** What an AID lookup found: every question asked, and the record when one was read. */
export interface AidLookup {
  /** The questions in the order asked. */
  attempts: AidLookupAttempt[];
  /** The attempt that gave the record, when one did. */
  found?: AidLookupAttempt & { record: AidRecord; raw: string };
}

const PROTOCOL_LABEL = /^[a-z0-9][a-z0-9-]{0,61}$/;

/** The A-label form of `domain` without a trailing dot (§2.3 step 1). */
export function aidDomain(domain: string): string {
  const ascii = domainToASCII(String(domain).trim().replace(/\.$/, ''));
  if (ascii === '') throw configError('DISCOVERY_CONFIG_INVALID', `"${domain}" is not a domain name`);
  return ascii.toLowerCase();
}

/**
 * The `_agent` names asked for `domain`, in order: `_agent._<protocol>.<domain>` first when a protocol is
 * given, then `_agent.<domain>`.
 */
export function aidNames(domain: string, protocol?: string): string[] {
  const base = `_agent.${domain}`;
  if (protocol === undefined) return [base];
  checkAidProtocol(protocol);
  return [`_agent._${protocol}.${domain}`, base];
}

/**
 * Refuses a protocol that cannot be a DNS label of `_agent._<protocol>`.
 *
 * @throws AgentWebError `DISCOVERY_CONFIG_INVALID`.
 */
export function checkAidProtocol(protocol: unknown): void {
  if (typeof protocol !== 'string' || !PROTOCOL_LABEL.test(protocol))
    throw configError('DISCOVERY_CONFIG_INVALID', `"${String(protocol)}" is not an AID protocol token`);
}

/**
 * Asks DNS for the AID record of `domain` (§2.3, §2.4) through any {@link TxtResolver} (so the built-in
 * resolver's transports, cache and limits apply). Never throws for DNS outcomes or bad records: each question
 * is an attempt with its error. The protocol-specific name falls back to the base name only when it has no
 * AID record; a failed lookup or an invalid record there ends the lookup, as in the spec's client.
 */
export async function lookupAid(
  dns: TxtResolver,
  domain: string,
  options: LookupAidOptions = {},
): Promise<AidLookup> {
  const lookup: AidLookup = { attempts: [] };
  for (const name of aidNames(aidDomain(domain), options.protocol)) {
    const answer = await dns.resolveTxt(name, { signal: options.signal });
    const attempt: AidLookupAttempt = {
      name: answer.name || name,
      outcome: answer.outcome,
      records: answer.records,
      fromCache: answer.fromCache,
      elapsedMs: answer.elapsedMs,
    };
    if (answer.ttl !== undefined) attempt.ttl = answer.ttl;
    lookup.attempts.push(attempt);
    if (answer.outcome === 'answer') {
      const selection = selectAidRecord(answer.records, { name, allowHttp: options.allowHttp });
      if (selection.raw !== undefined) attempt.raw = selection.raw;
      if (selection.record !== undefined && selection.raw !== undefined) {
        attempt.record = selection.record;
        lookup.found = { ...attempt, record: selection.record, raw: selection.raw };
        return lookup;
      }
      attempt.error = selection.error;
    } else if (answer.outcome === 'nxdomain' || answer.outcome === 'nodata') {
      attempt.error = new AidError({
        code: 'AID_NO_RECORD',
        message: `${name}: ${answer.outcome}`,
        target: name,
      });
    } else {
      const detail = answer.error ? `${answer.outcome}: ${answer.error}` : answer.outcome;
      attempt.error = new AidError({
        code: 'AID_DNS_LOOKUP_FAILED',
        message: `${name}: ${detail}`,
        target: name,
      });
    }
    if (attempt.error?.code !== 'AID_NO_RECORD') return lookup;
  }
  return lookup;
}
