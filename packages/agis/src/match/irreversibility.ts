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

/**
 * Why an endpoint needs the user's explicit confirmation whatever the match confidence, or undefined: it declares
 * `impact_tier: irreversible`, it is a non-idempotent committing verb (EXECUTE, CANCEL, TRANSFER, PAY, ...) with no
 * impact tier, or a `state_transition` ends in a terminal state. The matcher sets `needsConfirmation` from it, and
 * callers that invoke an endpoint by name should apply it too.
 */
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
