import type { HttpProvenance } from '@agentweb/http';
import type { WellKnownFetchOptions } from './fetch-options.js';
import { WELL_KNOWN_DOCUMENTS, wellKnownUrl } from './well-known-paths.js';

/** The AGIS summary as served; @agentweb/agis parses it. */
export interface AgisSummaryDocument {
  /** The parsed JSON, not validated here. */
  data: unknown;
  /** How it was obtained. */
  provenance: HttpProvenance;
}

/** Default cap for the AGIS summary. */
export const DEFAULT_MAX_AGIS_BYTES = 256 * 1024;

/**
 * Fetches `/.well-known/agis.json` on `origin` as JSON and returns it raw.
 *
 * @throws the @agentweb/http errors (HttpStatusError for 404, ContentTypeError, JsonParseError, ...).
 */
export async function fetchAgisSummary(
  origin: string | URL,
  options: WellKnownFetchOptions,
): Promise<AgisSummaryDocument> {
  const response = await options.http.getJson<unknown>(wellKnownUrl(origin, 'agis'), {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBytes ?? DEFAULT_MAX_AGIS_BYTES,
    redirect: options.redirect ?? 'same-origin',
    accept: WELL_KNOWN_DOCUMENTS.agis.accept,
  });
  return { data: response.data, provenance: response.provenance };
}
