import type { AgentProfile, AgentSkill, Pricing } from '../agent-profile.js';
import type { NooterraAgentCard, ToolDescriptor } from './nooterra-card-schema.js';
import { normalizePriceHint, uniqueTrimmed } from './normalize-nooterra-card.js';

function toolToSkill(tool: ToolDescriptor): AgentSkill {
  const tags: string[] = [];
  if (tool.riskClass) tags.push(`risk:${tool.riskClass}`);
  if (tool.sideEffecting === true) tags.push('side-effecting');
  if (tool.mcpToolName) tags.push(`mcp:${tool.mcpToolName}`);
  for (const kind of tool.requiresEvidenceKinds ?? []) tags.push(`evidence:${kind}`);
  return {
    id: tool.toolId,
    name: tool.name || tool.mcpToolName || tool.toolId,
    description: tool.description ?? '',
    tags,
    inputModes: [],
    outputModes: [],
  };
}

function capabilityToSkill(capability: string): AgentSkill {
  return {
    id: capability,
    name: capability,
    description: '',
    tags: ['nooterra:capability'],
    inputModes: [],
    outputModes: [],
  };
}

function endpointBinding(endpoint: string, protocols: readonly string[]): string {
  const declared = protocols[0];
  if (declared !== undefined) return declared;
  return endpoint.toLowerCase().startsWith('http:') ? 'http' : 'https';
}

function pricingOf(card: NooterraAgentCard): Pricing | null {
  if (!card.priceHint) return null;
  // Only the fields AgentProfile defines; the hint may carry unknown ones.
  const { amountCents, currency, unit } = normalizePriceHint(card.priceHint);
  return { amountCents, currency, unit };
}

/**
 * Maps a checked card to the common {@link AgentProfile}:
 * - `version` is `String(revision)`: Nooterra cards carry no software version, and the revision is what changes
 *   when the card does.
 * - one endpoint, `host.endpoint`, whose binding is the first declared `host.protocols` entry, or the URL scheme
 *   (`http`/`https`) when none is declared; `protocolVersion` is always `''`.
 * - skills are the tools in card order (name falls back to `mcpToolName`, then `toolId`; tags carry
 *   `risk:<riskClass>`, `side-effecting`, `mcp:<mcpToolName>` and `evidence:<kind>`). A card without tools lists
 *   its capability identifiers as skills tagged `nooterra:capability` instead, so they are not lost; a card with
 *   tools does not, because a capability is a coarse routing label and not something to call.
 * - `auth.required` is false for `public` cards and true otherwise; the format names no schemes.
 * - `pricing` comes from `priceHint` with Nooterra's defaults (`USD`, `task`).
 */
export function nooterraCardToProfile(card: NooterraAgentCard, version: string): AgentProfile {
  const tools = Array.isArray(card.tools) ? card.tools : [];
  const skills =
    tools.length > 0 ? tools.map(toolToSkill) : uniqueTrimmed(card.capabilities).map(capabilityToSkill);
  const endpoint = card.host?.endpoint;
  const endpoints =
    typeof endpoint === 'string' && endpoint !== ''
      ? [
          {
            url: endpoint,
            binding: endpointBinding(endpoint, uniqueTrimmed(card.host?.protocols)),
            protocolVersion: '',
          },
        ]
      : [];
  return {
    id: card.agentId,
    name: card.displayName,
    description: card.description ?? '',
    version: String(card.revision),
    endpoints,
    skills,
    auth: { required: card.visibility !== 'public', schemes: [], requirements: [] },
    cap: null,
    pricing: pricingOf(card),
    capabilities: { streaming: false, pushNotifications: false, extendedCard: false },
    source: { format: 'nooterra', version },
  };
}
