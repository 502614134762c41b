import { zodFunction, zodResponsesFunction } from 'openai/helpers/zod';
import type {
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ResponseFunctionToolCall, ResponseInputItem, Tool } from 'openai/resources/responses/responses';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createToolCallHandler,
  type OpenAIChatToolCall,
  type OpenAIResponsesFunctionCall,
  toOpenAITools,
} from '../src/openai/index.js';
import {
  AGENT_WEB_TOOL_NAMES,
  createAgentWebTools,
  isAgentWebToolsOptionsError,
} from '../src/tools/index.js';
import { createFakeClient } from './tools-fake-client.js';

const cartArgs = {
  merchant: 'shop-0.test',
  action: 'add',
  productId: 'P-1',
  variantId: null,
  cartItemId: null,
  quantity: 1,
};

describe('toOpenAITools', () => {
  it('chat: { type, function: { name, description, parameters, strict: true } } (emitted JSON snapshot)', async () => {
    const tools = toOpenAITools(createFakeClient().client, { api: 'chat' });
    expect(tools.map((tool) => tool.function.name)).toEqual([...AGENT_WEB_TOOL_NAMES]);
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['function', 'type']);
      expect(Object.keys(tool.function).sort()).toEqual(['description', 'name', 'parameters', 'strict']);
      expect(tool.function.parameters).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.function).not.toHaveProperty('inputSchema');
      expect(tool.function.strict).toBe(true);
    }
    await expect(JSON.stringify(tools, null, 2)).toMatchFileSnapshot('__snapshots__/openai-chat-tools.json');
  });

  it('responses: the flat { type, name, description, parameters, strict: true } (emitted JSON snapshot)', async () => {
    const { client } = createFakeClient();
    const tools = toOpenAITools(client, { api: 'responses' });
    const chat = toOpenAITools(client, { api: 'chat' });
    expect(tools).toEqual(chat.map((tool) => ({ type: 'function', ...tool.function })));
    for (const tool of tools) expect(tool).not.toHaveProperty('inputSchema');
    await expect(JSON.stringify(tools, null, 2)).toMatchFileSnapshot(
      '__snapshots__/openai-responses-tools.json',
    );
  });

  it("parameters are exactly what the openai package's own strict helpers (zodFunction, zodResponsesFunction) build", () => {
    const { client } = createFakeClient();
    const chat = toOpenAITools(client, { api: 'chat' });
    const responses = toOpenAITools(client, { api: 'responses' });
    // The helpers run the schema through the SDK's toStrictJsonSchema, which throws on anything strict mode
    // refuses; they only add the draft-07 `$schema` marker, which a function's parameters do not need.
    createAgentWebTools(client).forEach((tool, index) => {
      const { $schema: _chatDialect, ...viaChatHelper } = zodFunction({
        name: tool.name,
        parameters: tool.inputSchema,
      }).function.parameters as Record<string, unknown>;
      const { $schema: _responsesDialect, ...viaResponsesHelper } = zodResponsesFunction({
        name: tool.name,
        parameters: tool.inputSchema,
      }).parameters as Record<string, unknown>;
      expect(chat[index]?.function.parameters, tool.name).toStrictEqual(viaChatHelper);
      expect(responses[index]?.parameters, tool.name).toStrictEqual(viaResponsesHelper);
    });
  });

  it('types: the output fits the openai package types of both APIs', () => {
    const { client } = createFakeClient();
    expectTypeOf(toOpenAITools(client, { api: 'chat' })).toExtend<ChatCompletionTool[]>();
    expectTypeOf(toOpenAITools(client, { api: 'responses' })).toExtend<Tool[]>();
  });

  it('filters with include and refuses an unknown api or tool', () => {
    const { client } = createFakeClient();
    const tools = toOpenAITools(client, { api: 'chat', include: ['order_status'] });
    expect(tools.map((tool) => tool.function.name)).toEqual(['order_status']);
    for (const bad of [
      () => toOpenAITools(client, { api: 'assistants' as never }),
      () => toOpenAITools(client, { api: 'chat', include: ['x' as never] }),
    ]) {
      let caught: unknown;
      try {
        bad();
      } catch (error) {
        caught = error;
      }
      expect(isAgentWebToolsOptionsError(caught)).toBe(true);
    }
  });
});

