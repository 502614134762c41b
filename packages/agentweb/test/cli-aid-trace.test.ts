import type { TraceEntry } from '@agentweb/discovery';
import { describe, expect, it } from 'vitest';
import { discoveryFailureSummary } from '../src/cli/error-text.js';
import { traceUnreachable } from '../src/cli/exit-codes.js';

// The AID `_agent` lookup adds DNS entries under mechanism `aid`; like `_cap`'s, an absent record there says
// nothing about whether the site could be reached.
describe('CLI reading of traces with AID entries', () => {
  const step = (
    mechanism: TraceEntry['mechanism'],
    target: string,
    outcome: TraceEntry['outcome'],
  ): TraceEntry => ({
    mechanism,
    target,
    outcome,
    elapsedMs: 1,
  });

  it('counts a run whose fetches all timed out as unreachable, whatever the _agent name answered', () => {
    for (const aid of ['nxdomain', 'nodata', 'no-usable-record'] as const) {
      const trace = [
        step('dns-txt', '_cap.hung.example', 'nxdomain'),
        step('aid', '_agent.hung.example', aid),
        step('link-tag', 'https://hung.example/', 'timeout'),
        step('well-known', 'https://hung.example/.well-known/agent-card.json', 'skipped'),
      ];
      expect(traceUnreachable(trace)).toBe(true);
    }
  });

  it('counts the fetch of an AID card as a fetch', () => {
    const trace = [
      step('dns-txt', '_cap.a.example', 'nxdomain'),
      step('aid', '_agent.a.example', 'pointer'),
      step('aid', 'https://a.example/card.json', 'not-found'),
      step('link-tag', 'https://a.example/', 'timeout'),
    ];
    expect(traceUnreachable(trace)).toBe(false);
  });

  it('says the policy refused discovery when every fetch was refused, DNS answers aside', () => {
    const trace = [
      step('dns-txt', '_cap.p.example', 'nxdomain'),
      step('aid', '_agent.p.example', 'nxdomain'),
      { ...step('link-tag', 'http://p.example/', 'refused'), reason: 'plain http is off' },
      step('well-known', 'http://p.example/.well-known/agent-card.json', 'refused'),
    ];
    expect(discoveryFailureSummary(trace)).toMatch(/^discovery was refused by the address or scheme policy/);
  });
});
