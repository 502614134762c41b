import { z } from 'zod';

/** The CAP error payload carried in a failed task's status message. */
export const CapErrorPayloadSchema = z.looseObject({
  /** Upper-case `CAP_*` code (open set). */
  capErrorCode: z.string().min(1),
  /** Human-readable text. */
  description: z.string(),
  /** Code-specific details. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type CapErrorPayload = z.infer<typeof CapErrorPayloadSchema>;

/** `details` of `CAP_RATE_LIMIT_EXCEEDED` as the spec's example shows it (all optional). */
export const RateLimitDetailsSchema = z.looseObject({
  skillId: z.string().optional(),
  limitType: z.string().optional(),
  limitScope: z.union([z.enum(['per_client_agent_id', 'per_ip', 'global']), z.string()]).optional(),
  requestsMade: z.number().optional(),
  requestsAllowed: z.number().optional(),
  retryAfterSeconds: z.number().nonnegative().optional(),
});
export type RateLimitDetails = z.infer<typeof RateLimitDetailsSchema>;
