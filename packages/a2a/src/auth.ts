import type { AgentProfile, AuthScheme } from '@agentweb/agentcard';
import { checkOptions } from '@agentweb/core';
import { AUTH_RULE } from './client-option-rules.js';

/** A credential value, or a function that returns it (called before every request, so tokens can rotate). */
export type CredentialSource = string | ((signal?: AbortSignal) => string | Promise<string>);

/** Send `Authorization: Bearer <token>`. */
export interface BearerAuth {
  /** Discriminator. */
  type: 'bearer';
  /** The token. */
  token: CredentialSource;
}

/**
 * Send an API key where the card's `apiKey` security scheme says (header or query parameter). `in` and
 * `name` override the card; without them the scheme named `scheme` (or the card's first `apiKey` scheme) is
 * used.
 */
export interface ApiKeyAuth {
  /** Discriminator. */
  type: 'apiKey';
  /** The key. */
  key: CredentialSource;
  /** Id of the card's security scheme to follow. */
  scheme?: string;
  /** Where the key goes (overrides the card). */
  in?: 'header' | 'query';
  /** Header or query parameter name (overrides the card). */
  name?: string;
}

/** Send fixed or computed extra headers. */
export interface HeadersAuth {
  /** Discriminator. */
  type: 'headers';
  /** The headers, or a function returning them. */
  headers:
    | Record<string, string>
    | ((signal?: AbortSignal) => Record<string, string> | Promise<Record<string, string>>);
}

/** Credentials for one agent; an array applies several (e.g. an API key and a tenant header). */
export type A2AAuth =
  | BearerAuth
  | ApiKeyAuth
  | HeadersAuth
  | ReadonlyArray<BearerAuth | ApiKeyAuth | HeadersAuth>;

/** What the auth provider adds to one request. */
export interface AppliedAuth {
  /** Headers to add. */
  headers: Record<string, string>;
  /** The URL with any query credentials added. */
  url: string;
}

async function credential(source: CredentialSource, signal?: AbortSignal): Promise<string> {
  return typeof source === 'string' ? source : await source(signal);
}

function apiKeyTarget(
  auth: ApiKeyAuth,
  schemes: readonly AuthScheme[],
): { in: 'header' | 'query'; name: string } {
  const scheme =
    schemes.find((s) => s.id === auth.scheme) ??
    schemes.find((s) => s.type === 'apiKey' && s.in !== 'cookie');
  const where = auth.in ?? (scheme?.in === 'query' ? 'query' : 'header');
  return { in: where, name: auth.name ?? scheme?.name ?? 'X-API-Key' };
}

/** Builds the function that applies `auth` (read against the card's schemes) to each request. */
export function createAuthApplier(
  auth: A2AAuth | undefined,
  profile: AgentProfile | undefined,
): (url: string, signal?: AbortSignal) => Promise<AppliedAuth> {
  checkOptions('createAuthApplier', { auth }, { auth: AUTH_RULE });
  const list =
    auth === undefined ? [] : Array.isArray(auth) ? auth : [auth as BearerAuth | ApiKeyAuth | HeadersAuth];
  const schemes = profile?.auth.schemes ?? [];
  // Most agents need no credentials; skipping the async walk keeps the per-call cost at one resolved promise.
  if (list.length === 0) return (url) => Promise.resolve({ headers: {}, url });
  return async (url, signal) => {
    const headers: Record<string, string> = {};
    let target = url;
    for (const entry of list) {
      if (entry.type === 'bearer')
        headers['authorization'] = `Bearer ${await credential(entry.token, signal)}`;
      else if (entry.type === 'headers') {
        const extra: Record<string, string> =
          typeof entry.headers === 'function' ? await entry.headers(signal) : entry.headers;
        for (const [k, v] of Object.entries(extra)) headers[k.toLowerCase()] = v;
      } else {
        const where = apiKeyTarget(entry, schemes);
        const key = await credential(entry.key, signal);
        if (where.in === 'header') headers[where.name.toLowerCase()] = key;
        else {
          const u = new URL(target);
          u.searchParams.set(where.name, key);
          target = u.href;
        }
      }
    }
    return { headers, url: target };
  };
}
