import type { DnsResolver } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentWeb, type AgentWebClient, type SearchOptions } from '../src/client/index.js';
import { createMcpServer, registerAgisService } from '../src/mcp/index.js';
import { AGENT_WEB_TOOL_NAMES, isAgentWebToolsOptionsError } from '../src/tools/index.js';
import { sandboxDns, sandboxOptions } from './client-fixtures.js';

let sb: Sandbox;
let dns: DnsResolver;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  sb = await startSandbox({ merchants: 2, seed: 'mcp-server' });
  dns = sandboxDns(sb);
}, 60_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

afterAll(async () => {
  await dns.close();
  await sb.close();
});

function sandboxClient(): AgentWeb {
  const client = new AgentWeb(sandboxOptions(sb, { dns }));
  open.push(client);
  return client;
}

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'mcp-server-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  open.push(client, server);
  return client;
}

async function loadedClient(): Promise<AgentWeb> {
  const aw = sandboxClient();
  await aw.addMerchant(sb.merchants[0]!.baseUrl);
  for (const service of sb.agis) await aw.loadAgisService(service.baseUrl);
  return aw;
}

/** The tool result's JSON, checking that text and structuredContent carry the same object. */
function payload(result: Awaited<ReturnType<Client['callTool']>>) {
  const r = result as CallToolResult;
  const first = r.content[0];
  expect(first?.type).toBe('text');
  const parsed = JSON.parse(first?.type === 'text' ? first.text : 'null');
  expect(r.structuredContent).toEqual(parsed);
  expect(r.isError).toBe(parsed.ok !== true);
  return parsed;
}

