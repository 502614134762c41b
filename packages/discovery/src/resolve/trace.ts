import type { AidRecord } from '../aid/parse-aid-record.js';

/**
 * The discovery steps a trace records, named as in CAP's resolution order, plus `aid`: the AID `_agent` TXT
 * lookup, its endpoint proof and the card its `uri` leads to.
 */
export type TraceMechanism = 'dns-txt' | 'aid' | 'link-tag' | 'well-known';

/**
 * How one step ended.
 * - `found`: a valid card (declaring CAP, when required) was accepted.
 * - `pointer`: a DNS record or link named the card URL (the fetch of that URL is the next entry).
 * - `not-found`: 404/410, or a page with no matching link.
 * - `nxdomain`, `nodata`, `servfail`, `dns-refused`: the DNS answer, kept distinct.
 * - `no-usable-record`: TXT records existed but none was an acceptable URL, or an AID record this resolver
 *   cannot use (invalid, deprecated, another protocol than a2a); the reason and the `AID_` code say which.
 * - `no-cap`: a valid card that does not declare CAP, skipped because `requireCap` was set.
 * - `invalid`: the document is not a valid card (or not JSON).
 * - `refused`: a safety rule refused it (private address, plain http, size cap, cross-origin redirect,
 *   endpoint scheme mismatch, wrong content type, an AID endpoint proof that failed, a `proto=local` record).
 * - `timeout`: the run's deadline passed during this step.
 * - `error`: a transient failure (network, 5xx, a broken DNS answer).
 * - `verified`: an AID endpoint proved control of the record's `pka` key (the card fetch is the next entry).
 * - `skipped`: the step could not run (no DNS resolver, an IP literal, the deadline already passed).
 */
export type TraceOutcome =
  | 'found'
  | 'pointer'
  | 'verified'
  | 'not-found'
  | 'nxdomain'
  | 'nodata'
  | 'servfail'
  | 'dns-refused'
  | 'no-usable-record'
  | 'no-cap'
  | 'invalid'
  | 'refused'
  | 'timeout'
  | 'error'
  | 'skipped';

/** One step of a resolution run. */
export interface TraceEntry {
  /** Which discovery mechanism the step belongs to. */
  mechanism: TraceMechanism;
  /** The DNS name queried or the URL fetched. */
  target: string;
  /** How the step ended. */
  outcome: TraceOutcome;
  /** Wall time of the step in ms. */
  elapsedMs: number;
  /** Seconds the answer may be cached (DNS TTL or HTTP max-age), when known. */
  ttl?: number;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Human-readable explanation for anything but `found`. */
  reason?: string;
  /** The error code behind the outcome (`BLOCKED_ADDRESS`, `BODY_TOO_LARGE`, `CARD_VALIDATION_FAILED`, ...). */
  code?: string;
  /** True when the HTTP or DNS layer answered from its cache. */
  fromCache?: boolean;
  /** The AID record read at this `_agent` name (also when this resolver cannot use it: another `proto`). */
  aid?: AidRecord;
}

/** Outcomes that say nothing lasting about the domain, so a failed run that has one is not cached. */
export const TRANSIENT_OUTCOMES: ReadonlySet<TraceOutcome> = new Set([
  'servfail',
  'dns-refused',
  'timeout',
  'error',
  'skipped',
]);

/**
 * True for the entries of a DNS question: every `dns-txt` entry (as before AID), and the `aid` entries whose
 * target is an `_agent` name (not the proof or card fetches that follow an AID record).
 */
export function isDnsTraceEntry(entry: { mechanism?: unknown; target?: unknown }): boolean {
  if (entry.mechanism === 'dns-txt') return true;
  return entry.mechanism === 'aid' && typeof entry.target === 'string' && entry.target.startsWith('_agent.');
}
