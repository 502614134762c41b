import {
  type AgisDocument,
  type Embedder,
  isAgisParseError,
  parseAgisDocument,
  parseWellKnownSummary,
  toAgisDocument,
  validateAgisDocument,
} from '@agentweb/agis';
import { fetchAgisSummary, WELL_KNOWN_DOCUMENTS, wellKnownUrl } from '@agentweb/discovery';
import type { HttpClient } from '@agentweb/http';
import { AgentWebInputError, type AgisLoadFailure, AgisServiceLoadError } from './errors.js';
import { MAX_AGIS_DOCUMENT_BYTES } from './size-caps.js';
import type { LoadAgisServiceOptions, LoadedAgisService } from './types.js';

export { MAX_AGIS_DOCUMENT_BYTES };

/** What loading needs from the client. */
export interface AgisLoadDeps {
  http: HttpClient;
  embedder: Embedder | undefined;
  /** Scheme for a bare domain (the client's `discovery.defaultScheme`, https unless set). */
  defaultScheme: 'https' | 'http';
}

/** A document read, before validation. */
interface ReadDocument {
  document: AgisDocument;
  /** Where it came from (`inline` for a document passed in). */
  source: string;
  /** The origin the default base URL is taken from. */
  origin: string | undefined;
}

/**
 * Loads an AGIS service. A bare domain or an origin reads `/.well-known/agis.json` over https (or the client's
 * `discovery.defaultScheme`; an origin keeps its own scheme) and then the document it names; any other http(s)
 * URL is fetched as the document itself; other strings are document text (YAML, JSON or brace notation); an
 * object is checked against the AGIS model.
 *
 * @throws AgisServiceLoadError (AGTP or another scheme, fetch, summary, document, conformance); AgentWebInputError.
 */
