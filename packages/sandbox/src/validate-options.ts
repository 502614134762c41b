import type { MerchantFaults } from './faults.js';
import { SandboxOptionsError } from './sandbox-errors.js';

const DIALECTS = new Set(['0.3', '1.0', 'dual']);
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const FLAG_FAULTS = ['malformedJsonRpc', 'wrongIds', 'droppedStream', 'contextRefresh'] as const;

/** Throws `SandboxOptionsError` for `option`. */
export function bad(option: string, message: string): never {
  throw new SandboxOptionsError(option, message);
}

/** A value as it appears in an error message. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function nonNegative(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

/** Checks the merchant count: a non-negative integer. */
export function checkMerchantCount(value: unknown): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
    bad('merchants', `merchants must be a non-negative integer, not ${show(value)}`);
}

/** Checks a `{ minMs, maxMs }` latency range. */
export function checkLatency(option: string, value: unknown): void {
  if (value === undefined) return;
  if (
    !isRecord(value) ||
    !nonNegative(value['minMs']) ||
    !nonNegative(value['maxMs']) ||
    value['minMs'] > value['maxMs']
  )
    bad(option, `${option} must be { minMs, maxMs } with 0 <= minMs <= maxMs, not ${show(value)}`);
}

/** Checks `crawling`: `{ crawlDelaySeconds?: number >= 0, pageLatency?: { minMs, maxMs } }`. */
export function checkCrawlingOptions(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value)) bad('crawling', `crawling must be an object, not ${show(value)}`);
  const delay = value['crawlDelaySeconds'];
  if (delay !== undefined && !(nonNegative(delay) && delay <= 3600))
    bad('crawling', `crawling.crawlDelaySeconds must be a number from 0 to 3600, not ${show(delay)}`);
  checkLatency('crawling.pageLatency', value['pageLatency']);
}

/** Checks one merchant's faults; `where` names them in the message (e.g. `faults[3]`). */
export function checkMerchantFaults(where: string, f: unknown): asserts f is MerchantFaults | undefined {
  if (f === undefined) return;
  if (!isRecord(f)) bad('faults', `${where} must be an object, not ${show(f)}`);
  checkLatency(`${where}.latency`, f['latency']);
  const rl = f['rateLimit'];
  if (
    rl !== undefined &&
    (!isRecord(rl) ||
      !nonNegative(rl['retryAfterSeconds']) ||
      (rl['mode'] !== undefined && rl['mode'] !== 'http' && rl['mode'] !== 'task') ||
      (rl['after'] !== undefined && !(Number.isInteger(rl['after']) && (rl['after'] as number) >= 0)))
  )
    bad(
      'faults',
      `${where}.rateLimit must be { retryAfterSeconds >= 0, mode?: 'http' | 'task', after?: integer >= 0 }`,
    );
  const se = f['serverError'];
  if (
    se !== undefined &&
    (!isRecord(se) ||
      (se['status'] !== undefined &&
        !(
          Number.isInteger(se['status']) &&
          (se['status'] as number) >= 500 &&
          (se['status'] as number) <= 599
        )))
  )
    bad('faults', `${where}.serverError.status must be an integer from 500 to 599, not ${show(se)}`);
  const hang = f['hang'];
  if (hang !== undefined && typeof hang !== 'boolean' && hang !== 'all')
    bad('faults', `${where}.hang must be true, false or 'all', not ${show(hang)}`);
  const big = f['oversized'];
  if (
    big !== undefined &&
    (!isRecord(big) ||
      (big['bytes'] !== undefined && !(Number.isInteger(big['bytes']) && (big['bytes'] as number) > 0)))
  )
    bad('faults', `${where}.oversized.bytes must be a positive integer, not ${show(big)}`);
  const auth = f['authRequired'];
  if (auth !== undefined && (!isRecord(auth) || typeof auth['token'] !== 'string' || auth['token'] === ''))
    bad('faults', `${where}.authRequired.token must be a non-empty string`);
  const forged = f['forgedInterface'];
  if (
    forged !== undefined &&
    (!isRecord(forged) ||
      typeof forged['url'] !== 'string' ||
      forged['url'] === '' ||
      typeof forged['binding'] !== 'string' ||
      !BINDINGS.has(forged['binding']))
  )
    bad(
      'faults',
      `${where}.forgedInterface must be { url: non-empty string, binding: JSONRPC | HTTP+JSON | GRPC }`,
    );
  for (const flag of FLAG_FAULTS)
    if (f[flag] !== undefined && typeof f[flag] !== 'boolean')
      bad('faults', `${where}.${flag} must be a boolean, not ${show(f[flag])}`);
}

/** The options `startSandbox` and `startSandboxProcess` share. */
export interface CommonSandboxOptions {
  merchants?: unknown;
  seed?: unknown;
  dialects?: unknown;
  bindings?: unknown;
  domainSuffix?: unknown;
}

const BINDINGS = new Set(['JSONRPC', 'HTTP+JSON', 'GRPC']);

