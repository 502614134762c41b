import { checkOptions, is, required } from '@agentweb/core';
import { createHttpClient, HTTP_CLIENT_RULE, type HttpClient, type HttpProvenance } from '@agentweb/http';
import { configError } from '../common/config-error.js';
import {
  buildDiscoverQuery,
  buildStreamQuery,
  type RegistryDiscoverFilters,
  type RegistryScope,
  type RegistryStreamFilters,
} from './discover-filters.js';
import { parseDiscoveryResult, type RegistryDiscoverResult } from './parse-discovery-result.js';
import { registryErrorFromResponse } from './registry-error-body.js';
import { RegistryError } from './registry-errors.js';
import {
  openRegistryStream,
  REGISTRY_STREAM_OPTION_RULES,
  type RegistryStreamEvent,
  type RegistryStreamOptions,
} from './registry-stream.js';

/** Options of {@link createNooterraRegistryClient}. */
export interface NooterraRegistryClientOptions {
  /** Registry base URL, e.g. `https://api.nooterra.ai/`; a path prefix is kept (`https://host/v1/`). */
  baseUrl: string | URL;
  /**
   * HTTP client for every call (deadline, size cap, address guard, retries incl. `Retry-After` on 429).
   * Default: `createHttpClient()` (https only, public addresses only).
   */
  http?: HttpClient;
  /** API key sent as `Authorization: Bearer <key>`; needed for the tenant scope and the paid public bypass. */
  apiKey?: string;
  /** Tenant sent as `x-proxy-tenant-id` on tenant-scoped calls. */
  tenantId?: string;
  /** Protocol version sent as `x-nooterra-protocol` (default `1.0`). */
  protocol?: string;
  /** Deadline of one discover call in ms, retries included (default: the HTTP client's). */
  timeoutMs?: number;
  /** Largest discover response accepted, in bytes (default 8 MiB: 100 hits with tools and reputation). */
  maxResponseBytes?: number;
  /** Defaults for every `stream()` call (per-call options win). */
  stream?: Omit<RegistryStreamOptions, 'signal' | 'sinceCursor'>;
}

/** Options of `discover()`. */
export interface RegistryDiscoverOptions {
  /** Aborts the call; it then rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** `public` (default): `/public/agent-cards/discover`; `tenant`: `/agent-cards/discover` with credentials. */
  scope?: RegistryScope;
  /** Deadline of this call in ms (overrides the client's). */
  timeoutMs?: number;
}

/** A discover result with where it came from. */
export interface RegistryDiscoverResponse extends RegistryDiscoverResult {
  /** Provenance of the HTTP answer. */
  provenance: HttpProvenance;
}

/** A client of a Nooterra agent-card registry. */
export interface NooterraRegistryClient {
  /**
   * Searches the registry. Filters are checked first ({@link RegistryFilterError} names the one at fault, and
   * nothing is sent); registry errors become {@link RegistryError} with the registry's code and status.
   */
  discover(
    filters?: RegistryDiscoverFilters,
    options?: RegistryDiscoverOptions,
  ): Promise<RegistryDiscoverResponse>;
  /**
   * Follows `GET /public/agent-cards/stream`: upserts and removals as they happen, resumed across dropped
   * connections without loss or repeats. Filters and `sinceCursor` are checked when called.
   */
  stream(
    filters?: RegistryStreamFilters,
    options?: RegistryStreamOptions,
  ): AsyncIterableIterator<RegistryStreamEvent>;
}

const DEFAULT_PROTOCOL = '1.0';
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

