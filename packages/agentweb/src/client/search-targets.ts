import { type MerchantClient, type MerchantOutcome, UnexpectedFanOutError } from '@agentweb/cap';
import { isAgentWebError } from '@agentweb/core';

/** A merchant named in `search({ merchants })` that could not be found or added. */
export interface TargetFailure {
  /** The name as given. */
  name: string;
  /** Why (UnknownMerchantError with the discovery error as cause, NotACapMerchantError, ...). */
  error: unknown;
}

/** The merchants a search goes to, and the named ones it cannot reach. */
export interface NamedTargets {
  /** Merchant clients, de-duplicated, in the order named. */
  clients: MerchantClient[];
  /** Named merchants that could not be added; reported as `error` outcomes after the others. */
  failures: TargetFailure[];
}

/** The `error` outcome reported for a named merchant that could not be added. */
export function searchFailureOutcome(failure: TargetFailure): MerchantOutcome {
  const error = isAgentWebError(failure.error)
    ? failure.error
    : new UnexpectedFanOutError({ merchantId: failure.name, cause: failure.error });
  return {
    merchantId: failure.name,
    agentCardUrl: undefined,
    status: 'error',
    reason: error.code,
    error,
    products: 0,
    pages: 0,
    cachedPages: 0,
    personalised: false,
    elapsedMs: 0,
    warnings: [],
  };
}
