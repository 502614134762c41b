import { type HttpProvenance, isBodyTooLargeError, isHttpStatusError } from '@agentweb/http';
import { parseResolveTarget } from '../common/resolve-target.js';
import { CategoriesError } from './categories-error.js';
import type { WellKnownFetchOptions } from './fetch-options.js';
import { WELL_KNOWN_DOCUMENTS, wellKnownUrl } from './well-known-paths.js';

/** Options of {@link fetchCategories}. */
export interface FetchCategoriesOptions extends WellKnownFetchOptions {
  /** Scheme for a bare domain (default `https`; `http` only for tests and local hosts). A URL keeps its own. */
  scheme?: 'https' | 'http';
  /** User-Agent for this request (default: the client's). */
  userAgent?: string;
}

/** The merchant's category list. */
export interface CategoriesResult {
  /** The file's text, as served. */
  text: string;
  /** `markdown` for `text/markdown`, else `text`. */
  format: 'text' | 'markdown';
  /** The declared media type (`text/plain` when the server sent none). */
  mediaType: 'text/plain' | 'text/markdown';
  /** The URL asked for. */
  sourceUrl: string;
  /** Where the bytes came from (final URL, status, sha256, fetchedAt, ...). */
  provenance: HttpProvenance;
}

/** Default cap: the file is a category list, not a catalogue. */
export const DEFAULT_MAX_CATEGORIES_BYTES = 64 * 1024;

const MARKDOWN = new Set(['text/markdown', 'text/x-markdown']);

/**
 * Reads CAP's optional `/.well-known/cap/categories.txt` (free-form plain text or Markdown) for a domain
 * (`shop.example`, `shop.example:8443`) or any URL on the site. Throws a {@link CategoriesError}:
 * `CATEGORIES_BAD_DOMAIN`, `CATEGORIES_NOT_FOUND` for 404/410, `CATEGORIES_CONTENT_TYPE` for a declared type
 * other than text/plain or text/markdown, `CATEGORIES_TOO_LARGE` past `maxBytes` (default 64 KiB),
 * `CATEGORIES_HTTP_STATUS` and `CATEGORIES_FETCH_FAILED` otherwise (the HTTP error as `cause`).
 */
export async function fetchCategories(
  domain: string | URL,
  options: FetchCategoriesOptions,
): Promise<CategoriesResult> {
  let sourceUrl: string;
  try {
    sourceUrl = wellKnownUrl(
      parseResolveTarget(String(domain), options.scheme ?? 'https').origin,
      'cap-categories',
    );
  } catch (error) {
    throw new CategoriesError({
      code: 'CATEGORIES_BAD_DOMAIN',
      message: `not a domain: ${JSON.stringify(String(domain))}`,
      url: '',
      cause: error,
    });
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CATEGORIES_BYTES;
  try {
    const result = await options.http.getText(sourceUrl, {
      signal: options.signal,
      maxBodyBytes: maxBytes,
      redirect: options.redirect ?? 'same-origin',
      accept: WELL_KNOWN_DOCUMENTS['cap-categories'].accept,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.userAgent !== undefined ? { headers: { 'user-agent': options.userAgent } } : {}),
    });
    const mediaType = (result.provenance.contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
    // A missing Content-Type is common on static hosts for .txt; anything declared must be text.
    if (mediaType !== '' && mediaType !== 'text/plain' && !MARKDOWN.has(mediaType)) {
      throw new CategoriesError({
        code: 'CATEGORIES_CONTENT_TYPE',
        message: `${sourceUrl} is ${mediaType}, expected text/plain or text/markdown`,
        url: sourceUrl,
        status: result.status,
      });
    }
    const markdown = MARKDOWN.has(mediaType);
    return {
      text: result.text,
      format: markdown ? 'markdown' : 'text',
      mediaType: markdown ? 'text/markdown' : 'text/plain',
      sourceUrl,
      provenance: result.provenance,
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw explain(error, sourceUrl, maxBytes);
  }
}

function explain(error: unknown, sourceUrl: string, maxBytes: number): CategoriesError {
  if (error instanceof CategoriesError) return error;
  if (isHttpStatusError(error)) {
    const missing = error.status === 404 || error.status === 410;
    return new CategoriesError({
      code: missing ? 'CATEGORIES_NOT_FOUND' : 'CATEGORIES_HTTP_STATUS',
      message: missing
        ? `${sourceUrl} does not exist (HTTP ${error.status})`
        : `HTTP ${error.status} from ${sourceUrl}`,
      url: sourceUrl,
      status: error.status,
      cause: error,
    });
  }
  if (isBodyTooLargeError(error)) {
    return new CategoriesError({
      code: 'CATEGORIES_TOO_LARGE',
      message: `${sourceUrl} is larger than ${maxBytes} bytes`,
      url: sourceUrl,
      cause: error,
    });
  }
  return new CategoriesError({
    code: 'CATEGORIES_FETCH_FAILED',
    message: `${sourceUrl} could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
    url: sourceUrl,
    cause: error,
  });
}
