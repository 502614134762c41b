import {
  type Sandbox,
  startSandbox,
  TEST_PAYMENT_HANDLER_ID,
  TEST_TOKEN_DECLINED,
  TEST_TOKEN_SUCCESS,
} from '@agentweb/sandbox';
import type { ToolMessage } from '@langchain/core/messages';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toAiSdkTools } from '../src/ai-sdk/index.js';
import type { AgentWeb, AgentWebClient } from '../src/client/index.js';
import type { AgentWebEvent, UcpPaymentInstrument } from '../src/index.js';
import { AgentWebToolkit } from '../src/langchain/index.js';
import { createMcpServer } from '../src/mcp/index.js';
import { createToolCallHandler } from '../src/openai/index.js';
import {
  type AgentWebTool,
  type AgentWebToolsOptions,
  type CheckoutPaymentRequest,
  createAgentWebTools,
} from '../src/tools/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
let sb: Sandbox;
const pool = clientPool();
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, agis: false, seed: 'tools-checkout', ucp: { count: 1 } });
}, 60_000);
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
  await pool.closeAll();
});
afterAll(() => sb.close());

const host = () => new URL(sb.ucpMerchants[0]!.baseUrl).host;
const instrument = (token: string): UcpPaymentInstrument => ({
  id: 'instr_1',
  handler_id: TEST_PAYMENT_HANDLER_ID,
  type: 'card',
  credential: { type: 'token', token },
});

/** A client with one item in its cart at the UCP merchant. */
async function shopper(events: AgentWebEvent[] = []): Promise<AgentWeb> {
  const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM }, onEvent: (e) => events.push(e) }));
  const found = await aw.search('lamp', { limit: 1, merchants: [host()] });
  const first = found.products[0];
  if (!first) throw new Error('no products');
  await aw.cart(host(), { action: 'add', addItems: [{ productId: first.product.id, quantity: 1 }] });
  return aw;
}

const checkoutTool = (aw: AgentWebClient, options: AgentWebToolsOptions = {}): AgentWebTool => {
  const [tool] = createAgentWebTools(aw, { ...options, include: ['checkout'] });
  if (tool === undefined) throw new Error('no checkout tool');
  return tool;
};

const args = (confirmed: boolean | null) => ({
  merchant: host(),
  buyerEmail: 'buyer@example.test',
  confirmed,
});

describe('checkout tool', () => {
  it('asks for confirmation first, completes only on the confirmed call, with the host instrument', async () => {
    const events: AgentWebEvent[] = [];
    const aw = await shopper(events);
    const asked: CheckoutPaymentRequest[] = [];
    const tool = checkoutTool(aw, {
      checkoutPayment: (request) => {
        asked.push(request);
        return instrument(TEST_TOKEN_SUCCESS);
      },
    });
    // confirmed: true on the first call is not enough: nothing was shown to the user yet.
    const first = await tool.execute(args(true));
    expect(first).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED', details: { status: 'ready_for_complete', completed: false } },
    });
    const details = (
      first as unknown as { error: { details: { totals: Record<string, string>; checkoutId: string } } }
    ).error.details;
    expect(Number(details.totals['total'])).toBeGreaterThan(0);
    expect(asked).toEqual([]);
    const done = await tool.execute(args(true));
    expect(done).toMatchObject({ ok: true, data: { status: 'completed', completed: true } });
    expect((done as unknown as { data: { order: { id: string } } }).data.order.id).toEqual(
      expect.any(String),
    );
    expect(asked).toEqual([
      expect.objectContaining({
        merchant: host(),
        checkoutId: details.checkoutId,
        total: details.totals['total'],
      }),
    ]);
    const text = JSON.stringify([first, done, events]);
    expect(text).not.toContain(TEST_TOKEN_SUCCESS);
  }, 60_000);

  it('a confirmation covers one total: a changed cart asks again', async () => {
    const aw = await shopper();
    const tool = checkoutTool(aw, { checkoutPayment: () => instrument(TEST_TOKEN_SUCCESS) });
    expect(await tool.execute(args(null))).toMatchObject({ error: { code: 'CONFIRMATION_REQUIRED' } });
    const cart = await aw.cart(host(), { action: 'view' });
    const line = cart.output.items[0]!;
    await aw.cart(host(), { action: 'update', updateItems: [{ productId: line.productId, quantity: 3 }] });
    const again = await tool.execute(args(true));
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect((again as unknown as { error: { message: string } }).error.message).toContain('cart changed');
  }, 60_000);

  it('without a host instrument it never completes and hands over continueUrl', async () => {
    const aw = await shopper();
    const tool = checkoutTool(aw);
    await tool.execute(args(null));
    const result = await tool.execute(args(true));
    expect(result).toMatchObject({ ok: true, data: { completed: false, status: 'ready_for_complete' } });
    expect((result as unknown as { data: { continueUrl: string } }).data.continueUrl).toMatch(/^http:\/\//);
  }, 60_000);

  it('keeps a declined token out of the error result', async () => {
    const aw = await shopper();
    const tool = checkoutTool(aw, { checkoutPayment: () => instrument(TEST_TOKEN_DECLINED) });
    await tool.execute(args(null));
    const result = await tool.execute(args(true));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(TEST_TOKEN_DECLINED);
  }, 60_000);

  it('reports a client without checkout() as UNSUPPORTED_CLIENT', async () => {
    const aw = await shopper();
    const methods = [
      'discover',
      'merchants',
      'search',
      'product',
      'cart',
      'orderStatus',
      'intent',
      'invokeIntent',
    ];
    const rest = Object.fromEntries(
      methods.map((name) => [name, (aw as unknown as Record<string, () => unknown>)[name]?.bind(aw)]),
    );
    const result = await checkoutTool(rest as unknown as AgentWebClient).execute(args(null));
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_CLIENT' } });
  }, 60_000);
});

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const payment = { checkoutPayment: () => instrument(TEST_TOKEN_SUCCESS) };

