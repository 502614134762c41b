import { AgentWebError, checkOptions } from '@agentweb/core';
import { CardValidationError } from '../errors.js';
import { A2A_CARD_OPTION_RULES, CAP_SKILL_OPTION_RULES } from '../option-rules.js';
import {
  type A2ACardHybrid,
  type A2ACardV03,
  type A2ACardV10,
  type A2AExtension,
  AUTH_PUBLIC_TAG,
  CAP_EXTENSION_URI,
  CAP_SKILL_PREFIX,
  type CapQueryMode,
} from './a2a-card-schema.js';
import { checkA2ACard } from './check-a2a-card.js';

/** OAuth 2.0 scopes: scope name to what it grants. */
export type A2AScopes = Record<string, string>;

/** OAuth 2.0 flows, in the union of the 0.3 and 1.0 vocabularies. */
export interface A2AOAuthFlowsInput {
  /** Authorization-code flow; `pkceRequired` is emitted on 1.0 cards only. */
  authorizationCode?: {
    /** Authorization endpoint. */
    authorizationUrl: string;
    /** Token endpoint. */
    tokenUrl: string;
    /** Refresh endpoint. */
    refreshUrl?: string;
    /** Available scopes. */
    scopes: A2AScopes;
    /** Whether PKCE is mandatory (1.0). */
    pkceRequired?: boolean;
  };
  /** Client-credentials flow. */
  clientCredentials?: {
    /** Token endpoint. */
    tokenUrl: string;
    /** Refresh endpoint. */
    refreshUrl?: string;
    /** Available scopes. */
    scopes: A2AScopes;
  };
  /** Device-authorization flow; 1.0 and hybrid cards only (0.3 has no such flow). */
  deviceCode?: {
    /** Device authorization endpoint. */
    deviceAuthorizationUrl: string;
    /** Token endpoint. */
    tokenUrl: string;
    /** Refresh endpoint. */
    refreshUrl?: string;
    /** Available scopes. */
    scopes: A2AScopes;
  };
}

/** A security scheme, written once in OpenAPI style and emitted in the form of the card's version. */
export type A2ASecuritySchemeInput =
  | {
      /** API key. */
      type: 'apiKey';
      /** Where the key goes. */
      in: 'header' | 'query' | 'cookie';
      /** Header, query parameter or cookie name. */
      name: string;
      /** Free text. */
      description?: string;
    }
  | {
      /** HTTP authentication. */
      type: 'http';
      /** `Bearer`, `Basic`, ... */
      scheme: string;
      /** Token format hint, e.g. `JWT`. */
      bearerFormat?: string;
      /** Free text. */
      description?: string;
    }
  | {
      /** OAuth 2.0. */
      type: 'oauth2';
      /** Supported flows. */
      flows: A2AOAuthFlowsInput;
      /** RFC 8414 metadata URL. */
      oauth2MetadataUrl?: string;
      /** Free text. */
      description?: string;
    }
  | {
      /** OpenID Connect. */
      type: 'openIdConnect';
      /** Discovery document URL. */
      openIdConnectUrl: string;
      /** Free text. */
      description?: string;
    }
  | {
      /** Mutual TLS. */
      type: 'mutualTLS';
      /** Free text. */
      description?: string;
    };

/** One alternative of a security requirement: scheme name to required scopes (all entries needed). */
export type A2ASecurityRequirementInput = Record<string, string[]>;

/** A skill to put on the card. */
export interface A2ASkillInput {
  /** Unique skill id; CAP skills start with `cap:`. */
  id: string;
  /** Display name. */
  name: string;
  /** What the skill does. */
  description: string;
  /** Free tags; add `auth:public` to let callers use the skill without credentials. */
  tags?: string[];
  /** Example prompts. */
  examples?: string[];
  /** Accepted media types when they differ from the card defaults. */
  inputModes?: string[];
  /** Produced media types when they differ from the card defaults. */
  outputModes?: string[];
  /** Requirements for this skill only (OR of ANDs). */
  security?: A2ASecurityRequirementInput[];
}

/** A further endpoint next to `url`. */
export interface A2AInterfaceInput {
  /** Absolute http(s) URL. */
  url: string;
  /** Transport served there (`JSONRPC`, `GRPC`, `HTTP+JSON`). */
  transport: string;
  /** 1.0 tenant for this endpoint (1.0 and hybrid cards). */
  tenant?: string;
}

