import type { AgisEndpoint } from '@agentweb/agis';

// Verbs whose non-idempotent use commits money or removes state. The intent matcher of @agentweb/agis applies the
// same rule when it decides `needsConfirmation`, so an endpoint reached by name is guarded as one reached by intent.
const COMMITTING_VERBS = new Set([
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

const TERMINAL_STATE = /->\s*(?:DELETED|DESTROYED|PURGED|CLOSED_PERMANENTLY)\b/i;

/**
 * Why calling this endpoint needs the user's explicit confirmation, or `undefined` when it does not. A direct call
 * names its endpoint, so the matcher's low-confidence reason does not apply; irreversibility does.
 */
export function agisConfirmationReason(endpoint: AgisEndpoint): string | undefined {
  const semantic = endpoint.semantic;
  if (semantic.impact_tier === 'irreversible') return 'the endpoint declares impact_tier irreversible';
  if (
    semantic.impact_tier === undefined &&
    semantic.is_idempotent === false &&
    COMMITTING_VERBS.has(endpoint.method.toLowerCase())
  ) {
    return `a non-idempotent ${endpoint.method.toUpperCase()} without an impact_tier is treated as irreversible`;
  }
  if (Object.values(semantic.state_transition ?? {}).some((t) => TERMINAL_STATE.test(t))) {
    return 'its state_transition ends in a terminal state';
  }
  return undefined;
}
