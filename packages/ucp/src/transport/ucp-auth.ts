import { is, type OptionRule } from '@agentweb/core';

/** A credential value, or a function that returns it (called before every call, so tokens can rotate). */
export type UcpCredentialSource = string | ((signal?: AbortSignal) => string | Promise<string>);

/** `Authorization: Bearer <token>` (an OAuth access token, or a business-issued token). */
export interface UcpBearerAuth {
  /** Discriminator. */
  type: 'bearer';
  /** The token. */
  token: UcpCredentialSource;
}

/** An API key in a request header (never the query string, which ends up in logs). */
export interface UcpApiKeyAuth {
  /** Discriminator. */
  type: 'apiKey';
  /** The key. */
  key: UcpCredentialSource;
  /** Header name (default `X-API-Key`). */
  name?: string;
}

/** Fixed or computed extra headers (e.g. a tenant header next to a token). */
export interface UcpHeadersAuth {
  /** Discriminator. */
  type: 'headers';
  /** The headers, or a function returning them. */
  headers:
    | Readonly<Record<string, string>>
    | ((signal?: AbortSignal) => Record<string, string> | Promise<Record<string, string>>);
}

/**
 * How the platform authenticates to a business's UCP service: UCP's REST and MCP bindings use standard HTTP
 * authentication, so these become request headers of every operation (and of the MCP handshake), never of the
 * public `/.well-known/ucp` profile read. An array applies several. The values are withheld from every error.
 */
export type UcpAuth =
  | UcpBearerAuth
  | UcpApiKeyAuth
  | UcpHeadersAuth
  | ReadonlyArray<UcpBearerAuth | UcpApiKeyAuth | UcpHeadersAuth>;

/** Headers of one call, and the strings in them that must never reach an error. */
export interface AppliedUcpAuth {
  /** Headers to add (lower-case names). */
  headers: Record<string, string>;
  /** The credential values (and `Bearer <token>`), for `withholdSecrets`. */
  secrets: string[];
}

function isEntry(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const source = (s: unknown) => typeof s === 'string' || typeof s === 'function';
  if (e['type'] === 'bearer') return source(e['token']);
  if (e['type'] === 'apiKey')
    return source(e['key']) && (e['name'] === undefined || typeof e['name'] === 'string');
  if (e['type'] === 'headers')
    return typeof e['headers'] === 'function' || (typeof e['headers'] === 'object' && e['headers'] !== null);
  return false;
}

/** What `createUcpClient` checks `auth` against. */
export const UCP_AUTH_RULE: OptionRule = is.custom(
  "credentials ({ type: 'bearer', token }, { type: 'apiKey', key, name? } or { type: 'headers', headers }, or an array of them)",
  (v) => (Array.isArray(v) ? v.every(isEntry) : isEntry(v)),
);

async function credentialValue(
  source: UcpCredentialSource,
  signal: AbortSignal | undefined,
): Promise<string> {
  return typeof source === 'string' ? source : await source(signal);
}

/** Builds the function that turns `auth` into the headers of one call (none without `auth`). */
export function createUcpAuthApplier(
  auth: UcpAuth | undefined,
): ((signal: AbortSignal | undefined) => Promise<AppliedUcpAuth>) | undefined {
  if (auth === undefined) return undefined;
  const list = (Array.isArray(auth) ? auth : [auth]) as readonly (
    | UcpBearerAuth
    | UcpApiKeyAuth
    | UcpHeadersAuth
  )[];
  return async (signal) => {
    const headers: Record<string, string> = {};
    const secrets: string[] = [];
    for (const entry of list) {
      if (entry.type === 'bearer') {
        const token = await credentialValue(entry.token, signal);
        headers['authorization'] = `Bearer ${token}`;
        secrets.push(token);
      } else if (entry.type === 'apiKey') {
        const key = await credentialValue(entry.key, signal);
        headers[(entry.name ?? 'X-API-Key').toLowerCase()] = key;
        secrets.push(key);
      } else {
        const extra = typeof entry.headers === 'function' ? await entry.headers(signal) : entry.headers;
        for (const [name, value] of Object.entries(extra)) {
          headers[name.toLowerCase()] = value;
          secrets.push(value);
        }
      }
    }
    return { headers, secrets };
  };
}