/** Options of {@link createA2ACard}. */
export interface CreateA2ACardOptions {
  /** Display name. */
  name: string;
  /** What the agent does. */
  description: string;
  /** Main endpoint, an absolute http(s) URL; first in preference order. */
  url: string;
  /** The agent's own version. */
  version: string;
  /** Skills. */
  skills: A2ASkillInput[];
  /**
   * Card shape to emit: `0.3.0` (default, `url`-based), `1.0` (`supportedInterfaces`), or `hybrid` (both, as a
   * 1.0 server with legacy compatibility serves it).
   */
  protocolVersion?: '0.3.0' | '1.0' | 'hybrid';
  /** Transport of `url` (default `JSONRPC`). */
  transport?: string;
  /** 1.0 tenant for `url` (1.0 and hybrid cards). */
  tenant?: string;
  /** Further endpoints, in preference order after `url`. */
  additionalInterfaces?: A2AInterfaceInput[];
  /** Adds the CAP extension (`https://cap-spec.org`). */
  cap?: {
    /** `search-query-modes` to declare (default: none declared). */
    queryModes?: CapQueryMode[];
    /** Marks the extension as required by clients. */
    required?: boolean;
    /** Extension description (default: the CAP spec's wording). */
    description?: string;
  };
  /** Further extensions for `capabilities.extensions`. */
  extensions?: A2AExtension[];
  /** Security schemes by name. */
  securitySchemes?: Record<string, A2ASecuritySchemeInput>;
  /** Card-wide requirements (OR of ANDs); every name must be in `securitySchemes`. */
  security?: A2ASecurityRequirementInput[];
  /** Organisation behind the agent. */
  provider?: {
    /** Organisation name. */
    organization: string;
    /** Organisation website. */
    url: string;
  };
  /** Human documentation URL. */
  documentationUrl?: string;
  /** Icon URL. */
  iconUrl?: string;
  /** Supports streaming (default false). */
  streaming?: boolean;
  /** Supports push notifications (default false). */
  pushNotifications?: boolean;
  /** Serves an authenticated extended card (default false). */
  extendedCard?: boolean;
  /** Default accepted media types (default `['application/json', 'text/plain']`). */
  defaultInputModes?: string[];
  /** Default produced media types (default `['application/json', 'text/plain']`). */
  defaultOutputModes?: string[];
}

/** Return type of {@link createA2ACard} for each `protocolVersion` option. */
export interface CreatedA2ACard {
  '0.3.0': A2ACardV03;
  '1.0': A2ACardV10;
  hybrid: A2ACardHybrid;
}

const DEFAULT_MODES = ['application/json', 'text/plain'];

function v03Flows(id: string, flows: A2AOAuthFlowsInput, hybrid: boolean): Record<string, unknown> {
  // The hybrid card keeps the 1.0-only flow fields: the 0.3 schema tolerates them and 1.0 readers need them.
  if (hybrid) return { ...flows };
  const { authorizationCode, clientCredentials, deviceCode } = flows;
  if (deviceCode !== undefined) {
    throw new AgentWebError({
      code: 'INVALID_OPTIONS',
      message: `securitySchemes.${id}: the deviceCode flow does not exist in A2A 0.3; emit a 1.0 card instead`,
    });
  }
  const out: Record<string, unknown> = {};
  if (authorizationCode !== undefined) {
    // pkceRequired is a 1.0 field; the 0.3 card carries the plain OpenAPI flow.
    const { pkceRequired: _pkce, ...rest } = authorizationCode;
    out['authorizationCode'] = rest;
  }
  if (clientCredentials !== undefined) out['clientCredentials'] = clientCredentials;
  return out;
}

function withDescription<T extends object>(body: T, description: string | undefined): T {
  return description === undefined ? body : { ...body, description };
}

function schemeV03(id: string, s: A2ASecuritySchemeInput, hybrid: boolean): Record<string, unknown> {
  if (s.type === 'oauth2') {
    const body: Record<string, unknown> = { type: 'oauth2', flows: v03Flows(id, s.flows, hybrid) };
    if (s.oauth2MetadataUrl !== undefined) body['oauth2MetadataUrl'] = s.oauth2MetadataUrl;
    return withDescription(body, s.description);
  }
  return { ...s };
}

