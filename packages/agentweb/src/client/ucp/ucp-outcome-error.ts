import { AgentWebError, createErrorGuard } from '@agentweb/core';
import type { UcpMessage, UcpOutcome } from '@agentweb/ucp';

/**
 * A UCP merchant answered a call with a business outcome instead of the resource (HTTP 200, `messages[]` with an
 * error): the merchant's own messages are in `messages` and in the error message, so a search outcome shows why.
 */
export class UcpMerchantRefusedError extends AgentWebError {
  /** The merchant. */
  readonly merchantId: string;
  /** The UCP operation. */
  readonly operation: string;
  /** The worst severity of the merchant's messages. */
  readonly outcome: UcpOutcome;
  /** The merchant's messages. */
  readonly messages: readonly UcpMessage[];
  /** Where the buyer can go on at the merchant's own page, when it offered one. */
  readonly continueUrl: string | undefined;

  constructor(options: {
    merchantId: string;
    operation: string;
    outcome: UcpOutcome;
    messages: readonly UcpMessage[];
    continueUrl?: string | undefined;
  }) {
    const said = options.messages
      .map((m) => m.content ?? m.code)
      .filter((text): text is string => typeof text === 'string' && text !== '')
      .join('; ')
      .slice(0, 500);
    super({
      code: 'AGENTWEB_UCP_REFUSED',
      message: `${options.merchantId} refused ${options.operation} (${options.outcome})${said === '' ? '' : `: ${said}`}`,
    });
    this.name = 'UcpMerchantRefusedError';
    this.merchantId = options.merchantId;
    this.operation = options.operation;
    this.outcome = options.outcome;
    this.messages = options.messages;
    this.continueUrl = options.continueUrl;
  }
}
export const isUcpMerchantRefusedError = createErrorGuard<UcpMerchantRefusedError>('UcpMerchantRefusedError');
