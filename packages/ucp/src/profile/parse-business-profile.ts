import type { z } from 'zod';
import { issuesOf, readLenient } from '../schemas/lenient-read.js';
import { UcpDocumentError } from '../ucp-errors.js';
import type { UcpLenientResult, UcpWarning } from '../ucp-warnings.js';
import {
  businessProfileCoreSchema,
  businessProfileSchema,
  capabilitySchema,
  handlerSchema,
  isLegacyProfile,
  legacyBusinessProfileCoreSchema,
  legacyBusinessProfileSchema,
  modernizeLegacyProfile,
  serviceSchema,
} from './profile-schema.js';
import type {
  BusinessProfile,
  UcpCapability,
  UcpPaymentHandler,
  UcpService,
  UcpSigningKey,
  UcpTransportName,
} from './profile-types.js';

/** Options of {@link parseBusinessProfile}. */
export interface ParseProfileOptions {
  /** Refuse the profile on any warning (default false). */
  strict?: boolean;
  /** Where it came from, for messages (default `business profile`). */
  source?: string;
  /** Accept `http:` service endpoints (loopback tests; default false: https only). */
  allowHttp?: boolean;
}

/** The host `dev.ucp.*` spec and schema URLs must be on. */
const UCP_DEV = 'ucp.dev';

function isUcpDevUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === UCP_DEV;
  } catch {
    return false;
  }
}

function endpointOk(url: string, allowHttp: boolean): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || (allowHttp && protocol === 'http:');
  } catch {
    return false;
  }
}

type Entry = Record<string, unknown>;

/**
 * Walks one registry (`services`, `capabilities`, `payment_handlers`): each entry is checked on its own, a bad one
 * is left out with a warning, and a `dev.ucp.*` entry's spec and schema URLs must be on ucp.dev (else they are
 * dropped, with a `foreign-spec-url` warning: a look-alike host must not define what a UCP name means).
 */
