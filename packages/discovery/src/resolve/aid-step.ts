import { deprecation } from '../aid/discover-aid.js';
import { type AidLookup, type AidLookupAttempt, lookupAid } from '../aid/lookup-aid.js';
import type { AidRecord } from '../aid/parse-aid-record.js';
import { verifyAidEndpoint } from '../aid/verify-aid-endpoint.js';
import type { ResolveTarget } from '../common/resolve-target.js';
import type { RunDeadline } from './run-deadline.js';
import type { RunHit, RunSettings } from './run-types.js';
import { dnsOutcome, elapsed, minTtl, type StepRunner } from './step-runner.js';
import type { TraceEntry } from './trace.js';

/** Fetches one card URL as a step of `mechanism` `aid`; the run's `cardStep`. */
export type AidCardFetch = (url: string) => Promise<RunHit | undefined>;

/** An AID lookup started early, so its DNS round trip overlaps the `_cap` one. Never rejects. */
export interface PendingAidLookup {
  started: number;
  settled: Promise<{ lookup: AidLookup } | { error: unknown }>;
}

/** Starts the `_agent` TXT lookup of `target` (not for IP literals, which have no `_agent` name). */
export function startAidLookup(
  target: ResolveTarget,
  settings: RunSettings,
  deadline: RunDeadline,
): PendingAidLookup | undefined {
  if (target.isIpLiteral) return undefined;
  const started = performance.now();
  const settled = (async () => {
    try {
      const lookup = await lookupAid(settings.dns(), target.hostname, {
        protocol: settings.aidProtocol,
        allowHttp: settings.allowHttp,
        signal: deadline.signal,
      });
      return { lookup };
    } catch (error) {
      return { error };
    }
  })();
  return { started, settled };
}

const FETCH_PROTOCOL = 'a2a';

/**
 * The AID step (AID v1.1 §2.3): one trace entry per `_agent` name asked; for an `a2a` record, the `pka`
 * endpoint proof when the record has a key, then the card its `uri` names (or, for a base URL, the card under
 * it). Records of other protocols are recorded with their reason, never followed; `proto=local` is never run.
 */
export async function aidStep(
  target: ResolveTarget,
  pending: PendingAidLookup | undefined,
  settings: RunSettings,
  deadline: RunDeadline,
  step: StepRunner,
  fetchCard: AidCardFetch,
): Promise<RunHit | undefined> {
  const name = `_agent.${target.hostname}`;
  if (pending === undefined) {
    // Not a test skip: the trace records this resolution step as skipped, so a user sees why no DNS was asked.
    step.skip('aid', name, 'an IP address has no _agent name');
    return undefined;
  }
  if (!step.canRun('aid', name)) return undefined;
  const settled = await pending.settled;
  if ('error' in settled) {
    step.fail('aid', name, pending.started, settled.error);
    return undefined;
  }
  const { attempts, found } = settled.lookup;
  for (const attempt of attempts) if (attempt.record === undefined) step.record(missEntry(attempt));
  if (found === undefined) return undefined;

  const entry: TraceEntry = {
    mechanism: 'aid',
    target: found.name,
    outcome: 'pointer',
    elapsedMs: found.elapsedMs,
    fromCache: found.fromCache,
    aid: found.record,
  };
  if (found.ttl !== undefined) entry.ttl = found.ttl;
  // §2.3 step 4: a deprecation date still ahead is a warning, said where the record is reported.
  if (found.record.dep !== undefined)
    entry.reason = `the provider deprecates this record on ${found.record.dep}`;
  const downgrade = keyDowngrade(found.name, found.record, settings);
  if (downgrade !== undefined) entry.reason = entry.reason ? `${entry.reason}; ${downgrade}` : downgrade;
  const refusal = unusable(found.record);
  step.record(refusal === undefined ? entry : { ...entry, ...refusal });
  if (refusal !== undefined) return undefined;

  const { uri, pka, kid } = found.record;
  if (
    pka !== undefined &&
    kid !== undefined &&
    !(await proved(found.name, uri, pka, kid, settings, deadline, step))
  )
    return undefined;
  for (const url of cardUrls(uri)) {
    const hit = await fetchCard(url);
    if (hit === undefined) continue;
    const ttl = minTtl(hit.ttl, found.ttl);
    const result: RunHit = { ...hit, pointer: found.name, aid: found.record };
    if (ttl !== undefined) result.ttl = ttl;
    if (found.ttl !== undefined) result.ttlCeiling = found.ttl;
    return result;
  }
  return undefined;
}

