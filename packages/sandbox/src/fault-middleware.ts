import type { NextFunction, Request, Response } from 'express';
import { TEXT_SKILLS } from './cap-error.js';
import { type MerchantRuntime, PREVIOUS_CONTEXT_KEY } from './merchant-runtime.js';

/** Timers and hung responses the sandbox must end on close. */
export interface Lifecycle {
  /** Pending latency timers. */
  timers: Set<NodeJS.Timeout>;
  /** Responses held open by the hang fault. */
  hung: Set<Response>;
  /** Set once close() started. */
  closed: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rpcError(res: Response, id: unknown, code: number, message: string): void {
  res.status(200).json({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });
}

/** Faults that act before the body is read: hang, auth, latency, 429, 5xx. */
export function preBodyFaults(m: MerchantRuntime, life: Lifecycle) {
  return (req: Request, res: Response, next: NextFunction): void => {
    // JSON-RPC is POST only; probes with other methods (GET, HEAD, OPTIONS) are not A2A requests.
    if (req.method === 'POST') m.countA2ARequest();
    const f = m.faults;
    if (f.hang === true || f.hang === 'all') {
      life.hung.add(res);
      res.on('close', () => life.hung.delete(res));
      return;
    }
    if (f.authRequired !== undefined && req.headers.authorization !== `Bearer ${f.authRequired.token}`) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="sandbox"');
      res.status(401).json({ error: 'unauthorized', message: 'a valid bearer token is required' });
      return;
    }
    const proceed = (): void => {
      if (m.overRateLimit('http')) {
        const seconds = f.rateLimit?.retryAfterSeconds ?? 1;
        res.setHeader('Retry-After', String(seconds));
        res.status(429).json({
          capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
          description: `Too many requests; retry after ${seconds} s`,
          details: { retryAfterSeconds: seconds, limitScope: 'per_ip' },
        });
        return;
      }
      if (f.serverError !== undefined) {
        res
          .status(f.serverError.status ?? 503)
          .type('text/plain')
          .send('sandbox: injected server error');
        return;
      }
      next();
    };
    const delay = m.nextLatencyMs();
    if (delay <= 0) {
      proceed();
      return;
    }
    const timer = setTimeout(() => {
      life.timers.delete(timer);
      if (!res.writableEnded && !req.destroyed) proceed();
    }, delay);
    life.timers.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      life.timers.delete(timer);
    });
  };
}

function wrongId(id: unknown): string | number {
  if (typeof id === 'number') return id + 1_000_000;
  return `${String(id ?? 'null')}-wrong`;
}

function partText(part: unknown): boolean {
  return isRecord(part) && (part['kind'] === 'text' || typeof part['text'] === 'string');
}

function partSkillHint(part: unknown): string | undefined {
  if (!isRecord(part) || !isRecord(part['metadata'])) return undefined;
  const s = part['metadata']['skillId'];
  return typeof s === 'string' ? s : undefined;
}

/** Faults and bookkeeping that need the parsed JSON-RPC body. */
export function postBodyFaults(m: MerchantRuntime) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const f = m.faults;
    const body: unknown = req.body;
    const id = isRecord(body) ? body['id'] : null;
    if (f.malformedJsonRpc) {
      res
        .status(200)
        .type('application/json')
        .send(`{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"result":{"kind":"task","id":`);
      return;
    }
    if (f.oversized !== undefined) {
      const bytes = f.oversized.bytes ?? 8 * 1024 * 1024;
      const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"result":{"kind":"task","id":"oversized","contextId":"oversized","status":{"state":"completed"},"artifacts":[{"artifactId":"a","parts":[{"kind":"data","data":{"padding":"`;
      const tail = '"}}]}]}}';
      const pad = Math.max(0, bytes - head.length - tail.length);
      res.status(200).type('application/json');
      res.setHeader('Content-Length', String(head.length + pad + tail.length));
      res.write(head);
      const chunk = 'x'.repeat(64 * 1024);
      let left = pad;
      while (left > 0) {
        res.write(left >= chunk.length ? chunk : chunk.slice(0, left));
        left -= chunk.length;
      }
      res.end(tail);
      return;
    }
    if (!isRecord(body)) {
      next();
      return;
    }
    const params = isRecord(body['params']) ? body['params'] : undefined;
    const message = params !== undefined && isRecord(params['message']) ? params['message'] : undefined;
    if (message !== undefined) {
      const parts = Array.isArray(message['parts']) ? message['parts'] : [];
      const meta = isRecord(message['metadata']) ? message['metadata'] : undefined;
      if (parts.some(partText)) {
        const hint =
          parts.map(partSkillHint).find((s) => s !== undefined) ??
          (typeof meta?.['skillId'] === 'string' ? meta['skillId'] : undefined);
        const hasOnlyHintData = parts.every((p) => partText(p) || partSkillHint(p) !== undefined);
        if (
          hint !== undefined &&
          hasOnlyHintData &&
          !TEXT_SKILLS.has(hint) &&
          parts.length <= 2 &&
          !parts.some((p) => isRecord(p) && isRecord(p['data']) && Object.keys(p['data']).length > 0)
        ) {
          rpcError(res, id, -32005, `${hint} does not accept text/plain input`);
          return;
        }
      }
      trackContext(m, message);
    }
    if (f.wrongIds) body['id'] = wrongId(body['id']);
    const method = body['method'];
    if (f.droppedStream && (method === 'message/stream' || method === 'SendStreamingMessage')) {
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      let written = false;
      res.write = ((...args: unknown[]) => {
        if (written) return true;
        written = true;
        // Let the first event reach the socket, swallow the rest, then cut the connection mid-stream.
        const ok = write(...args);
        setImmediate(() => req.socket.destroy());
        return ok;
      }) as Response['write'];
      res.end = ((..._args: unknown[]) => {
        setImmediate(() => req.socket.destroy());
        return res;
      }) as Response['end'];
    }
    next();
  };
}

/**
 * Records a contextId the merchant never issued (`stats.foreignContextIds`), or, with the contextRefresh
 * fault, drops it and passes it on in metadata so the executor moves the state to a new one.
 */
function trackContext(m: MerchantRuntime, message: Record<string, unknown>): void {
  const ctx = message['contextId'];
  if (typeof ctx !== 'string' || ctx === '') return;
  if (m.faults.contextRefresh) {
    const meta = isRecord(message['metadata']) ? message['metadata'] : undefined;
    delete message['contextId'];
    message['metadata'] = { ...(meta ?? {}), [PREVIOUS_CONTEXT_KEY]: ctx };
  } else if (!m.contexts.has(ctx)) {
    m.stats.foreignContextIds.push(ctx);
    m.pendingForeign.add(ctx);
  }
}

/** contextId bookkeeping (and the contextRefresh fault) on an HTTP+JSON `message:send`/`message:stream` body. */
export function restBodyFaults(m: MerchantRuntime) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const body: unknown = req.body;
    if (isRecord(body) && isRecord(body['message'])) trackContext(m, body['message']);
    next();
  };
}

/** Turns a body that is not JSON into the JSON-RPC parse error instead of express's HTML page. */
export function jsonParseErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (isRecord(err) && (err['type'] === 'entity.parse.failed' || err instanceof SyntaxError)) {
    rpcError(res, null, -32700, 'Parse error');
    return;
  }
  if (isRecord(err) && err['type'] === 'entity.too.large') {
    res.status(413).json({ capErrorCode: 'CAP_REQUEST_TOO_LARGE', description: 'request body too large' });
    return;
  }
  next(err);
}
