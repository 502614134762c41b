import { parseGrpcTarget } from '@agentweb/a2a';

/** Why a merchant's identity deserves a second look. */
export type MerchantIdentityWarningCode =
  /**
   * The endpoint called is on another host than the card was fetched from. The card may be a forgery naming
   * another merchant's endpoint; the merchant is kept apart from any merchant whose card came from that host.
   */
  'endpoint-cross-origin';

/** A note about a merchant's identity: what the card says that the client could not vouch for. */
export interface MerchantIdentityWarning {
  /** What kind of note. */
  code: MerchantIdentityWarningCode;
  /** Dotted path of the profile field concerned (`endpoints[0].url`). */
  path: string;
  /** Human-readable detail. */
  message: string;
}

/** The endpoint a merchant's calls go to, as chosen by its A2A client (`A2AClient.endpoint`). */
export interface MerchantEndpointRef {
  /** The endpoint URL (for gRPC, possibly a `host:port` target). */
  url: string;
  /** The A2A binding used there (`JSONRPC`, `HTTP+JSON`, `GRPC`). */
  binding: string;
}

/** Options of {@link merchantIdentity}. */
export interface MerchantIdentityInput {
  /** The endpoint actually called and its binding (the A2A client's `endpoint`). */
  endpoint: MerchantEndpointRef;
  /**
   * Where the card was fetched from, after redirects. Omit for a profile the caller built or vouches for: its
   * endpoint's origin then stands in for the card's.
   */
  cardUrl?: string | undefined;
  /** Index of `endpoint` in the profile's `endpoints`, for the warning's path (default 0). */
  endpointIndex?: number;
}

/**
 * Who a merchant is, from what the client verified rather than what its card claims: the origin its card was
 * fetched from, the endpoint its calls go to and the binding they use. A card's own id (an A2A card's first
 * endpoint URL, an IETF `agent_id`) is a claim anyone can copy; this is not.
 */
export interface MerchantIdentity {
  /**
   * The merchant's key, used for the registry, the backoff and circuit, contextIds, the search cache and
   * provenance. For an endpoint on the card's own origin it is the endpoint URL (`https://shop.example/a2a`),
   * prefixed by its binding unless that is JSON-RPC (`GRPC shop.example:443`); for an endpoint on another origin
   * ` via <card origin>` follows (`HTTP+JSON https://shop.example/a2a via https://evil.example`). Two cards
   * fetched from different origins never share a key unless both name the same endpoint on their own origin.
   */
  readonly key: string;
  /** The origin that vouches for the merchant: its card's (`https://shop.example`), else its endpoint's. */
  readonly origin: string;
  /** The card URL the identity was derived from, when the card was fetched. */
  readonly cardUrl: string | undefined;
  /** The endpoint called and its binding. */
  readonly endpoint: Readonly<MerchantEndpointRef>;
  /** True when the endpoint is on another host than the card (see the `endpoint-cross-origin` warning). */
  readonly crossOrigin: boolean;
  /** What the client could not vouch for; empty for a card whose endpoint is on its own origin. */
  readonly warnings: readonly MerchantIdentityWarning[];
}

/**
 * The identity of a merchant from its card's URL and the endpoint its A2A client picked.
 *
 * Same origin means the same host name for gRPC (a gRPC service listens on a port of its own and its target has
 * no scheme), and the same scheme, host and port otherwise.
 */
export function merchantIdentity(input: MerchantIdentityInput): MerchantIdentity {
  const { endpoint } = input;
  const endpointText = canonicalEndpoint(endpoint.url);
  const endpointPart = endpoint.binding === 'JSONRPC' ? endpointText : `${endpoint.binding} ${endpointText}`;
  const endpointOrigin = originOf(endpoint.url);
  const cardOrigin = input.cardUrl === undefined ? undefined : originOf(input.cardUrl);
  const origin = cardOrigin ?? endpointOrigin ?? endpointText;
  const crossOrigin = cardOrigin !== undefined && !sameOrigin(endpoint, cardOrigin);
  const warnings: MerchantIdentityWarning[] = crossOrigin
    ? [
        {
          code: 'endpoint-cross-origin',
          path: `endpoints[${input.endpointIndex ?? 0}].url`,
          message: `the card from ${cardOrigin} names an endpoint on another origin (${endpointText}, ${endpoint.binding}); it is kept apart from the merchant whose card that origin serves`,
        },
      ]
    : [];
  return Object.freeze({
    key: crossOrigin ? `${endpointPart} via ${origin}` : endpointPart,
    origin,
    cardUrl: input.cardUrl,
    endpoint: Object.freeze({ url: endpoint.url, binding: endpoint.binding }),
    crossOrigin,
    warnings: Object.freeze(warnings),
  });
}

/**
 * The URL as `URL` writes it (lower-case scheme and host), percent-encoded text when unparsable; never a space,
 * which separates the parts of a key (an opaque path such as a gRPC `host:port/…` target keeps its spaces).
 */
function canonicalEndpoint(url: string): string {
  let text: string;
  try {
    text = new URL(url).href;
  } catch {
    try {
      text = encodeURI(url);
    } catch {
      // A lone surrogate (encodeURI throws URIError): JSON escapes it as `\ud800`, distinct from any other text.
      text = JSON.stringify(url).slice(1, -1);
    }
  }
  return text.replaceAll(' ', '%20');
}

/** `scheme://host[:port]` of an http(s) URL, lower-cased; undefined for anything else. */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function sameOrigin(endpoint: MerchantEndpointRef, cardOrigin: string): boolean {
  if (endpoint.binding === 'GRPC') {
    try {
      return parseGrpcTarget(endpoint.url, false).host.toLowerCase() === new URL(cardOrigin).hostname;
    } catch {
      return false;
    }
  }
  return originOf(endpoint.url) === cardOrigin;
}
