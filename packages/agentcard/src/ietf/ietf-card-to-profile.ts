import type { AgentProfile, AgentSkill, AuthRequirements, AuthScheme, Pricing } from '../agent-profile.js';
import {
  asArray,
  asString,
  asStringArray,
  isFiniteNumber,
  isRecord,
  type JsonObject,
} from '../json-value.js';
import type { IetfAgentCard } from './ietf-card-schema.js';

function capabilityToSkill(capability: JsonObject): AgentSkill | null {
  const id = capability['id'];
  if (typeof id !== 'string') return null;
  const tags = asStringArray(capability['tags']) ?? [];
  const inputSchema = capability['input_schema'];
  // The draft declares no media types. A declared JSON Schema means JSON payloads; without one nothing is known.
  const modes = isRecord(inputSchema) || isRecord(capability['output_schema']) ? ['application/json'] : [];
  const skill: AgentSkill = {
    id,
    name: id,
    description: asString(capability['description']) ?? '',
    tags,
    inputModes: [...modes],
    outputModes: [...modes],
  };
  if (isRecord(inputSchema)) skill.inputSchema = inputSchema;
  return skill;
}

function endpointAuthRequirements(endpoint: JsonObject | null): AuthRequirements {
  const auth = endpoint && isRecord(endpoint['auth']) ? endpoint['auth'] : null;
  const scheme = auth ? auth['scheme'] : undefined;
  if (auth === null || scheme === undefined || scheme === 'none') {
    const schemes: AuthScheme[] = scheme === 'none' ? [{ id: 'none', type: 'none' }] : [];
    return { required: false, schemes, requirements: [] };
  }
  const id = typeof scheme === 'string' ? scheme : 'unknown';
  let normalized: AuthScheme;
  switch (scheme) {
    case 'bearer':
      normalized = { id, type: 'bearer', scheme: 'Bearer' };
      break;
    case 'api_key': {
      normalized = { id, type: 'apiKey', in: 'header' };
      const header = auth['header'];
      if (typeof header === 'string') normalized.name = header;
      break;
    }
    case 'oauth2':
      normalized = { id, type: 'oauth2' };
      break;
    case 'mtls':
      normalized = { id, type: 'mutualTLS' };
      break;
    default:
      normalized = { id, type: 'other' };
  }
  return { required: true, schemes: [normalized], requirements: [[id]] };
}

function pricingOf(pricing: unknown): Pricing | null {
  if (!isRecord(pricing)) return null;
  const out: Pricing = {};
  if (isFiniteNumber(pricing['base_cost_joules'])) out.baseCostJoules = pricing['base_cost_joules'];
  if (isFiniteNumber(pricing['per_token_joules'])) out.perTokenJoules = pricing['per_token_joules'];
  return out;
}

/**
 * Normalizes an IETF card. Reads defensively, since a card that passed only the non-strict check may still
 * carry wrongly typed §2 fields: those are dropped or replaced by empty values, never thrown on.
 */
export function ietfCardToProfile(card: IetfAgentCard, version: string): AgentProfile {
  const root: JsonObject = isRecord(card) ? card : {};
  const endpoint = isRecord(root['endpoint']) ? root['endpoint'] : null;
  const endpoints =
    endpoint && typeof endpoint['url'] === 'string'
      ? [{ url: endpoint['url'], binding: asString(endpoint['protocol']) ?? '', protocolVersion: '' }]
      : [];
  const capabilities = asArray(root['capabilities']);
  const skills: AgentSkill[] = [];
  for (const capability of capabilities) {
    const skill = isRecord(capability) ? capabilityToSkill(capability) : null;
    if (skill) skills.push(skill);
  }
  return {
    id: asString(root['agent_id']) ?? '',
    name: asString(root['name']) ?? '',
    // The draft has no description; many cards carry one anyway as an unknown top-level field.
    description: asString(root['description']) ?? '',
    version: asString(root['version']) ?? '',
    endpoints,
    skills,
    auth: endpointAuthRequirements(endpoint),
    cap: null,
    pricing: pricingOf(root['pricing']),
    capabilities: { streaming: false, pushNotifications: false, extendedCard: false },
    source: { format: 'ietf', version },
  };
}
