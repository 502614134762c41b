import type { MatcherEndpoint } from './types.js';

// Verbs whose non-idempotent use commits money or removes state (draft: EXECUTE, CANCEL, TRANSFER).
const DESTRUCTIVE = new Set([
  'execute',
  'cancel',
  'transfer',
  'pay',
  'purchase',
  'delete',
  'remove',
  'terminate',
  'close',
  'submit',
  'send',
  'revoke',
  'destroy',
  'purge',
  'wire',
  'buy',
]);

/** Why an endpoint needs explicit confirmation regardless of confidence, or undefined. */
export function irreversibility(endpoint: MatcherEndpoint): string | undefined {
  const sem = endpoint.semantic;
  if (sem.impact_tier === 'irreversible') return 'endpoint declares impact_tier irreversible';
  if (
    sem.impact_tier === undefined &&
    sem.is_idempotent === false &&
    DESTRUCTIVE.has(endpoint.method.toLowerCase())
  ) {
    return `non-idempotent ${endpoint.method} without an impact_tier is treated as irreversible`;
  }
  const terminal = Object.values(sem.state_transition ?? {}).some((t) =>
    /->\s*(?:DELETED|DESTROYED|PURGED|CLOSED_PERMANENTLY)\b/i.test(t),
  );
  if (terminal) return 'state_transition ends in a terminal state';
  return undefined;
}
