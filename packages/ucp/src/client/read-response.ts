import type { z } from 'zod';
import { errorResponseCoreSchema, errorResponseSchema, isErrorResponse } from '../schemas/error-response.js';
import { readLenient } from '../schemas/lenient-read.js';
import type { UcpWarning } from '../ucp-warnings.js';
import { outcomeOf, type UcpMessage, type UcpResult } from './results.js';

/** How to read one operation's answer. */
export interface ReadSpec<T> {
  full: z.ZodType;
  core: z.ZodType<T>;
  extra?: (value: T) => UcpWarning[];
}

/** Reads an answer: an error response (`ucp.status: "error"`) is an outcome without a resource; else the resource. */
export function readResponse<T extends { messages?: unknown; ucp?: unknown }>(
  data: unknown,
  spec: ReadSpec<T>,
  context: { operation: string; source: string; strict: boolean; requestId: string; version: string },
): UcpResult<T> {
  const base = { requestId: context.requestId, operation: context.operation };
  const readContext = { kind: 'response' as const, source: context.source, strict: context.strict };
  if (isErrorResponse(data)) {
    const read = readLenient(errorResponseSchema, errorResponseCoreSchema, data, readContext);
    const messages = read.value.messages as UcpMessage[];
    return {
      ...base,
      ok: false,
      value: undefined,
      continueUrl: read.value.continue_url,
      messages,
      outcome: messages.length > 0 ? outcomeOf(messages) : 'unrecoverable',
      warnings: read.warnings,
    };
  }
  const versionWarning = (value: T): UcpWarning[] => {
    const echoed = (value.ucp as { version?: unknown } | undefined)?.version;
    return typeof echoed === 'string' && echoed !== context.version
      ? [
          {
            code: 'version-mismatch',
            path: 'ucp.version',
            message: `the business answered with version ${echoed}, not the negotiated ${context.version}`,
          },
        ]
      : [];
  };
  const read = readLenient(spec.full, spec.core, data, readContext, (value) => [
    ...versionWarning(value),
    ...(spec.extra?.(value) ?? []),
  ]);
  const messages = (Array.isArray(read.value.messages) ? read.value.messages : []) as UcpMessage[];
  return {
    ...base,
    ok: true,
    value: read.value,
    messages,
    outcome: outcomeOf(messages),
    warnings: read.warnings,
  };
}
