import { checkOptions } from '@agentweb/core';
import { CardValidationError } from '../errors.js';
import { IETF_CARD_OPTION_RULES } from '../option-rules.js';
import { ulid } from '../ulid.js';
import { ietfCardFormat } from './check-ietf-card.js';
import type { IetfAgentCard, IetfAuthSchemeName, IetfProtocol, IetfTrustTier } from './ietf-card-schema.js';

/** One capability of a card made by {@link createIetfAgentCard}. */
export interface CreateIetfCapabilityOptions {
  /** Dot-namespaced id matching `^[a-z0-9][a-z0-9._-]*$`, e.g. `text.summarise` (§2.4.1). */
  id: string;
  /** What it does, its inputs and outputs, in one to three sentences (§2.4.2, RECOMMENDED). */
  description?: string;
  /** JSON Schema of the input, written as `input_schema` (§2.4.3). */
  inputSchema?: Record<string, unknown>;
  /** JSON Schema of the output, written as `output_schema` (§2.4.3). */
  outputSchema?: Record<string, unknown>;
  /** Free-form discovery tags (§2.4.4). */
  tags?: string[];
}

/** The endpoint of a card made by {@link createIetfAgentCard}. */
export interface CreateIetfEndpointOptions {
  /** Transport protocol (§2.5.1). */
  protocol: IetfProtocol;
  /** Absolute URI of the endpoint; an `https` endpoint needs an `https://` URL (§2.5.2). */
  url: string;
  /** Authentication the endpoint requires (§2.5.3); omitted means `none`. */
  auth?: {
    /** The mechanism. */
    scheme: IetfAuthSchemeName;
    /** For `api_key`: the request header that carries the key, e.g. `X-API-Key`. */
    header?: string;
  };
}

/** Options of {@link createIetfAgentCard}. */
export interface CreateIetfAgentCardOptions {
  /** Display name, 1 to 128 Unicode code points (§2.2). */
  name: string;
  /** Version of the card document, SemVer 2.0.0 (§2.3). Default `1.0.0`. */
  version?: string;
  /** The agent's ULID (§2.1). Default: a new one from {@link ulid}; reuse the same id when reissuing a card. */
  agentId?: string;
  /** What the agent can do, most prominent first; at least one (§2.4). */
  capabilities: CreateIetfCapabilityOptions[];
  /** How to reach the agent (§2.5). */
  endpoint: CreateIetfEndpointOptions;
  /** Energy cost in joules (§2.6). Omitted means no `pricing` object. */
  pricing?: {
    /** Minimum energy per invocation: 0, or at least the Landauer limit 2.854e-21 J (§2.6.1). */
    baseCostJoules?: number;
    /** Energy per output token, non-negative (§2.6.2). */
    perTokenJoules?: number;
  };
  /**
   * Free annotations, copied as given (§2.7). `pacr:trust_tier` must be one of the draft's tiers; keys with the
   * `pacr:` and `mcp:` prefixes are reserved for those specifications.
   */
  metadata?: Record<string, unknown> & { 'pacr:trust_tier'?: IetfTrustTier };
  /** Shared goals the agent subscribes to (§2.8). */
  goalSubscriptions?: {
    /** Identifier of the goal (REQUIRED). */
    goalId: string;
    /** Human-readable description of the goal. */
    description?: string;
    /** Relative commitment to the goal, in [0, 1]. */
    priority?: number;
  }[];
}

/**
 * Builds an IETF AgentCard (`draft-aevum-agentcard-00`) in the draft's JSON field names, then checks it in
 * strict mode, so the result passes every §5 rule and every §2 MUST.
 *
 * @throws {CardValidationError} (format `ietf`) listing every problem, when the options make an invalid card,
 *   including an `agentId` that passes rule 1 but is not a real ULID (first character above 7).
 */
export function createIetfAgentCard(options: CreateIetfAgentCardOptions): IetfAgentCard {
  checkOptions('createIetfAgentCard', options, IETF_CARD_OPTION_RULES, { optionsRequired: true });
  const card: Record<string, unknown> = {
    agent_id: options.agentId ?? ulid(),
    name: options.name,
    version: options.version ?? '1.0.0',
    capabilities: options.capabilities.map((capability) =>
      compact({
        id: capability.id,
        description: capability.description,
        input_schema: capability.inputSchema,
        output_schema: capability.outputSchema,
        tags: capability.tags === undefined ? undefined : [...capability.tags],
      }),
    ),
    endpoint: compact({
      protocol: options.endpoint.protocol,
      url: options.endpoint.url,
      auth: options.endpoint.auth === undefined ? undefined : compact({ ...options.endpoint.auth }),
    }),
  };
  if (options.pricing !== undefined) {
    card['pricing'] = compact({
      base_cost_joules: options.pricing.baseCostJoules,
      per_token_joules: options.pricing.perTokenJoules,
    });
  }
  if (options.metadata !== undefined) card['metadata'] = { ...options.metadata };
  if (options.goalSubscriptions !== undefined) {
    card['goal_subscriptions'] = options.goalSubscriptions.map((goal) =>
      compact({ goal_id: goal.goalId, description: goal.description, priority: goal.priority }),
    );
  }
  const result = ietfCardFormat.check(card, { strict: true });
  // In strict mode the only warning left is the ULID range one; a builder should not mint such ids either.
  const issues = [...result.errors, ...result.warnings];
  if (issues.length > 0) throw new CardValidationError({ issues, format: 'ietf' });
  return result.card;
}

/** Drops `undefined` members so the card has no keys the caller did not set. */
function compact(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}
