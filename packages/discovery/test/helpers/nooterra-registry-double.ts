/**
 * A loopback stand-in for a Nooterra registry: the documented discover API over an in-memory card set and the
 * public SSE stream, with knobs for the failures a client must survive (429, dropped connections, error
 * events, replayed events). It records every request and every stream socket close.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NooterraAgentCard, validateCapabilityId } from '@agentweb/agentcard';

/** One request the double received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

/** One event the stream can serve. */
export interface DoubleStreamEvent {
  name: 'agent_card.upsert' | 'agent_card.removed';
  cursor: string;
  data: Record<string, unknown>;
}

/** Knobs of the double. */
export interface RegistryDoubleOptions {
  /** Cards served by discover. */
  cards?: NooterraAgentCard[];
  /** Raw extra hits appended to every discover answer (to test malformed items). */
  extraHits?: unknown[];
  /** Events served by the stream, in cursor order. */
  events?: DoubleStreamEvent[];
  /** Per stream connection (by index): destroy the socket after sending this many data events. */
  dropAfterEvents?: number[];
  /** On a resumed connection, re-send this many events before the cursor (a server that replays). */
  replayOverlap?: number;
  /** Send `agent_cards.error` after this many data events on the first connection. */
  errorAfterEvents?: number;
  /** Milliseconds between keepalive comments once every event was sent (default 20). */
  keepaliveMs?: number;
  /** Refuse discover queries carrying this parameter with 400 SCHEMA_INVALID (a registry stricter than us). */
  refuseParam?: string;
  /** Send the events with CRLF line ends. */
  crlf?: boolean;
}

