import { isAgentWebError, withholdUrlSecrets } from '@agentweb/core';
import { errorCode } from './cli-io.js';

/**
 * Library messages name the option a program sets (`allowHttp`, `addMerchant()`); a person at the command line
 * changes a flag. Each entry rewrites one such phrase into the flag that does the same thing.
 */
const OPTION_TO_FLAG: readonly (readonly [RegExp, string])[] = [
  [/\bset allowHttp\b/g, 'pass --allow-http'],
  [/\ballowHttp\b/g, '--allow-http'],
  [/\bset allowPrivateNetwork\b/g, 'pass --allow-private-network'],
  [/\ballowPrivateNetwork\b/g, '--allow-private-network'],
  [/\badd one with addMerchant\(\) or name one\b/g, 'name one with --merchant <domain>'],
  [/\bname one with the merchant option\b/g, 'name one with --merchant <domain>'],
  [/\baddMerchant\(\)/g, '--merchant'],
  [/\bload one with loadAgisService\(\) before intent\(\)/g, 'name one with --service <domain|url|file>'],
  [/\bpass `credentials` to createMerchantClient\b/g, 'pass --token <domain>=<token>'],
  [/\btimeoutMs\b/g, '--timeout'],
];

/**
 * OpenSSL's answer when an https:// request meets a server speaking plain HTTP (`...:SSL routines:...:wrong
 * version number:../deps/openssl/...`): true, but nothing a person can act on.
 */
const TLS_WRONG_VERSION = /[0-9A-F]{8,}:error:[0-9A-F]+:SSL routines:[^:]*:wrong version number:[^\n)]*\n?/g;

/** What to say instead of {@link TLS_WRONG_VERSION}. */
export const PLAIN_HTTP_HINT =
  'the server speaks plain HTTP, not TLS: for a plain-HTTP server pass --scheme http (or give an http:// URL) with --allow-http';

/** True when `text` holds OpenSSL's "wrong version number" (an https:// request to a plain-HTTP server). */
export function saysPlainHttpServer(text: string): boolean {
  TLS_WRONG_VERSION.lastIndex = 0;
  return TLS_WRONG_VERSION.test(text);
}

/** `text` as the CLI prints it: options named as flags, OpenSSL's TLS mismatch line explained. */
export function forCommandLine(text: string): string {
  let out = text.replace(TLS_WRONG_VERSION, PLAIN_HTTP_HINT);
  for (const [pattern, flag] of OPTION_TO_FLAG) out = out.replace(pattern, flag);
  return out;
}

interface TraceStep {
  mechanism?: unknown;
  target?: unknown;
  outcome?: unknown;
  reason?: unknown;
}

const NOT_AN_ANSWER = new Set(['skipped', 'pointer']);

/**
 * Why discovery failed, in a few words: `discovery timed out (link-tag timeout, well-known timeout ×2)`; the
 * full trace is in `--json` and `agentweb discover`.
 */
export function discoveryFailureSummary(trace: readonly TraceStep[]): string {
  const steps = trace.filter((s) => !NOT_AN_ANSWER.has(String(s.outcome)));
  const counts = new Map<string, number>();
  for (const step of steps) {
    const key = `${String(step.mechanism)} ${String(step.outcome)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const list = [...counts].map(([key, n]) => (n > 1 ? `${key} ×${n}` : key)).join(', ');
  const outcomes = new Set(steps.map((s) => String(s.outcome)));
  const timedOut = outcomes.has('timeout');
  const httpOutcomes = steps
    .filter(
      (s) => s.mechanism !== 'dns-txt' && !(s.mechanism === 'aid' && String(s.target).startsWith('_agent.')),
    )
    .map((s) => String(s.outcome));
  const allRefused = httpOutcomes.length > 0 && httpOutcomes.every((o) => o === 'refused');
  const plainHttp = steps.some((s) => typeof s.reason === 'string' && saysPlainHttpServer(s.reason));
  const head = timedOut
    ? 'discovery timed out'
    : allRefused
      ? 'discovery was refused by the address or scheme policy'
      : 'discovery found no agent card';
  // The first refused step's reason says which flag would allow it ("plain http is off; pass --allow-http").
  const refused = steps.find((s) => s.outcome === 'refused' && typeof s.reason === 'string');
  const hint = plainHttp
    ? `; ${PLAIN_HTTP_HINT}`
    : refused
      ? `; ${forCommandLine(String(refused.reason))}`
      : timedOut
        ? '; check the domain and port, or raise --timeout'
        : '';
  return `${head}${list ? ` (${list})` : ''}${hint}`;
}

/**
 * The message the CLI prints for an error: its own message with options named as flags, and, for an unknown
 * merchant, why discovery failed (a timeout, a refused http: URL) instead of only the list of known merchants.
 */
export function cliErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  if (isAgentWebError(error) && error.name === 'UnknownMerchantError') {
    const merchant = (error as { merchant?: unknown }).merchant;
    const cause = (error as { cause?: unknown }).cause;
    const trace = (cause as { trace?: readonly TraceStep[] } | undefined)?.trace;
    if (isAgentWebError(cause) && cause.name === 'DiscoveryError' && Array.isArray(trace))
      return withholdUrlSecrets(
        `merchant "${String(merchant)}" could not be found: ${discoveryFailureSummary(trace)}`,
      );
    if (cause instanceof Error)
      return withholdUrlSecrets(
        `merchant "${String(merchant)}" could not be added: ${errorCode(cause) ?? cause.name}: ${forCommandLine(cause.message)}`,
      );
  }
  return withholdUrlSecrets(forCommandLine(raw));
}
