import { AgentWebError } from '@agentweb/core';

/**
 * An unusable option passed to a factory or call (a bad concurrency, an unknown mechanism, a base URL that
 * is not a URL). `code` names the area, so callers can tell configuration mistakes from network outcomes.
 */
export function configError(code: string, message: string, cause?: unknown): AgentWebError {
  return new AgentWebError({ code, message, cause });
}
