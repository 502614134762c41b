import type { BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel, type BaseChatModelParams } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/** One scripted turn: reads the conversation so far (tool results included) and returns the model's reply. */
export type ScriptedTurn = (messages: readonly BaseMessage[]) => AIMessage;

/** Options of {@link ScriptedChatModel}. */
export interface ScriptedChatModelOptions extends BaseChatModelParams {
  /** The replies, in order; one is used per model call. */
  turns: readonly ScriptedTurn[];
}

/**
 * A chat model that plays a fixed script instead of calling an LLM, so the agent runs with no API key and the
 * same way every time. Each turn sees the messages (tool results included), which lets a script pick ids from a
 * search result and quote tool output in its final answer, as a real model would.
 */
export class ScriptedChatModel extends BaseChatModel {
  private readonly turns: readonly ScriptedTurn[];
  private next = 0;
  /** Names of the tools the agent bound, in the order given. */
  boundTools: string[] = [];

  constructor(options: ScriptedChatModelOptions) {
    const { turns, ...rest } = options;
    super(rest);
    this.turns = turns;
  }

  _llmType(): string {
    return 'scripted';
  }

  /** Turns played so far. */
  get callCount(): number {
    return this.next;
  }

  // The agent binds its tools before the first call; the script already knows them, so this records the names.
  override bindTools(tools: BindToolsInput[]): this {
    this.boundTools = tools.map(toolName);
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.turns[this.next];
    if (turn === undefined) {
      throw new Error(
        `ScriptedChatModel: the script has ${this.turns.length} turns and turn ${this.next + 1} was asked for`,
      );
    }
    this.next += 1;
    const message = turn(messages);
    const text = typeof message.content === 'string' ? message.content : '';
    return { generations: [{ text, message }] };
  }
}

function toolName(tool: BindToolsInput): string {
  if (typeof tool === 'object' && tool !== null) {
    if ('name' in tool && typeof tool.name === 'string') return tool.name;
    if (
      'function' in tool &&
      typeof tool.function === 'object' &&
      tool.function !== null &&
      'name' in tool.function
    )
      return String(tool.function.name);
  }
  return '(unnamed)';
}

/** An assistant turn that calls one tool. */
export function callTool(name: string, args: Record<string, unknown>, id: string): AIMessage {
  return new AIMessage({ content: '', tool_calls: [{ name, args, id, type: 'tool_call' }] });
}
