import { checkOptions, is, required, trimTrailingSlashes } from '@agentweb/core';
import { HTTP_CLIENT_RULE, type HttpClient, type HttpProvenance } from '@agentweb/http';
import type { AgisEndpoint } from '../document/model.js';
import { isJsonObject } from '../json-object.js';
import { validateJsonValue } from '../json-schema/validate-value.js';
import { AgisEndpointError, AgisInputError } from './errors.js';

/** Options of {@link invokeAgis}. */
export interface InvokeAgisOptions {
  /** Base URL of the service's HTTP binding; the endpoint path is appended to its path. */
  baseUrl: string | URL;
  /** The HTTP client (from `@agentweb/http` `createHttpClient`): it enforces deadlines, size caps and address policy. */
  http: HttpClient;
  /** Sent as `X-AGIS-Namespace` to disambiguate verbs across services (the vocabulary `namespace`). */
  namespace?: string;
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Deadline for the call in ms (default: the client's). */
  timeoutMs?: number;
  /** Largest accepted response body in bytes (default: the client's). */
  maxBodyBytes?: number;
  /** Transport method carrying the call (default POST; the X-AGIS-Method header names the verb). */
  httpMethod?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Check the input against the endpoint's input schema before sending (default true). */
  validateInput?: boolean;
}

/** The answer of a successful call. */
export interface AgisInvocationResult<T = unknown> {
  /** The parsed JSON response (`undefined` for an empty body). */
  data: T;
  /** HTTP status. */
  status: number;
  /** Where the response came from. */
  provenance: HttpProvenance;
}

function errorNameOf(body: unknown, header: string | null): string | undefined {
  if (header) return header;
  if (!isJsonObject(body)) return undefined;
  const e = body['error'];
  if (typeof e === 'string') return e;
  if (isJsonObject(e)) {
    for (const k of ['name', 'code', 'type']) if (typeof e[k] === 'string') return e[k] as string;
  }
  for (const k of ['name', 'code', 'error_code']) if (typeof body[k] === 'string') return body[k] as string;
  return undefined;
}

function buildUrl(baseUrl: string | URL, path: string): URL {
  const url = new URL(String(baseUrl));
  url.pathname = `${trimTrailingSlashes(url.pathname)}${path}`;
  return url;
}

/**
 * Calls an AGIS endpoint over the HTTP transitional binding (draft §10.1): the input is checked against
 * the endpoint's JSON Schema (nothing is sent when it fails: {@link AgisInputError}), path parameters are
 * filled from the input, the rest is sent as a JSON body with `X-AGIS-Method`, `X-AGIS-Grammar: AGIS/1.0`
 * and `X-AGIS-Namespace`. Error answers become {@link AgisEndpointError} carrying the endpoint's declared
 * error name when the body or `X-AGIS-Error` header names one; 454 is a grammar violation.
 */
export async function invokeAgis<T = unknown>(
  endpoint: AgisEndpoint,
  input: Record<string, unknown>,
  options: InvokeAgisOptions,
): Promise<AgisInvocationResult<T>> {
  checkOptions(
    'invokeAgis',
    { endpoint },
    { endpoint: required(is.shape({ method: required(is.nonEmptyString), path: required(is.string) })) },
  );
  checkOptions(
    'invokeAgis',
    options,
    {
      baseUrl: required(is.url),
      http: required(HTTP_CLIENT_RULE),
      namespace: is.string,
      signal: is.signal,
      timeoutMs: is.timerMs,
      maxBodyBytes: is.positiveInteger,
      httpMethod: is.nonEmptyString,
      headers: is.object,
      validateInput: is.boolean,
    },
    { optionsRequired: true },
  );
  const label = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  if (!isJsonObject(input))
    throw new AgisInputError(label, [{ path: '', message: 'input must be an object' }]);
  if (options.validateInput !== false) {
    const violations = validateJsonValue(endpoint.input, input);
    if (violations.length > 0) throw new AgisInputError(label, violations);
  }
  const body: Record<string, unknown> = { ...input };
  const missing: string[] = [];
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = body[name];
    delete body[name];
    // "." and ".." (even percent-encoded) are dot segments: the URL parser would climb out of the endpoint path.
    if (v === undefined || v === null || v === '' || typeof v === 'object' || v === '.' || v === '..') {
      missing.push(name);
      return '';
    }
    return encodeURIComponent(String(v));
  });
  if (missing.length > 0) {
    throw new AgisInputError(
      label,
      missing.map((name) => ({
        path: `/${name}`,
        message: `path parameter ${name} needs a string or number value other than "." or ".."`,
      })),
    );
  }
  const headers: Record<string, string> = {
    ...options.headers,
    'X-AGIS-Method': endpoint.method.toUpperCase(),
    'X-AGIS-Grammar': 'AGIS/1.0',
    ...(options.namespace ? { 'X-AGIS-Namespace': options.namespace } : {}),
  };
  const result = await options.http.request(buildUrl(options.baseUrl, path), {
    method: options.httpMethod ?? 'POST',
    json: body,
    headers,
    accept: 'application/json',
    throwHttpErrors: false,
    cache: false,
    // Retrying a non-idempotent AGIS call (BOOK, TRANSFER) could commit it twice.
    idempotent: endpoint.semantic.is_idempotent === true,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
  if (result.status >= 200 && result.status < 300) {
    const data = (result.body.length === 0 ? undefined : result.json<T>()) as T;
    return { data, status: result.status, provenance: result.provenance };
  }
  let parsed: unknown;
  try {
    parsed = result.body.length === 0 ? undefined : result.json();
  } catch {
    parsed = undefined;
  }
  const raw = errorNameOf(parsed, result.headers.get('x-agis-error'));
  const declared = raw ? endpoint.errors.find((e) => e.name.toLowerCase() === raw.toLowerCase()) : undefined;
  const errorName =
    declared?.name ?? raw ?? (result.status === 454 ? 'grammar_violation' : `http_${result.status}`);
  throw new AgisEndpointError({
    endpoint: label,
    errorName,
    declared: declared !== undefined,
    status: result.status,
    ...(declared?.description ? { description: declared.description } : {}),
    ...(parsed !== undefined ? { body: parsed } : {}),
  });
}
