import { randomUUID } from 'node:crypto';
import { checkOptions, is, required } from '@agentweb/core';
import { createHttpClient, HTTP_CLIENT_RULE, type HttpClient } from '@agentweb/http';
import { capabilitiesAt, UCP_SHOPPING_SERVICE } from '../profile/capability-names.js';
import { businessProfileUrl, fetchBusinessProfile } from '../profile/fetch-business-profile.js';
import { chooseVersion, intersectCapabilities, SUPPORTED_UCP_VERSIONS } from '../profile/negotiate.js';
import { createMemoryProfileCache } from '../profile/profile-cache.js';
import { cartCoreSchema, cartSchema } from '../schemas/cart.js';
import {
  productDetailCoreSchema,
  productDetailSchema,
  productListCoreSchema,
  productListSchema,
} from '../schemas/catalog.js';
import { type Checkout, checkoutCoreSchema, checkoutSchema } from '../schemas/checkout.js';
import { type CheckedOperation, validateId, validateUcpInput } from '../schemas/inputs.js';
import { orderCoreSchema, orderSchema } from '../schemas/order.js';
import { createMcpTransport } from '../transport/mcp-transport.js';
import { UCP_OPERATIONS, type UcpOperationName } from '../transport/operations.js';
import { createRestTransport } from '../transport/rest-transport.js';
import type { UcpTransport } from '../transport/transport-types.js';
import { createUcpAuthApplier, UCP_AUTH_RULE } from '../transport/ucp-auth.js';
import { UcpConfirmationRequiredError, UcpNotSupportedError } from '../ucp-errors.js';
import type { UcpWarning } from '../ucp-warnings.js';
import type { UcpCheckoutResult, UcpClient, UcpClientOptions, UcpSession } from './client-types.js';
import { type ReadSpec, readResponse } from './read-response.js';
import type { UcpResult } from './results.js';

const OPTION_RULES = {
  profileUrl: required(is.url),
  profileUrls: is.object,
  businessUrl: is.nonEmptyString,
  domain: is.nonEmptyString,
  transport: is.oneOf('rest', 'mcp', 'auto'),
  http: HTTP_CLIENT_RULE,
  fetch: is.function,
  signal: is.signal,
  timeoutMs: is.timerMs,
  strict: is.boolean,
  onWarning: is.function,
  versions: is.arrayOf(is.nonEmptyString),
  capabilities: is.arrayOf(is.nonEmptyString),
  profileCache: is.methods('get', 'set'),
  randomId: is.function,
  auth: UCP_AUTH_RULE,
};

const checkoutRead: ReadSpec<Checkout> = {
  full: checkoutSchema,
  core: checkoutCoreSchema,
  extra: (value) =>
    value.status === 'requires_escalation' && !value.continue_url
      ? [
          {
            code: 'continue-url-missing',
            path: 'continue_url',
            message: 'status requires_escalation without a continue_url',
          },
        ]
      : [],
};

/** The strings of a credential, withheld from every error of the call that carries it. */
function secretsOf(credential: unknown): string[] {
  if (typeof credential !== 'object' || credential === null) return [];
  return Object.entries(credential as Record<string, unknown>)
    .filter(([key, v]) => key !== 'type' && typeof v === 'string')
    .map(([, v]) => v as string);
}

/**
 * A UCP client for one business, acting as the platform whose profile is at `profileUrl`. The first call fetches
 * the business profile (cached >= 60 s), chooses the protocol version, intersects capabilities and picks the
 * transport; every call then carries `UCP-Agent` and `Request-Id`, mutations an `Idempotency-Key`. Protocol errors
 * reject with `UcpProtocolError`; business outcomes resolve (`ok`, `outcome`, `messages`). Checkout completion
 * needs `confirm: true` and a payment instrument.
 */
