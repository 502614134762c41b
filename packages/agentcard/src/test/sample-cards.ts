import type { A2ACardHybrid, A2ACardV03, A2ACardV10, CapQueryMode } from '../a2a/a2a-card-schema.js';
import { createA2ACard, createCapSkill } from '../a2a/create-a2a-card.js';
import { createIetfAgentCard } from '../ietf/create-ietf-agent-card.js';
import type { IetfAgentCard } from '../ietf/ietf-card-schema.js';
import type { NooterraAgentCard } from '../nooterra/nooterra-card-schema.js';

/** Options of {@link sampleCapMerchantCard}. */
export interface SampleCapMerchantCardOptions {
  /** The merchant's A2A endpoint. Default `https://shop.example/a2a`. */
  url?: string;
  /** Display name. Default `Sample Shop`. */
  name?: string;
  /** Card dialect. Default `'0.3.0'`. */
  protocolVersion?: '0.3.0' | '1.0' | 'hybrid';
  /** Declared `search-query-modes`. Default `['keyword', 'phrase']`. */
  queryModes?: CapQueryMode[];
}

/** The five CAP skills; search, get and preferences are tagged `auth:public` as the CAP draft recommends. */
const CAP_SKILLS = [
  { skill: 'product_search', public: true, description: 'Search the catalog by keyword or phrase' },
  { skill: 'product_get', public: true, description: 'Get one product by its id' },
  { skill: 'cart_manage', public: false, description: 'Add, update, remove and view cart items' },
  { skill: 'order_status', public: false, description: 'Status of an order' },
  { skill: 'user_preferences_set', public: true, description: 'Set shopping preferences and consent' },
] as const;

/**
 * A valid CAP merchant card with all five `cap:` skills and the CAP extension, for tests of code that consumes
 * cards (discovery, A2A, CAP). Each call returns a fresh object.
 */
export function sampleCapMerchantCard(
  options?: SampleCapMerchantCardOptions & { protocolVersion?: '0.3.0' },
): A2ACardV03;
export function sampleCapMerchantCard(
  options: SampleCapMerchantCardOptions & { protocolVersion: '1.0' },
): A2ACardV10;
export function sampleCapMerchantCard(
  options: SampleCapMerchantCardOptions & { protocolVersion: 'hybrid' },
): A2ACardHybrid;
export function sampleCapMerchantCard(
  options: SampleCapMerchantCardOptions = {},
): A2ACardV03 | A2ACardV10 | A2ACardHybrid {
  return createA2ACard({
    name: options.name ?? 'Sample Shop',
    description: 'A sample CAP merchant',
    url: options.url ?? 'https://shop.example/a2a',
    version: '1.0.0',
    protocolVersion: options.protocolVersion ?? '0.3.0',
    streaming: true,
    cap: { queryModes: options.queryModes ?? ['keyword', 'phrase'] },
    skills: CAP_SKILLS.map((s) =>
      createCapSkill({ skill: s.skill, public: s.public, description: s.description }),
    ),
  });
}

/** A valid IETF AgentCard (draft-aevum-agentcard-00) with a fixed id, for deterministic tests. */
export function sampleIetfCard(overrides: Partial<IetfAgentCard> = {}): IetfAgentCard {
  return {
    ...createIetfAgentCard({
      agentId: '01HZQK3P8EMXR9V7T5N2W4J6C0',
      name: 'Sample Summariser',
      version: '1.0.0',
      capabilities: [{ id: 'text.summarise', description: 'Summarise a document' }],
      endpoint: { protocol: 'https', url: 'https://agents.example/summarise' },
    }),
    ...overrides,
  };
}

/** A valid public Nooterra AgentCard.v1 with one tool, for deterministic tests. */
export function sampleNooterraCard(overrides: Partial<NooterraAgentCard> = {}): NooterraAgentCard {
  return {
    schemaVersion: 'AgentCard.v1',
    agentId: 'agt_sample_travel',
    tenantId: 'tenant_sample',
    displayName: 'Sample Travel Booker',
    status: 'active',
    visibility: 'public',
    capabilities: ['capability://travel.booking@v2'],
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-02T00:00:00.000Z',
    revision: 1,
    host: { runtime: 'node', endpoint: 'https://travel.example/agent', protocols: ['mcp'] },
    tools: [
      {
        schemaVersion: 'ToolDescriptor.v1',
        toolId: 'book_trip',
        name: 'Book a trip',
        riskClass: 'financial',
        sideEffecting: true,
        requiresEvidenceKinds: [],
        pricing: { amountCents: 250, currency: 'USD', unit: 'call' },
      },
    ],
    ...overrides,
  } as NooterraAgentCard;
}
