import { z } from 'zod';
import type { AgentReply } from '../client/agent-types.js';
import type { AgentWebClient } from '../client/types.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { toJsonValue } from './json-value.js';
import { clipText } from './text.js';
import { MAX_ASK_TEXT_CHARS } from './tool-limits.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';
import type { JsonValue } from './tool-types.js';

// The reply text gets what the result's other fields leave of `maxResultChars`.
const ENVELOPE_CHARS = 1_500;
const MIN_REPLY_CHARS = 200;

/** Input of `ask_agent`. */
export const askAgentInput = z.strictObject({
  agent: z
    .string()
    .describe('The agent to ask: its domain (agent.example), its origin, or the URL of its agent card.'),
  text: z
    .string()
    .describe(
      'What to ask or tell the agent, in plain language. To answer a question the agent asked (state input-required), send only the answer.',
    ),
  newConversation: z
    .boolean()
    .nullable()
    .describe(
      'True to start a new conversation with this agent; null or false continues the previous one (follow-ups keep their context).',
    ),
});

/** `ask_agent`: ask any A2A agent found by domain or card URL, continuing the conversation on follow-ups. */
export function createAskAgentTool(client: AgentWebClient, settings: ToolSettings) {
  const maxReplyChars = Math.max(MIN_REPLY_CHARS, settings.maxResultChars - ENVELOPE_CHARS);
  return defineTool(
    {
      name: 'ask_agent',
      title: 'Ask an agent',
      description:
        "Sends a message to another AI agent (any A2A agent, found by its domain or agent card URL) and returns its answer text and the task state. Calls to the same agent continue one conversation, so follow-up questions can refer to earlier answers. When state is input-required or auth-required, text is the agent's question: ask the user and call ask_agent again with their answer. For shopping at merchants use the product and cart tools instead.",
      inputSchema: askAgentInput,
      // It sends the user's words to an outside agent, which may act on them; it deletes nothing itself.
      annotations: {
        readOnlyHint: false,
        openWorldHint: true,
        idempotentHint: false,
        destructiveHint: false,
      },
      async run(input, { signal }) {
        const target = input.agent.trim();
        if (target.length === 0) return errorResult(TOOL_ERROR_CODES.invalidInput, 'agent must not be empty');
        if (input.text.trim().length === 0)
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'text must not be empty');
        if (input.text.length > MAX_ASK_TEXT_CHARS) {
          return errorResult(
            TOOL_ERROR_CODES.invalidInput,
            `text is ${input.text.length} characters; at most ${MAX_ASK_TEXT_CHARS} are sent to an agent`,
          );
        }
        if (typeof client.agent !== 'function') {
          return errorResult(
            TOOL_ERROR_CODES.unsupported,
            'this AgentWeb client cannot call generic agents (it has no agent method)',
          );
        }
        const agent = await client.agent(target, signal ? { signal } : {});
        try {
          const reply = await agent.send(input.text, {
            ...(signal ? { signal } : {}),
            ...(input.newConversation === true ? { newContext: true } : {}),
          });
          return okResult(replyData(agent.profile.name, agent.domain, reply, maxReplyChars));
        } finally {
          await agent.close();
        }
      },
    },
    settings,
  );
}

function replyData(name: string, domain: string, reply: AgentReply, maxReplyChars: number): JsonValue {
  const data: JsonValue[] = [];
  for (const artifact of reply.artifacts) {
    for (const part of artifact.parts) if (part.kind === 'data') data.push(toJsonValue(part.data));
  }
  const text = clipText(reply.text, maxReplyChars);
  return {
    agent: domain,
    name,
    text,
    state: reply.state,
    needsInput: reply.state === 'input-required' || reply.state === 'auth-required',
    taskId: reply.taskId ?? null,
    contextId: reply.contextId ?? null,
    ...(data.length > 0 ? { data } : {}),
    ...(reply.warnings.length > 0 ? { warnings: reply.warnings.map((w) => `${w.code}: ${w.message}`) } : {}),
    ...(text.length < reply.text.length ? { truncated: true } : {}),
  };
}
