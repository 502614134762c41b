import { type AgisEndpoint, irreversibility } from '@agentweb/agis';

/**
 * Why calling this endpoint needs the user's explicit confirmation, or `undefined` when it does not. A direct call
 * names its endpoint, so the matcher's low-confidence reason does not apply; irreversibility does, by the same rule
 * the intent matcher uses for `needsConfirmation` (`irreversibility` of @agentweb/agis).
 */
export function agisConfirmationReason(endpoint: AgisEndpoint): string | undefined {
  return irreversibility(endpoint);
}
