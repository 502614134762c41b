import { createHttpClient, type HttpClient } from '@agentweb/http';
import {
  type Sandbox,
  type SandboxUcpMerchant,
  startSandbox,
  TEST_PAYMENT_HANDLER_ID,
} from '@agentweb/sandbox';
import { expect } from 'vitest';
import type { UcpPaymentInstrument } from '../src/index.js';
import { validatingFetch, type WireReport } from './validating-fetch.js';

/** The platform profile URL the tests' client names (never fetched by the sandbox). */
export const PLATFORM_PROFILE = 'https://platform.agentweb.test/.well-known/ucp';

/** A sandbox with three UCP merchants: REST+MCP, MCP only (answers as event streams), REST only. */
export async function startUcpSandbox(
  options: { withoutCatalog?: number[] } = {},
): Promise<{ sandbox: Sandbox; http: HttpClient; wire: WireReport }> {
  const sandbox = await startSandbox({
    merchants: 1,
    agis: false,
    ucp: {
      count: 3,
      transports: ['both', 'mcp', 'rest'],
      ...(options.withoutCatalog ? { withoutCatalog: options.withoutCatalog } : {}),
    },
  });
  // Every exchange goes through the validating wrapper, which checks both sides on the client's end of the wire.
  const wire: WireReport = { problems: [], checked: 0 };
  const http = createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: true,
    lookup: sandbox.lookup,
    fetch: validatingFetch(sandbox.fetch, wire),
    retry: { baseDelayMs: 1 },
  });
  return { sandbox, http, wire };
}

/** Every request the merchant received and every response it sent validated against the vendored schemas. */
export function expectSchemaClean(merchant: SandboxUcpMerchant): void {
  expect(merchant.validated).toBe(true);
  expect(merchant.stats.invalidRequests).toEqual([]);
  expect(merchant.stats.invalidResponses).toEqual([]);
  expect(merchant.stats.headerProblems).toEqual([]);
}

/** A test instrument for the sandbox's test payment handler. */
export function testInstrument(token: string): UcpPaymentInstrument {
  return {
    id: 'instr_1',
    handler_id: TEST_PAYMENT_HANDLER_ID,
    type: 'card',
    credential: { type: 'token', token },
    display: { brand: 'visa', last_digits: '4242' },
  };
}

/** A minimal 2026-04-08 business profile offering REST and MCP at `<base>/rest` and `<base>/mcp`, for ad hoc servers. */
export function twoTransportProfile(base: string, capability: string): Record<string, unknown> {
  return {
    ucp: {
      version: '2026-04-08',
      services: {
        'dev.ucp.shopping': [
          { version: '2026-04-08', transport: 'rest', endpoint: `${base}/rest` },
          { version: '2026-04-08', transport: 'mcp', endpoint: `${base}/mcp` },
        ],
      },
      capabilities: { [capability]: [{ version: '2026-04-08' }] },
      payment_handlers: {},
    },
  };
}
