import type { AgentProfile } from '@agentweb/agentcard';
import type { AgisInvocationResult, MatchCandidate } from '@agentweb/agis';
import type {
  CapCallResult,
  CartManageInput,
  CartManageOutput,
  FanOutResult,
  OrderStatusInput,
  OrderStatusOutput,
} from '@agentweb/cap';
import { merchantIdentity } from '@agentweb/cap';
import { AgentWebError } from '@agentweb/core';
import type { ResolveManyOutcome, ResolveResult } from '@agentweb/discovery';
import type {
  AgentWebClient,
  AgentWebMerchant,
  IntentMatch,
  InvokeIntentOptions,
  LoadedAgisService,
  ProductLookupResult,
} from '../src/client/types.js';
import {
  type AgentWebTool,
  type AgentWebToolName,
  type AgentWebToolsOptions,
  createAgentWebTools,
} from '../src/tools/index.js';

/** One recorded call of the fake client. */
export interface RecordedCall {
  method: string;
  args: unknown[];
}

/** A merchant profile with CAP support (or without, for `cap: false`). */
export function profileOf(id: string, name: string, cap = true): AgentProfile {
  const skills = ['cap:product_search', 'cap:product_get', 'cap:cart_manage', 'cap:order_status'];
  return {
    id,
    name,
    description: `${name} sells outdoor gear.`,
    version: '1.0.0',
    endpoints: [{ url: `${id}/a2a`, binding: 'JSONRPC', protocolVersion: '0.3.0' }],
    skills: skills.map((skill) => ({
      id: skill,
      name: skill,
      description: '',
      tags: [],
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    })),
    auth: { required: false, schemes: [], requirements: [] },
    cap: cap
      ? {
          supported: true,
          queryModes: ['keyword'],
          skills,
          publicSkills: ['cap:product_search', 'cap:product_get'],
          required: false,
        }
      : null,
    pricing: null,
    capabilities: { streaming: false, pushNotifications: false, extendedCard: false },
    source: { format: 'a2a', version: '0.3' },
  };
}

function merchantOf(domain: string): AgentWebMerchant {
  const id = `http://${domain}/a2a/jsonrpc`;
  const cardUrl = `http://${domain}/.well-known/agent-card.json`;
  return {
    id,
    claimedId: id,
    identity: merchantIdentity({ endpoint: { url: id, binding: 'JSONRPC' }, cardUrl }),
    warnings: [],
    domain,
    profile: profileOf(id, `Shop ${domain}`),
    cardUrl,
    protocol: 'cap',
    // The tools never reach the CAP client directly; a fake that fails loudly if they do.
    client: new Proxy({} as AgentWebMerchant['client'], {
      get() {
        throw new Error('the tools must not use merchant.client');
      },
    }),
  };
}

function resolveResultOf(domain: string, cap: boolean): ResolveResult {
  const profile = profileOf(`http://${domain}/a2a/jsonrpc`, `Shop ${domain}`, cap);
  return {
    profile,
    card: {} as ResolveResult['card'],
    format: 'a2a',
    version: '0.3',
    warnings: [],
    trace: [],
    provenance: {
      mechanism: 'well-known',
      url: `http://${domain}/.well-known/agent-card.json`,
      redirects: [],
    } as unknown as ResolveResult['provenance'],
    ttl: 300,
    fromCache: false,
  };
}

function capResult<T>(merchantId: string, skillId: string, output: T): CapCallResult<T> {
  return {
    output,
    warnings: [],
    skillId: skillId as CapCallResult<T>['skillId'],
    merchantId,
    contextId: 'ctx-1',
    personalised: true,
    taskId: undefined,
  };
}

/** A cart answer holding the given lines. */
export function cartOutput(lines: { productId: string; quantity: number }[]): CartManageOutput {
  return {
    operation: { success: true },
    cart: { cartId: 'cart-1', itemCount: lines.length },
    items: lines.map((line, index) => ({
      cartItemId: `line-${index + 1}`,
      productId: line.productId,
      productName: `Product ${line.productId}`,
      quantity: line.quantity,
      unitPrice: '10.00',
      priceCurrency: 'USD',
      lineTotal: (10 * line.quantity).toFixed(2),
      availability: 'inStock',
    })),
    totals: { subtotal: '10.00', total: '10.80', tax: '0.80', currency: 'USD' },
  };
}

