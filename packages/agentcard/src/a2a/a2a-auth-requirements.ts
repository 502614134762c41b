import type { AuthRequirements, AuthScheme } from '../agent-profile.js';
import { asRecord, asString, asStringArray, type JsonObject } from '../json-value.js';
import { A2A_V10_SECURITY_SCHEME_KINDS } from './a2a-card-schema.js';
import { requirementsOf } from './security-requirements.js';

/** Legacy `authentication.schemes` names that mean no credential at all. */
const NO_AUTH_NAMES: ReadonlySet<string> = new Set(['none', 'public', 'anonymous']);

function apiKeyIn(v: unknown): AuthScheme['in'] {
  const s = asString(v)?.toLowerCase();
  return s === 'header' || s === 'query' || s === 'cookie' ? s : undefined;
}

function httpScheme(id: string, s: JsonObject | undefined): AuthScheme {
  const raw = asString(s?.['scheme']);
  const lower = raw?.toLowerCase();
  const out: AuthScheme = { id, type: lower === 'bearer' ? 'bearer' : lower === 'basic' ? 'basic' : 'other' };
  if (raw !== undefined) out.scheme = raw;
  const bearerFormat = asString(s?.['bearerFormat']);
  if (bearerFormat) out.bearerFormat = bearerFormat;
  return out;
}

/** `kind` is the 0.3 `type` name; 1.0 schemes are mapped to it first. */
function schemeOf(id: string, kind: string, s: JsonObject | undefined): AuthScheme {
  let out: AuthScheme;
  switch (kind) {
    case 'apiKey': {
      out = { id, type: 'apiKey' };
      const where = apiKeyIn(s?.['in'] ?? s?.['location']);
      if (where !== undefined) out.in = where;
      const name = asString(s?.['name']);
      if (name !== undefined) out.name = name;
      break;
    }
    case 'http':
      out = httpScheme(id, s);
      break;
    case 'oauth2': {
      out = { id, type: 'oauth2' };
      const flows = asRecord(s?.['flows']);
      if (flows !== undefined) out.flows = flows;
      const metadata = asString(s?.['oauth2MetadataUrl']);
      if (metadata) out.oauth2MetadataUrl = metadata;
      break;
    }
    case 'openIdConnect': {
      out = { id, type: 'openIdConnect' };
      const url = asString(s?.['openIdConnectUrl']);
      if (url !== undefined) out.openIdConnectUrl = url;
      break;
    }
    case 'mutualTLS':
      out = { id, type: 'mutualTLS' };
      break;
    default:
      out = { id, type: 'other' };
  }
  const description = asString(s?.['description']);
  if (description) out.description = description;
  return out;
}

const V10_KIND_TO_V03: Record<(typeof A2A_V10_SECURITY_SCHEME_KINDS)[number], string> = {
  apiKeySecurityScheme: 'apiKey',
  httpAuthSecurityScheme: 'http',
  oauth2SecurityScheme: 'oauth2',
  openIdConnectSecurityScheme: 'openIdConnect',
  mtlsSecurityScheme: 'mutualTLS',
};

function normalizeScheme(id: string, s: JsonObject): AuthScheme {
  const type = s['type'];
  if (type !== undefined) return schemeOf(id, asString(type) ?? '', s);
  for (const kind of A2A_V10_SECURITY_SCHEME_KINDS) {
    if (s[kind] !== undefined) return schemeOf(id, V10_KIND_TO_V03[kind], asRecord(s[kind]));
  }
  return { id, type: 'other' };
}

function legacyScheme(name: string): AuthScheme {
  const lower = name.toLowerCase().replace(/[\s_-]/g, '');
  const base = { id: name, scheme: name };
  if (NO_AUTH_NAMES.has(lower)) return { ...base, type: 'none' };
  if (lower === 'bearer' || lower === 'jwt') return { ...base, type: 'bearer' };
  if (lower === 'basic') return { ...base, type: 'basic' };
  if (lower === 'apikey') return { ...base, type: 'apiKey' };
  if (lower === 'oauth2' || lower === 'oauth') return { ...base, type: 'oauth2' };
  if (lower === 'openidconnect' || lower === 'oidc') return { ...base, type: 'openIdConnect' };
  if (lower === 'mtls' || lower === 'mutualtls') return { ...base, type: 'mutualTLS' };
  return { ...base, type: 'other' };
}

/**
 * The card's auth requirements: `securitySchemes` of either version plus legacy `authentication.schemes`
 * names, with `required` false whenever one alternative needs no credential.
 */
export function a2aAuthRequirements(card: JsonObject): AuthRequirements {
  const schemes: AuthScheme[] = [];
  for (const [id, raw] of Object.entries(asRecord(card['securitySchemes']) ?? {})) {
    const s = asRecord(raw);
    if (s !== undefined) schemes.push(normalizeScheme(id, s));
  }
  let requirements = requirementsOf(card, 'security', 'securityRequirements');

  const legacyNames = asStringArray(asRecord(card['authentication'])?.['schemes']) ?? [];
  const legacy = legacyNames.map(legacyScheme);
  for (const s of legacy) if (!schemes.some((x) => x.id === s.id)) schemes.push(s);
  if (requirements === undefined && legacy.length > 0) {
    // Legacy schemes are alternatives; naming a "none" scheme means anonymous calls are allowed.
    requirements = legacy.map((s) => (s.type === 'none' ? [] : [s.id]));
  }

  const list = requirements ?? [];
  // An empty alternative (`{}`) lets callers through without credentials; the contract then wants no list.
  const required = list.length > 0 && list.every((r) => r.length > 0);
  return { required, schemes, requirements: required ? list : [] };
}
