import { is, type OptionRule, required } from '@agentweb/core';
import { HTTP_CLIENT_RULE } from '@agentweb/http';
import { BINDINGS_RULE } from './select-endpoint.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSource = (v: unknown): boolean => typeof v === 'string' || typeof v === 'function';

function isAuthEntry(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (v['type'] === 'bearer') return isSource(v['token']);
  if (v['type'] === 'apiKey') return isSource(v['key']);
  if (v['type'] === 'headers') return isObject(v['headers']) || typeof v['headers'] === 'function';
  return false;
}

/** `auth`: one credential entry or a list of them. */
export const AUTH_RULE: OptionRule = is.custom(
  "credentials ({ type: 'bearer', token }, { type: 'apiKey', key } or { type: 'headers', headers }, or an array of them)",
  (v) => (Array.isArray(v) ? v.every(isAuthEntry) : isAuthEntry(v)),
);

/** What `createA2AClient` checks before anything is fetched. */
export const A2A_CLIENT_OPTION_RULES = {
  profile: is.shape(
    { id: is.string, endpoints: is.array, skills: is.array },
    'an agent profile (from parseAgentCard)',
  ),
  cardUrl: is.urlLike,
  baseUrl: is.urlLike,
  cardCache: is.falseOr({
    ...is.methods('get', 'getOrLoad', 'delete'),
    expected: 'a card cache (from createCardCache)',
  }),
  http: HTTP_CLIENT_RULE,
  auth: AUTH_RULE,
  dialect: is.oneOf('0.3', '1.0'),
  bindings: BINDINGS_RULE,
  grpc: is.shape({
    credentials: is.object,
    plaintext: is.boolean,
    channelOptions: is.object,
    sendDeadline: is.boolean,
  }),
  endpointUrl: is.nonEmptyString,
  tenant: is.string,
  extensions: is.arrayOf(is.string),
  verifySignature: is.shape({ resolveKey: required(is.function), required: is.boolean }),
  timeoutMs: is.timerMs,
  maxBodyBytes: is.positiveInteger,
  streamTimeoutMs: is.timerMs,
  maxStreamBytes: is.positiveInteger,
  maxEventBytes: is.positiveInteger,
  idleTimeoutMs: is.timerMs,
  resume: is.falseOr(
    is.shape({
      maxReconnects: is.nonNegativeInteger,
      initialDelayMs: is.delayMs,
      maxDelayMs: is.delayMs,
    }),
  ),
  signal: is.signal,
  strict: is.boolean,
  onWarning: is.function,
} as const;
