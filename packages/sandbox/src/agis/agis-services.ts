import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgisServiceFaults, AgisServiceId } from './agis-faults.js';
import { type AgisLifecycle, handleAgisRequest } from './agis-http.js';
import {
  type AgisServiceRuntime,
  type AgisServiceStats,
  compileEndpoint,
  wellKnownSummary,
} from './agis-runtime.js';
import type { AgisDocumentDefinition } from './document-types.js';
import { PHARMACY_NAMESPACE, pharmacyDocument } from './pharmacy-document.js';
import { createPharmacyLogic } from './pharmacy-logic.js';
import { RESERVATIONS_NAMESPACE, reservationsDocument } from './reservations-document.js';
import { createReservationsLogic } from './reservations-logic.js';
import type { AgisServiceLogic } from './service-types.js';
import { toYaml } from './yaml-emit.js';

/** One sandbox AGIS service as the child process reports it (no live stats). */
export interface SandboxAgisServiceInfo {
  /** `reservations` or `pharmacy`. */
  id: AgisServiceId;
  /** Host name, e.g. `reservations.sandbox.test`. */
  domain: string;
  /** The document's `service` name. */
  service: string;
  /** Base URL of the HTTP binding (`POST baseUrl + path`). */
  baseUrl: string;
  /** `/.well-known/agis.json` summary URL. */
  wellKnownUrl: string;
  /** Full AGIS document (YAML) URL; the summary's `agis_document`. */
  documentUrl: string;
  /** The vocabulary namespace, sent as `X-AGIS-Namespace`. */
  namespace: string;
}

/** One sandbox AGIS service. */
export interface SandboxAgisService extends SandboxAgisServiceInfo {
  /** Live counters: requests, calls per endpoint, the last endpoint request. */
  readonly stats: AgisServiceStats;
}

/** The AGIS services of one sandbox and their request handler. */
export interface AgisHost {
  /** The services, reservations first. */
  services: SandboxAgisService[];
  /** Request handlers by host name. */
  byHost: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
  /** Ends hung requests and clears body deadlines. */
  close(): void;
}

const DEFINITIONS: {
  id: AgisServiceId;
  namespace: string;
  document: (domain: string) => AgisDocumentDefinition;
  logic: () => AgisServiceLogic;
}[] = [
  {
    id: 'reservations',
    namespace: RESERVATIONS_NAMESPACE,
    document: reservationsDocument,
    logic: createReservationsLogic,
  },
  { id: 'pharmacy', namespace: PHARMACY_NAMESPACE, document: pharmacyDocument, logic: createPharmacyLogic },
];

/** Builds the AGIS services `<id>.<suffix>` served on `port`. */
export function createAgisHost(options: {
  suffix: string;
  port: number;
  faults?: Readonly<Partial<Record<string, AgisServiceFaults>>>;
}): AgisHost {
  const life: AgisLifecycle = { hung: new Set(), timers: new Set() };
  const services: SandboxAgisService[] = [];
  const byHost = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  for (const def of DEFINITIONS) {
    const domain = `${def.id}.${options.suffix}`;
    const baseUrl = `http://${domain}:${options.port}`;
    const documentUrl = `${baseUrl}/agis.yaml`;
    const document = def.document(domain);
    const endpoints = document.endpoints.map(compileEndpoint);
    const calls: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const e of endpoints) calls[e.key] = 0;
    const runtime: AgisServiceRuntime = {
      namespace: def.namespace,
      endpoints,
      yaml: toYaml(document),
      json: JSON.stringify(document),
      wellKnown: wellKnownSummary(document, documentUrl),
      logic: def.logic(),
      faults: options.faults?.[def.id] ?? {},
      stats: { requests: 0, calls, lastRequest: undefined },
    };
    byHost.set(domain, (req, res) => handleAgisRequest(runtime, life, req, res));
    services.push({
      id: def.id,
      domain,
      service: document.service,
      baseUrl,
      wellKnownUrl: `${baseUrl}/.well-known/agis.json`,
      documentUrl,
      namespace: def.namespace,
      stats: runtime.stats,
    });
  }
  return {
    services,
    byHost,
    close() {
      for (const t of life.timers) clearTimeout(t);
      life.timers.clear();
      for (const res of life.hung) res.destroy();
      life.hung.clear();
    },
  };
}
