import { z } from 'zod';
import { looseMessageSchema, messageSchema, versionSchema } from './common.js';

/**
 * A business outcome without a resource (`ucp.status: "error"`): e.g. a checkout that could not be created because
 * nothing is available. HTTP 200 (or 201) with `messages[]`, not a protocol error.
 */
export const errorResponseSchema = z.looseObject({
  ucp: z.looseObject({ version: versionSchema, status: z.literal('error') }),
  messages: z.array(messageSchema).min(1),
  continue_url: z.url().optional(),
});

/** What this client needs of an error response. */
export const errorResponseCoreSchema = z.looseObject({
  ucp: z.looseObject({ status: z.literal('error') }),
  messages: z.array(looseMessageSchema),
  continue_url: z.string().optional(),
});

/** True when a response body is a UCP error response (`ucp.status === "error"`). */
export function isErrorResponse(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const ucp = (data as { ucp?: unknown }).ucp;
  return typeof ucp === 'object' && ucp !== null && (ucp as { status?: unknown }).status === 'error';
}

/**
 * A protocol error body: `{ code, content }` per the spec; the 2026-01-11 sample server sends `{ detail }`, and
 * others `{ error }` or `{ message }`; all are read.
 */
export function protocolErrorOf(data: unknown): { code: string | undefined; content: string } {
  if (typeof data !== 'object' || data === null) return { code: undefined, content: '' };
  const record = data as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const code = text(record['code']);
  const content =
    text(record['content']) ??
    text(record['detail']) ??
    text(record['message']) ??
    text(record['error']) ??
    '';
  if (code !== undefined || content !== '') return { code, content };
  const messages = record['messages'];
  if (
    Array.isArray(messages) &&
    messages.length > 0 &&
    typeof messages[0] === 'object' &&
    messages[0] !== null
  ) {
    const first = messages[0] as Record<string, unknown>;
    return { code: text(first['code']), content: text(first['content']) ?? '' };
  }
  return { code: undefined, content: '' };
}