describe('createToolCallHandler', () => {
  it('answers a chat tool call with the role:tool message for its id', async () => {
    const { client, calls } = createFakeClient();
    const { handleToolCall } = createToolCallHandler(client);
    const message = await handleToolCall({
      id: 'call_1',
      type: 'function',
      function: { name: 'manage_cart', arguments: JSON.stringify(cartArgs) },
    });
    expect(message).toEqual({ role: 'tool', tool_call_id: 'call_1', content: expect.any(String) });
    expect(JSON.parse(message.content)).toMatchObject({
      ok: true,
      data: { action: 'add', cartId: 'cart-1' },
    });
    expect(calls.map((c) => c.method)).toEqual(['cart']);
  });

  it('answers a responses function_call with the function_call_output item for its call_id', async () => {
    const { client } = createFakeClient();
    const handler = createToolCallHandler(client);
    const item = await handler.handleToolCall({
      type: 'function_call',
      call_id: 'fc_9',
      name: 'order_status',
      arguments: '{"merchant":"shop-0.test","orderIds":["ORD-1001"]}',
    });
    expect(item).toEqual({ type: 'function_call_output', call_id: 'fc_9', output: expect.any(String) });
    expect(JSON.parse(item.output)).toMatchObject({ ok: true, data: { orders: [{ orderId: 'ORD-1001' }] } });
  });

  it('malformed JSON, non-object arguments, bad arguments and unknown tools become error results, not throws', async () => {
    const { client, calls } = createFakeClient();
    const { handleToolCall } = createToolCallHandler(client, { include: ['manage_cart'] });
    const chat = (name: string, args: string): OpenAIChatToolCall => ({
      id: 'c',
      type: 'function',
      function: { name, arguments: args },
    });
    const answers = await Promise.all([
      handleToolCall(chat('manage_cart', '{"merchant": "shop-0.test", ')),
      handleToolCall(chat('manage_cart', '[1,2]')),
      handleToolCall(chat('manage_cart', JSON.stringify({ ...cartArgs, quantity: 'two' }))),
      handleToolCall(chat('search_products', '{}')),
      handleToolCall({ id: 'c', type: 'custom', custom: { name: 'manage_cart', input: 'add P-1' } }),
    ]);
    const results = answers.map((answer) => JSON.parse(answer.content));
    expect(results).toEqual([
      {
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'the arguments are not valid JSON; send a JSON object that matches the tool parameters',
        },
      },
      { ok: false, error: { code: 'INVALID_INPUT', message: 'the arguments must be a JSON object' } },
      {
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: expect.stringMatching(/^invalid arguments for manage_cart: quantity/),
        },
      },
      {
        ok: false,
        error: {
          code: 'UNKNOWN_TOOL',
          message: 'there is no tool named "search_products"; the tools are manage_cart',
        },
      },
      {
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'the arguments are not valid JSON; send a JSON object that matches the tool parameters',
        },
      },
    ]);
    expect(calls).toEqual([]);
  });

  it('answers a responses custom_tool_call with a custom_tool_call_output item for its call_id', async () => {
    const { client, calls } = createFakeClient();
    const handler = createToolCallHandler(client);
    const unknown = await handler.handleToolCall({
      type: 'custom_tool_call',
      call_id: 'ct_1',
      name: 'run_sql',
      input: 'SELECT 1',
    });
    expect(unknown).toEqual({ type: 'custom_tool_call_output', call_id: 'ct_1', output: expect.any(String) });
    expect(JSON.parse(unknown.output)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TOOL' } });
    // A custom call naming an AgentWeb tool runs it with its input read as the JSON arguments.
    const ran = await handler.handleToolCall({
      type: 'custom_tool_call',
      call_id: 'ct_2',
      name: 'order_status',
      input: '{"merchant":"shop-0.test","orderIds":["ORD-1001"]}',
    });
    expect(ran).toMatchObject({ type: 'custom_tool_call_output', call_id: 'ct_2' });
    expect(JSON.parse(ran.output)).toMatchObject({ ok: true, data: { orders: [{ orderId: 'ORD-1001' }] } });
    expect(calls.map((c) => c.method)).toEqual(['orderStatus']);
    // A mixed list from one response: each item in its own output type, in order.
    const mixed = await handler.handleToolCalls([
      { type: 'function_call', call_id: 'f', name: 'nope', arguments: '{}' },
      { type: 'custom_tool_call', call_id: 'c', name: 'nope', input: '' },
    ]);
    expect(mixed.map((item) => [item.type, item.call_id])).toEqual([
      ['function_call_output', 'f'],
      ['custom_tool_call_output', 'c'],
    ]);
  });

  it('never throws on a value that is no tool call: a typed INVALID_INPUT answer says what it got', async () => {
    const { client, calls } = createFakeClient();
    const handler = createToolCallHandler(client);
    const odd: unknown[] = [null, undefined, 'call', 42, [], {}, { id: 'x', type: 'function' }, { id: 'y' }];
    for (const value of odd) {
      const answer = (await handler.handleToolCall(value)) as { role: string; content: string };
      expect(answer.role).toBe('tool');
      expect(JSON.parse(answer.content)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringContaining('expected a tool call') },
      });
    }
    const item = await handler.handleToolCall({ type: 'web_search_call', call_id: 'w1' }, null as never);
    expect(item).toMatchObject({ type: 'function_call_output', call_id: 'w1' });
    expect(JSON.parse((item as { output: string }).output).error.message).toContain(
      'got an item of type "web_search_call"',
    );
    expect(await handler.handleToolCalls(null)).toHaveLength(1);
    // Arguments already parsed into an object (as some wrappers pass them) are read as they are.
    const parsed = await handler.handleToolCall({
      type: 'function_call',
      call_id: 'p1',
      name: 'order_status',
      arguments: { merchant: 'shop-0.test', orderIds: ['ORD-1001'] },
    });
    expect(JSON.parse((parsed as { output: string }).output)).toMatchObject({ ok: true });
    expect(calls.map((c) => c.method)).toEqual(['orderStatus']);
  });

  it('handleToolCalls answers in order, one after the other, sharing matches between match_intent and invoke_intent', async () => {
    const { client, calls } = createFakeClient();
    const handler = createToolCallHandler(client);
    const answers = await handler.handleToolCalls([
      {
        id: 'a',
        type: 'function',
        function: { name: 'match_intent', arguments: '{"instruction":"cancel R-1","maxCandidates":null}' },
      },
      {
        id: 'b',
        type: 'function',
        function: {
          name: 'invoke_intent',
          arguments: JSON.stringify({
            instruction: null,
            matchId: 'match-1',
            candidate: 1,
            inputJson: null,
            confirmed: null,
          }),
        },
      },
    ]);
    expect(answers.map((answer) => answer.tool_call_id)).toEqual(['a', 'b']);
    expect(JSON.parse(answers[1]?.content ?? '')).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED' },
    });
    expect(calls.map((c) => c.method)).toEqual(['intent', 'invokeIntent']);
  });

  it("types: takes the SDK's own call objects and returns messages the SDK accepts", () => {
    const handler = createToolCallHandler(createFakeClient().client);
    expectTypeOf<ChatCompletionMessageToolCall>().toExtend<OpenAIChatToolCall>();
    expectTypeOf<ResponseFunctionToolCall>().toExtend<OpenAIResponsesFunctionCall>();
    // Wrapped in functions so nothing runs: only the overloads' return types are checked.
    const chatAnswer = (call: ChatCompletionMessageToolCall) => handler.handleToolCall(call);
    const responsesAnswer = (call: ResponseFunctionToolCall) => handler.handleToolCall(call);
    const chatAnswers = (calls: ChatCompletionMessageToolCall[]) => handler.handleToolCalls(calls);
    expectTypeOf<Awaited<ReturnType<typeof chatAnswer>>>().toExtend<ChatCompletionMessageParam>();
    expectTypeOf<Awaited<ReturnType<typeof responsesAnswer>>>().toExtend<ResponseInputItem>();
    expectTypeOf<Awaited<ReturnType<typeof chatAnswers>>>().toExtend<ChatCompletionMessageParam[]>();
  });
});
