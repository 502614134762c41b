import type { FetchFunction, HttpClient } from '@agentweb/http';
import type { NegotiatedCapability } from '../profile/negotiate.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import type { BusinessProfile, UcpPaymentHandler } from '../profile/profile-types.js';
import type { Cart } from '../schemas/cart.js';
import type { ProductDetail, ProductList } from '../schemas/catalog.js';
import type { Checkout } from '../schemas/checkout.js';
import type { Order } from '../schemas/order.js';
import type { UcpAuth } from '../transport/ucp-auth.js';
import type { UcpWarning } from '../ucp-warnings.js';
import type { UcpResult } from './results.js';

/** Options of `createUcpClient`. */
export interface UcpClientOptions {
  /** URL of the platform profile you host (see `createPlatformProfile`), sent with every request. */
  profileUrl: string;
  /** Platform profile URLs per protocol version, when you host one per version (overrides `profileUrl`). */
  profileUrls?: Readonly<Record<string, string>>;
  /** The business: a domain (`shop.example`) or a base URL; its profile is at `/.well-known/ucp`. */
  businessUrl?: string;
  /** Same as `businessUrl`, for a bare domain. */
  domain?: string;
  /** Transport: `rest`, `mcp`, or `auto` (default: REST when offered, else MCP). */
  transport?: 'rest' | 'mcp' | 'auto';
  /** HTTP client (default: one made with `fetch`; https only, public addresses only). */
  http?: HttpClient;
  /** `fetch` for the default HTTP client. */
  fetch?: FetchFunction;
  /** Aborts every call of this client. */
  signal?: AbortSignal;
  /** Deadline of each call in ms (default: the HTTP client's). */
  timeoutMs?: number;
  /** Refuse profiles and responses on any warning (default false: read leniently and warn). */
  strict?: boolean;
  /** Called with each warning (also returned on results). */
  onWarning?: (warning: UcpWarning, context: { operation: string; businessUrl: string }) => void;
  /** Protocol versions to accept, newest first (default all this client speaks). */
  versions?: readonly string[];
  /** Capability names the platform declares (default: all this client uses, at the chosen version). */
  capabilities?: readonly string[];
  /** Where business profiles are kept (default: a private in-memory cache, >= 60 s per profile). */
  profileCache?: ProfileCache;
  /** Id generator for `Request-Id` and `Idempotency-Key` (default `crypto.randomUUID`). */
  randomId?: () => string;
  /**
   * The platform's credentials at this business (a business that authenticates platforms: a bearer token or an
   * API key header): sent as headers of every operation and of the MCP handshake, never with the public profile
   * read; their values are withheld from every error. Default: none.
   */
  auth?: UcpAuth;
}

/** What `connect()` settled with the business. */
export interface UcpSession {
  /** The business profile used (the version's own, when an older version was chosen). */
  profile: BusinessProfile;
  /** The protocol version. */
  version: string;
  /** Capabilities both sides support. */
  capabilities: NegotiatedCapability[];
  /** The transport in use. */
  transport: 'rest' | 'mcp';
  /** Its endpoint. */
  endpoint: string;
  /** Payment handlers the business accepts. */
  paymentHandlers: UcpPaymentHandler[];
  /** Warnings of the profile reads. */
  warnings: UcpWarning[];
}

/** Options of one call. */
export interface UcpCallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Deadline in ms. */
  timeoutMs?: number;
  /** `Idempotency-Key` of a mutation (default: a new UUID); pass the same key to retry a call whose answer was lost. */
  idempotencyKey?: string;
}

/** A line item of a request: the item id (variant or product, as the business lists it) and a quantity. */
export interface UcpLineItemInput {
  /** Line item id, on update (keeps the business's line). */
  id?: string;
  /** Item (product or variant id). */
  item: { id: string };
  /** Quantity (integer >= 1). */
  quantity: number;
}

/** A catalog search. */
export interface UcpSearchInput {
  /** Free-text query. */
  query?: string;
  /** Buyer context (country, currency, ...). */
  context?: Record<string, unknown>;
  /** Filters (`categories`, `price`, ...). */
  filters?: Record<string, unknown>;
  /** Paging. */
  pagination?: { cursor?: string; limit?: number };
}

/** A cart or checkout body. */
export interface UcpCartInput {
  /** The whole list of line items (an update replaces the cart's list). */
  line_items: UcpLineItemInput[];
  /** Buyer context. */
  context?: Record<string, unknown>;
  /** Buyer. */
  buyer?: Record<string, unknown>;
}

