import { AgentWebError, createErrorGuard } from '@agentweb/core';

/**
 * The AID client error codes (AID v1.1 §2.3 Table 1), prefixed `AID_` instead of the spec's `ERR_`, with the
 * numeric constants of its Appendix C.
 */
export const AID_ERROR_NUMBERS = {
  AID_NO_RECORD: 1000,
  AID_INVALID_TXT: 1001,
  AID_UNSUPPORTED_PROTO: 1002,
  AID_SECURITY: 1003,
  AID_DNS_LOOKUP_FAILED: 1004,
  AID_FALLBACK_FAILED: 1005,
} as const;

/** One of the AID error codes. */
export type AidErrorCode = keyof typeof AID_ERROR_NUMBERS;

/** An AID record could not be found, read or trusted. `code` says which (the spec's error table). */
export class AidError extends AgentWebError {
  declare readonly code: AidErrorCode;
  /** The spec's numeric constant for `code` (Appendix C), for parity with other AID clients. */
  readonly aidErrorNumber: number;
  /** The DNS name or URL concerned, when there is one. */
  readonly target?: string;

  constructor(options: { code: AidErrorCode; message: string; target?: string; cause?: unknown }) {
    super({ code: options.code, message: options.message, cause: options.cause });
    this.name = 'AidError';
    this.aidErrorNumber = AID_ERROR_NUMBERS[options.code];
    if (options.target !== undefined) this.target = options.target;
  }
}

/** True when `error` is an {@link AidError} from any copy of AgentWeb. */
export const isAidError = createErrorGuard<AidError>('AidError');
