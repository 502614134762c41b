import { isAgentWebError } from '@agentweb/core';

/** The exit codes of `agentweb`, documented in docs/cli.md. */
export const EXIT = {
  /** The operation succeeded. */
  ok: 0,
  /** It ran but failed: validation found failures, nothing was discovered, a file could not be read. */
  failed: 1,
  /** Usage error: unknown command or flag, missing or malformed argument. */
  usage: 2,
  /** Network or remote failure: connection, timeout, HTTP error status, a remote agent's error answer. */
  network: 3,
  /** Interrupted by SIGINT. */
  interrupted: 130,
} as const;

/** Error class names that mean the CLI was called wrongly. */
const USAGE_ERRORS = new Set(['CliUsageError', 'ClientFlagError']);

/** Error class names that mean the network or a remote party failed, not the input. */
const REMOTE_ERRORS = new Set([
  'HttpError',
  'HttpStatusError',
  'NetworkError',
  'TimeoutError',
  'BodyTooLargeError',
  'ContentTypeError',
  'JsonParseError',
  'RedirectPolicyError',
  'BlockedAddressError',
  'UrlPolicyError',
  'DnsExchangeError',
  'CircuitOpenError',
  'InvalidAgentResponseError',
  'A2ARpcError',
  'A2AInternalError',
  'A2AJsonParseError',
  'A2AStreamError',
  'A2AAuthRequiredError',
  'CapError',
  'CapResponseError',
  'CapTaskStateError',
  'AgisEndpointError',
  'RegistryError',
  'IdleTimeout',
]);

/** Trace outcomes that say the remote side could not be reached, rather than that nothing is there. */
const UNREACHABLE_OUTCOMES = new Set(['timeout', 'error', 'servfail', 'dns-refused']);

const DNS_ABSENT = new Set(['nxdomain', 'nodata', 'no-usable-record']);

interface TraceLike {
  mechanism?: unknown;
  outcome?: unknown;
}

/**
 * True when a discovery trace failed only because nothing answered (timeouts, network errors), so the
 * caller can tell "not found" (exit 1) from "could not reach" (exit 3).
 */
export function traceUnreachable(trace: readonly TraceLike[] | undefined): boolean {
  if (!trace || trace.length === 0) return false;
  // No TXT record is the normal case for most domains, so it neither proves nor disproves reachability.
  const judged = trace.filter(
    (step) =>
      step.outcome !== 'skipped' && !(step.mechanism === 'dns-txt' && DNS_ABSENT.has(String(step.outcome))),
  );
  return judged.length > 0 && judged.every((step) => UNREACHABLE_OUTCOMES.has(String(step.outcome)));
}

/** The exit code for an error that ended a command. */
export function exitCodeFor(error: unknown): number {
  let current: unknown = error;
  // Wrappers (UnknownMerchantError around a DiscoveryError around a TimeoutError) say what failed; their
  // causes say why, so the first decisive link wins.
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (isAgentWebError(current)) {
      if (USAGE_ERRORS.has(current.name)) return EXIT.usage;
      if (REMOTE_ERRORS.has(current.name)) return EXIT.network;
      if (current.name === 'DiscoveryError') {
        const trace = (current as { trace?: readonly TraceLike[] }).trace;
        return traceUnreachable(trace) ? EXIT.network : EXIT.failed;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return EXIT.failed;
}
