import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A server-sent event (or a single line of one) grew past the parser's byte cap. */
export class SseEventTooLargeError extends AgentWebError {
  /** The cap that was exceeded, in bytes. */
  readonly limit: number;
  /** Bytes buffered for the event when the cap was hit. */
  readonly received: number;

  constructor(options: { limit: number; received: number }) {
    super({
      code: 'SSE_EVENT_TOO_LARGE',
      message: `Server-sent event exceeds ${options.limit} bytes (at least ${options.received} buffered)`,
    });
    this.name = 'SseEventTooLargeError';
    this.limit = options.limit;
    this.received = options.received;
  }
}

/** True when `error` is an {@link SseEventTooLargeError} from any copy of this package. */
export const isSseEventTooLargeError = createErrorGuard<SseEventTooLargeError>('SseEventTooLargeError');