/** Search hits for `count` products at the merchants given, round-robin. */
export function searchResultOf(domains: readonly string[], count: number): FanOutResult {
  return {
    products: Array.from({ length: count }, (_, index) => {
      const domain = domains[index % domains.length] ?? 'shop-0.test';
      return {
        merchantId: `http://${domain}/a2a/jsonrpc`,
        agentCardUrl: undefined,
        product: {
          id: `P-${index}`,
          name: `Rain jacket ${index}`,
          description: `A waterproof jacket. ${'Very long description. '.repeat(30)}`,
          brand: 'Acme',
          offers: [
            {
              identifier: `o-${index}-promo`,
              price: '5.00',
              priceCurrency: 'USD',
              additionalType: 'urn:cap:StandardOffer:BOGO50',
            },
            {
              identifier: `o-${index}`,
              price: `${20 + index}.00`,
              priceCurrency: 'USD',
              availability: 'inStock',
            },
          ],
          huge: 'x'.repeat(5_000),
        },
        rank: index,
        page: 0,
        gtin: undefined,
        alsoFrom: [],
      };
    }),
    outcomes: domains.map((domain) => ({
      merchantId: `http://${domain}/a2a/jsonrpc`,
      agentCardUrl: undefined,
      status: 'ok' as const,
      products: count,
      pages: 1,
      cachedPages: 0,
      personalised: false,
      elapsedMs: 3,
      warnings: [],
    })),
    duplicates: 0,
    elapsedMs: 5,
    deadlineReached: false,
  };
}

/** A candidate of a match. */
export function candidateOf(method: string, path: string, needsConfirmation: boolean): MatchCandidate {
  return {
    service: 'Tables',
    namespace: 'tables',
    method,
    path,
    score: 3,
    confidence: 0.91234,
    params: { party_size: 2 },
    needsConfirmation,
    reasons: needsConfirmation ? ['impact_tier irreversible', 'verb match'] : ['verb match'],
  };
}

/** What the fake answers; every field can be replaced per test. */
export interface FakeBehaviour {
  known: string[];
  search: (query: string) => FanOutResult | Promise<FanOutResult>;
  product: (target: string) => ProductLookupResult | Promise<ProductLookupResult>;
  cart: (merchant: string, input: CartManageInput) => CartManageOutput | Promise<CartManageOutput>;
  orders: (input: OrderStatusInput) => OrderStatusOutput | Promise<OrderStatusOutput>;
  match: (instruction: string) => IntentMatch | Promise<IntentMatch>;
  services: number;
  /** Domains whose card lacks CAP; `fail:` prefixed targets fail discovery. */
  nonCap: string[];
}

