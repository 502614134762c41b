import { PassThrough } from 'node:stream';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { ToolMessage } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedChatModel } from '../src/scripted-chat-model.js';
import { runShoppingAgent } from '../src/shopping-agent.js';
import { lastToolData, shoppingScript } from '../src/shopping-script.js';

describe('LangChain agent on AgentWeb tools', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ merchants: 2, seed: 'langchain-test' });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('runs createAgent with a scripted model: tools reach the sandbox and the answer quotes their results', async () => {
    const shop = sb.merchants[0];
    if (shop === undefined) throw new Error('no merchant');
    const model = new ScriptedChatModel({
      turns: shoppingScript({ domain: shop.domain, query: 'rain jacket' }),
    });
    const out = new PassThrough();
    const printed: string[] = [];
    out.on('data', (chunk: Buffer) => printed.push(chunk.toString('utf8')));

    const result = await runShoppingAgent({ sandbox: sb, model, query: 'rain jacket', out });

    // createAgent bound AgentWeb's tools to the model and played the whole script.
    expect(model.boundTools).toEqual(
      expect.arrayContaining(['discover_merchants', 'search_products', 'get_product', 'manage_cart']),
    );
    expect(model.callCount).toBe(5);
    expect(result.toolCalls.map((c) => c.name)).toEqual([
      'discover_merchants',
      'search_products',
      'get_product',
      'manage_cart',
    ]);

    // Every tool call reached the merchant.
    expect(shop.stats.skillCalls['cap:product_search']).toBeGreaterThan(0);
    expect(shop.stats.skillCalls['cap:product_get']).toBeGreaterThan(0);
    expect(shop.stats.skillCalls['cap:cart_manage']).toBe(1);

    // The tool results are real: no tool failed, and the product the agent read is the one it put in the cart.
    const toolMessages = result.messages.filter((m) => ToolMessage.isInstance(m));
    expect(toolMessages).toHaveLength(4);
    for (const m of toolMessages) expect(JSON.parse(String(m.content))).toMatchObject({ ok: true });
    const product = lastToolData(
      result.messages.slice(0, result.messages.indexOf(toolMessages[2] as ToolMessage) + 1),
    );
    const name = (product.product as { name: string }).name;
    const cart = lastToolData(result.messages);
    const total = cart.totals as { total: string; currency: string };

    // The final answer carries data that only the tools could have given.
    expect(result.answer).toContain(name);
    expect(result.answer).toContain(`${total.total} ${total.currency}`);
    expect(printed.join('')).toContain(`agent: ${result.answer}`);
  });

  it('reports a script that runs past its end instead of hanging', async () => {
    const model = new ScriptedChatModel({ turns: [] });
    await expect(model.invoke('hello')).rejects.toThrow(/the script has 0 turns/);
  });
});
