import { AgentWebError, createErrorGuard, withholdUrlSecrets } from '@agentweb/core';

/** A method was called after `close()`. */
export class ClientClosedError extends AgentWebError {
  /** The method that was refused. */
  readonly method: string;

  constructor(method: string) {
    super({ code: 'AGENTWEB_CLIENT_CLOSED', message: `AgentWeb client is closed; cannot call ${method}()` });
    this.name = 'ClientClosedError';
    this.method = method;
  }
}
export const isClientClosedError = createErrorGuard<ClientClosedError>('ClientClosedError');

/** An argument the client cannot use (empty name, malformed URL, bad index). */
export class AgentWebInputError extends AgentWebError {
  /** The argument that was wrong. */
  readonly field: string;

  constructor(field: string, message: string) {
    super({ code: 'AGENTWEB_INVALID_INPUT', message: `${field}: ${message}` });
    this.name = 'AgentWebInputError';
    this.field = field;
  }
}
export const isAgentWebInputError = createErrorGuard<AgentWebInputError>('AgentWebInputError');

/** A merchant named by domain, id or card URL is not known and could not be added. */
export class UnknownMerchantError extends AgentWebError {
  /** The name as given. */
  readonly merchant: string;
  /** Domains of the merchants the client knows. */
  readonly known: readonly string[];

  constructor(merchant: string, known: readonly string[], cause?: unknown) {
    const list = known.length > 0 ? `known: ${known.join(', ')}` : 'no merchant is known yet';
    super({
      code: 'AGENTWEB_UNKNOWN_MERCHANT',
      message: `unknown merchant "${merchant}" (${list})`,
      ...(cause === undefined ? {} : { cause }),
    });
    this.name = 'UnknownMerchantError';
    this.merchant = merchant;
    this.known = known;
  }
}
export const isUnknownMerchantError = createErrorGuard<UnknownMerchantError>('UnknownMerchantError');

/** A call needs a merchant, and none (or several, with none named) is known. */
export class NoMerchantsError extends AgentWebError {
  /** Domains of the merchants known (several when the call did not say which one). */
  readonly known: readonly string[];

  constructor(operation: string, known: readonly string[]) {
    super({
      code: 'AGENTWEB_NO_MERCHANT',
      message:
        known.length === 0
          ? `${operation}: no merchant is known; add one with addMerchant() or name one`
          : `${operation}: ${known.length} merchants are known (${known.join(', ')}); name one with the merchant option`,
    });
    this.name = 'NoMerchantsError';
    this.known = known;
  }
}
export const isNoMerchantsError = createErrorGuard<NoMerchantsError>('NoMerchantsError');

/** The agent found is valid but does not declare CAP, so it cannot be shopped. */
export class NotACapMerchantError extends AgentWebError {
  /** What was asked for (domain, card URL or profile id). */
  readonly target: string;
  /** The agent's profile id, when a card was read. */
  readonly agentId: string | undefined;

  constructor(target: string, agentId: string | undefined, cause?: unknown) {
    super({
      code: 'AGENTWEB_NOT_CAP',
      message: `${target} is an agent without CAP support (no https://cap-spec.org extension); it cannot be added as a merchant`,
      ...(cause === undefined ? {} : { cause }),
    });
    this.name = 'NotACapMerchantError';
    this.target = target;
    this.agentId = agentId;
  }
}
export const isNotACapMerchantError = createErrorGuard<NotACapMerchantError>('NotACapMerchantError');

/** Why `product()` found nothing. */
export type ProductNotFoundReason = 'no-id-on-page' | 'not-at-merchant';

/** No product id on the page, or the merchant does not have the product. */
export class ProductNotFoundError extends AgentWebError {
  /** The id or page URL asked for. */
  readonly target: string;
  /** The product id, when one was known. */
  readonly productId: string | undefined;
  /** The merchant asked, when one was. */
  readonly merchantId: string | undefined;
  /** Which of the two happened. */
  readonly reason: ProductNotFoundReason;