/**
 * AID §3: a client SHOULD warn when a record that had `pka` comes back without it. The resolver remembers a
 * name's `kid` once its endpoint proof passed, so an unproved key never arms the warning.
 */
function keyDowngrade(name: string, record: AidRecord, settings: RunSettings): string | undefined {
  const earlier = settings.aidKeys?.get(name);
  if (earlier === undefined || record.pka !== undefined) return undefined;
  return `downgrade: this name published pka (kid ${earlier}) at an earlier lookup and has none now`;
}

function missEntry(attempt: AidLookupAttempt): TraceEntry {
  const entry: TraceEntry = {
    mechanism: 'aid',
    target: attempt.name,
    outcome: dnsOutcome(attempt.outcome, undefined),
    elapsedMs: attempt.elapsedMs,
    fromCache: attempt.fromCache,
  };
  if (attempt.ttl !== undefined) entry.ttl = attempt.ttl;
  if (attempt.error !== undefined) {
    entry.code = attempt.error.code;
    entry.reason = attempt.error.message;
  }
  return entry;
}

/** Why the resolver does not follow `record`, as trace fields; undefined when it does. */
function unusable(record: AidRecord): Pick<TraceEntry, 'outcome' | 'code' | 'reason'> | undefined {
  if (record.proto === 'local') {
    return {
      outcome: 'refused',
      code: 'AID_SECURITY',
      reason: `proto=local names a program to run on this machine (${record.uri}); AgentWeb never runs it`,
    };
  }
  if (record.proto !== FETCH_PROTOCOL) {
    return {
      outcome: 'no-usable-record',
      code: 'AID_UNSUPPORTED_PROTO',
      reason: `proto=${record.proto}: the resolver finds A2A agent cards (proto=a2a); the record is in the entry's aid field`,
    };
  }
  if (deprecation(record, Date.now()) === 'past') {
    return {
      outcome: 'no-usable-record',
      code: 'AID_INVALID_TXT',
      reason: `the record was deprecated on ${record.dep}`,
    };
  }
  return undefined;
}

async function proved(
  name: string,
  uri: string,
  pka: string,
  kid: string,
  settings: RunSettings,
  deadline: RunDeadline,
  step: StepRunner,
): Promise<boolean> {
  if (!step.canRun('aid', uri)) return false;
  const started = performance.now();
  try {
    const proof = await verifyAidEndpoint({
      uri,
      pka,
      kid,
      http: settings.http,
      signal: deadline.signal,
      timeoutMs: deadline.remaining(),
    });
    settings.aidKeys?.set(name, kid);
    step.record({
      mechanism: 'aid',
      target: uri,
      outcome: 'verified',
      elapsedMs: elapsed(started),
      status: proof.provenance.status,
      reason: `the endpoint signed the AID challenge with key ${proof.keyid}`,
    });
    return true;
  } catch (error) {
    step.fail('aid', uri, started, error);
    return false;
  }
}

/**
 * The card URLs an a2a record's `uri` names: the uri itself; and when it is a base URL rather than a JSON
 * document, the well-known card under it and at its origin (A2A publishes cards at
 * `/.well-known/agent-card.json`).
 */
export function cardUrls(uri: string): string[] {
  const url = new URL(uri);
  if (/\.json$/i.test(url.pathname)) return [url.href];
  const base = url.pathname.endsWith('/') ? url : new URL(`${url.pathname}/`, url);
  const under = new URL('.well-known/agent-card.json', base).href;
  const atOrigin = new URL('/.well-known/agent-card.json', url).href;
  return [...new Set([url.href, under, atOrigin])];
}