function walk<T>(
  registry: Record<string, Entry[]> | undefined,
  field: string,
  schema: z.ZodType,
  warnings: UcpWarning[],
  build: (name: string, entry: Entry, path: string) => T | undefined,
): T[] {
  const out: T[] = [];
  for (const [name, entries] of Object.entries(registry ?? {})) {
    entries.forEach((entry, index) => {
      const path = `ucp.${field}.${name}[${index}]`;
      const checked = schema.safeParse(entry);
      if (!checked.success) {
        const issue = issuesOf(checked.error)[0];
        const versionBad = issue?.path === 'version';
        warnings.push({
          code: versionBad ? 'version-invalid' : 'field-invalid',
          path: `${path}${issue?.path ? `.${issue.path}` : ''}`,
          message: `${issue?.message ?? 'invalid'}; the entry was left out`,
        });
        return;
      }
      const clean: Entry = { ...entry };
      if (name.startsWith('dev.ucp.')) {
        for (const key of ['spec', 'schema'] as const) {
          const url = clean[key];
          if (typeof url === 'string' && !isUcpDevUrl(url)) {
            warnings.push({
              code: 'foreign-spec-url',
              path: `${path}.${key}`,
              message: `${name} is a dev.ucp.* name, so its ${key} must be on https://${UCP_DEV}/, not ${url.slice(0, 200)}; the URL was dropped`,
            });
            delete clean[key];
          }
        }
      }
      const built = build(name, clean, path);
      if (built !== undefined) out.push(built);
    });
  }
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Reads a business profile (`/.well-known/ucp`) leniently: every departure from the spec becomes a typed warning
 * naming the field, entries that cannot be used are left out (with a warning), and only a profile without a
 * `ucp.version` or with registries of the wrong shape is refused (`UcpDocumentError`). `strict` refuses on any
 * warning. Reads the 2026-04-08 shape (and 2026-08-25's `keys`) and the 2026-01-11 one (services with a binding
 * per transport, capabilities as a list, handlers under `payment`).
 */
export function parseBusinessProfile(
  data: unknown,
  options: ParseProfileOptions = {},
): UcpLenientResult<BusinessProfile> {
  const strict = options.strict ?? false;
  const source = options.source ?? 'business profile';
  const legacy = isLegacyProfile(data);
  const read = legacy
    ? readLenient(legacyBusinessProfileSchema, legacyBusinessProfileCoreSchema, data, {
        kind: 'business-profile',
        source,
        strict: false,
      })
    : readLenient(businessProfileSchema, businessProfileCoreSchema, data, {
        kind: 'business-profile',
        source,
        strict: false,
      });
  const warnings = [...read.warnings];
  const doc = (
    legacy ? modernizeLegacyProfile(read.value as Record<string, unknown>) : read.value
  ) as z.infer<typeof businessProfileCoreSchema>;
  const ucp = doc.ucp;
  const services = walk<UcpService>(
    ucp.services as Record<string, Entry[]> | undefined,
    'services',
    serviceSchema,
    warnings,
    (name, entry, path) => {
      const endpoint = str(entry['endpoint']);
      const transport = entry['transport'] as UcpTransportName;
      if (endpoint !== undefined && !endpointOk(endpoint, options.allowHttp ?? false)) {
        warnings.push({
          code: 'endpoint-invalid',
          path: `${path}.endpoint`,
          message: `endpoint ${endpoint.slice(0, 200)} is not an https URL; the service was left out`,
        });
        return undefined;
      }
      return {
        name,
        version: entry['version'] as string,
        transport,
        endpoint,
        spec: str(entry['spec']),
        schema: str(entry['schema']),
      };
    },
  );
  const capabilities = walk<UcpCapability>(
    ucp.capabilities as Record<string, Entry[]> | undefined,
    'capabilities',
    capabilitySchema,
    warnings,
    (name, entry) => {
      const parents = entry['extends'];
      return {
        name,
        version: entry['version'] as string,
        extends:
          typeof parents === 'string'
            ? [parents]
            : Array.isArray(parents)
              ? (parents as string[])
              : undefined,
        spec: str(entry['spec']),
        schema: str(entry['schema']),
        config: entry['config'] as Record<string, unknown> | undefined,
      };
    },
  );
  const paymentHandlers = walk<UcpPaymentHandler>(
    ucp.payment_handlers as Record<string, Entry[]> | undefined,
    'payment_handlers',
    handlerSchema,
    warnings,
    (name, entry) => ({
      name,
      id: entry['id'] as string,
      version: entry['version'] as string,
      config: entry['config'] as Record<string, unknown> | undefined,
    }),
  );
  let keysField: BusinessProfile['keysField'] = 'none';
  let keys: unknown[] = [];
  if (doc.keys !== undefined) {
    keysField = 'keys';
    keys = doc.keys;
    if (doc.signing_keys !== undefined) {
      warnings.push({
        code: 'keys-both-fields',
        path: 'signing_keys',
        message: 'the profile has both keys (2026-08-25) and signing_keys (earlier); keys was used',
      });
    }
  } else if (doc.signing_keys !== undefined) {
    keysField = 'signing_keys';
    keys = doc.signing_keys;
  }
  const signingKeys = keys.filter(
    (k): k is UcpSigningKey =>
      typeof (k as Entry)['kid'] === 'string' && typeof (k as Entry)['kty'] === 'string',
  );
  const supportedVersions: Record<string, string> = {};
  for (const [version, url] of Object.entries(ucp.supported_versions ?? {})) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(version) && typeof url === 'string') supportedVersions[version] = url;
  }
  if (strict && warnings.length > 0) {
    throw new UcpDocumentError({ kind: 'business-profile', source, issues: [], warnings });
  }
  return {
    value: {
      version: ucp.version,
      supportedVersions,
      services,
      capabilities,
      paymentHandlers,
      signingKeys,
      keysField,
      raw: doc as Record<string, unknown>,
    },
    warnings,
  };
}
