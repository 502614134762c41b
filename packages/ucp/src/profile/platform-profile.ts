import { checkOptions, is } from '@agentweb/core';
import { capabilitiesAt, capabilityUrls, UCP_SHOPPING_SERVICE } from './capability-names.js';
import type { UcpSigningKey } from './profile-types.js';

/** Options of {@link createPlatformProfile}. */
export interface PlatformProfileOptions {
  /** Protocol version the profile declares (default `2026-04-08`). A profile describes exactly one version. */
  version?: string;
  /** Capability names to declare (default: every one this client uses that exists at `version`). */
  capabilities?: readonly string[];
  /** Transports to declare for `dev.ucp.shopping` (default `['rest', 'mcp']`). */
  transports?: readonly ('rest' | 'mcp')[];
  /**
   * Payment handlers the platform can obtain instruments from, by name (default none: `{}`). Public
   * configuration only; a profile is a public document.
   */
  paymentHandlers?: Readonly<
    Record<
      string,
      readonly {
        id: string;
        version: string;
        spec: string;
        schema: string;
        config?: Record<string, unknown>;
      }[]
    >
  >;
  /** Public signing keys (JWK). Written as `keys` from 2026-08-25 on, `signing_keys` before. */
  signingKeys?: readonly UcpSigningKey[];
  /** Order webhook URL (the order capability's platform config), when the platform receives order events. */
  orderWebhookUrl?: string;
}

const OPTION_RULES = {
  version: is.custom('a YYYY-MM-DD version', (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)),
  capabilities: is.arrayOf(is.nonEmptyString),
  transports: is.arrayOf(is.oneOf('rest', 'mcp')),
  paymentHandlers: is.object,
  signingKeys: is.arrayOf(is.shape({ kid: is.nonEmptyString, kty: is.nonEmptyString })),
  orderWebhookUrl: is.url,
};

/**
 * The platform profile JSON to host (at the URL every request names in `UCP-Agent: profile="..."`): the protocol
 * version, the `dev.ucp.shopping` service per transport, the capabilities with their ucp.dev spec and schema URLs,
 * payment handlers and signing keys (`keys` from 2026-08-25, `signing_keys` before). Serve it as
 * `application/json` with `Cache-Control: public, max-age=...` of at least 60 s.
 */
export function createPlatformProfile(options: PlatformProfileOptions = {}): Record<string, unknown> {
  checkOptions('createPlatformProfile', options, OPTION_RULES);
  const version = options.version ?? '2026-04-08';
  const names = options.capabilities ?? capabilitiesAt(version);
  const transports = options.transports ?? ['rest', 'mcp'];
  const capabilities: Record<string, unknown[]> = {};
  for (const name of names) {
    const urls = name.startsWith('dev.ucp.') ? capabilityUrls(name, version) : undefined;
    const entry: Record<string, unknown> = { version, ...(urls ?? {}) };
    if (name === 'dev.ucp.shopping.order' && options.orderWebhookUrl)
      entry['config'] = { webhook_url: options.orderWebhookUrl };
    capabilities[name] = [entry];
  }
  const services = {
    [UCP_SHOPPING_SERVICE]: transports.map((transport) => ({
      version,
      transport,
      spec: `https://ucp.dev/${version}/specification/overview`,
      schema: `https://ucp.dev/${version}/services/shopping/${transport === 'rest' ? 'rest.openapi.json' : 'mcp.openrpc.json'}`,
    })),
  };
  const profile: Record<string, unknown> = {
    ucp: {
      version,
      services,
      capabilities,
      payment_handlers: options.paymentHandlers ?? {},
    },
  };
  if (options.signingKeys && options.signingKeys.length > 0) {
    profile[version >= '2026-08-25' ? 'keys' : 'signing_keys'] = options.signingKeys.map((k) => ({ ...k }));
  }
  return profile;
}