/** A fake AgentWebClient that records every call and answers from `behaviour`. */
export function createFakeClient(overrides: Partial<FakeBehaviour> = {}) {
  const calls: RecordedCall[] = [];
  const behaviour: FakeBehaviour = {
    known: ['shop-0.test'],
    search: () => searchResultOf(behaviour.known, 3),
    product: (target) => ({
      merchantId: 'http://shop-0.test/a2a/jsonrpc',
      productId: target,
      source: 'id',
      product: {
        id: target,
        name: 'Rain jacket',
        description: 'Waterproof.',
        offers: [{ identifier: 'o1', price: '20.00', priceCurrency: 'USD', availability: 'inStock' }],
        variants: [{ id: 'V-S', name: 'Small', size: 'S' }],
      },
    }),
    cart: () => cartOutput([{ productId: 'P-1', quantity: 1 }]),
    orders: (input) => ({
      orders: input.orderIds.map((id) =>
        id === 'ORD-1001'
          ? {
              orderId: id,
              orderNumber: '1001',
              status: 'shipped',
              createdAt: '2026-01-01T00:00:00Z',
              totals: { subtotal: '10.00', total: '10.00', currency: 'USD' },
            }
          : null,
      ),
    }),
    match: (instruction) => ({
      instruction,
      abstain: false,
      candidates: [
        candidateOf('BOOK', '/reservation', false),
        candidateOf('CANCEL', '/reservation/{id}', true),
      ],
    }),
    services: 1,
    nonCap: [],
    ...overrides,
  };
  const merchants = new Map<string, AgentWebMerchant>();
  for (const domain of behaviour.known) merchants.set(domain, merchantOf(domain));
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const domainOf = (target: string) => target.replace(/^https?:\/\//, '').split('/')[0] ?? target;

  const client: AgentWebClient = {
    async discover(target) {
      record('discover', target);
      return resolveResultOf(domainOf(target), !behaviour.nonCap.includes(target));
    },
    async discoverMany(domains, options) {
      const list = [...domains];
      record('discoverMany', list, options);
      return list.map(
        (domain): ResolveManyOutcome =>
          domain.startsWith('fail')
            ? { domain, ok: false, error: new Error('connection refused'), trace: [] }
            : { domain, ok: true, result: resolveResultOf(domain, !behaviour.nonCap.includes(domain)) },
      );
    },
    async addMerchant(target, options) {
      record('addMerchant', target, options);
      const domain = domainOf(String(target));
      const merchant = merchants.get(domain) ?? merchantOf(domain);
      merchants.set(domain, merchant);
      return merchant;
    },
    merchants: () => [...merchants.values()],
    async search(query, options) {
      record('search', query, options);
      return behaviour.search(query);
    },
    searchStream() {
      throw new Error('not used by the tools');
    },
    async product(target, options) {
      record('product', target, options);
      return behaviour.product(target);
    },
    async cart(merchant, input, options) {
      record('cart', merchant, input, options);
      return capResult(
        `http://${merchant}/a2a/jsonrpc`,
        'cap:cart_manage',
        await behaviour.cart(merchant, input),
      );
    },
    async orderStatus(merchant, input, options) {
      record('orderStatus', merchant, input, options);
      return capResult(`http://${merchant}/a2a/jsonrpc`, 'cap:order_status', await behaviour.orders(input));
    },
    async setPreferences() {
      throw new Error('not used by the tools');
    },
    async checkout() {
      throw new Error('not used by the tools');
    },
    async revokeConsent() {
      throw new Error('not used by the tools');
    },
    async loadAgisService() {
      throw new Error('not used by the tools');
    },
    agisServices: () => Array.from({ length: behaviour.services }, () => ({}) as LoadedAgisService),
    async intent(instruction, options) {
      record('intent', instruction, options);
      return behaviour.match(instruction);
    },
    async invokeIntent(match, options: InvokeIntentOptions = {}) {
      record('invokeIntent', match, options);
      const candidate = match.candidates[options.candidate ?? 0];
      if (candidate === undefined) throw new Error('no candidate');
      if (candidate.needsConfirmation) {
        const approved = options.confirm
          ? await options.confirm({
              candidate,
              input: { ...candidate.params, ...options.input },
              reasons: candidate.reasons,
            })
          : false;
        if (!approved) {
          throw Object.assign(
            new AgentWebError({ code: 'AGENTWEB_INTENT_NOT_CONFIRMED', message: 'not confirmed' }),
            {
              name: 'IntentConfirmationError',
            },
          );
        }
      }
      return {
        data: { reservation_id: 'R-42', input: { ...candidate.params, ...options.input } },
        status: 200,
        provenance: {} as AgisInvocationResult['provenance'],
      };
    },
    async close() {
      record('close');
    },
  };
  return { client, calls, behaviour };
}

/** A fake client and the neutral tools made over it, with `tool(name)` to pick one. */
export function setupTools(overrides: Partial<FakeBehaviour> = {}, options: AgentWebToolsOptions = {}) {
  const fake = createFakeClient(overrides);
  const tools = createAgentWebTools(fake.client, options);
  const tool = (name: AgentWebToolName): AgentWebTool => {
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  };
  return { ...fake, tool };
}
