import type { ResolveTarget } from '../common/resolve-target.js';
import { fetchPageLinks } from '../links/fetch-page-links.js';
import { fetchAgentCard } from '../well-known/fetch-agent-card.js';
import { cardCandidates, type WellKnownKind } from '../well-known/well-known-paths.js';
import { aidStep, startAidLookup } from './aid-step.js';
import { lookupCapTxt } from './cap-txt.js';
import type { ResolverMechanism } from './resolver-options.js';
import type { RunDeadline } from './run-deadline.js';
import type { RunHit, RunOutcome, RunSettings } from './run-types.js';
import { dnsOutcome, elapsed, minTtl, StepRunner } from './step-runner.js';
import type { TraceEntry, TraceMechanism } from './trace.js';

export type { RunHit, RunOutcome, RunSettings } from './run-types.js';

const CARD_KINDS: readonly (WellKnownKind & ResolverMechanism)[] = ['agent-card', 'agent-json', 'agentcard'];

/**
 * Runs the resolution order: `_cap` TXT, the AID `_agent` TXT record (its `a2a` card), the page's
 * `cap-agent-card` link, then the well-known card documents. The first valid card (that declares CAP, with `requireCap`) wins. Caller aborts propagate;
 * everything else ends up in the trace.
 */
export async function runResolution(
  target: ResolveTarget,
  settings: RunSettings,
  deadline: RunDeadline,
  requireCap: boolean,
): Promise<RunOutcome> {
  const trace: TraceEntry[] = [];
  const step = new StepRunner(trace, deadline);
  // Asked now so the `_agent` round trip overlaps the `_cap` one; its entries still follow `_cap`'s.
  const aidLookup = settings.mechanisms.has('aid') ? startAidLookup(target, settings, deadline) : undefined;

  if (settings.mechanisms.has('dns-txt')) {
    const pointer = await dnsStep(target, settings, deadline, step);
    if (pointer !== undefined) {
      const hit = await cardStep('dns-txt', pointer.url, settings, deadline, step, requireCap);
      if (hit)
        return {
          hit: { ...hit, pointer: `_cap.${target.hostname}`, ttl: minTtl(hit.ttl, pointer.ttl) },
          trace,
        };
    }
  }

  if (settings.mechanisms.has('aid')) {
    const hit = await aidStep(target, aidLookup, settings, deadline, step, (url) =>
      cardStep('aid', url, settings, deadline, step, requireCap),
    );
    if (hit) return { hit, trace };
  }

  if (settings.mechanisms.has('link-tag')) {
    const cardUrl = await linkStep(target, settings, deadline, step);
    if (cardUrl !== undefined) {
      const hit = await cardStep('link-tag', cardUrl, settings, deadline, step, requireCap);
      if (hit) return { hit: { ...hit, pointer: target.pageUrl }, trace };
    }
  }

  const kinds = CARD_KINDS.filter((kind) => settings.mechanisms.has(kind));
  for (const candidate of cardCandidates(target.origin, kinds)) {
    const hit = await cardStep(
      'well-known',
      candidate.url,
      settings,
      deadline,
      step,
      requireCap,
      candidate.accept,
    );
    if (hit) return { hit, trace };
  }
  return { hit: undefined, trace };
}

async function dnsStep(
  target: ResolveTarget,
  settings: RunSettings,
  deadline: RunDeadline,
  step: StepRunner,
): Promise<{ url: string; ttl?: number } | undefined> {
  const name = `_cap.${target.hostname}`;
  if (target.isIpLiteral) {
    // Not a test skip: the trace records this resolution step as skipped, so a user sees why no DNS was asked.
    step.skip('dns-txt', name, 'an IP address has no _cap name');
    return undefined;
  }
  if (!step.canRun('dns-txt', name)) return undefined;
  const started = performance.now();
  try {
    const answer = await lookupCapTxt(settings.dns(), target.hostname, {
      signal: deadline.signal,
      allowHttp: settings.allowHttp,
    });
    const entry: TraceEntry = {
      mechanism: 'dns-txt',
      target: answer.name || name,
      outcome: dnsOutcome(answer.outcome, answer.url),
      elapsedMs: elapsed(started),
      fromCache: answer.fromCache,
    };
    if (answer.ttl !== undefined) entry.ttl = answer.ttl;
    const reasons = answer.rejected.map((r) => `${JSON.stringify(r.record)}: ${r.reason}`);
    if (answer.error) reasons.unshift(answer.error);
    if (answer.url === undefined && reasons.length > 0) entry.reason = reasons.join('; ');
    step.record(entry);
    if (answer.url === undefined) return undefined;
    return answer.ttl === undefined ? { url: answer.url } : { url: answer.url, ttl: answer.ttl };
  } catch (error) {
    step.fail('dns-txt', name, started, error);
    return undefined;
  }
}

async function linkStep(
  target: ResolveTarget,
  settings: RunSettings,
  deadline: RunDeadline,
  step: StepRunner,
): Promise<string | undefined> {
  if (!step.canRun('link-tag', target.pageUrl)) return undefined;
  const started = performance.now();
  try {
    const page = await fetchPageLinks(target.pageUrl, {
      http: settings.http,
      signal: deadline.signal,
      timeoutMs: deadline.remaining(),
      maxBytes: settings.maxPageBytes,
      scanBody: settings.scanBody,
      maxRedirects: settings.maxPageRedirects,
    });
    const url = page.urls[0];
    const entry: TraceEntry = {
      mechanism: 'link-tag',
      target: page.finalUrl,
      outcome: url === undefined ? 'not-found' : 'pointer',
      elapsedMs: elapsed(started),
      status: page.status,
    };
    if (url === undefined) {
      entry.reason = settings.scanBody
        ? 'no rel="cap-agent-card" link in the Link header or the page'
        : 'no rel="cap-agent-card" link in the Link header or <head>';
    }
    step.record(entry);
    return url;
  } catch (error) {
    step.fail('link-tag', target.pageUrl, started, error);
    return undefined;
  }
}

async function cardStep(
  mechanism: TraceMechanism,
  url: string,
  settings: RunSettings,
  deadline: RunDeadline,
  step: StepRunner,
  requireCap: boolean,
  accept?: string,
): Promise<RunHit | undefined> {
  if (!step.canRun(mechanism, url)) return undefined;
  const started = performance.now();
  try {
    const fetched = await fetchAgentCard(url, {
      http: settings.http,
      signal: deadline.signal,
      timeoutMs: deadline.remaining(),
      maxBytes: settings.maxCardBytes,
      redirect: 'same-origin',
      accept,
    });
    const entry: TraceEntry = {
      mechanism,
      target: url,
      outcome: 'found',
      elapsedMs: elapsed(started),
      status: fetched.provenance.status,
      fromCache: fetched.provenance.fromCache,
    };
    if (fetched.maxAgeSeconds !== undefined) entry.ttl = fetched.maxAgeSeconds;
    if (requireCap && fetched.parsed.profile.cap?.supported !== true) {
      step.record({
        ...entry,
        outcome: 'no-cap',
        reason: 'valid card without the https://cap-spec.org extension',
      });
      return undefined;
    }
    step.record(entry);
    const hit: RunHit = { parsed: fetched.parsed, http: fetched.provenance, mechanism };
    if (fetched.maxAgeSeconds !== undefined) hit.ttl = fetched.maxAgeSeconds;
    return hit;
  } catch (error) {
    step.fail(mechanism, url, started, error);
    return undefined;
  }
}