function schemeV10(s: A2ASecuritySchemeInput): Record<string, unknown> {
  switch (s.type) {
    case 'apiKey':
      return { apiKeySecurityScheme: withDescription({ location: s.in, name: s.name }, s.description) };
    case 'http': {
      const body: { scheme: string; bearerFormat?: string } = { scheme: s.scheme };
      if (s.bearerFormat !== undefined) body.bearerFormat = s.bearerFormat;
      return { httpAuthSecurityScheme: withDescription(body, s.description) };
    }
    case 'oauth2': {
      const body: { flows: A2AOAuthFlowsInput; oauth2MetadataUrl?: string } = { flows: s.flows };
      if (s.oauth2MetadataUrl !== undefined) body.oauth2MetadataUrl = s.oauth2MetadataUrl;
      return { oauth2SecurityScheme: withDescription(body, s.description) };
    }
    case 'openIdConnect':
      return {
        openIdConnectSecurityScheme: withDescription({ openIdConnectUrl: s.openIdConnectUrl }, s.description),
      };
    case 'mutualTLS':
      return { mtlsSecurityScheme: withDescription({}, s.description) };
  }
}

function requirementsV10(
  reqs: A2ASecurityRequirementInput[],
): { schemes: Record<string, { list: string[] }> }[] {
  return reqs.map((r) => ({
    schemes: Object.fromEntries(Object.entries(r).map(([name, scopes]) => [name, { list: scopes }])),
  }));
}

function capExtension(cap: NonNullable<CreateA2ACardOptions['cap']>): A2AExtension {
  const ext: A2AExtension = {
    uri: CAP_EXTENSION_URI,
    description: cap.description ?? 'Extension for Commerce Agent Protocol (CAP) support',
  };
  if (cap.required !== undefined) ext.required = cap.required;
  if (cap.queryModes !== undefined) ext.params = { 'search-query-modes': [...cap.queryModes] };
  return ext;
}

type Shape = '0.3' | '1.0';

function skillFor(skill: A2ASkillInput, shapes: readonly Shape[]): Record<string, unknown> {
  const { security, tags, ...rest } = skill;
  const out: Record<string, unknown> = { ...rest, tags: tags ?? [] };
  if (security !== undefined) {
    if (shapes.includes('0.3')) out['security'] = security;
    if (shapes.includes('1.0')) out['securityRequirements'] = requirementsV10(security);
  }
  return out;
}

/**
 * Builds an A2A card of the requested version (0.3.0 by default, 1.0, or hybrid), optionally declaring the CAP
 * extension. The card is checked with {@link checkA2ACard} before it is returned, so it also passes the
 * official schema of its version.
 *
 * @throws CardValidationError when the options make an invalid card (e.g. a relative `url`, an unknown
 *   scheme name in `security`).
 * @throws AgentWebError (`INVALID_OPTIONS`) when an option cannot be expressed in the requested version.
 */