function baseOf(input: string | URL): URL {
  const url = URL.parse(String(input));
  if (url === null)
    throw configError('REGISTRY_CONFIG_INVALID', `baseUrl ${JSON.stringify(String(input))} is not a URL`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

function checkHeaderValue(name: string, value: string | undefined): void {
  if (value !== undefined && (value.trim() === '' || !/^[\x20-\x7e]+$/.test(value))) {
    throw configError('REGISTRY_CONFIG_INVALID', `${name} must be non-empty printable ASCII`);
  }
}

/** Creates a client for a Nooterra registry (discover and the public card stream). */
export function createNooterraRegistryClient(options: NooterraRegistryClientOptions): NooterraRegistryClient {
  // Types first (InvalidOptionError); a base URL or header value that is a string but unusable is a
  // REGISTRY_CONFIG_INVALID error below.
  checkOptions(
    'createNooterraRegistryClient',
    options,
    {
      baseUrl: required(is.urlLike),
      http: HTTP_CLIENT_RULE,
      apiKey: is.string,
      tenantId: is.string,
      protocol: is.string,
      timeoutMs: is.timerMs,
      maxResponseBytes: is.positiveInteger,
      stream: is.shape(REGISTRY_STREAM_OPTION_RULES, 'stream options'),
    },
    { optionsRequired: true },
  );
  const base = baseOf(options.baseUrl);
  checkHeaderValue('apiKey', options.apiKey);
  checkHeaderValue('tenantId', options.tenantId);
  checkHeaderValue('protocol', options.protocol);
  const http = options.http ?? createHttpClient();
  const protocol = options.protocol ?? DEFAULT_PROTOCOL;

  function headersFor(scope: RegistryScope): Record<string, string> {
    const headers: Record<string, string> = { 'x-nooterra-protocol': protocol };
    if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
    if (scope === 'tenant' && options.tenantId !== undefined) headers['x-proxy-tenant-id'] = options.tenantId;
    return headers;
  }

  async function discover(
    filters: RegistryDiscoverFilters = {},
    call: RegistryDiscoverOptions = {},
  ): Promise<RegistryDiscoverResponse> {
    const scope = call.scope ?? 'public';
    if (scope !== 'public' && scope !== 'tenant')
      throw configError('REGISTRY_CONFIG_INVALID', `Unknown scope ${String(scope)}`);
    const query = buildDiscoverQuery(filters, scope);
    if (scope === 'tenant' && options.apiKey === undefined && options.tenantId === undefined) {
      throw new RegistryError({
        code: 'REGISTRY_CREDENTIALS_REQUIRED',
        status: 0,
        url: base.href,
        message: 'Tenant-scoped discovery needs an apiKey or a tenantId',
      });
    }
    const url = new URL(scope === 'public' ? 'public/agent-cards/discover' : 'agent-cards/discover', base);
    url.search = query.toString();
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const answer = await http.request(url, {
      headers: headersFor(scope),
      accept: 'application/json',
      throwHttpErrors: false,
      maxBodyBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      ...(call.signal ? { signal: call.signal } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const finalUrl = answer.provenance.finalUrl;
    if (answer.status < 200 || answer.status > 299) {
      throw registryErrorFromResponse({
        url: finalUrl,
        status: answer.status,
        bodyText: answer.text(),
        retryAfter: answer.headers.get('retry-after'),
      });
    }
    let body: unknown;
    try {
      body = answer.json();
    } catch (error) {
      throw new RegistryError({
        code: 'REGISTRY_RESPONSE_INVALID',
        status: answer.status,
        url: finalUrl,
        message: `Registry answer is not JSON (${finalUrl})`,
        cause: error,
      });
    }
    return { ...parseDiscoveryResult(body, finalUrl, answer.status), provenance: answer.provenance };
  }

  function stream(
    filters: RegistryStreamFilters = {},
    call: RegistryStreamOptions = {},
  ): AsyncIterableIterator<RegistryStreamEvent> {
    const query = buildStreamQuery(filters);
    return openRegistryStream(
      { http, url: new URL('public/agent-cards/stream', base), query, headers: headersFor('public') },
      { ...options.stream, ...call, reconnect: { ...options.stream?.reconnect, ...call.reconnect } },
    );
  }

  return { discover, stream };
}