describe('checkout in every adapter', () => {
  it('LangChain: confirm then complete', async () => {
    const tool = new AgentWebToolkit(await shopper(), payment).getTools().find((t) => t.name === 'checkout');
    if (tool === undefined) throw new Error('no checkout tool');
    const call = async (id: string) =>
      JSON.parse(
        String(
          ((await tool.invoke({ name: 'checkout', args: args(true), id, type: 'tool_call' })) as ToolMessage)
            .content,
        ),
      );
    expect(await call('c1')).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(await call('c2')).toMatchObject({ ok: true, data: { completed: true } });
  }, 60_000);

  it('AI SDK: generateText runs both calls and the model sees the completed order', async () => {
    const call = (id: string) => ({
      content: [
        {
          type: 'tool-call' as const,
          toolCallId: id,
          toolName: 'checkout',
          input: JSON.stringify(args(true)),
        },
      ],
      finishReason: { unified: 'tool-calls' as const, raw: undefined },
      usage,
      warnings: [],
    });
    const model = new MockLanguageModelV3({
      doGenerate: [
        call('t1'),
        call('t2'),
        {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      tools: toAiSdkTools(await shopper(), payment),
      stopWhen: stepCountIs(4),
      prompt: 'buy it',
    });
    const outputs = result.steps.flatMap((step) => step.toolResults.map((r) => r.output));
    expect(outputs[0]).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(outputs[1]).toMatchObject({ ok: true, data: { completed: true } });
    expect(JSON.stringify(model.doGenerateCalls)).not.toContain(TEST_TOKEN_SUCCESS);
  }, 60_000);

  it('OpenAI: chat tool calls confirm then complete', async () => {
    const handler = createToolCallHandler(await shopper(), payment);
    const call = async (id: string) =>
      JSON.parse(
        String(
          (
            await handler.handleToolCall({
              id,
              type: 'function',
              function: { name: 'checkout', arguments: JSON.stringify(args(true)) },
            })
          ).content,
        ),
      );
    expect(await call('c1')).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(await call('c2')).toMatchObject({ ok: true, data: { completed: true } });
  }, 60_000);

  it('MCP: checkout is listed as destructive and completes on the confirmed call', async () => {
    const server = createMcpServer(await shopper(), payment);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: 'checkout-test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
    open.push(mcp, server);
    const { tools } = await mcp.listTools();
    const checkout = tools.find((t) => t.name === 'checkout');
    expect(checkout?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    const call = async () =>
      ((await mcp.callTool({ name: 'checkout', arguments: args(true) })) as CallToolResult).structuredContent;
    expect(await call()).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(await call()).toMatchObject({ ok: true, data: { completed: true } });
  }, 60_000);
});