export function createA2ACard<V extends '0.3.0' | '1.0' | 'hybrid' = '0.3.0'>(
  options: CreateA2ACardOptions & { protocolVersion?: V },
): CreatedA2ACard[V] {
  checkOptions('createA2ACard', options, A2A_CARD_OPTION_RULES, { optionsRequired: true });
  const target = options.protocolVersion ?? '0.3.0';
  const shapes: Shape[] = target === '0.3.0' ? ['0.3'] : target === '1.0' ? ['1.0'] : ['0.3', '1.0'];
  const transport = options.transport ?? 'JSONRPC';
  const additional = options.additionalInterfaces ?? [];

  const extensions: A2AExtension[] = [];
  if (options.cap !== undefined) extensions.push(capExtension(options.cap));
  if (options.extensions !== undefined) extensions.push(...options.extensions);

  const capabilities: Record<string, unknown> = {
    streaming: options.streaming ?? false,
    pushNotifications: options.pushNotifications ?? false,
  };
  if (extensions.length > 0) capabilities['extensions'] = extensions;
  if (shapes.includes('1.0')) capabilities['extendedAgentCard'] = options.extendedCard ?? false;

  const card: Record<string, unknown> = { name: options.name, description: options.description };
  if (shapes.includes('0.3')) {
    card['url'] = options.url;
    card['preferredTransport'] = transport;
    card['protocolVersion'] = '0.3.0';
    if (additional.length > 0) {
      // The 0.3 spec asks for the main url to be listed too, so clients see every transport in one place.
      card['additionalInterfaces'] = [
        { url: options.url, transport },
        ...additional.map((i) => ({ url: i.url, transport: i.transport })),
      ];
    }
  }
  if (shapes.includes('1.0')) {
    const entries = [{ url: options.url, transport, tenant: options.tenant }, ...additional];
    const iface = (protocolVersion: string) =>
      entries.map((i) => {
        const out: Record<string, string> = { url: i.url, protocolBinding: i.transport, protocolVersion };
        if (i.tenant !== undefined && i.tenant !== '') out['tenant'] = i.tenant;
        return out;
      });
    // A hybrid server speaks both dialects on each endpoint, listed 1.0 first as the a2a-js compat layer does.
    card['supportedInterfaces'] = target === 'hybrid' ? [...iface('1.0'), ...iface('0.3')] : iface('1.0');
  }
  card['version'] = options.version;
  if (options.provider !== undefined) card['provider'] = { ...options.provider };
  if (options.documentationUrl !== undefined) card['documentationUrl'] = options.documentationUrl;
  if (options.iconUrl !== undefined) card['iconUrl'] = options.iconUrl;
  card['capabilities'] = capabilities;

  if (options.securitySchemes !== undefined) {
    const entries = Object.entries(options.securitySchemes);
    // The hybrid card keeps 0.3-form schemes: its reason to exist is 0.3 clients, and our reader takes both.
    card['securitySchemes'] = Object.fromEntries(
      entries.map(([id, s]) => [
        id,
        shapes.includes('0.3') ? schemeV03(id, s, target === 'hybrid') : schemeV10(s),
      ]),
    );
  }
  if (options.security !== undefined) {
    if (shapes.includes('0.3')) card['security'] = options.security;
    if (shapes.includes('1.0')) card['securityRequirements'] = requirementsV10(options.security);
  }
  card['defaultInputModes'] = options.defaultInputModes ?? DEFAULT_MODES;
  card['defaultOutputModes'] = options.defaultOutputModes ?? DEFAULT_MODES;
  card['skills'] = options.skills.map((s) => skillFor(s, shapes));
  if (shapes.includes('0.3')) card['supportsAuthenticatedExtendedCard'] = options.extendedCard ?? false;

  const result = checkA2ACard(card, { strict: true });
  if (result.errors.length > 0) throw new CardValidationError({ issues: result.errors, format: 'a2a' });
  return card as unknown as CreatedA2ACard[V];
}

/** Options of {@link createCapSkill}. */
export interface CreateCapSkillOptions {
  /** CAP skill name without the prefix, e.g. `product_search` (a leading `cap:` is accepted). */
  skill: string;
  /** Display name (default: the skill id). */
  name?: string;
  /** What the skill does (default: a sentence naming the skill). */
  description?: string;
  /** Adds the `auth:public` tag, marking the skill callable without credentials. */
  public?: boolean;
  /** Further tags. */
  tags?: string[];
  /** Requirements for this skill only. */
  security?: A2ASecurityRequirementInput[];
}

/** Builds a CAP skill entry (`cap:` id, `auth:public` tag when public, JSON in and out) for {@link createA2ACard}. */
export function createCapSkill(options: CreateCapSkillOptions): A2ASkillInput {
  checkOptions('createCapSkill', options, CAP_SKILL_OPTION_RULES, { optionsRequired: true });
  const id = options.skill.startsWith(CAP_SKILL_PREFIX)
    ? options.skill
    : `${CAP_SKILL_PREFIX}${options.skill}`;
  const tags = [...(options.tags ?? [])];
  if (options.public === true && !tags.includes(AUTH_PUBLIC_TAG)) tags.push(AUTH_PUBLIC_TAG);
  const skill: A2ASkillInput = {
    id,
    name: options.name ?? id,
    description: options.description ?? `CAP skill ${id}`,
    tags,
    inputModes: ['application/json'],
    outputModes: ['application/json'],
  };
  if (options.security !== undefined) skill.security = options.security;
  return skill;
}