export async function loadAgis(
  deps: AgisLoadDeps,
  input: string | AgisDocument,
  options: LoadAgisServiceOptions = {},
): Promise<LoadedAgisService> {
  const baseOverride = checkBaseUrl(options.baseUrl);
  const read = await readDocument(deps, input, options.signal);
  const validation = await validateAgisDocument(read.document, {
    level: 1,
    ...(deps.embedder ? { embedder: deps.embedder } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (options.requireConformance === true && !validation.conforms) {
    const first = validation.failures[0];
    throw new AgisServiceLoadError({
      source: read.source,
      reason: 'not-conforming',
      message: `AGIS document from ${read.source} does not conform at level 1 (${validation.failures.length} failures; first: ${first?.rule}: ${first?.message})`,
    });
  }
  return Object.freeze({
    service: read.document.service,
    document: read.document,
    baseUrl: baseOverride ?? read.origin,
    source: read.source,
    validation,
  });
}

function checkBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new AgentWebInputError('baseUrl', `not an absolute URL: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgentWebInputError('baseUrl', `must be http(s), got ${url.protocol} (${baseUrl})`);
  }
  return url.href;
}

async function readDocument(
  deps: AgisLoadDeps,
  input: string | AgisDocument,
  signal: AbortSignal | undefined,
): Promise<ReadDocument> {
  if (typeof input !== 'string') {
    if (typeof input !== 'object' || input === null) {
      throw new AgentWebInputError('source', 'expected a domain, a URL, document text or a document object');
    }
    return {
      document: parseOrFail('inline', 'invalid-document', () => toAgisDocument(input).document),
      source: 'inline',
      origin: undefined,
    };
  }
  const text = input.trim();
  if (text === '') throw new AgentWebInputError('source', 'empty AGIS source');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return readUrl(deps, text, signal);
  if (/^[a-z0-9.-]+(:\d{1,5})?$/i.test(text) && text.includes('.')) {
    return readWellKnown(deps, new URL(`${deps.defaultScheme}://${text}`), signal);
  }
  return {
    document: parseOrFail('inline', 'invalid-document', () => parseAgisDocument(input)),
    source: 'inline',
    origin: undefined,
  };
}

async function readUrl(
  deps: AgisLoadDeps,
  text: string,
  signal: AbortSignal | undefined,
): Promise<ReadDocument> {
  const url = httpUrl(text, text);
  const atRoot = (url.pathname === '/' || url.pathname === '') && url.search === '';
  if (atRoot || url.pathname === WELL_KNOWN_DOCUMENTS.agis.path) return readWellKnown(deps, url, signal);
  const { document, finalUrl } = await fetchDocument(deps, url, signal);
  return { document, source: finalUrl, origin: new URL(finalUrl).origin };
}

async function readWellKnown(
  deps: AgisLoadDeps,
  site: URL,
  signal: AbortSignal | undefined,
): Promise<ReadDocument> {
  const summaryUrl = wellKnownUrl(site, 'agis');
  const fetched = await fetchOrFail(summaryUrl, signal, () =>
    fetchAgisSummary(site.origin, { http: deps.http, ...(signal ? { signal } : {}) }),
  );
  const { summary } = parseOrFail(summaryUrl, 'invalid-summary', () => parseWellKnownSummary(fetched.data));
  let documentUrl: URL;
  try {
    documentUrl = new URL(summary.agis_document, fetched.provenance.finalUrl);
  } catch {
    throw new AgisServiceLoadError({
      source: summaryUrl,
      reason: 'invalid-summary',
      message: `agis_document "${summary.agis_document}" in ${summaryUrl} is not a URL`,
    });
  }
  const checked = httpUrl(documentUrl.href, summaryUrl);
  const { document } = await fetchDocument(deps, checked, signal);
  // The service is the site that published the summary, wherever its document is hosted.
  return { document, source: checked.href, origin: new URL(fetched.provenance.finalUrl).origin };
}

/** Parses an http(s) URL; AGTP and other schemes are refused naming the URL. */
function httpUrl(text: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AgentWebInputError('source', `not a URL: ${text}`);
  }
  if (url.protocol === 'agtp:') {
    throw new AgisServiceLoadError({
      source,
      reason: 'agtp-unsupported',
      message: `the AGIS document is at ${url.href}, an AGTP address; AGTP is not supported (only http and https)`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgisServiceLoadError({
      source,
      reason: 'unsupported-scheme',
      message: `cannot load an AGIS document from ${url.href}: only http and https URLs are supported`,
    });
  }
  return url;
}

async function fetchDocument(
  deps: AgisLoadDeps,
  url: URL,
  signal: AbortSignal | undefined,
): Promise<{ document: AgisDocument; finalUrl: string }> {
  const response = await fetchOrFail(url.href, signal, () =>
    deps.http.getText(url, {
      maxBodyBytes: MAX_AGIS_DOCUMENT_BYTES,
      accept: 'application/yaml, application/json;q=0.9, text/plain;q=0.8, */*;q=0.5',
      ...(signal ? { signal } : {}),
    }),
  );
  const finalUrl = response.provenance.finalUrl;
  return {
    document: parseOrFail(finalUrl, 'invalid-document', () => parseAgisDocument(response.text)),
    finalUrl,
  };
}

async function fetchOrFail<T>(
  url: string,
  signal: AbortSignal | undefined,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // A caller's abort is passed through unchanged, as every AgentWeb call does.
    if (signal?.aborted && error === signal.reason) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new AgisServiceLoadError({
      source: url,
      reason: 'fetch-failed',
      message: `cannot fetch ${url}: ${detail}`,
      cause: error,
    });
  }
}

function parseOrFail<T>(source: string, reason: AgisLoadFailure, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!isAgisParseError(error)) throw error;
    const what = reason === 'invalid-summary' ? 'AGIS well-known summary' : 'AGIS document';
    throw new AgisServiceLoadError({
      source,
      reason,
      message: `invalid ${what} from ${source}: ${error.message}`,
      cause: error,
    });
  }
}
