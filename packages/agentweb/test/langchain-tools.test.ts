import { ToolMessage } from '@langchain/core/messages';
import { BaseToolkit, StructuredTool, ToolInputParsingException } from '@langchain/core/tools';
import { describe, expect, it } from 'vitest';
import { AgentWebToolkit, toLangChainTools } from '../src/langchain/index.js';
import { AGENT_WEB_TOOL_NAMES } from '../src/tools/index.js';
import { createFakeClient } from './tools-fake-client.js';

const cartArgs = {
  merchant: 'shop-0.test',
  action: 'add',
  productId: 'P-1',
  variantId: null,
  cartItemId: null,
  quantity: 2,
};

describe('toLangChainTools (real @langchain/core)', () => {
  it('makes one structured tool per neutral tool, with the zod schema and the description', () => {
    const tools = toLangChainTools(createFakeClient().client);
    expect(tools.map((t) => t.name)).toEqual([...AGENT_WEB_TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool).toBeInstanceOf(StructuredTool);
      expect(tool.description.length).toBeGreaterThan(100);
    }
  });

  it('tool.invoke(args) runs the tool and returns the JSON text of the result', async () => {
    const { client, calls } = createFakeClient();
    const cart = toLangChainTools(client, { include: ['manage_cart'] })[0];
    const content = await cart?.invoke(cartArgs);
    expect(typeof content).toBe('string');
    expect(JSON.parse(String(content))).toMatchObject({
      ok: true,
      data: { merchant: 'shop-0.test', action: 'add', items: [{ cartItemId: 'line-1' }] },
    });
    expect(calls[0]?.args[1]).toEqual({ action: 'add', addItems: [{ productId: 'P-1', quantity: 2 }] });
  });

  it('invoked with a ToolCall, answers with a ToolMessage carrying the call id', async () => {
    const { client } = createFakeClient();
    const search = toLangChainTools(client).find((t) => t.name === 'search_products');
    const message = await search?.invoke({
      name: 'search_products',
      args: { query: 'rain jacket', merchants: null, filter: null, maxResults: 2 },
      id: 'call-7',
      type: 'tool_call',
    });
    expect(ToolMessage.isInstance(message)).toBe(true);
    const toolMessage = message as ToolMessage;
    expect(toolMessage.tool_call_id).toBe('call-7');
    expect(toolMessage.name).toBe('search_products');
    expect(JSON.parse(String(toolMessage.content))).toMatchObject({ ok: true, data: { shown: 2 } });
  });

  it('a failing client call reaches the model as ok:false content, not as an exception', async () => {
    const { client } = createFakeClient({ known: [] });
    const search = toLangChainTools(client, { include: ['search_products'] })[0];
    const content = await search?.invoke({ query: 'x', merchants: null, filter: null, maxResults: null });
    expect(JSON.parse(String(content))).toMatchObject({ ok: false, error: { code: 'AGENTWEB_NO_MERCHANT' } });
  });

  it('LangChain rejects arguments that break the schema before the tool runs', async () => {
    const { client, calls } = createFakeClient();
    const cart = toLangChainTools(client, { include: ['manage_cart'] })[0];
    await expect(cart?.invoke({ ...cartArgs, action: 'buy' })).rejects.toBeInstanceOf(
      ToolInputParsingException,
    );
    await expect(cart?.invoke({ merchant: 'shop-0.test' })).rejects.toBeInstanceOf(ToolInputParsingException);
    expect(calls).toEqual([]);
  });

  it('passes the run signal down to the client, and an aborted run never reaches it', async () => {
    const { client, calls } = createFakeClient();
    const search = toLangChainTools(client, { include: ['search_products'] })[0];
    const args = { query: 'x', merchants: null, filter: null, maxResults: null };
    await search?.invoke(args, { signal: new AbortController().signal });
    expect(calls[0]?.args[1]).toMatchObject({ signal: expect.any(AbortSignal) });
    const controller = new AbortController();
    controller.abort();
    await expect(search?.invoke(args, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(1);
  });
});

describe('AgentWebToolkit', () => {
  it('is a BaseToolkit whose getTools() are the filtered tools', () => {
    const toolkit = new AgentWebToolkit(createFakeClient().client, {
      include: ['get_product', 'order_status'],
    });
    expect(toolkit).toBeInstanceOf(BaseToolkit);
    expect(toolkit.getTools().map((t) => t.name)).toEqual(['get_product', 'order_status']);
  });

  it('refuses unknown tool names', () => {
    expect(() => new AgentWebToolkit(createFakeClient().client, { include: ['x' as never] })).toThrow(
      /unknown tool "x"/,
    );
  });
});
