import type { AgisServiceFaults } from './agis-faults.js';
import type { AgisDocumentDefinition, AgisEndpointDefinition } from './document-types.js';
import type { AgisServiceLogic } from './service-types.js';

/** The last request that reached an endpoint path of a service, whatever its answer. */
export interface AgisRecordedRequest {
  /** The `X-AGIS-Method` header as sent (undefined when missing). */
  agisMethod: string | undefined;
  /** The request path, e.g. `/reservation/R-0001`. */
  path: string;
  /** Request headers, names lowercased. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when the body was empty, not read (faults) or not JSON. */
  body: unknown;
}

/** Live counters of one AGIS service. */
export interface AgisServiceStats {
  /** Every HTTP request to the service host (discovery files included). */
  requests: number;
  /** Calls per declared endpoint (`'BOOK /reservation'`), counted once the method header names it. */
  calls: Record<string, number>;
  /** The last request to one of the service's endpoint paths (refused ones included). */
  lastRequest: AgisRecordedRequest | undefined;
}

/** An endpoint with its path template compiled. */
export interface CompiledEndpoint {
  /** `METHOD path`, as declared. */
  key: string;
  /** The declaration. */
  endpoint: AgisEndpointDefinition;
  /** Matches the request path; groups are the path parameters in order. */
  pattern: RegExp;
  /** Path parameter names in order. */
  params: string[];
}

/** Everything the HTTP handler needs about one service. */
export interface AgisServiceRuntime {
  namespace: string;
  endpoints: CompiledEndpoint[];
  /** The document served as `/agis.yaml` and `/agis.json`, serialised once. */
  yaml: string;
  json: string;
  wellKnown: Record<string, unknown>;
  logic: AgisServiceLogic;
  faults: AgisServiceFaults;
  stats: AgisServiceStats;
}

/** Compiles `/reservation/{reservation_id}` into a matcher for request paths. */
export function compileEndpoint(endpoint: AgisEndpointDefinition): CompiledEndpoint {
  const params: string[] = [];
  const source = endpoint.path
    .split('/')
    .map((segment) => {
      const m = /^\{([a-z_][a-z0-9_]*)\}$/i.exec(segment);
      if (m === null) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return {
    key: `${endpoint.method} ${endpoint.path}`,
    endpoint,
    pattern: new RegExp(`^${source}$`),
    params,
  };
}

/** The draft §11.1 summary served at `/.well-known/agis.json`; `documentUrl` is where the full document is. */
export function wellKnownSummary(doc: AgisDocumentDefinition, documentUrl: string): Record<string, unknown> {
  const unique = (values: string[]): string[] => [...new Set(values)];
  return {
    agis: doc.agis,
    service: doc.service,
    agtp: doc.agtp,
    agis_document: documentUrl,
    methods: unique(doc.endpoints.map((e) => e.method)),
    domain: doc.vocabulary.domain,
    namespace: doc.vocabulary.namespace,
    negotiable: doc.vocabulary.negotiable,
    capability_summary: unique(doc.endpoints.map((e) => e.semantic.capability)),
    ...(doc.data_manifest
      ? {
          data_classes: doc.data_manifest.available_data.map((d) => d.class),
          pre_auth_discovery: doc.data_manifest.pre_auth_discovery,
        }
      : {}),
    version: doc.vocabulary.version,
    interaction_protocols: doc.endpoints.some((e) => e.semantic.impact_tier === 'informational')
      ? ['request', 'query']
      : ['request'],
  };
}
