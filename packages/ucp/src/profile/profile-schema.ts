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
