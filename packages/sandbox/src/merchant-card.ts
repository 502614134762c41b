import { createA2ACard, createCapSkill } from '@agentweb/agentcard';
import type { MerchantInfo } from './merchant-runtime.js';

const SKILL_TEXT: Record<string, { name: string; description: string; public: boolean }> = {
  product_search: {
    name: 'Product search',
    description: 'Search the catalog by keyword or phrase, with filters and paging',
    public: true,
  },
  product_get: { name: 'Product details', description: 'Full product details by id', public: true },
  cart_manage: { name: 'Cart', description: 'View and change the cart of this context', public: false },
  order_status: {
    name: 'Order status',
    description: 'Status, tracking and payment of orders',
    public: false,
  },
  user_preferences_set: {
    name: 'Preferences',
    description: 'Set or revoke personalisation preferences',
    public: true,
  },
};

/** Options of {@link merchantCardJson}. */
export interface MerchantCardOptions {
  /** The merchant. */
  info: MerchantInfo;
  /** Card shape to emit. */
  protocolVersion: '0.3.0' | '1.0';
  /** Require a bearer token for every skill (the auth-required fault). */
  authEverywhere: boolean;
  /** The interface to declare instead of the merchant's own (the forged-interface fault). */
  forgedInterface?: { url: string; binding: string } | undefined;
}

/** The merchant's agent card as wire JSON: CAP extension, five CAP skills, `auth:public` where the spec allows. */
export function merchantCardJson(options: MerchantCardOptions): Record<string, unknown> {
  const { info } = options;
  const skills = Object.entries(SKILL_TEXT).map(([skill, t]) => {
    const isPublic = t.public && !options.authEverywhere;
    const s = createCapSkill({
      skill,
      name: t.name,
      description: t.description,
      public: isPublic,
      tags: ['commerce'],
      ...(isPublic ? {} : { security: [{ bearer: [] }] }),
    });
    if (skill === 'product_search') s.inputModes = ['application/json', 'text/plain'];
    return s;
  });
  const card = createA2ACard({
    name: `Sandbox ${info.id}`,
    description: `CAP merchant ${info.id} of the AgentWeb sandbox (${info.catalogSize} products)`,
    url: options.forgedInterface?.url ?? info.endpointUrl,
    transport: options.forgedInterface?.binding ?? info.binding,
    version: '1.0.0',
    protocolVersion: options.protocolVersion,
    skills,
    cap: { queryModes: info.queryModes },
    streaming: true,
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'Bearer',
        description: 'Any non-empty token unless the merchant requires a specific one',
      },
    },
    ...(options.authEverywhere ? { security: [{ bearer: [] }] } : {}),
    provider: { organization: `${info.id} (sandbox)`, url: info.baseUrl },
  });
  return card as unknown as Record<string, unknown>;
}
