import type { IncomingMessage } from 'node:http';
import { ApiError } from './http-errors.js';

/**
 * Reads a JSON object body of at most `maxBytes`. A bigger body is cut off at the limit (the socket is not read
 * to the end), so one client cannot make the service buffer without bound.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ApiError(413, 'BODY_TOO_LARGE', `the body is over ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > maxBytes) throw new ApiError(413, 'BODY_TOO_LARGE', `the body is over ${maxBytes} bytes`);
    chunks.push(buf);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'the body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'INVALID_BODY', 'the body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