export function createUcpClient(options: UcpClientOptions): UcpClient {
  checkOptions('createUcpClient', options, OPTION_RULES, { optionsRequired: true });
  const business = options.businessUrl ?? options.domain;
  if (business === undefined) {
    checkOptions('createUcpClient', options, { businessUrl: required(is.nonEmptyString) });
  }
  const ownedHttp = options.http
    ? undefined
    : createHttpClient(options.fetch ? { fetch: options.fetch } : {});
  const http: HttpClient = options.http ?? (ownedHttp as HttpClient);
  const profileUrl = businessProfileUrl(business as string, http.allowsHttp);
  const profileCache = options.profileCache ?? createMemoryProfileCache();
  const strict = options.strict ?? false;
  const randomId = options.randomId ?? randomUUID;
  const auth = createUcpAuthApplier(options.auth);
  let session: Promise<{ session: UcpSession; transport: UcpTransport }> | undefined;

  function warn(warnings: readonly UcpWarning[], operation: string): void {
    if (!options.onWarning) return;
    for (const w of warnings) options.onWarning(w, { operation, businessUrl: profileUrl });
  }

  function signalOf(signal: AbortSignal | undefined): AbortSignal | undefined {
    if (!options.signal) return signal;
    return signal ? AbortSignal.any([options.signal, signal]) : options.signal;
  }

  async function negotiate(
    signal: AbortSignal | undefined,
  ): Promise<{ session: UcpSession; transport: UcpTransport }> {
    const fetchOptions = {
      http,
      strict,
      cache: profileCache,
      ...(signal ? { signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    };
    const current = await fetchBusinessProfile({ ...fetchOptions, url: profileUrl });
    const warnings = [...current.warnings];
    const choice = chooseVersion(current.profile, options.versions ?? SUPPORTED_UCP_VERSIONS);
    if (!choice) {
      throw new UcpNotSupportedError({
        reason: 'version',
        businessUrl: profileUrl,
        detail: `the business speaks UCP ${[current.profile.version, ...Object.keys(current.profile.supportedVersions)].join(', ')}; this client speaks ${(options.versions ?? SUPPORTED_UCP_VERSIONS).join(', ')}`,
      });
    }
    let profile = current.profile;
    if (choice.profileUrl !== undefined) {
      const older = await fetchBusinessProfile({ ...fetchOptions, url: choice.profileUrl });
      warnings.push(...older.warnings);
      profile = older.profile;
    }
    const platformCapabilities = (options.capabilities ?? capabilitiesAt(choice.version)).map((name) => ({
      name,
      version: choice.version,
    }));
    const capabilities = intersectCapabilities(profile.capabilities, platformCapabilities);
    const wanted = options.transport ?? 'auto';
    const services = profile.services.filter(
      (s) => s.name === UCP_SHOPPING_SERVICE && s.endpoint !== undefined,
    );
    const order = wanted === 'auto' ? ['rest', 'mcp'] : [wanted];
    const service = order.map((t) => services.find((s) => s.transport === t)).find((s) => s !== undefined);
    if (!service?.endpoint) {
      throw new UcpNotSupportedError({
        reason: 'transport',
        businessUrl: profileUrl,
        detail: `no ${UCP_SHOPPING_SERVICE} service over ${order.join(' or ')} with an endpoint`,
      });
    }
    const platformProfile = options.profileUrls?.[choice.version] ?? options.profileUrl;
    const transport =
      service.transport === 'mcp'
        ? createMcpTransport({ http, endpoint: service.endpoint, profileUrl: platformProfile, auth })
        : createRestTransport({ http, endpoint: service.endpoint, profileUrl: platformProfile, auth });
    warn(warnings, 'connect');
    return {
      session: {
        profile,
        version: choice.version,
        capabilities,
        transport: service.transport as 'rest' | 'mcp',
        endpoint: service.endpoint,
        paymentHandlers: profile.paymentHandlers,
        warnings,
      },
      transport,
    };
  }

  function connected(signal: AbortSignal | undefined) {
    if (!session) {
      session = negotiate(signal);
      // A failed negotiation (network, bad profile) is tried again by the next call.
      session.catch(() => {
        session = undefined;
      });
    }
    return session;
  }

  async function send<T extends { messages?: unknown; ucp?: unknown }>(
    name: UcpOperationName,
    call: {
      id?: string;
      body?: Record<string, unknown>;
      options: { signal?: AbortSignal; timeoutMs?: number; idempotencyKey?: string } | undefined;
      read: ReadSpec<T>;
      secrets?: string[];
    },
  ): Promise<UcpResult<T>> {
    const operation = UCP_OPERATIONS[name];
    const signal = signalOf(call.options?.signal);
    const { session: s, transport } = await connected(signal);
    if (!s.capabilities.some((c) => c.name === operation.capability)) {
      throw new UcpNotSupportedError({
        reason: 'capability',
        businessUrl: profileUrl,
        operation: name,
        capability: operation.capability,
        detail: `${name} needs ${operation.capability}, which the business and this platform did not both declare at UCP ${s.version}`,
      });
    }
    const requestId = randomId();
    const timeoutMs = call.options?.timeoutMs ?? options.timeoutMs;
    const answer = await transport.call({
      operation,
      id: call.id,
      body: call.body,
      requestId,
      idempotencyKey: operation.mutation ? (call.options?.idempotencyKey ?? randomId()) : undefined,
      signal,
      timeoutMs,
      secrets: call.secrets,
    });
    const result = readResponse(answer.data, call.read, {
      operation: name,
      source: `${name} at ${transport.endpoint}`,
      strict,
      requestId,
      version: s.version,
    });
    warn(result.warnings, name);
    return result;
  }

  function checked(operation: CheckedOperation, input: unknown): Record<string, unknown> {
    validateUcpInput(operation, input);
    return input as Record<string, unknown>;
  }

  /** 2026-01-11 requires `payment` on checkout create and update (its handlers are the business's to fill). */
  async function checkoutBody(body: Record<string, unknown>, signal: AbortSignal | undefined) {
    const { session: s } = await connected(signalOf(signal));
    return s.version < '2026-04-08' && body['payment'] === undefined ? { ...body, payment: {} } : body;
  }

  function withContinueUrl(result: UcpResult<Checkout>): UcpCheckoutResult {
    const continueUrl = result.ok ? result.value.continue_url : result.continueUrl;
    return { ...result, continueUrl } as UcpCheckoutResult;
  }

  const productList = { full: productListSchema, core: productListCoreSchema };
  const cart = { full: cartSchema, core: cartCoreSchema };

  return {
    businessProfileUrl: profileUrl,
    async connect(call = {}) {
      return (await connected(signalOf(call.signal))).session;
    },
    async supports(name, call = {}) {
      const { session: s } = await connected(signalOf(call.signal));
      return s.capabilities.some((c) => c.name === name);
    },
    searchCatalog: async (input, call) =>
      send('search_catalog', { body: checked('search_catalog', input), options: call, read: productList }),
    lookupCatalog: async (input, call) =>
      send('lookup_catalog', { body: checked('lookup_catalog', input), options: call, read: productList }),
    getProduct: async (input, call) =>
      send('get_product', {
        body: checked('get_product', input),
        options: call,
        read: { full: productDetailSchema, core: productDetailCoreSchema },
      }),
    createCart: async (input, call) =>
      send('create_cart', { body: checked('create_cart', input), options: call, read: cart }),
    getCart: async (id, call) => {
      validateId('get_cart', id);
      return send('get_cart', { id, options: call, read: cart });
    },
    updateCart: async (id, input, call) => {
      validateId('update_cart', id);
      // The spec's update body carries the cart id, and replaces the whole cart.
      return send('update_cart', {
        id,
        body: { ...checked('update_cart', input), id },
        options: call,
        read: cart,
      });
    },
    cancelCart: async (id, call) => {
      validateId('cancel_cart', id);
      return send('cancel_cart', { id, options: call, read: cart });
    },
    async createCheckout(input, call) {
      return withContinueUrl(
        await send('create_checkout', {
          body: checked('create_checkout', input),
          options: call,
          read: checkoutRead,
        }),
      );
    },
    async getCheckout(id, call) {
      validateId('get_checkout', id);
      return withContinueUrl(await send('get_checkout', { id, options: call, read: checkoutRead }));
    },
    async updateCheckout(id, input, call) {
      validateId('update_checkout', id);
      return withContinueUrl(
        await send('update_checkout', {
          id,
          body: await checkoutBody({ ...checked('update_checkout', input), id }, call?.signal),
          options: call,
          read: checkoutRead,
        }),
      );
    },
    async completeCheckout(id, call) {
      validateId('complete_checkout', id);
      // Checked before anything else, including the connection: without both, nothing leaves this process.
      if (call?.confirm !== true)
        throw new UcpConfirmationRequiredError({ checkoutId: id, missing: 'confirm' });
      const instrument = call.instrument;
      if (
        typeof instrument !== 'object' ||
        instrument === null ||
        typeof instrument.handler_id !== 'string' ||
        typeof instrument.credential !== 'object' ||
        instrument.credential === null
      ) {
        throw new UcpConfirmationRequiredError({ checkoutId: id, missing: 'instrument' });
      }
      const { session: s } = await connected(signalOf(call.signal));
      // 2026-01-11 sends the instrument as `payment_data`; 2026-04-08 as the selected one of `payment.instruments`.
      const body =
        s.version < '2026-04-08'
          ? { payment_data: instrument }
          : { payment: { instruments: [{ ...instrument, selected: true }] } };
      const { confirm: _confirm, instrument: _instrument, ...rest } = call;
      return withContinueUrl(
        await send('complete_checkout', {
          id,
          body,
          options: rest,
          read: checkoutRead,
          secrets: secretsOf(instrument.credential),
        }),
      );
    },
    async cancelCheckout(id, call) {
      validateId('cancel_checkout', id);
      return withContinueUrl(await send('cancel_checkout', { id, options: call, read: checkoutRead }));
    },
    getOrder: async (id, call) => {
      validateId('get_order', id);
      return send('get_order', { id, options: call, read: { full: orderSchema, core: orderCoreSchema } });
    },
    async close() {
      await ownedHttp?.close();
    },
  };
}
