import { createDnsResolver } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AgentWeb } from 'agentweb';
import { toLangChainTools } from 'agentweb/langchain';
import { createAgent } from 'langchain';
import { ScriptedChatModel } from './scripted-chat-model.js';
import { shoppingScript } from './shopping-script.js';

/** Options of {@link runShoppingAgent}. */
export interface ShoppingAgentOptions {
  /** The sandbox to shop in (default: one with two merchants, closed at the end). */
  sandbox?: Sandbox;
  /**
   * The chat model (anything with `bindTools`, e.g. `new ChatOpenAI({ model: 'gpt-4.1-mini' })`). Default: a
   * scripted model that plays {@link shoppingScript}, so the example runs with no API key.
   */
  model?: BaseChatModel;
  /** What to shop for (default `'rain jacket'`). */
  query?: string;
  /** Where the conversation is printed (default `process.stdout`). */
  out?: NodeJS.WritableStream;
  /** Aborts the run. */
  signal?: AbortSignal;
}

/** What the agent did. */
export interface ShoppingAgentResult {
  /** The agent's final answer. */
  answer: string;
  /** The tool calls it made, in order. */
  toolCalls: { name: string; args: Record<string, unknown> }[];
  /** The whole conversation. */
  messages: BaseMessage[];
}

/** Runs a LangChain agent whose tools are AgentWeb's, against the sandbox. */
export async function runShoppingAgent(options: ShoppingAgentOptions = {}): Promise<ShoppingAgentResult> {
  const out = options.out ?? process.stdout;
  const sandbox = options.sandbox ?? (await startSandbox({ merchants: 2, seed: 'langchain-agent' }));
  const dns = createDnsResolver({ servers: [`${sandbox.dns.host}:${sandbox.dns.port}`] });
  const aw = new AgentWeb({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    dns,
    credentials: () => ({ type: 'bearer', token: 'langchain-agent' }),
  });
  try {
    const shop = sandbox.merchants[0];
    if (shop === undefined) throw new Error('the sandbox has no merchant');
    const query = options.query ?? 'rain jacket';
    const model =
      options.model ?? new ScriptedChatModel({ turns: shoppingScript({ domain: shop.domain, query }) });
    const agent = createAgent({
      model,
      tools: toLangChainTools(aw),
      systemPrompt: 'You are a shopping assistant. Use the tools to find products and manage carts.',
    });
    const request = `Find me a ${query} at ${shop.domain} and put one in my cart.`;
    out.write(`user: ${request}\n`);
    const state = await agent.invoke(
      { messages: [{ role: 'user', content: request }] },
      options.signal ? { signal: options.signal } : {},
    );
    const messages = state.messages;
    const toolCalls: ShoppingAgentResult['toolCalls'] = [];
    for (const message of messages.slice(1)) {
      for (const call of 'tool_calls' in message && Array.isArray(message.tool_calls)
        ? message.tool_calls
        : []) {
        toolCalls.push({ name: call.name, args: call.args });
        out.write(`agent -> ${call.name}(${JSON.stringify(call.args)})\n`);
      }
      if (message.type === 'tool') out.write(`tool  <- ${clip(String(message.content), 160)}\n`);
    }
    const last = messages.at(-1);
    const answer = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
    out.write(`agent: ${answer}\n`);
    return { answer, toolCalls, messages };
  } finally {
    await aw.close();
    await dns.close();
    if (options.sandbox === undefined) await sandbox.close();
  }
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
