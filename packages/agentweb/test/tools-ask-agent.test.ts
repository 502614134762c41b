import { ToolMessage } from '@langchain/core/messages';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toAiSdkTools } from '../src/ai-sdk/index.js';
import { AgentWeb, type AgentWebClient } from '../src/client/index.js';
import { AgentWebToolkit } from '../src/langchain/index.js';
import { createMcpServer } from '../src/mcp/index.js';
import { createToolCallHandler } from '../src/openai/index.js';
import { type AgentWebTool, createAgentWebTools } from '../src/tools/index.js';
import { loopbackAgentOptions, loopbackHttp } from './agent-fixtures.js';
import { type GenericAgentPeer, startGenericAgent } from './generic-agent-peer.js';

let peer: GenericAgentPeer;
const http = loopbackHttp();
const open: { close(): Promise<void> }[] = [];
const client = () => {
  const aw = new AgentWeb(loopbackAgentOptions(http));
  open.push(aw);
  return aw;
};

beforeAll(async () => {
  peer = await startGenericAgent();
});
beforeEach(() => {
  peer.received.length = 0;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});
afterAll(async () => {
  await peer.close();
  await http.close();
});

const askTool = (aw: AgentWebClient, maxResultChars?: number): AgentWebTool => {
  const [tool] = createAgentWebTools(aw, {
    include: ['ask_agent'],
    ...(maxResultChars === undefined ? {} : { maxResultChars }),
  });
  if (tool === undefined) throw new Error('no ask_agent tool');
  return tool;
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

describe('ask_agent', () => {
  it('asks an agent by origin or card URL, and follow-ups continue the conversation', async () => {
    const tool = askTool(client());
    const first = await tool.execute({ agent: peer.origin, text: 'hello', newConversation: null });
    expect(first).toEqual({
      ok: true,
      data: {
        agent: new URL(peer.origin).host,
        name: 'Concierge',
        text: 'echo: hello (turn 1)',
        state: 'completed',
        needsInput: false,
        taskId: expect.any(String),
        contextId: expect.any(String),
      },
    });
    const second = await tool.execute({ agent: peer.cardUrl, text: 'again', newConversation: false });
    expect(second).toMatchObject({ ok: true, data: { text: 'echo: again (turn 2)' } });
    const fresh = await tool.execute({ agent: peer.origin, text: 'new', newConversation: true });
    expect(fresh).toMatchObject({ ok: true, data: { text: 'echo: new (turn 1)' } });
  });

  it("returns the agent's question with needsInput, and the answer completes the task", async () => {
    const tool = askTool(client());
    const asked = await tool.execute({ agent: peer.origin, text: 'book a table', newConversation: null });
    expect(asked).toMatchObject({
      ok: true,
      data: { state: 'input-required', needsInput: true, text: 'Which date?' },
    });
    const done = await tool.execute({ agent: peer.origin, text: 'sunday', newConversation: null });
    expect(done).toMatchObject({
      ok: true,
      data: { state: 'completed', text: 'booked: book a table on sunday' },
    });
  });

  it('keeps a long reply within maxResultChars, marked truncated; errors are results, not throws', async () => {
    const tool = askTool(client(), 1_000);
    const long = 'x'.repeat(3_000);
    const result = await tool.execute({ agent: peer.origin, text: long, newConversation: null });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(1_000);
    expect(result).toMatchObject({ data: { truncated: true, state: 'completed' } });

    const missing = await tool.execute({ agent: 'http://127.0.0.1:1', text: 'hi', newConversation: null });
    expect(missing).toMatchObject({ ok: false, error: { code: expect.stringMatching(/DISCOVERY/) } });
    const blank = await tool.execute({ agent: ' ', text: 'hi', newConversation: null });
    expect(blank).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const tooLong = await tool.execute({
      agent: peer.origin,
      text: 'y'.repeat(9_000),
      newConversation: null,
    });
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(peer.received.map((t) => t.text.length)).toEqual([3_000]);
  });

  it('reports a client without agent() as an error result', async () => {
    const aw = client();
    // A host's own client with every method the other tools need, but no agent().
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
    const result = await askTool(rest as unknown as AgentWebClient).execute({
      agent: peer.origin,
      text: 'hi',
      newConversation: null,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_CLIENT' } });
  });
});

describe('ask_agent in every adapter', () => {
  it('LangChain: a ToolCall gets a ToolMessage with the reply', async () => {
    const tools = new AgentWebToolkit(client()).getTools();
    const ask = tools.find((t) => t.name === 'ask_agent');
    const message = (await ask?.invoke({
      name: 'ask_agent',
      args: { agent: peer.origin, text: 'from langchain' },
      id: 'call-ask',
      type: 'tool_call',
    })) as ToolMessage;
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message.tool_call_id).toBe('call-ask');
    expect(JSON.parse(String(message.content))).toMatchObject({
      ok: true,
      data: { text: 'echo: from langchain (turn 1)', state: 'completed' },
    });
  });

  it('AI SDK: generateText calls ask_agent and the model sees the reply', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 't1',
              toolName: 'ask_agent',
              // newConversation left out, as models do with a nullable field.
              input: JSON.stringify({ agent: peer.origin, text: 'from the ai sdk' }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
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
      tools: toAiSdkTools(client()),
      stopWhen: stepCountIs(3),
      prompt: 'ask the concierge',
    });
    const outputs = result.steps.flatMap((step) => step.toolResults.map((r) => r.output));
    expect(outputs[0]).toMatchObject({ ok: true, data: { text: 'echo: from the ai sdk (turn 1)' } });
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('echo: from the ai sdk (turn 1)');
  });

  it('OpenAI: a chat tool call and a responses function_call are answered with the reply', async () => {
    const handler = createToolCallHandler(client());
    const chat = await handler.handleToolCall({
      id: 'c1',
      type: 'function',
      function: {
        name: 'ask_agent',
        arguments: JSON.stringify({ agent: peer.origin, text: 'from chat', newConversation: null }),
      },
    });
    expect(chat).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(JSON.parse(String(chat.content))).toMatchObject({
      ok: true,
      data: { text: 'echo: from chat (turn 1)' },
    });
    const responses = await handler.handleToolCall({
      type: 'function_call',
      call_id: 'r1',
      name: 'ask_agent',
      arguments: JSON.stringify({ agent: peer.cardUrl, text: 'from responses', newConversation: null }),
    });
    expect(responses).toMatchObject({ type: 'function_call_output', call_id: 'r1' });
    expect(JSON.parse(String(responses.output))).toMatchObject({
      ok: true,
      data: { text: 'echo: from responses (turn 2)' },
    });
  });

  it('MCP: tools/list shows ask_agent, and tools/call answers with text and structuredContent', async () => {
    const server = createMcpServer(client());
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: 'ask-agent-test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
    open.push(mcp, server);
    const { tools } = await mcp.listTools();
    const ask = tools.find((t) => t.name === 'ask_agent');
    expect(ask?.title).toBe('Ask an agent');
    expect(ask?.annotations).toMatchObject({
      destructiveHint: false,
      openWorldHint: true,
      readOnlyHint: false,
    });
    expect(ask?.inputSchema.required).toEqual(['agent', 'text']);
    const called = (await mcp.callTool({
      name: 'ask_agent',
      arguments: { agent: peer.origin, text: 'from mcp' },
    })) as CallToolResult;
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent).toMatchObject({ ok: true, data: { text: 'echo: from mcp (turn 1)' } });
    const [content] = called.content;
    expect(content?.type === 'text' ? JSON.parse(content.text) : undefined).toEqual(called.structuredContent);
  });
});