function futureSeating(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T19:00:00Z`;
}

describe('createMcpServer: tools/list', () => {
  it('lists the nine neutral tools with titles, annotations and lenient nullable inputs, then one tool per AGIS endpoint', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const { tools } = await mcp.listTools();
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 9)).toEqual([...AGENT_WEB_TOOL_NAMES]);
    const endpoints = sb.agis.length > 0 ? aw.agisServices().flatMap((s) => s.document.endpoints) : [];
    expect(tools).toHaveLength(9 + endpoints.length);

    const search = tools.find((t) => t.name === 'search_products')!;
    expect(search.title).toBe('Search products');
    expect(search.annotations).toMatchObject({
      readOnlyHint: true,
      openWorldHint: true,
      destructiveHint: false,
    });
    // Nullable fields may be left out over MCP; the query may not.
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual([
      'query',
      'merchants',
      'filter',
      'maxResults',
    ]);

    const [serverInfo, instructions] = [mcp.getServerVersion(), mcp.getInstructions()];
    expect(serverInfo?.name).toBe('agentweb');
    expect(instructions).toContain('confirmed: true');
  });

  it('names AGIS tools per Appendix C, advertises the endpoint input schema as declared, and marks irreversible ones', async () => {
    expect(sb.agis.length).toBeGreaterThan(0);
    const aw = await loadedClient();
    const { tools } = await (await connect(createMcpServer(aw))).listTools();
    const book = tools.find((t) => t.name === 'book_reservation')!;
    const find = tools.find((t) => t.name === 'find_availability')!;
    expect(book.title).toBe('Sandbox Table Reservations: BOOK /reservation');
    expect(book.annotations).toMatchObject({
      destructiveHint: true,
      readOnlyHint: false,
      openWorldHint: true,
    });
    expect(book.description).toContain('Needs confirmation');
    // The declared schema, unchanged (date-time stays a format, not a tightened pattern), plus `confirmed`.
    const declared = aw.agisServices()[0]!.document.endpoints.find((e) => e.method === 'BOOK')!.input;
    expect(book.inputSchema.required).toEqual(declared['required']);
    expect(book.inputSchema.properties).toEqual({
      ...(declared['properties'] as object),
      confirmed: expect.objectContaining({ type: 'boolean' }),
    });
    expect(find.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(find.inputSchema.properties).not.toHaveProperty('confirmed');
  });

  it('honours include and agis: false, and refuses an unknown tool name', async () => {
    const aw = await loadedClient();
    const mcp = await connect(
      createMcpServer(aw, { include: ['search_products', 'get_product'], agis: false }),
    );
    expect((await mcp.listTools()).tools.map((t) => t.name)).toEqual(['search_products', 'get_product']);
    expect(() => createMcpServer(aw, { include: ['buy_everything' as never] })).toThrowError(
      expect.objectContaining({ code: 'AGENTWEB_TOOLS_OPTIONS_INVALID' }),
    );
    try {
      createMcpServer(aw, { include: ['buy_everything' as never] });
    } catch (error) {
      expect(isAgentWebToolsOptionsError(error)).toBe(true);
    }
  });
});

describe('createMcpServer: neutral tool calls', () => {
  it('search_products returns the sandbox products as text and structuredContent', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw, { agis: false }));
    // Nullable arguments left out, as MCP hosts do.
    const result = payload(await mcp.callTool({ name: 'search_products', arguments: { query: 'shoes' } }));
    expect(result.ok).toBe(true);
    expect(result.data.products.length).toBeGreaterThan(0);
    expect(result.data.merchants).toMatchObject({ asked: 1, byStatus: { ok: 1 }, failed: [] });
  });

  it('lists an outputSchema on every tool, which the SDK client checks each structured result against', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const { tools } = await mcp.listTools();
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toMatchObject({
        type: 'object',
        properties: { ok: { type: 'boolean' }, data: expect.any(Object), error: expect.any(Object) },
        required: ['ok'],
      });
    }
    const search = tools.find((t) => t.name === 'search_products')!;
    const data = (search.outputSchema?.properties?.['data'] ?? {}) as { properties: Record<string, unknown> };
    expect(Object.keys(data.properties)).toEqual(
      expect.arrayContaining(['products', 'found', 'shown', 'merchants', 'deadlineReached']),
    );
    // The client validates structuredContent against the listed schema and throws on a mismatch; these pass.
    const domain = aw.merchants()[0]!.domain;
    const calls = [
      { name: 'discover_merchants', arguments: { targets: [] } },
      { name: 'search_products', arguments: { query: 'lamp' } },
      { name: 'match_intent', arguments: { instruction: 'book a table for 2 tomorrow at 7pm' } },
    ];
    for (const call of calls) {
      const result = payload(await mcp.callTool(call));
      expect(result.ok, call.name).toBe(true);
    }
    const found = payload(await mcp.callTool({ name: 'search_products', arguments: { query: 'lamp' } }));
    const productId = found.data.products[0].productId as string;
    expect(
      payload(
        await mcp.callTool({ name: 'get_product', arguments: { product: productId, merchant: domain } }),
      ).ok,
    ).toBe(true);
  });

  it('answers a failed call with isError and the tool error, and a schema violation likewise', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw, { agis: false }));
    const noProduct = payload(
      await mcp.callTool({
        name: 'get_product',
        arguments: { product: 'no-such-product-id', merchant: null },
      }),
    );
    expect(noProduct.ok).toBe(false);
    expect(noProduct.error.code).toMatch(/^[A-Z_]+$/);
    // Bad arguments are answered in the same structured shape as every other failure, not as the SDK's
    // "MCP error -32602: Input validation error" text.
    const bad = (await mcp.callTool({ name: 'search_products', arguments: { query: 42 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^invalid arguments for search_products: query/),
      },
    });
    expect(payload(bad)).toEqual(bad.structuredContent);
    expect(JSON.stringify(bad.content)).not.toContain('-32602');
    const unknownField = payload(
      await mcp.callTool({ name: 'get_product', arguments: { product: 'x', colour: 'red' } }),
    );
    expect(unknownField).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('passes the host cancellation through to the client call as an aborted signal', async () => {
    let seen: AbortSignal | undefined;
    let entered!: () => void;
    const started = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const aw = sandboxClient();
    // Only search differs: it waits for the signal, as a slow merchant would.
    const client: AgentWebClient = Object.create(aw, {
      merchants: { value: () => [{ id: 'm', domain: 'slow.test' }] },
      search: {
        value: (_query: string, options: SearchOptions = {}) =>
          new Promise((_resolve, reject) => {
            seen = options.signal;
            entered();
            options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
          }),
      },
    });
    const mcp = await connect(createMcpServer(client, { agis: false }));
    const controller = new AbortController();
    const call = mcp.callTool({ name: 'search_products', arguments: { query: 'anything' } }, undefined, {
      signal: controller.signal,
    });
    await started;
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => seen?.aborted).toBe(true);
  });
});

describe('createMcpServer: AGIS tools', () => {
  it('calls an informational endpoint through the client', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const result = payload(
      await mcp.callTool({
        name: 'find_availability',
        arguments: { restaurant: 'copper-pot', date: futureSeating(3).slice(0, 10), party_size: 2 },
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      data: { service: 'Sandbox Table Reservations', method: 'FIND', path: '/availability', status: 200 },
    });
    expect(result.data.data.slots.length).toBeGreaterThan(0);
  });

  it('keeps an endpoint answer within maxResultChars, marking it truncated', async () => {
    const aw = await loadedClient();
    const server = createMcpServer(aw, { agis: false });
    const reservations = aw.agisServices().find((s) => s.service === 'Sandbox Table Reservations')!;
    registerAgisService(server, aw, reservations, { maxResultChars: 400 });
    expect(() =>
      registerAgisService(createMcpServer(aw, { agis: false }), aw, reservations, { maxResultChars: 0 }),
    ).toThrowError(expect.objectContaining({ code: 'AGENTWEB_TOOLS_OPTIONS_INVALID' }));
    const mcp = await connect(server);
    const result = payload(
      await mcp.callTool({
        name: 'find_availability',
        arguments: { restaurant: 'copper-pot', date: futureSeating(3).slice(0, 10) },
      }),
    );
    expect(result).toMatchObject({ ok: true, data: { truncated: true, status: 200 } });
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(400);
    expect(result.data.data.slots.length).toBeGreaterThan(0);
  });

  it('refuses an irreversible endpoint without confirmed: true and sends nothing; with it, books', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const before = reservations.stats.calls['BOOK /reservation'];
    const input = { restaurant: 'copper-pot', party_size: 2, datetime: futureSeating(5) };

    const refused = payload(await mcp.callTool({ name: 'book_reservation', arguments: input }));
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(refused.error.message).toContain('confirmed: true');
    expect(reservations.stats.calls['BOOK /reservation']).toBe(before);

    const booked = payload(
      await mcp.callTool({ name: 'book_reservation', arguments: { ...input, confirmed: true } }),
    );
    expect(booked).toMatchObject({ ok: true, data: { status: 200, data: { status: 'confirmed' } } });
    expect(reservations.stats.calls['BOOK /reservation']).toBe((before ?? 0) + 1);
    // `confirmed` is ours, not the endpoint's (its schema forbids other properties).
    expect(JSON.stringify(reservations.stats.lastRequest)).not.toContain('confirmed');
  });

  it('a confirmation approves only the action shown before it, once: not a first call, not changed input', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const before = reservations.stats.calls['BOOK /reservation'] ?? 0;
    const input = { restaurant: 'copper-pot', party_size: 2, datetime: futureSeating(9) };
    const call = (args: Record<string, unknown>) =>
      mcp.callTool({ name: 'book_reservation', arguments: args });

    // confirmed: true before the user saw anything: the question comes back, with the input to show.
    const early = payload(await call({ ...input, confirmed: true }));
    expect(early).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED', details: { input } } });
    // Confirming with another party size is another action: asked again.
    const changed = payload(await call({ ...input, party_size: 4, confirmed: true }));
    expect(changed).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(reservations.stats.calls['BOOK /reservation'] ?? 0).toBe(before);
    // The action shown (party of 4) is approved once.
    expect(payload(await call({ ...input, party_size: 4, confirmed: true }))).toMatchObject({ ok: true });
    expect(payload(await call({ ...input, party_size: 4, confirmed: true }))).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED' },
    });
    expect(reservations.stats.calls['BOOK /reservation']).toBe(before + 1);
  });

  it('refuses arguments JSON cannot carry (a non-finite number) as invalid input, sending nothing', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const before = reservations.stats.requests;
    const input = {
      restaurant: 'copper-pot',
      party_size: Number.POSITIVE_INFINITY,
      datetime: futureSeating(11),
    };
    const refused = payload(await mcp.callTool({ name: 'book_reservation', arguments: input }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(reservations.stats.requests).toBe(before);
  });

  it('lets a host confirm callback decide instead of the model', async () => {
    const aw = await loadedClient();
    const asked: string[] = [];
    const mcp = await connect(
      createMcpServer(aw, {
        confirm: ({ candidate }) => {
          asked.push(`${candidate.method} ${candidate.path}`);
          return false;
        },
      }),
    );
    const declined = payload(
      await mcp.callTool({
        name: 'book_reservation',
        arguments: { restaurant: 'copper-pot', party_size: 2, datetime: futureSeating(6), confirmed: true },
      }),
    );
    expect(asked).toEqual(['BOOK /reservation']);
    expect(declined.ok).toBe(false);
    expect(declined.error.code).toBe('AGENTWEB_INTENT_NOT_CONFIRMED');
  });

  it('reports input the endpoint schema rejects, and endpoint errors, as error results', async () => {
    const aw = await loadedClient();
    const mcp = await connect(createMcpServer(aw));
    const invalid = payload(
      await mcp.callTool({
        name: 'find_availability',
        arguments: { restaurant: 'copper-pot', party_size: 'two' },
      }),
    );
    expect(invalid).toMatchObject({ ok: false, error: { code: 'AGIS_INPUT_INVALID' } });
    const unknown = payload(
      await mcp.callTool({
        name: 'find_availability',
        arguments: { restaurant: 'no-such-place', date: futureSeating(2).slice(0, 10) },
      }),
    );
    expect(unknown).toMatchObject({ ok: false, error: { code: 'AGIS_ENDPOINT_ERROR' } });
    expect(unknown.error.message).toContain('restaurant_not_found');
  });

  it('an endpoint that declares its own `confirmed` input gets a separate confirmation argument, so its field is no yes', async () => {
    const aw = sandboxClient();
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const original = await aw.loadAgisService(reservations.baseUrl);
    const endpoints = original.document.endpoints.map((endpoint) => {
      if (endpoint.method !== 'BOOK') return endpoint;
      const properties = endpoint.input['properties'] as Record<string, unknown>;
      return {
        ...endpoint,
        input: {
          ...endpoint.input,
          properties: {
            ...properties,
            confirmed: { type: 'boolean', description: 'Confirm the booking at once.' },
          },
        },
      };
    });
    await aw.loadAgisService({ ...original.document, endpoints }, { baseUrl: reservations.baseUrl });
    const mcp = await connect(createMcpServer(aw));
    const book = (await mcp.listTools()).tools.find((t) => t.name === 'book_reservation')!;
    const gate = Object.keys(book.inputSchema.properties ?? {}).find(
      (key) => /confirmed/.test(key) && key !== 'confirmed',
    );
    expect(gate).toBeDefined();
    expect(book.description).toContain(`${gate}: true`);

    const input = { restaurant: 'copper-pot', party_size: 2, datetime: futureSeating(7), confirmed: true };
    const before = reservations.stats.requests;
    const refused = payload(await mcp.callTool({ name: 'book_reservation', arguments: input }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(refused.error.message).toContain(`${gate}: true`);
    expect(reservations.stats.requests).toBe(before);

    await mcp.callTool({ name: 'book_reservation', arguments: { ...input, [gate!]: true } });
    expect(reservations.stats.requests).toBe(before + 1);
    // The endpoint's own field is passed on; the confirmation argument is not.
    expect(JSON.stringify(reservations.stats.lastRequest)).toContain('"confirmed":true');
    expect(JSON.stringify(reservations.stats.lastRequest)).not.toContain(gate);
  });

  it('a tool of a service that was loaded again refuses to run (its confirmation rule may be stale); registering the new one replaces it', async () => {
    const aw = sandboxClient();
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const first = await aw.loadAgisService(reservations.baseUrl);
    const server = createMcpServer(aw);
    const mcp = await connect(server);
    // The refreshed document makes FIND irreversible.
    const endpoints = first.document.endpoints.map((endpoint) =>
      endpoint.method === 'FIND'
        ? { ...endpoint, semantic: { ...endpoint.semantic, impact_tier: 'irreversible' as const } }
        : endpoint,
    );
    const second = await aw.loadAgisService(
      { ...first.document, endpoints },
      { baseUrl: reservations.baseUrl },
    );
    const args = { restaurant: 'copper-pot', date: futureSeating(3).slice(0, 10), party_size: 2 };
    const before = reservations.stats.requests;
    const stale = payload(await mcp.callTool({ name: 'find_availability', arguments: args }));
    expect(stale).toMatchObject({ ok: false, error: { code: 'SERVICE_CHANGED' } });
    expect(reservations.stats.requests).toBe(before);

    registerAgisService(server, aw, second);
    const tools = (await mcp.listTools()).tools;
    expect(tools.filter((t) => t.name.startsWith('find_availability')).map((t) => t.name)).toEqual([
      'find_availability',
    ]);
    expect(tools.find((t) => t.name === 'find_availability')?.annotations?.destructiveHint).toBe(true);
    const asked = payload(await mcp.callTool({ name: 'find_availability', arguments: args }));
    expect(asked).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(reservations.stats.requests).toBe(before);
  });

  it('marks an endpoint destructive whenever it needs confirmation, even when its impact_tier says reversible', async () => {
    const aw = sandboxClient();
    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const original = await aw.loadAgisService(reservations.baseUrl);
    const endpoints = original.document.endpoints.map((endpoint) =>
      endpoint.method === 'CANCEL'
        ? {
            ...endpoint,
            semantic: {
              ...endpoint.semantic,
              impact_tier: 'reversible' as const,
              state_transition: { 'reservation.status': 'CONFIRMED -> DELETED' },
            },
          }
        : endpoint,
    );
    await aw.loadAgisService({ ...original.document, endpoints }, { baseUrl: reservations.baseUrl });
    const { tools } = await (await connect(createMcpServer(aw))).listTools();
    const cancel = tools.find((t) => t.title?.endsWith('CANCEL /reservation/{reservation_id}'))!;
    expect(cancel.description).toContain('Needs confirmation');
    expect(cancel.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
  });

  it('adds a service loaded later, tells the host, and gives colliding names a service suffix', async () => {
    const aw = sandboxClient();
    const server = createMcpServer(aw);
    const mcp = await connect(server);
    let changed = 0;
    mcp.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    expect((await mcp.listTools()).tools).toHaveLength(AGENT_WEB_TOOL_NAMES.length);

    const reservations = sb.agis.find((s) => s.id === 'reservations')!;
    const first = await aw.loadAgisService(reservations.baseUrl);
    const added = registerAgisService(server, aw, first);
    expect(added.length).toBe(first.document.endpoints.length);
    expect(registerAgisService(server, aw, first)).toEqual([]);

    // The same document under another service name collides on every Appendix C name.
    const twin = await aw.loadAgisService(
      {
        ...first.document,
        service: 'Twin Tables',
        vocabulary: { ...first.document.vocabulary, namespace: 'twin' },
      },
      { baseUrl: reservations.baseUrl },
    );
    registerAgisService(server, aw, twin);
    const names = (await mcp.listTools()).tools.map((t) => t.name);
    expect(names).toContain('book_reservation');
    expect(names).toContain('book_reservation_twin_tables');
    expect(new Set(names).size).toBe(names.length);
    await expect.poll(() => changed).toBeGreaterThan(0);
  });
});