/** A checkout body. */
export interface UcpCheckoutInput extends UcpCartInput {
  /** Currency (ISO 4217); 2026-01-11 businesses require it on create and update, later ones decide it themselves. */
  currency?: string;
  /**
   * Start from a cart (2026-04-08): the business uses the cart's contents and ignores the overlapping fields
   * (`line_items` is still required by the schema: send the cart's).
   */
  cart_id?: string;
}

/**
 * A payment instrument from a payment handler: opaque to this client, sent once with `complete` and never kept,
 * logged or put in an error.
 */
export interface UcpPaymentInstrument {
  /** Instrument id. */
  id: string;
  /** The business's handler id it was obtained for. */
  handler_id: string;
  /** Instrument type (`card`, `wallet`, ...). */
  type: string;
  /** The credential (e.g. `{ type: 'token', token: '...' }`). */
  credential: { type: string; token?: string; [field: string]: unknown };
  /** Billing address. */
  billing_address?: Record<string, unknown>;
  /** Display data (brand, last digits). */
  display?: Record<string, unknown>;
}

/** Options of `completeCheckout`. */
export interface UcpCompleteOptions extends UcpCallOptions {
  /** Must be `true`: the buyer confirmed this purchase. Without it nothing is sent. */
  confirm: boolean;
  /** The payment instrument (required; without it nothing is sent). */
  instrument: UcpPaymentInstrument;
}

/** A checkout result with the escalation URL at hand. */
export type UcpCheckoutResult = UcpResult<Checkout> & {
  /** `continue_url` of the checkout (or of the outcome): where to send the buyer when the agent cannot finish. */
  continueUrl: string | undefined;
};

/** A UCP client for one business, on behalf of one platform. */
export interface UcpClient {
  /** The business's profile URL. */
  readonly businessProfileUrl: string;
  /** Fetches the profile (cached), chooses version, capabilities and transport. Called by every operation. */
  connect(options?: { signal?: AbortSignal }): Promise<UcpSession>;
  /** Whether the negotiated capabilities include `name` (connects first). */
  supports(name: string, options?: { signal?: AbortSignal }): Promise<boolean>;
  /** `search_catalog`. */
  searchCatalog(input: UcpSearchInput, options?: UcpCallOptions): Promise<UcpResult<ProductList>>;
  /** `lookup_catalog`: products by id. */
  lookupCatalog(
    input: { ids: string[]; context?: Record<string, unknown> },
    options?: UcpCallOptions,
  ): Promise<UcpResult<ProductList>>;
  /** `get_product`. */
  getProduct(
    input: { id: string; context?: Record<string, unknown> },
    options?: UcpCallOptions,
  ): Promise<UcpResult<ProductDetail>>;
  /** `create_cart`. */
  createCart(input: UcpCartInput, options?: UcpCallOptions): Promise<UcpResult<Cart>>;
  /** `get_cart`. */
  getCart(id: string, options?: UcpCallOptions): Promise<UcpResult<Cart>>;
  /** `update_cart`: replaces the whole cart (send every line item that should remain). */
  updateCart(id: string, input: UcpCartInput, options?: UcpCallOptions): Promise<UcpResult<Cart>>;
  /** `cancel_cart`. */
  cancelCart(id: string, options?: UcpCallOptions): Promise<UcpResult<Cart>>;
  /** `create_checkout`. */
  createCheckout(input: UcpCheckoutInput, options?: UcpCallOptions): Promise<UcpCheckoutResult>;
  /** `get_checkout`. */
  getCheckout(id: string, options?: UcpCallOptions): Promise<UcpCheckoutResult>;
  /** `update_checkout` (replaces the line items). */
  updateCheckout(id: string, input: UcpCheckoutInput, options?: UcpCallOptions): Promise<UcpCheckoutResult>;
  /**
   * `complete_checkout`: only with `confirm: true` and an instrument (else `UcpConfirmationRequiredError`, nothing
   * sent). Spends the buyer's money. The instrument is never logged, cached or put in an error.
   */
  completeCheckout(id: string, options: UcpCompleteOptions): Promise<UcpCheckoutResult>;
  /** `cancel_checkout`. */
  cancelCheckout(id: string, options?: UcpCallOptions): Promise<UcpCheckoutResult>;
  /** `get_order`. */
  getOrder(id: string, options?: UcpCallOptions): Promise<UcpResult<Order>>;
  /** Closes the HTTP client when this client made it. */
  close(): Promise<void>;
}
