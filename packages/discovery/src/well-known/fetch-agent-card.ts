import { type ParseAgentCardOptions, type ParsedAgentCard, parseAgentCard } from '@agentweb/agentcard';
import { type HttpProvenance, parseCacheControl, type ReadonlyHeaders } from '@agentweb/http';
import { checkEndpointScheme } from './endpoint-scheme.js';
import type { WellKnownFetchOptions } from './fetch-options.js';

/** Default cap on card bodies: far above real cards (a few KB), far below what could hurt. */
export const DEFAULT_MAX_CARD_BYTES = 256 * 1024;

/** Options of {@link fetchAgentCard}. */
export interface FetchAgentCardOptions extends WellKnownFetchOptions {
  /** `Accept` header (default `application/json`). JSON and any `+json` media type are accepted. */
  accept?: string;
  /** Passed to `parseAgentCard`. */
  parse?: ParseAgentCardOptions;
}

/** A card fetched and validated. */
export interface FetchedAgentCard {
  /** The parsed card, its format and normalized profile. */
  parsed: ParsedAgentCard;
  /** How the response was obtained (final URL, redirects, status, hash). */
  provenance: HttpProvenance;
  /** Response headers. */
  headers: ReadonlyHeaders;
  /** Freshness granted by `Cache-Control: max-age` (0 for `no-store` / `no-cache`), when the server sent one. */
  maxAgeSeconds?: number;
}

/**
 * GETs an agent card, parses it with `parseAgentCard` and refuses it when an endpoint's scheme differs from
 * the scheme it was fetched over.
 *
 * @throws the @agentweb/http errors (HttpStatusError, BodyTooLargeError, BlockedAddressError,
 *   RedirectPolicyError, ContentTypeError, JsonParseError, TimeoutError, ...), `CardValidationError`, or
 *   `EndpointSchemeError`.
 */
export async function fetchAgentCard(url: string, options: FetchAgentCardOptions): Promise<FetchedAgentCard> {
  const response = await options.http.getJson<unknown>(url, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBytes ?? DEFAULT_MAX_CARD_BYTES,
    redirect: options.redirect ?? 'same-origin',
    accept: options.accept ?? 'application/json',
  });
  const parsed = parseAgentCard(response.data, options.parse);
  checkEndpointScheme(parsed.profile, response.provenance.finalUrl);
  const result: FetchedAgentCard = {
    parsed,
    provenance: response.provenance,
    headers: response.headers,
  };
  const maxAge = freshnessOf(response.headers);
  if (maxAge !== undefined) result.maxAgeSeconds = maxAge;
  return result;
}

function freshnessOf(headers: ReadonlyHeaders): number | undefined {
  const directives = parseCacheControl(headers.get('cache-control'));
  if (directives.noStore || directives.noCache) return 0;
  return directives.maxAge;
}
