import { z } from 'zod';
import { versionSchema } from '../schemas/common.js';

const entitySchema = z.looseObject({
  version: versionSchema,
  spec: z.url().optional(),
  schema: z.url().optional(),
  id: z.string().optional(),
  config: z.looseObject({}).optional(),
});

/** One service binding. */
export const serviceSchema = entitySchema.extend({
  transport: z.enum(['rest', 'mcp', 'a2a', 'embedded']),
  endpoint: z.url().optional(),
});

/** One capability entry. */
export const capabilitySchema = entitySchema.extend({
  extends: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
});

/** One payment handler entry. */
export const handlerSchema = entitySchema.extend({ id: z.string() });

const keySchema = z.looseObject({ kid: z.string(), kty: z.string() });

/** A business profile (`/.well-known/ucp`) as the spec describes it (2026-01-11 to 2026-08-25). */
export const businessProfileSchema = z.looseObject({
  ucp: z.looseObject({
    version: versionSchema,
    supported_versions: z.record(versionSchema, z.url()).optional(),
    // Entries are checked one by one (parse-business-profile.ts), so a bad one is dropped with one warning.
    services: z.record(z.string(), z.array(z.looseObject({}))),
    capabilities: z.record(z.string(), z.array(z.looseObject({}))).optional(),
    payment_handlers: z.record(z.string(), z.array(z.looseObject({}))),
  }),
  signing_keys: z.array(keySchema).optional(),
  keys: z.array(keySchema).optional(),
});

const looseEntry = z.looseObject({});

/**
 * A 2026-01-11 business profile: services keyed by name with one object holding a binding per transport
 * (`rest: { endpoint, schema }`), capabilities as a list of `{ name, version, ... }`, handlers under `payment`.
 */
export const legacyBusinessProfileSchema = z.looseObject({
  ucp: z.looseObject({
    version: versionSchema,
    services: z.record(z.string(), z.looseObject({ version: versionSchema, spec: z.url() })),
    capabilities: z.array(z.looseObject({ name: z.string(), version: versionSchema })),
  }),
  payment: z.looseObject({ handlers: z.array(z.looseObject({ id: z.string() })).optional() }).optional(),
  signing_keys: z.array(keySchema).optional(),
});

/** What this client needs of a 2026-01-11 profile. */
export const legacyBusinessProfileCoreSchema = z.looseObject({
  ucp: z.looseObject({
    version: z.string(),
    services: z.record(z.string(), looseEntry).optional(),
    capabilities: z.array(looseEntry).optional(),
  }),
  payment: z.looseObject({ handlers: z.array(looseEntry).optional() }).optional(),
  signing_keys: z.array(looseEntry).optional(),
});

/** True for the 2026-01-11 profile shape (capabilities as a list, or services as single objects). */
export function isLegacyProfile(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const ucp = (data as { ucp?: unknown }).ucp;
  if (typeof ucp !== 'object' || ucp === null) return false;
  const { capabilities, services } = ucp as { capabilities?: unknown; services?: unknown };
  if (Array.isArray(capabilities)) return true;
  return (
    typeof services === 'object' &&
    services !== null &&
    Object.values(services).some((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
  );
}

/**
 * The 2026-01-11 shape rewritten in the 2026-04-08 one (services per transport, capabilities and handlers keyed by
 * name), so one walk reads both.
 */
export function modernizeLegacyProfile(doc: Record<string, unknown>): Record<string, unknown> {
  const ucp = (doc['ucp'] ?? {}) as Record<string, unknown>;
  const services: Record<string, unknown[]> = {};
  for (const [name, service] of Object.entries(
    (ucp['services'] ?? {}) as Record<string, Record<string, unknown>>,
  )) {
    const list: unknown[] = [];
    for (const transport of ['rest', 'mcp', 'a2a', 'embedded']) {
      const binding = service[transport] as Record<string, unknown> | undefined;
      if (typeof binding !== 'object' || binding === null) continue;
      list.push({ version: service['version'], spec: service['spec'], transport, ...binding });
    }
    services[name] = list;
  }
  const capabilities: Record<string, unknown[]> = {};
  for (const entry of (ucp['capabilities'] ?? []) as Record<string, unknown>[]) {
    const name = typeof entry['name'] === 'string' ? entry['name'] : '';
    const { name: _name, ...rest } = entry;
    capabilities[name] = [...(capabilities[name] ?? []), rest];
  }
  const handlers: Record<string, unknown[]> = {};
  const payment = (doc['payment'] ?? {}) as { handlers?: Record<string, unknown>[] };
  for (const handler of payment.handlers ?? []) {
    const name = typeof handler['name'] === 'string' ? handler['name'] : String(handler['id'] ?? '');
    handlers[name] = [...(handlers[name] ?? []), handler];
  }
  const { payment: _payment, ...rest } = doc;
  return { ...rest, ucp: { ...ucp, services, capabilities, payment_handlers: handlers } };
}

/** What this client needs of a business profile: a version and registries it can walk. */
export const businessProfileCoreSchema = z.looseObject({
  ucp: z.looseObject({
    version: z.string(),
    supported_versions: z.record(z.string(), z.unknown()).optional(),
    services: z.record(z.string(), z.array(looseEntry)).optional(),
    capabilities: z.record(z.string(), z.array(looseEntry)).optional(),
    payment_handlers: z.record(z.string(), z.array(looseEntry)).optional(),
  }),
  signing_keys: z.array(looseEntry).optional(),
  keys: z.array(looseEntry).optional(),
});
