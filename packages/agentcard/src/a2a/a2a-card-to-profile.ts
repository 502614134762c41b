import type { AgentEndpoint, AgentProfile, AgentSkill, CapSupport } from '../agent-profile.js';
import { asArray, asRecord, asString, asStringArray, type JsonObject } from '../json-value.js';
import { a2aAuthRequirements } from './a2a-auth-requirements.js';
import { type A2AAgentCard, AUTH_PUBLIC_TAG, CAP_SKILL_PREFIX } from './a2a-card-schema.js';
import { isCapExtensionUri } from './check-cap-extension.js';
import { requirementsOf } from './security-requirements.js';

function majorMinor(v: string): string {
  const m = /^(\d+)\.(\d+)/.exec(v.trim());
  return m ? `${m[1]}.${m[2]}` : v.trim();
}

function endpointKey(e: AgentEndpoint): string {
  return `${e.url}\n${e.binding}\n${majorMinor(e.protocolVersion)}`;
}

function v03Endpoints(card: JsonObject, defaultVersion: string): AgentEndpoint[] {
  const out: AgentEndpoint[] = [];
  const protocolVersion = asString(card['protocolVersion']) ?? defaultVersion;
  const url = asString(card['url']);
  const preferred = asString(card['preferredTransport']) || 'JSONRPC';
  if (url !== undefined && url !== '') out.push({ url, binding: preferred, protocolVersion });
  for (const raw of asArray(card['additionalInterfaces'])) {
    const entry = asRecord(raw);
    const u = asString(entry?.['url']);
    if (u === undefined || u === '') continue;
    const binding = asString(entry?.['transport']) || 'JSONRPC';
    if (out.some((e) => e.url === u && e.binding === binding)) continue;
    out.push({ url: u, binding, protocolVersion });
  }
  return out;
}

function v10Endpoints(card: JsonObject): AgentEndpoint[] {
  const out: AgentEndpoint[] = [];
  for (const raw of asArray(card['supportedInterfaces'])) {
    const entry = asRecord(raw);
    const url = asString(entry?.['url']);
    if (entry === undefined || url === undefined || url === '') continue;
    const endpoint: AgentEndpoint = {
      url,
      binding: asString(entry['protocolBinding']) || 'JSONRPC',
      protocolVersion: asString(entry['protocolVersion']) ?? '',
    };
    const tenant = asString(entry['tenant']);
    // ProtoJSON renders an unset tenant as "", which means no tenant.
    if (tenant !== undefined && tenant !== '') endpoint.tenant = tenant;
    out.push(endpoint);
  }
  return out;
}

function profileEndpoints(card: JsonObject, version: string): AgentEndpoint[] {
  if (version === '1.0') return v10Endpoints(card);
  if (version === '0.2') return v03Endpoints(card, '0.2');
  if (version === 'hybrid') {
    const out = v10Endpoints(card);
    const seen = new Set(out.map(endpointKey));
    for (const e of v03Endpoints(card, '0.3.0')) {
      if (!seen.has(endpointKey(e))) {
        seen.add(endpointKey(e));
        out.push(e);
      }
    }
    return out;
  }
  return v03Endpoints(card, '0.3.0');
}

function profileSkills(card: JsonObject): AgentSkill[] {
  const defaultIn = asStringArray(card['defaultInputModes']) ?? [];
  const defaultOut = asStringArray(card['defaultOutputModes']) ?? [];
  const out: AgentSkill[] = [];
  for (const raw of asArray(card['skills'])) {
    const s = asRecord(raw);
    const id = asString(s?.['id']);
    if (s === undefined || id === undefined) continue;
    const skill: AgentSkill = {
      id,
      name: asString(s['name']) ?? id,
      description: asString(s['description']) ?? '',
      tags: asStringArray(s['tags']) ?? [],
      // Copies, so a caller editing one skill's modes does not edit every skill that inherited the defaults.
      inputModes: asStringArray(s['inputModes']) ?? [...defaultIn],
      outputModes: asStringArray(s['outputModes']) ?? [...defaultOut],
    };
    const security = requirementsOf(s, 'security', 'securityRequirements');
    if (security !== undefined) skill.security = security;
    out.push(skill);
  }
  return out;
}

function profileCap(card: JsonObject, skills: readonly AgentSkill[]): CapSupport | null {
  const ext = asArray(asRecord(card['capabilities'])?.['extensions'])
    .map(asRecord)
    .find((e) => isCapExtensionUri(e?.['uri']));
  const capSkills = skills.filter((s) => s.id.startsWith(CAP_SKILL_PREFIX));
  if (ext === undefined && capSkills.length === 0) return null;
  return {
    supported: ext !== undefined,
    queryModes: asStringArray(asRecord(ext?.['params'])?.['search-query-modes']) ?? [],
    skills: capSkills.map((s) => s.id),
    publicSkills: capSkills.filter((s) => s.tags.includes(AUTH_PUBLIC_TAG)).map((s) => s.id),
    required: ext?.['required'] === true,
  };
}

/**
 * Normalizes an A2A card of the given version (as `check()` reported it) into an {@link AgentProfile}. Never
 * throws, even on a card that had errors: what cannot be read is left out or defaulted.
 */
export function a2aCardToProfile(cardInput: A2AAgentCard, version: string): AgentProfile {
  const card = asRecord(cardInput) ?? {};
  const endpoints = profileEndpoints(card, version);
  const skills = profileSkills(card);
  const capabilities = asRecord(card['capabilities']);
  return {
    id: endpoints[0]?.url ?? '',
    name: asString(card['name']) ?? '',
    description: asString(card['description']) ?? '',
    version: asString(card['version']) ?? '',
    endpoints,
    skills,
    auth: a2aAuthRequirements(card),
    cap: profileCap(card, skills),
    pricing: null,
    capabilities: {
      streaming: capabilities?.['streaming'] === true,
      pushNotifications: capabilities?.['pushNotifications'] === true,
      extendedCard:
        card['supportsAuthenticatedExtendedCard'] === true || capabilities?.['extendedAgentCard'] === true,
    },
    source: { format: 'a2a', version },
  };
}