  constructor(options: {
    target: string;
    reason: ProductNotFoundReason;
    productId?: string;
    merchantId?: string;
    cause?: unknown;
  }) {
    const message =
      options.reason === 'no-id-on-page'
        ? `no product identifier found on ${options.target} (no cap-product-id link, JSON-LD or microdata product id)`
        : `product ${options.productId} not found at merchant ${options.merchantId}`;
    super({
      code: 'AGENTWEB_PRODUCT_NOT_FOUND',
      message,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'ProductNotFoundError';
    this.target = options.target;
    this.productId = options.productId;
    this.merchantId = options.merchantId;
    this.reason = options.reason;
  }
}
export const isProductNotFoundError = createErrorGuard<ProductNotFoundError>('ProductNotFoundError');

/** Why an AGIS service could not be loaded. */
export type AgisLoadFailure =
  | 'agtp-unsupported'
  | 'unsupported-scheme'
  | 'fetch-failed'
  | 'invalid-summary'
  | 'invalid-document'
  | 'not-conforming';

/** An AGIS service could not be loaded from the source given. */
export class AgisServiceLoadError extends AgentWebError {
  /** The URL or source that failed (`inline` for a document passed in). */
  readonly source: string;
  /** What went wrong. */
  readonly reason: AgisLoadFailure;

  constructor(options: { source: string; reason: AgisLoadFailure; message: string; cause?: unknown }) {
    super({
      code: 'AGENTWEB_AGIS_LOAD_FAILED',
      message: options.message,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'AgisServiceLoadError';
    this.source = options.source;
    this.reason = options.reason;
  }
}
export const isAgisServiceLoadError = createErrorGuard<AgisServiceLoadError>('AgisServiceLoadError');

/** `intent()` was called before any AGIS service was loaded. */
export class NoAgisServicesError extends AgentWebError {
  constructor() {
    super({
      code: 'AGENTWEB_NO_AGIS_SERVICES',
      message: 'no AGIS service is loaded; load one with loadAgisService() before intent()',
    });
    this.name = 'NoAgisServicesError';
  }
}
export const isNoAgisServicesError = createErrorGuard<NoAgisServicesError>('NoAgisServicesError');

/** `invokeIntent` was given a match on which the matcher abstained. */
export class IntentAbstainedError extends AgentWebError {
  /** The instruction of the match. */
  readonly instruction: string;

  constructor(instruction: string) {
    super({
      code: 'AGENTWEB_INTENT_ABSTAINED',
      message: `no loaded AGIS endpoint serves "${instruction}" (the matcher abstained); nothing was sent`,
    });
    this.name = 'IntentAbstainedError';
    this.instruction = instruction;
  }
}
export const isIntentAbstainedError = createErrorGuard<IntentAbstainedError>('IntentAbstainedError');

/** An endpoint that needs confirmation was not confirmed: no `confirm` callback, or it said no. */
export class IntentConfirmationError extends AgentWebError {
  /** Method of the endpoint that was not called. */
  readonly method: string;
  /** Path of the endpoint that was not called. */
  readonly path: string;
  /** `missing`: no `confirm` was given; `declined`: it returned false. */
  readonly reason: 'missing' | 'declined';

  constructor(method: string, path: string, reason: 'missing' | 'declined') {
    super({
      code: 'AGENTWEB_INTENT_NOT_CONFIRMED',
      message:
        reason === 'missing'
          ? `${method} ${path} needs confirmation and no confirm callback was given; nothing was sent`
          : `${method} ${path} was not confirmed; nothing was sent`,
    });
    this.name = 'IntentConfirmationError';
    this.method = method;
    this.path = path;
    this.reason = reason;
  }
}
export const isIntentConfirmationError = createErrorGuard<IntentConfirmationError>('IntentConfirmationError');

/** Why a matched candidate cannot be invoked. */
export type IntentTargetProblem = 'no-candidate' | 'service-not-loaded' | 'no-base-url';

/** The chosen candidate cannot be invoked: out of range, its service is no longer loaded, or no base URL. */
export class IntentTargetError extends AgentWebError {
  /** What is missing. */
  readonly reason: IntentTargetProblem;

  constructor(reason: IntentTargetProblem, message: string) {
    super({ code: 'AGENTWEB_INTENT_TARGET', message });
    this.name = 'IntentTargetError';
    this.reason = reason;
  }
}
export const isIntentTargetError = createErrorGuard<IntentTargetError>('IntentTargetError');

/**
 * A merchant was added whose profile id is already held by a known merchant with other endpoints. Kept for
 * callers that check for it; the client no longer throws it: merchants are keyed by their verified identity
 * (`AgentWebMerchant.identity`), so a card claiming a known merchant's id is added beside it, under its own key,
 * and can neither replace it nor be refused in its place.
 */
export class MerchantConflictError extends AgentWebError {
  /** The contested profile id. */
  readonly merchantId: string;
  /** Domain of the merchant already known under that id. */
  readonly knownDomain: string;
  /** Domain of the merchant that was refused. */
  readonly refusedDomain: string;

  constructor(merchantId: string, knownDomain: string, refusedDomain: string) {
    super({
      code: 'AGENTWEB_MERCHANT_CONFLICT',
      message: `merchant id "${merchantId}" is already used by the merchant at ${knownDomain}; the agent at ${refusedDomain} claims it with other endpoints and was not added`,
    });
    this.name = 'MerchantConflictError';
    this.merchantId = merchantId;
    this.knownDomain = knownDomain;
    this.refusedDomain = refusedDomain;
  }
}
export const isMerchantConflictError = createErrorGuard<MerchantConflictError>('MerchantConflictError');

/**
 * Under `strict`, a card named an endpoint on another origin than the one it was fetched from. Such a card may
 * be a forgery naming another merchant's endpoint; without `strict` it is added with an `endpoint-cross-origin`
 * warning, kept apart from the merchant whose card that origin serves.
 */
export class CrossOriginEndpointError extends AgentWebError {
  /** Where the card was fetched from (query withheld in the message). */
  readonly cardUrl: string;
  /** The endpoint it names. */
  readonly endpointUrl: string;
  /** The binding it declares there. */
  readonly binding: string;

  constructor(options: { cardUrl: string; endpointUrl: string; binding: string }) {
    super({
      code: 'AGENTWEB_ENDPOINT_CROSS_ORIGIN',
      message: `the card at ${withholdUrlSecrets(options.cardUrl)} names an endpoint on another origin (${withholdUrlSecrets(options.endpointUrl)}, ${options.binding}); refused under strict`,
    });
    this.name = 'CrossOriginEndpointError';
    this.cardUrl = options.cardUrl;
    this.endpointUrl = options.endpointUrl;
    this.binding = options.binding;
  }
}
export const isCrossOriginEndpointError =
  createErrorGuard<CrossOriginEndpointError>('CrossOriginEndpointError');
