// The types that appear in the client's public signatures, so a user names them from `agentweb` alone: under pnpm
// (and any strict layout) `@agentweb/cap` and the other internal packages are not resolvable from the user's code.
export type {
  A2AAuth,
  A2ABinding,
  A2ADialect,
  Artifact,
  OutgoingMessage,
  Part,
  SendMessageResult,
  StreamEvent,
  TaskState,
} from '@agentweb/a2a';
export type { AgentProfile } from '@agentweb/agentcard';
export type {
  AgisDocument,
  AgisInvocationResult,
  AgisValidationResult,
  Embedder,
  MatchCandidate,
} from '@agentweb/agis';
export type {
  BillingAddress,
  CapCallOptions,
  CapCallResult,
  CapWarning,
  CapWarningCode,
  CartAction,
  CartItem,
  CartLineAvailability,
  CartLineItem,
  CartManageInput,
  CartManageOutput,
  CartOperationResult,
  CartState,
  CartTotals,
  ContextStore,
  FanOutChunk,
  FanOutProduct,
  FanOutResult,
  MerchantBackoff,
  MerchantClient,
  MerchantIdentity,
  MerchantIdentityWarning,
  MerchantOutcome,
  MerchantOutcomeStatus,
  OrderDetail,
  OrderHistoryEvent,
  OrderItem,
  OrderStatusInput,
  OrderStatusOutput,
  OrderStatusValue,
  PaymentStatus,
  ProductAvailability,
  ProductDetail,
  ProductGetOutput,
  ProductOffer,
  ProductProvenance,
  ProductReviewSummary,
  ProductSummary,
  ProductVariant,
  SearchCacheStore,
  ShippingAddress,
  ShippingOption,
  TaxCalculation,
  TrackingInfo,
  UserPreferencesSetInput,
  UserPreferencesSetOutput,
} from '@agentweb/cap';
export type {
  CapDnsResolver,
  ExtractionPool,
  ResolveManyOutcome,
  ResolveResult,
  ResolverOptions,
} from '@agentweb/discovery';
export type { FetchFunction, HttpCacheStore, HttpClient, LookupFunction } from '@agentweb/http';
export type {
  UcpAuth,
  UcpClient,
  UcpMessage,
  UcpOutcome,
  UcpPaymentInstrument,
  UcpWarning,
} from '@agentweb/ucp';
export type { RedisBackoffSettings, RedisStateOptions } from './redis-options.js';
export type { MerchantProbeFailure } from './ucp/probe-failures.js';
export type { CheckoutOptions, CheckoutResult } from './ucp/ucp-checkout-types.js';
export type { AgentWebUcpOptions, UcpCredentials, UcpCredentialsKey } from './ucp/ucp-client-options.js';
export type { UcpMerchantInfo } from './ucp/ucp-merchant-info.js';