/** Faults a gRPC merchant can inject (the rest act on HTTP bodies and statuses). */
const GRPC_FAULTS = new Set(['latency', 'hang', 'authRequired', 'serverError', 'forgedInterface']);
/** Faults that act on the JSON-RPC envelope only. */
const JSONRPC_ONLY_FAULTS = new Set(['malformedJsonRpc', 'wrongIds', 'oversized', 'droppedStream']);

/** Refuses faults a merchant of `binding` cannot inject, naming the merchant and the fault. */
export function checkFaultsForBinding(where: string, binding: string, faults: MerchantFaults): void {
  for (const [name, value] of Object.entries(faults)) {
    if (value === undefined || value === false) continue;
    if (
      binding === 'GRPC' &&
      !GRPC_FAULTS.has(name) &&
      !(name === 'rateLimit' && (faults.rateLimit?.mode ?? 'http') === 'task')
    )
      bad(
        where,
        `${name} is not available on a gRPC merchant (only latency, hang, authRequired, serverError and task-mode rateLimit)`,
      );
    if (binding === 'HTTP+JSON' && JSONRPC_ONLY_FAULTS.has(name))
      bad(where, `${name} acts on JSON-RPC envelopes and is not available on an HTTP+JSON merchant`);
  }
}

/** Checks the options shared by `startSandbox` and `startSandboxProcess`. */
export function checkCommonOptions(options: CommonSandboxOptions): void {
  checkMerchantCount(options.merchants);
  const { seed, dialects, bindings, domainSuffix } = options;
  if (bindings !== undefined) {
    if (!Array.isArray(bindings) || bindings.length === 0)
      bad('bindings', `bindings must be a non-empty array, not ${show(bindings)}`);
    for (const b of bindings)
      if (typeof b !== 'string' || !BINDINGS.has(b))
        bad('bindings', `unknown binding ${show(b)} (expected 'JSONRPC', 'HTTP+JSON' or 'GRPC')`);
  }
  if (seed !== undefined && typeof seed !== 'string' && !(typeof seed === 'number' && Number.isFinite(seed)))
    bad('seed', `seed must be a string or a finite number, not ${show(seed)}`);
  if (dialects !== undefined) {
    if (!Array.isArray(dialects) || dialects.length === 0)
      bad('dialects', `dialects must be a non-empty array, not ${show(dialects)}`);
    for (const d of dialects)
      if (typeof d !== 'string' || !DIALECTS.has(d))
        bad('dialects', `unknown dialect ${show(d)} (expected '0.3', '1.0' or 'dual')`);
  }
  if (domainSuffix !== undefined) {
    // Merchant names are `shop-<i>.<suffix>`, so the suffix must leave room for that label.
    if (
      typeof domainSuffix !== 'string' ||
      domainSuffix.length > 200 ||
      !domainSuffix.split('.').every((label) => LABEL.test(label))
    )
      bad(
        'domainSuffix',
        `domainSuffix must be a DNS name of at most 200 characters, not ${show(domainSuffix)}`,
      );
  }
}

/** Checks a bind port: an integer from 0 to 65535. */
export function checkPort(port: unknown): void {
  if (port !== undefined && !(Number.isInteger(port) && (port as number) >= 0 && (port as number) <= 65535))
    bad('port', `port must be an integer from 0 to 65535, not ${show(port)}`);
}

/** Checks a loopback bind host: 127/8, `::1` or `localhost`. */
export function checkLoopbackHost(host: unknown): void {
  if (
    typeof host !== 'string' ||
    !(host === '::1' || host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host))
  )
    bad('host', `the sandbox binds loopback only (127/8, ::1, localhost), not ${show(host)}`);
}

/** Checks `faults` given as a map by index or id, or (when `allowFunction`) a function. */
export function checkFaultsOption(faults: unknown, allowFunction: boolean): void {
  if (faults === undefined || (allowFunction && typeof faults === 'function')) return;
  if (!isRecord(faults))
    bad(
      'faults',
      `faults must be an object keyed by merchant index or id${allowFunction ? ' or a function' : ''}, not ${show(faults)}`,
    );
  for (const [key, value] of Object.entries(faults))
    checkMerchantFaults(`faults[${JSON.stringify(key)}]`, value);
}

/** Checks the child-process options: `startTimeoutMs` positive, `signal` an AbortSignal. */
export function checkChildOptions(options: { startTimeoutMs?: unknown; signal?: unknown }): void {
  const t = options.startTimeoutMs;
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t) && t > 0))
    bad('startTimeoutMs', `startTimeoutMs must be a positive number, not ${show(t)}`);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    bad('signal', 'signal must be an AbortSignal');
}

/** Checks the options of `startMinimalSdkMerchants`: a merchant count (required) and an optional latency. */
export function checkMinimalSdkOptions(options: { merchants?: unknown; latency?: unknown }): void {
  if (options.merchants === undefined) bad('merchants', 'merchants is required');
  checkMerchantCount(options.merchants);
  checkLatency('latency', options.latency);
}
