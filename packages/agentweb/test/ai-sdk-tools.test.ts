import { asSchema, generateText, stepCountIs, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toAiSdkTools } from '../src/ai-sdk/index.js';
import { AGENT_WEB_TOOL_NAMES } from '../src/tools/index.js';
import { createFakeClient } from './tools-fake-client.js';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

describe('toAiSdkTools', () => {
  it('is a record keyed by tool name of { title, description, inputSchema, execute }', () => {
    const tools = toAiSdkTools(createFakeClient().client);
    expect(Object.keys(tools)).toEqual([...AGENT_WEB_TOOL_NAMES]);
    for (const tool of Object.values(tools)) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'execute', 'inputSchema', 'title']);
    }
    // Type-level: assignable to what generateText({ tools }) takes.
    const asToolSet: ToolSet = tools;
    expect(asToolSet).toBe(tools);
  });

  it('shape snapshot: description and the JSON Schema the AI SDK derives from each input', async () => {
    const tools = toAiSdkTools(createFakeClient().client);
    const shapes: Record<string, unknown> = {};
    for (const [name, tool] of Object.entries(tools)) {
      shapes[name] = {
        description: tool.description,
        inputSchema: await asSchema(tool.inputSchema).jsonSchema,
      };
    }
    expect(shapes).toMatchSnapshot();
  });

  it('runs inside generateText: the model sees the tools, calls one, and gets the { ok, data } result', async () => {
    const { client, calls } = createFakeClient();
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'order_status',
              input: JSON.stringify({ merchant: 'shop-0.test', orderIds: ['ORD-1001'] }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'Your order has shipped.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      tools: toAiSdkTools(client),
      stopWhen: stepCountIs(3),
      prompt: 'Where is order ORD-1001 from shop-0.test?',
    });
    expect(result.text).toBe('Your order has shipped.');
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    expect(sent.map((tool) => tool.name)).toEqual([...AGENT_WEB_TOOL_NAMES]);
    expect(sent[0]).toMatchObject({
      type: 'function',
      inputSchema: { type: 'object', additionalProperties: false },
    });
    expect(calls.map((c) => c.method)).toEqual(['orderStatus']);
    const toolResult = result.steps[0]?.toolResults[0];
    expect(toolResult?.output).toMatchObject({
      ok: true,
      data: { merchant: 'shop-0.test', orders: [{ orderId: 'ORD-1001', status: 'shipped' }] },
    });
  });

  it('passes the AI SDK abortSignal down to the tool', async () => {
    const { client, calls } = createFakeClient();
    const tools = toAiSdkTools(client, { include: ['search_products'] });
    const controller = new AbortController();
    controller.abort();
    const result = await tools.search_products?.execute(
      { query: 'x', merchants: null, filter: null, maxResults: null },
      { abortSignal: controller.signal },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(calls).toEqual([]);
  });
});
