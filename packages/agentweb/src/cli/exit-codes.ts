import { isAgentWebError } from '@agentweb/core';

/** The exit codes of `agentweb`; {@link EXIT_CODE_TABLE} documents them (help and docs/cli.md). */
export const EXIT = {
  /** The operation succeeded. */
  ok: 0,
  /** It ran but failed: validation found failures, nothing was discovered, a file could not be read. */
  failed: 1,
  /** Usage error: unknown command or flag, missing or malformed argument. */
  usage: 2,
  /** Network or remote failure: connection, timeout, HTTP error status, a remote agent's error answer. */
  network: 3,
  /** A checkout was not completed because it needs the buyer: confirmation, a payment token, or the continue_url. */
  needsConfirmation: 4,
  /** A confirmed checkout was not completed because its total is no longer the one given in --expected-total. */
  totalChanged: 5,
  /** Interrupted by SIGINT. */
  interrupted: 130,
} as const;

/** One row of the documented exit-code table. */
export interface ExitCodeRow {
  /** The code. */
  code: number;
  /** What it means, as the help and docs/cli.md say it. */
  meaning: string;
}

/**
 * The one description of the exit codes: `agentweb --help` prints it and docs/cli.md's table is generated from it
 * (a test compares them), so the two cannot drift from {@link exitCodeFor}.
 */
export const EXIT_CODE_TABLE: readonly ExitCodeRow[] = [
  { code: EXIT.ok, meaning: 'success' },
  {
    code: EXIT.failed,
    meaning:
      'the operation ran and failed: validation found failures, nothing discovered, unknown product id, intent abstained, a call needing confirmation was refused, an agent failed, rejected or canceled the task, unreadable file',
  },
  {
    code: EXIT.usage,
    meaning:
      'usage error: unknown command or flag, missing or malformed argument or flag value (an empty query, a bad --filter, a product id without --merchant); the usage line is printed on stderr',
  },
  {
    code: EXIT.network,
    meaning:
      "network or remote failure: connection refused, timeout (a merchant whose discovery timed out too), HTTP error status, refused address or scheme (http:// without --allow-http), a remote agent's error answer",
  },
  {
    code: EXIT.needsConfirmation,
    meaning:
      'checkout not completed, nothing paid: it needs the buyer (run again with --confirm and a payment token, or hand the buyer the continue_url)',
  },
  {
    code: EXIT.totalChanged,
    meaning:
      'checkout not completed, nothing paid: the total is no longer the --expected-total the buyer confirmed (show the new total and ask again)',
  },
  { code: EXIT.interrupted, meaning: 'interrupted (Ctrl-C; a second Ctrl-C leaves at once)' },
];

/** The exit-code table as help text. */
export function exitCodesHelp(width = 110): string {
  const lines = ['Exit codes:'];
  for (const row of EXIT_CODE_TABLE) {
    let line = `  ${String(row.code).padEnd(3)}  `;
    const indent = ' '.repeat(line.length);
    for (const word of row.meaning.split(' ')) {
      if (line.trim() !== String(row.code) && line.length + word.length + 1 > width) {
        lines.push(line.trimEnd());
        line = indent;
      }
      line += `${word} `;
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

/** The exit-code table as the Markdown table of docs/cli.md. */
export function exitCodesMarkdown(): string {
  const width = Math.max('meaning'.length, ...EXIT_CODE_TABLE.map((row) => row.meaning.length));
  const line = (code: string, meaning: string): string => `| ${code.padEnd(4)} | ${meaning.padEnd(width)} |`;
  return [
    line('code', 'meaning'),
    `| ${'-'.repeat(4)} | ${'-'.repeat(width)} |`,
    ...EXIT_CODE_TABLE.map((row) => line(String(row.code), row.meaning)),
  ].join('\n');
}

/** Error class names that mean the CLI was called wrongly. */
const USAGE_ERRORS = new Set(['CliUsageError', 'ClientFlagError', 'FilterSyntaxError']);

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
  'UcpProtocolError',
  'UcpDocumentError',
  'AgisEndpointError',
  'RegistryError',
  'IdleTimeout',
]);

/**
 * Trace outcomes that say the remote side could not be reached (or a safety rule such as https-only refused to
 * reach it), rather than that nothing is there.
 */
const UNREACHABLE_OUTCOMES = new Set(['timeout', 'error', 'servfail', 'dns-refused', 'refused']);

/** Errors that say the input named something that is not there, even when a remote error is their cause. */
const NOT_FOUND_ERRORS = new Set(['ProductNotFoundError']);

const DNS_ABSENT = new Set(['nxdomain', 'nodata', 'no-usable-record']);

interface TraceLike {
  mechanism?: unknown;
  target?: unknown;
  outcome?: unknown;
}

/** A DNS question of discovery: `_cap` TXT (`dns-txt`) or an AID `_agent` TXT name (`aid`). */
function isDnsStep(step: TraceLike): boolean {
  return (
    step.mechanism === 'dns-txt' || (step.mechanism === 'aid' && String(step.target).startsWith('_agent.'))
  );
}

/**
 * True when a discovery trace failed only because nothing answered (timeouts, network errors), so the
 * caller can tell "not found" (exit 1) from "could not reach" (exit 3).
 */
export function traceUnreachable(trace: readonly TraceLike[] | undefined): boolean {
  if (!trace || trace.length === 0) return false;
  // No TXT record is the normal case for most domains, so it neither proves nor disproves reachability.
  // A pointer only says DNS answered; whether its URL could be reached is the next step's outcome.
  const judged = trace.filter(
    (step) =>
      step.outcome !== 'skipped' &&
      step.outcome !== 'pointer' &&
      !(isDnsStep(step) && DNS_ABSENT.has(String(step.outcome))),
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
      if (NOT_FOUND_ERRORS.has(current.name)) return EXIT.failed;
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
