import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgisServiceRuntime, CompiledEndpoint } from './agis-runtime.js';
import { checkInput } from './schema-check.js';

/** Largest request body an AGIS endpoint reads. */
export const AGIS_MAX_BODY_BYTES = 64 * 1024;
/** How long an AGIS endpoint waits for the whole request body. */
export const AGIS_BODY_DEADLINE_MS = 10_000;

/** Hung responses and timers the sandbox ends on close. */
export interface AgisLifecycle {
  /** Responses held open by the hang fault. */
  hung: Set<ServerResponse>;
  /** Pending body deadlines. */
  timers: Set<NodeJS.Timeout>;
}

const PROHIBITED = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE']);

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'x-agis-grammar': 'AGIS/1.0',
    ...headers,
  });
  res.end(text);
}

/** An error answer of the binding: status, `X-AGIS-Error` and `{ error, message }`. */
function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  message: string,
  extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): void {
  send(res, status, { error, message, ...extra.body }, { 'x-agis-error': error, ...extra.headers });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function recordHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Reads the body with the size cap and deadline; resolves undefined once it has answered the failure itself. */
function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  life: AgisLifecycle,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: string | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      life.timers.delete(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      sendError(
        res,
        408,
        'request_timeout',
        `the request body did not arrive within ${AGIS_BODY_DEADLINE_MS} ms`,
        {
          headers: { connection: 'close' },
        },
      );
      req.destroy();
      finish(undefined);
    }, AGIS_BODY_DEADLINE_MS);
    life.timers.add(timer);
    const declared = Number(header(req, 'content-length') ?? '0');
    if (declared > AGIS_MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    function tooLarge(): void {
      // Close the connection: the rest of an oversized body would otherwise be read as the next request.
      sendError(res, 413, 'payload_too_large', `request bodies are limited to ${AGIS_MAX_BODY_BYTES} bytes`, {
        headers: { connection: 'close' },
      });
      req.resume();
      finish(undefined);
    }
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > AGIS_MAX_BODY_BYTES) tooLarge();
      else chunks.push(chunk);
    });
    req.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => finish(undefined));
    req.on('close', () => finish(undefined));
  });
}

function parseBody(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `the body is not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'the body must be a JSON object of input parameters' };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * A short description of a client's value for an error message. Never `JSON.stringify` of the whole value: a
 * 64 KiB body can nest deep enough to overflow the stack, and the message should not echo the body back.
 */
function describe(value: unknown): string {
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}..."` : text;
  }
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** The endpoint input: body plus path parameters; a body value contradicting the path is refused. */
function inputOf(
  match: RegExpExecArray,
  endpoint: CompiledEndpoint,
  body: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const input = { ...body };
  for (const [i, name] of endpoint.params.entries()) {
    let value: string;
    try {
      value = decodeURIComponent(match[i + 1] ?? '');
    } catch {
      return { ok: false, message: `path parameter ${name} is not valid percent-encoding` };
    }
    if (Object.hasOwn(body, name) && body[name] !== value)
      return {
        ok: false,
        message: `${name} in the body (${describe(body[name])}) differs from the path (${value})`,
      };
    input[name] = value;
  }
  return { ok: true, value: input };
}

