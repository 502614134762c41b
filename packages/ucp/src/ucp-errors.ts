import { AgentWebError, createErrorGuard } from '@agentweb/core';
import type { UcpWarning } from './ucp-warnings.js';

/** One thing wrong with a document or an input, by dotted path. */
export interface UcpIssue {
  /** Dotted path (`line_items[0].quantity`; empty for the whole value). */
  path: string;
  /** What is wrong. */
  message: string;
}

function issueText(issues: readonly UcpIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((i) => `${i.path || '(root)'}: ${i.message}`)
    .join('; ');
  return issues.length > 3 ? `${shown}; and ${issues.length - 3} more` : shown;
}

/**
 * The business answered a UCP call with a protocol error: an HTTP error status with `{ code, content }` (REST) or a
 * JSON-RPC `error` (MCP). Business outcomes (200 with `messages[]`) are results, not this error.
 */
export class UcpProtocolError extends AgentWebError {
  /** The operation (`create_checkout`, `search_catalog`, ...). */
  readonly operation: string;
  /** HTTP status (REST), or undefined for an MCP JSON-RPC error. */
  readonly status: number | undefined;
  /** The business's code (`idempotency_conflict`, `not_found`, ...) or the JSON-RPC code as text. */
  readonly ucpCode: string;
  /** The business's human-readable text (at most 500 characters, never the request body). */
  readonly content: string;
  /** Wait the business asked for (`Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;
  /** The business. */
  readonly businessUrl: string;

  constructor(options: {
    operation: string;
    status?: number;
    ucpCode: string;
    content: string;
    retryAfterMs?: number;
    businessUrl: string;
  }) {
    const content = options.content.slice(0, 500);
    super({
      code: 'UCP_PROTOCOL_ERROR',
      message: `${options.operation} at ${options.businessUrl} failed${options.status ? ` with HTTP ${options.status}` : ''}: ${options.ucpCode}${content ? `: ${content}` : ''}`,
    });
    this.name = 'UcpProtocolError';
    this.operation = options.operation;
    this.status = options.status;
    this.ucpCode = options.ucpCode;
    this.content = content;
    this.retryAfterMs = options.retryAfterMs;
    this.businessUrl = options.businessUrl;
  }
}

/** True when `error` is a {@link UcpProtocolError}. */
export const isUcpProtocolError = createErrorGuard<UcpProtocolError>('UcpProtocolError');

/** What a document was, for {@link UcpDocumentError}. */
export type UcpDocumentKind = 'business-profile' | 'response' | 'platform-profile';

/**
 * A business profile or a response could not be read (what must be there is not), or in `strict` mode had
 * anything a lenient read would have warned about. `issues` and `warnings` name the fields.
 */
export class UcpDocumentError extends AgentWebError {
  /** What was being read. */
  readonly kind: UcpDocumentKind;
  /** Where it came from (URL or operation). */
  readonly source: string;
  /** What made it unreadable. */
  readonly issues: UcpIssue[];
  /** The warnings that `strict` refused (empty otherwise). */
  readonly warnings: UcpWarning[];

  constructor(options: {
    kind: UcpDocumentKind;
    source: string;
    issues: UcpIssue[];
    warnings?: UcpWarning[];
  }) {
    const all = [...options.issues, ...(options.warnings ?? [])];
    super({
      code: options.kind === 'business-profile' ? 'UCP_PROFILE_INVALID' : 'UCP_RESPONSE_INVALID',
      message: `${options.kind} from ${options.source} is not usable: ${issueText(all)}`,
    });
    this.name = 'UcpDocumentError';
    this.kind = options.kind;
    this.source = options.source;
    this.issues = options.issues;
    this.warnings = options.warnings ?? [];
  }
}

/** True when `error` is a {@link UcpDocumentError}. */
export const isUcpDocumentError = createErrorGuard<UcpDocumentError>('UcpDocumentError');

/** An operation's input was refused before anything was sent; `issues` name the fields. */
export class UcpInputError extends AgentWebError {
  /** The operation. */
  readonly operation: string;
  /** What is wrong. */
  readonly issues: UcpIssue[];

  constructor(options: { operation: string; issues: UcpIssue[] }) {
    super({
      code: 'UCP_INPUT_INVALID',
      message: `${options.operation}: invalid input: ${issueText(options.issues)}. Nothing was sent.`,
    });
    this.name = 'UcpInputError';
    this.operation = options.operation;
    this.issues = options.issues;
  }
}

/** True when `error` is a {@link UcpInputError}. */
export const isUcpInputError = createErrorGuard<UcpInputError>('UcpInputError');

/** Why an operation cannot be used with this business. */
export type UcpUnsupportedReason =
  /** No protocol version both sides speak. */
  | 'version'
  /** The negotiated capabilities lack the one the operation needs. */
  | 'capability'
  /** The business offers no service on a transport this client speaks (or the one asked for). */
  | 'transport';

/** The business does not offer what an operation needs (after negotiation); nothing was sent. */
export class UcpNotSupportedError extends AgentWebError {
  /** What is missing. */
  readonly reason: UcpUnsupportedReason;
  /** The operation, when one was asked for. */
  readonly operation: string | undefined;
  /** The capability the operation needs, for `reason: 'capability'`. */
  readonly capability: string | undefined;
  /** The business. */
  readonly businessUrl: string;

  constructor(options: {
    reason: UcpUnsupportedReason;
    businessUrl: string;
    operation?: string;
    capability?: string;
    detail: string;
  }) {
    super({
      code: 'UCP_NOT_SUPPORTED',
      message: `${options.businessUrl}: ${options.detail}. Nothing was sent.`,
    });
    this.name = 'UcpNotSupportedError';
    this.reason = options.reason;
    this.operation = options.operation;
    this.capability = options.capability;
    this.businessUrl = options.businessUrl;
  }
}

/** True when `error` is a {@link UcpNotSupportedError}. */
export const isUcpNotSupportedError = createErrorGuard<UcpNotSupportedError>('UcpNotSupportedError');

/**
 * `completeCheckout` was called without `confirm: true` or without a payment instrument: nothing was sent and no
 * money moved. The message never contains the instrument.
 */
export class UcpConfirmationRequiredError extends AgentWebError {
  /** The checkout session. */
  readonly checkoutId: string;
  /** What was missing. */
  readonly missing: 'confirm' | 'instrument';

  constructor(options: { checkoutId: string; missing: 'confirm' | 'instrument' }) {
    super({
      code: 'UCP_CONFIRMATION_REQUIRED',
      message:
        options.missing === 'confirm'
          ? `checkout ${options.checkoutId} was not completed: completing spends the buyer's money, so it needs \`confirm: true\` after the buyer confirmed. Nothing was sent.`
          : `checkout ${options.checkoutId} was not completed: no payment instrument was supplied (pass one from the payment handler, or hand the buyer the checkout's continue_url). Nothing was sent.`,
    });
    this.name = 'UcpConfirmationRequiredError';
    this.checkoutId = options.checkoutId;
    this.missing = options.missing;
  }
}

/** True when `error` is a {@link UcpConfirmationRequiredError}. */
export const isUcpConfirmationRequiredError = createErrorGuard<UcpConfirmationRequiredError>(
  'UcpConfirmationRequiredError',
);
