import type { UcpAuth } from '@agentweb/ucp';

/** What a UCP merchant is known by when its credentials are looked up. */
export interface UcpCredentialsKey {
  /** `host[:port]` of the business (where its `/.well-known/ucp` was read). */
  domain: string;
  /** The business origin (`https://shop.example`). */
  businessUrl: string;
}

/** Credentials of a UCP merchant by name, or a function that answers them per merchant. */
export type UcpCredentials =
  | Readonly<Record<string, UcpAuth>>
  | ((merchant: UcpCredentialsKey) => UcpAuth | undefined);

/** The client's `ucp` option: what it needs to shop at UCP merchants. */
export interface AgentWebUcpOptions {
  /**
   * URL of the platform profile you host (`createPlatformProfile` of `@agentweb/ucp` writes its JSON), sent to every
   * UCP merchant in `UCP-Agent: profile="..."`. Without the `ucp` option no merchant is probed for UCP.
   */
  profileUrl: string;
  /** Transport per merchant: `rest`, `mcp` or `auto` (default: REST when offered, else MCP). */
  transport?: 'rest' | 'mcp' | 'auto';
  /**
   * Credentials per UCP merchant, for businesses that authenticate platforms (UCP's REST and MCP bindings use
   * standard HTTP authentication): `{ type: 'bearer', token }` sends `Authorization: Bearer <token>`,
   * `{ type: 'apiKey', key, name? }` an API key header (default `X-API-Key`), `{ type: 'headers', headers }` any;
   * a token may be a function, called before each call so it can rotate. A map is keyed by the merchant's domain
   * (`host[:port]`), bare host name or origin (first hit wins); the domain is the one whose `/.well-known/ucp` was
   * read, so no merchant can claim another's key. A function gets `{ domain, businessUrl }` and answers
   * credentials or `undefined`. They go with every operation and the MCP handshake, never with the public profile
   * read; they never appear in errors, events or cache keys, and a merchant called with credentials has its
   * search pages cached per user. (The client's top-level `credentials` are CAP's and are not sent to UCP
   * merchants.)
   */
  credentials?: UcpCredentials;
}