/** A running double. */
export interface RegistryDouble {
  /** Base URL, `http://127.0.0.1:<port>/`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** One entry per stream connection; `closed` resolves when its socket closed. */
  streamConnections: { closed: Promise<void>; isClosed: () => boolean }[];
  /** Answer the next `count` discover requests with 429 and this `Retry-After` (seconds). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

const STATUS = ['active', 'suspended', 'revoked'];
const RISK = ['read', 'compute', 'action', 'financial'];
const EVIDENCE = ['artifact', 'hash', 'verification_report', 'execution_attestation'];

class SchemaInvalid extends Error {}

function fail(message: string): never {
  throw new SchemaInvalid(message);
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function boolParam(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value !== 'true' && value !== 'false') fail(`${name} must be true or false`);
  return value === 'true';
}

function enumParam(query: URLSearchParams, name: string, values: string[]): string | undefined {
  const value = query.get(name);
  if (value !== null && !values.includes(value)) fail(`${name} must be one of ${values.join('|')}`);
  return value ?? undefined;
}

function intParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) fail(`${name} must be an integer ${min}..${max}`);
  return n;
}

type Tool = NonNullable<NooterraAgentCard['tools']>[number];

function toolMatches(tool: Tool, query: URLSearchParams): boolean {
  const toolId = query.get('toolId');
  if (toolId !== null && tool.toolId !== toolId) return false;
  const mcp = query.get('toolMcpName');
  if (mcp !== null && (tool.mcpToolName ?? '').toLowerCase() !== mcp.toLowerCase()) return false;
  const risk = query.get('toolRiskClass');
  if (risk !== null && tool.riskClass !== risk) return false;
  const side = query.get('toolSideEffecting');
  if (side !== null && (tool.sideEffecting === true) !== (side === 'true')) return false;
  const max = query.get('toolMaxPriceCents');
  if (max !== null) {
    const price = tool.pricing?.amountCents;
    if (price == null || price > Number(max)) return false;
  }
  const evidence = query.get('toolRequiresEvidenceKind');
  if (evidence !== null && !(tool.requiresEvidenceKinds ?? []).includes(evidence as 'hash')) return false;
  return true;
}

const TOOL_FILTERS = [
  'toolId',
  'toolMcpName',
  'toolRiskClass',
  'toolSideEffecting',
  'toolMaxPriceCents',
  'toolRequiresEvidenceKind',
];

function checkQuery(query: URLSearchParams, scope: 'public' | 'tenant'): void {
  const capability = query.get('capability');
  if (capability !== null) {
    const result = validateCapabilityId(capability);
    if (!result.ok) fail(`capability failed capability namespace policy (${result.code})`);
  }
  enumParam(query, 'status', STATUS);
  const visibility = enumParam(query, 'visibility', ['public', 'tenant', 'private', 'all']);
  if (scope === 'public' && visibility !== undefined && visibility !== 'public') {
    fail('public discovery requires visibility=public');
  }
  enumParam(query, 'toolRiskClass', RISK);
  enumParam(query, 'toolRequiresEvidenceKind', EVIDENCE);
  boolParam(query, 'toolSideEffecting');
  intParam(query, 'toolMaxPriceCents', 0, Number.MAX_SAFE_INTEGER);
  intParam(query, 'limit', 1, 100);
  intParam(query, 'offset', 0, Number.MAX_SAFE_INTEGER);
  if (boolParam(query, 'requireCapabilityAttestation') && capability === null) {
    fail('requireCapabilityAttestation requires capability');
  }
}

function matches(card: NooterraAgentCard, query: URLSearchParams, scope: 'public' | 'tenant'): boolean {
  const visibility = query.get('visibility') ?? 'public';
  if (scope === 'public' && card.visibility !== 'public') return false;
  if (visibility !== 'all' && card.visibility !== visibility) return false;
  if (card.status !== (query.get('status') ?? 'active')) return false;
  const capability = query.get('capability');
  if (capability !== null && !card.capabilities.includes(capability)) return false;
  const did = query.get('executionCoordinatorDid');
  if (did !== null && card.executionCoordinatorDid !== did) return false;
  const runtime = query.get('runtime');
  if (runtime !== null && (card.host?.runtime ?? '').toLowerCase() !== runtime.toLowerCase()) return false;
  const template = query.get('supportsPolicyTemplate');
  if (template !== null && !(card.policyCompatibility?.supportsPolicyTemplates ?? []).includes(template))
    return false;
  const pack = query.get('supportsEvidencePack');
  if (pack !== null && !(card.policyCompatibility?.supportsEvidencePacks ?? []).includes(pack)) return false;
  if (TOOL_FILTERS.some((name) => query.has(name))) {
    if (!(card.tools ?? []).some((tool) => toolMatches(tool, query))) return false;
  }
  return true;
}

function sseEvent(name: string, id: string | undefined, data: unknown, crlf: boolean): string {
  const lines: string[] = [];
  if (id !== undefined) lines.push(`id: ${id}`);
  lines.push(`event: ${name}`);
  // Pretty-printed so the JSON spans several data lines, as a client must rejoin them.
  for (const line of JSON.stringify(data, null, 1).split('\n')) lines.push(`data: ${line}`);
  const eol = crlf ? '\r\n' : '\n';
  return lines.join(eol) + eol + eol;
}

/** Starts the double on 127.0.0.1 with an OS-chosen port. */
export async function startRegistryDouble(options: RegistryDoubleOptions = {}): Promise<RegistryDouble> {
  const requests: RecordedRequest[] = [];
  const streamConnections: RegistryDouble['streamConnections'] = [];
  let rateLimited = 0;
  let retryAfterSeconds = 1;
  const timers = new Set<ReturnType<typeof setInterval>>();

  function discover(
    res: ServerResponse,
    query: URLSearchParams,
    scope: 'public' | 'tenant',
    req: IncomingMessage,
  ) {
    if (rateLimited > 0) {
      rateLimited--;
      sendJson(
        res,
        429,
        {
          error: 'rate limited',
          code: 'AGENT_CARD_PUBLIC_DISCOVERY_RATE_LIMITED',
          details: { retryAfterSeconds },
        },
        { 'retry-after': String(retryAfterSeconds) },
      );
      return;
    }
    if (scope === 'tenant' && !req.headers.authorization) {
      sendJson(res, 401, { error: 'unauthorized', code: 'UNAUTHORIZED' });
      return;
    }
    checkQuery(query, scope);
    if (options.refuseParam !== undefined && query.has(options.refuseParam)) {
      fail(`${options.refuseParam} is not supported`);
    }
    const hits = (options.cards ?? []).filter((card) => matches(card, query, scope));
    const limit = Number(query.get('limit') ?? 50);
    const offset = Number(query.get('offset') ?? 0);
    const page = hits.slice(offset, offset + limit).map((agentCard, i) => ({
      rank: offset + i + 1,
      rankingScore: 90 - i,
      riskTier: 'low',
      agentCard,
      reputation: null,
      capabilityAttestation: null,
      routingFactors: null,
    }));
    sendJson(res, 200, {
      ok: true,
      schemaVersion: 'AgentCardDiscoveryResult.v1',
      scope,
      reputationVersion: query.get('reputationVersion') ?? 'v2',
      reputationWindow: query.get('reputationWindow') ?? '30d',
      scoreStrategy: query.get('scoreStrategy') ?? 'balanced',
      total: hits.length,
      limit,
      offset,
      results: [...page, ...(options.extraHits ?? [])],
      excludedAttestationCandidates: [],
    });
  }

  function stream(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    const index = streamConnections.length;
    let closedFlag = false;
    const closed = new Promise<void>((resolve) =>
      res.on('close', () => {
        closedFlag = true;
        resolve();
      }),
    );
    streamConnections.push({ closed, isClosed: () => closedFlag });
    const events = options.events ?? [];
    const header = req.headers['last-event-id'];
    const since = query.get('sinceCursor') ?? (typeof header === 'string' ? header : null);
    let start = 0;
    if (since !== null) {
      const at = events.findIndex((event) => event.cursor === since);
      if (since.split('|').length !== 3 || at === -1) {
        sendJson(res, 400, {
          error: 'invalid sinceCursor',
          code: 'SCHEMA_INVALID',
          details: { message: 'bad cursor' },
        });
        return;
      }
      start = Math.max(0, at + 1 - (options.replayOverlap ?? 0));
    }
    const crlf = options.crlf ?? false;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write(': keepalive\n\n');
    res.write(
      sseEvent(
        'agent_cards.ready',
        undefined,
        { ok: true, scope: 'public', sinceCursor: since, query: {} },
        crlf,
      ),
    );
    const dropAfter = options.dropAfterEvents?.[index];
    let sent = 0;
    // Destroy only once what was written reached the socket, so the client really got those events.
    const drop = () => res.write('', () => res.socket?.destroy());
    for (const event of events.slice(start)) {
      if (dropAfter !== undefined && sent >= dropAfter) {
        drop();
        return;
      }
      if (index === 0 && options.errorAfterEvents !== undefined && sent >= options.errorAfterEvents) {
        res.end(
          sseEvent(
            'agent_cards.error',
            undefined,
            { ok: false, code: 'PUBLIC_AGENT_CARD_STREAM_READ_FAILED', message: 'store read failed' },
            crlf,
          ),
        );
        return;
      }
      const text = sseEvent(event.name, event.cursor, event.data, crlf);
      // Two writes per event, so the client sees events cut across chunks.
      const half = Math.floor(text.length / 2);
      res.write(text.slice(0, half));
      res.write(text.slice(half));
      res.write(': keepalive\n\n');
      sent++;
    }
    if (dropAfter !== undefined && sent >= dropAfter) {
      drop();
      return;
    }
    const timer = setInterval(() => res.write(': keepalive\n\n'), options.keepaliveMs ?? 20);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    });
    try {
      if (url.pathname === '/public/agent-cards/discover') discover(res, url.searchParams, 'public', req);
      else if (url.pathname === '/agent-cards/discover') discover(res, url.searchParams, 'tenant', req);
      else if (url.pathname === '/public/agent-cards/stream') stream(req, res, url.searchParams);
      else sendJson(res, 404, { error: 'not found', code: 'NOT_FOUND' });
    } catch (error) {
      if (!(error instanceof SchemaInvalid)) throw error;
      sendJson(res, 400, {
        error: 'invalid query',
        code: 'SCHEMA_INVALID',
        details: { message: error.message },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    streamConnections,
    rateLimitNext(count, seconds) {
      rateLimited = count;
      retryAfterSeconds = seconds;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A valid public card for tests. */
export function makeCard(agentId: string, overrides: Partial<NooterraAgentCard> = {}): NooterraAgentCard {
  return {
    schemaVersion: 'AgentCard.v1',
    tenantId: 'tenant_a',
    agentId,
    displayName: `Agent ${agentId}`,
    status: 'active',
    visibility: 'public',
    capabilities: ['capability://travel.booking'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    revision: 0,
    ...overrides,
  };
}

/** An upsert event for `card` with a cursor built from its parts, as Nooterra does. */
export function upsertEvent(card: NooterraAgentCard, updatedAt: string): DoubleStreamEvent {
  const cursor = [updatedAt, card.tenantId, card.agentId].map(encodeURIComponent).join('|');
  return {
    name: 'agent_card.upsert',
    cursor,
    data: {
      schemaVersion: 'AgentCardStreamEvent.v1',
      type: 'AGENT_CARD_UPSERT',
      scope: 'public',
      cursor,
      updatedAt,
      tenantId: card.tenantId,
      agentId: card.agentId,
      agentCard: { ...card, updatedAt },
    },
  };
}

/** A removed event. */
export function removedEvent(tenantId: string, agentId: string, removedAt: string): DoubleStreamEvent {
  const cursor = [removedAt, tenantId, agentId].map(encodeURIComponent).join('|');
  return {
    name: 'agent_card.removed',
    cursor,
    data: {
      schemaVersion: 'AgentCardStreamEvent.v1',
      type: 'AGENT_CARD_REMOVED',
      scope: 'public',
      cursor,
      removedAt,
      tenantId,
      agentId,
      reasonCode: 'NO_LONGER_VISIBLE',
    },
  };
}
