import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { generateCatalog } from '../catalog.js';
import { UCP_MCP_PATH, UCP_REST_PATH, type UcpMerchantTransports } from './ucp-documents.js';
import { createUcpSchemaValidator } from './ucp-json-schemas.js';
import { createUcpMerchantHandler, type UcpMerchantStats } from './ucp-merchant-http.js';
import { UcpMerchantState } from './ucp-merchant-state.js';
import { createMerchantValidation, type UcpMerchantValidation } from './ucp-validation.js';

/** Every capability a sandbox UCP merchant can offer. */
export const SANDBOX_UCP_CAPABILITIES = [
  'dev.ucp.shopping.checkout',
  'dev.ucp.shopping.cart',
  'dev.ucp.shopping.catalog.search',
  'dev.ucp.shopping.catalog.lookup',
  'dev.ucp.shopping.order',
] as const;

/** Options of the sandbox's UCP merchants (`startSandbox({ ucp })`). */
export interface SandboxUcpOptions {
  /** Number of UCP merchants, `ucp-0.<suffix>`, `ucp-1.<suffix>`, ... (default 2). */
  count?: number;
  /** Transports assigned round-robin (default `['both', 'rest', 'mcp']`). */
  transports?: readonly UcpMerchantTransports[];
  /** Indexes of merchants that offer no catalog (search and lookup), e.g. to see a fan-out skip them. */
  withoutCatalog?: readonly number[];
  /** Latency added to every answer, ms (default 0); a pair draws per merchant from the range. */
  latencyMs?: number | readonly [number, number];
  /** MCP answers as event streams at every other merchant (default true), to exercise both MCP answer forms. */
  mcpSseAlternate?: boolean;
  /**
   * Folder of the vendored UCP schemas (`fixtures/ucp` of the repository) to validate every request and response
   * against; default: that folder when present (a checkout of the repository), `false` to switch validation off.
   */
  schemaDir?: string | false;
  /**
   * Merchants that authenticate platforms, by index: the token their UCP service (REST and MCP, not the public
   * profile) requires as `Authorization: Bearer <token>` or `X-API-Key: <token>`; without it a call is answered
   * 401 with a UCP error body (`unauthorized`), a wrong one too (and the error text repeats what was sent, as a
   * careless business might, so tests can see it withheld).
   */
  tokens?: Readonly<Record<number, string>>;
}

/** One sandbox UCP merchant. */
export interface SandboxUcpMerchant {
  /** `ucp-<index>`. */
  id: string;
  /** Index. */
  index: number;
  /** Host name. */
  domain: string;
  /** Base URL (`http://ucp-0.sandbox.test:<port>`). */
  baseUrl: string;
  /** Business profile URL (`<baseUrl>/.well-known/ucp`). */
  profileUrl: string;
  /** REST endpoint, when served. */
  restEndpoint: string | undefined;
  /** MCP endpoint, when served. */
  mcpEndpoint: string | undefined;
  /** Transports served. */
  transports: UcpMerchantTransports;
  /** Capabilities offered. */
  capabilities: readonly string[];
  /** Whether its UCP service requires a token (`tokens` option). */
  authenticated: boolean;
  /** Currency of every price. */
  currency: string;
  /** Whether requests and responses are validated against the vendored schemas. */
  validated: boolean;
  /** Live counters and validation findings. */
  readonly stats: UcpMerchantStats;
}

/** The UCP merchants of one sandbox and their request handlers by host. */
export interface UcpHost {
  merchants: SandboxUcpMerchant[];
  byHost: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
}

function defaultSchemaDir(): string | undefined {
  // src/ucp or dist/ucp -> the repository's fixtures/ucp.
  const dir = fileURLToPath(new URL('../../../../fixtures/ucp/', import.meta.url));
  return existsSync(`${dir}2026-04-08`) ? dir : undefined;
}

let sharedValidation: { dir: string; validation: UcpMerchantValidation } | undefined;

function validationFor(dir: string): UcpMerchantValidation {
  if (sharedValidation?.dir !== dir) {
    sharedValidation = {
      dir,
      validation: createMerchantValidation(
        createUcpSchemaValidator({ dir: `${dir}/2026-04-08`, version: '2026-04-08' }),
        createUcpSchemaValidator({ dir: `${dir}/2026-01-11`, version: '2026-01-11' }),
      ),
    };
  }
  return sharedValidation.validation;
}

/** Builds the UCP merchants `ucp-<i>.<suffix>` served on `port`. */
export function createUcpHost(options: {
  suffix: string;
  port: number;
  seed: string;
  ucp: SandboxUcpOptions;
}): UcpHost {
  const o = options.ucp;
  const count = o.count ?? 2;
  const transports = o.transports ?? ['both', 'rest', 'mcp'];
  const dir = o.schemaDir === false ? undefined : (o.schemaDir ?? defaultSchemaDir());
  const validation = dir === undefined ? undefined : validationFor(dir.replace(/\/+$/, ''));
  const merchants: SandboxUcpMerchant[] = [];
  const byHost = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  for (let index = 0; index < count; index++) {
    const id = `ucp-${index}`;
    const domain = `${id}.${options.suffix}`;
    const baseUrl = `http://${domain}:${options.port}`;
    const served = transports[index % transports.length] as UcpMerchantTransports;
    const capabilities = o.withoutCatalog?.includes(index)
      ? SANDBOX_UCP_CAPABILITIES.filter((c) => !c.includes('.catalog.'))
      : [...SANDBOX_UCP_CAPABILITIES];
    // Catalog indexes after the CAP merchants' so assortments differ but GTINs are shared (fan-out de-duplication).
    const catalog = generateCatalog({ seed: options.seed, index: 500 + index, baseUrl });
    const latency = o.latencyMs ?? 0;
    const latencyMs =
      typeof latency === 'number' ? latency : latency[0] + ((index * 7919) % (latency[1] - latency[0] + 1));
    const stats: UcpMerchantStats = {
      requests: 0,
      operations: {},
      transports: { rest: 0, mcp: 0 },
      legacyCalls: 0,
      agents: [],
      headerProblems: [],
      invalidRequests: [],
      invalidResponses: [],
    };
    byHost.set(
      domain,
      createUcpMerchantHandler({
        state: new UcpMerchantState(catalog, baseUrl, capabilities),
        baseUrl,
        transports: served,
        capabilities,
        validation,
        mcpSse: (o.mcpSseAlternate ?? true) && index % 2 === 1,
        stats,
        latencyMs,
        token: o.tokens?.[index],
      }),
    );
    merchants.push({
      id,
      index,
      domain,
      baseUrl,
      profileUrl: `${baseUrl}/.well-known/ucp`,
      restEndpoint: served === 'mcp' ? undefined : `${baseUrl}${UCP_REST_PATH}`,
      mcpEndpoint: served === 'rest' ? undefined : `${baseUrl}${UCP_MCP_PATH}`,
      transports: served,
      capabilities,
      authenticated: o.tokens?.[index] !== undefined,
      currency: catalog.currency,
      validated: validation !== undefined,
      stats,
    });
  }
  return { merchants, byHost };
}