async function invoke(
  rt: AgisServiceRuntime,
  life: AgisLifecycle,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  candidates: { endpoint: CompiledEndpoint; match: RegExpExecArray }[],
): Promise<void> {
  const agisMethod = header(req, 'x-agis-method');
  rt.stats.lastRequest = { agisMethod, path, headers: recordHeaders(req), body: undefined };
  if (req.method !== 'POST') {
    sendError(
      res,
      405,
      'method_not_allowed',
      `AGIS endpoints take POST over the HTTP binding, not ${req.method}`,
      {
        headers: { allow: 'POST' },
      },
    );
    return;
  }
  const grammar = header(req, 'x-agis-grammar');
  if (grammar?.trim().toUpperCase() !== 'AGIS/1.0') {
    sendError(
      res,
      454,
      'grammar_violation',
      grammar === undefined
        ? 'X-AGIS-Grammar: AGIS/1.0 is required'
        : `unsupported grammar ${JSON.stringify(grammar)}`,
    );
    return;
  }
  const method = agisMethod?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]+$/.test(method) || PROHIBITED.has(method)) {
    sendError(
      res,
      454,
      'grammar_violation',
      method === ''
        ? 'X-AGIS-Method is required'
        : `X-AGIS-Method ${JSON.stringify(agisMethod)} is not an AGIS method (one imperative verb, letters only, not an HTTP method)`,
    );
    return;
  }
  const namespace = header(req, 'x-agis-namespace')?.trim();
  if (namespace !== undefined && namespace !== '' && namespace.toLowerCase() !== rt.namespace) {
    sendError(
      res,
      421,
      'namespace_mismatch',
      `this service's namespace is ${rt.namespace}, not ${namespace}`,
    );
    return;
  }
  const chosen = candidates.find((c) => c.endpoint.endpoint.method === method);
  if (chosen === undefined) {
    const allowed = candidates.map((c) => c.endpoint.endpoint.method);
    sendError(
      res,
      405,
      'method_not_allowed',
      `${method} is not declared for ${path}; declared: ${allowed.join(', ')}`,
      {
        headers: { allow: 'POST', 'x-agis-allow': allowed.join(', ') },
        body: { allowed },
      },
    );
    return;
  }
  const { endpoint, match } = chosen;
  rt.stats.calls[endpoint.key] = (rt.stats.calls[endpoint.key] ?? 0) + 1;
  if (rt.faults.hang === true) {
    life.hung.add(res);
    res.on('close', () => life.hung.delete(res));
    return;
  }
  if (rt.faults.serverError !== undefined) {
    sendError(
      res,
      rt.faults.serverError.status ?? 503,
      'service_unavailable',
      'sandbox: injected server error',
    );
    return;
  }
  const text = await readBody(req, res, life);
  if (text === undefined) return;
  const body = parseBody(text);
  if (rt.stats.lastRequest !== undefined && body.ok) rt.stats.lastRequest.body = body.value;
  const input = body.ok ? inputOf(match, endpoint, body.value) : body;
  if (!input.ok) {
    sendError(res, 400, 'invalid_input', input.message);
    return;
  }
  const problems = checkInput(endpoint.endpoint.input, input.value);
  if (problems.length > 0) {
    const first = problems[0];
    sendError(
      res,
      400,
      'invalid_input',
      `${first?.path.slice(1) || 'input'} ${first?.message ?? ''}`.trim(),
      {
        body: { problems },
      },
    );
    return;
  }
  const outcome = rt.logic.invoke(endpoint.key, input.value, new Date());
  if (outcome.ok) {
    send(res, 200, outcome.result);
    return;
  }
  const declared = endpoint.endpoint.errors.find((e) => e.name === outcome.error);
  sendError(res, declared?.status ?? 500, outcome.error, outcome.message);
}

/** Serves one AGIS service: the well-known summary, the document, and the endpoints over the HTTP binding. */
export function handleAgisRequest(
  rt: AgisServiceRuntime,
  life: AgisLifecycle,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  rt.stats.requests++;
  let path: string;
  try {
    path = new URL(req.url ?? '/', 'http://agis.invalid').pathname;
  } catch {
    path = '/';
  }
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (read && path === '/.well-known/agis.json') {
    send(res, 200, rt.wellKnown, { 'cache-control': 'max-age=300' });
    return;
  }
  if (read && (path === '/agis.yaml' || path === '/agis.json')) {
    const json = path === '/agis.json';
    const text = json ? rt.json : rt.yaml;
    res.writeHead(200, {
      'content-type': json ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  const candidates = rt.endpoints.flatMap((endpoint) => {
    const match = endpoint.pattern.exec(path);
    return match === null ? [] : [{ endpoint, match }];
  });
  if (candidates.length === 0) {
    sendError(res, 404, 'endpoint_not_found', `no AGIS endpoint at ${path}; see /.well-known/agis.json`);
    return;
  }
  invoke(rt, life, req, res, path, candidates).catch((e: unknown) => {
    if (!res.headersSent) sendError(res, 500, 'internal_error', e instanceof Error ? e.message : String(e));
    else res.destroy();
  });
}
