/** A transport a UCP service is bound to. */
export type UcpTransportName = 'rest' | 'mcp' | 'a2a' | 'embedded';

/** A service binding of a business profile. */
export interface UcpService {
  /** Service name (`dev.ucp.shopping`). */
  name: string;
  /** Version (`YYYY-MM-DD`). */
  version: string;
  /** Transport. */
  transport: UcpTransportName;
  /** Endpoint URL (https), when the transport has one. */
  endpoint: string | undefined;
  /** Spec URL. */
  spec: string | undefined;
  /** Schema URL (OpenAPI / OpenRPC). */
  schema: string | undefined;
}

/** A capability (or extension) with one version. */
export interface UcpCapability {
  /** Reverse-domain name (`dev.ucp.shopping.checkout`). */
  name: string;
  /** Version (`YYYY-MM-DD`). */
  version: string;
  /** Parent capabilities, for an extension. */
  extends: string[] | undefined;
  /** Spec URL. */
  spec: string | undefined;
  /** Schema URL. */
  schema: string | undefined;
  /** Capability-specific configuration. */
  config: Record<string, unknown> | undefined;
}

/** A payment handler a business accepts. */
export interface UcpPaymentHandler {
  /** Handler name (`com.google.pay`, `dev.ucp.test`...). */
  name: string;
  /** Handler instance id, referenced by instruments as `handler_id`. */
  id: string;
  /** Version. */
  version: string;
  /** Handler configuration (public; never credentials). */
  config: Record<string, unknown> | undefined;
}

/** A public signing key (JWK). */
export interface UcpSigningKey {
  /** Key id. */
  kid: string;
  /** Key type. */
  kty: string;
  /** The other JWK members. */
  [member: string]: unknown;
}

/** A business profile, read and normalised. */
export interface BusinessProfile {
  /** The profile's protocol version. */
  version: string;
  /** Older versions the business supports, mapped to their profile URLs. */
  supportedVersions: Record<string, string>;
  /** Usable services (entries with a bad version or endpoint are left out, with a warning). */
  services: UcpService[];
  /** Capabilities, one entry per version. */
  capabilities: UcpCapability[];
  /** Payment handlers. */
  paymentHandlers: UcpPaymentHandler[];
  /** Signing keys, from `keys` (2026-08-25) or `signing_keys` (earlier). */
  signingKeys: UcpSigningKey[];
  /** Which field the keys came from (`none` when the profile has neither). */
  keysField: 'keys' | 'signing_keys' | 'none';
  /** The document as received. */
  raw: Record<string, unknown>;
}
