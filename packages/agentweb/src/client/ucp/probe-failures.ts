import { withholdUrlSecrets } from '@agentweb/core';

/** One protocol probe of `addMerchant` that found nothing. */
export interface MerchantProbeFailure {
  /** `cap` (CAP discovery of the agent card) or `ucp` (`/.well-known/ucp`). */
  protocol: 'cap' | 'ucp';
  /** The error's class name (`DiscoveryError`, `HttpStatusError`, `UcpDocumentError`, ...). */
  name: string;
  /** Its code (`DISCOVERY_FAILED`, `HTTP_STATUS`, ...), when it has one. */
  code: string | undefined;
  /** Its message (URL queries and credentials withheld). */
  message: string;
}

function failureOf(protocol: 'cap' | 'ucp', error: unknown): MerchantProbeFailure {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null | undefined;
  return {
    protocol,
    name: typeof e?.name === 'string' ? e.name : typeof error,
    code: typeof e?.code === 'string' ? e.code : undefined,
    message: withholdUrlSecrets(typeof e?.message === 'string' ? e.message : String(error)),
  };
}

/**
 * The error `addMerchant` throws when neither protocol found a merchant: the CAP error itself (so callers that
 * match its class and code still do), its message followed by the UCP probe's failure, and a `probes` array with
 * both failures (code and message each; plain data, so it is in the error's JSON form). The UCP error is not made
 * its `cause`: a cause says why the CAP error happened, and callers (the CLI's exit codes) read it so; a missing
 * `/.well-known/ucp` (404) would turn "no merchant there" into a network failure.
 */
export function withBothProbeFailures(capError: unknown, ucpError: unknown): unknown {
  if (!(capError instanceof Error)) return capError;
  const ucp = failureOf('ucp', ucpError);
  const probes: readonly MerchantProbeFailure[] = Object.freeze([failureOf('cap', capError), ucp]);
  Object.defineProperty(capError, 'probes', { value: probes, enumerable: true, configurable: true });
  capError.message = `${capError.message}; and no UCP merchant: ${ucp.code === undefined ? '' : `${ucp.code}: `}${ucp.message}`;
  return capError;
}
