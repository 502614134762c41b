import type { AddressInfo } from 'node:net';
import type { AgentCard, Message, Part } from 'a2a-sdk-v03';
import {
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from 'a2a-sdk-v03/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from 'a2a-sdk-v03/server/express';
import express from 'express';

/** What the agent received in one turn. */
export interface ReceivedTurn {
  text: string;
  /** The turn's conversation (the server fills in a new one when the client sent none). */
  contextId: string;
  /** The turn's task. */
  taskId: string;
  /** True when the client continued an existing task (it sent that task's id). */
  continuedTask: boolean;
  /** True when the conversation was new on this turn. */
  newContext: boolean;
}

/** A running generic agent: the official `@a2a-js/sdk` 0.3.14 server on 127.0.0.1. */
export interface GenericAgentPeer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The card URL. */
  cardUrl: string;
  /** Every turn received, in order. */
  received: ReceivedTurn[];
  close(): Promise<void>;
}

const agentText = (text: string, contextId: string, taskId?: string): Message => ({
  kind: 'message',
  messageId: `agent-${Math.random().toString(36).slice(2)}`,
  role: 'agent',
  parts: [{ kind: 'text', text }],
  contextId,
  ...(taskId === undefined ? {} : { taskId }),
});

function textOf(parts: Part[]): string {
  return parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
}

/**
 * A small conversational agent, as a user would write one on the official SDK. By the user's text:
 * - `book ...`: asks "Which date?" (`input-required`); the answer to it completes the same task with
 *   `booked: <book text> on <answer>`;
 * - `fail`: the task fails with the message "cannot do that";
 * - `msg ...`: a direct message `echo: <text>`, no task;
 * - anything else: `working`, then an artifact in two chunks, `echo: ` and `<text> (turn <n>)`, where n counts the
 *   turns of the conversation (so a follow-up shows whether the context was kept), then `completed`.
 * Every task keeps the user's message in its history, as the official server does.
 */
class ConversationalAgent implements AgentExecutor {
  readonly turns = new Map<string, number>();
  readonly pendingBooking = new Map<string, string>();
  constructor(private readonly received: ReceivedTurn[]) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, userMessage } = ctx;
    const text = textOf(userMessage.parts);
    const turn = (this.turns.get(contextId) ?? 0) + 1;
    this.received.push({
      text,
      contextId,
      taskId,
      continuedTask: ctx.task !== undefined,
      newContext: turn === 1,
    });
    this.turns.set(contextId, turn);
    if (text.startsWith('msg')) {
      bus.publish(agentText(`echo: ${text}`, contextId));
      bus.finished();
      return;
    }
    const now = () => new Date().toISOString();
    if (ctx.task === undefined) {
      bus.publish({
        kind: 'task',
        id: taskId,
        contextId,
        status: { state: 'submitted', timestamp: now() },
        history: [userMessage],
      });
    }
    const booking = this.pendingBooking.get(taskId);
    if (text.startsWith('book') || booking !== undefined) {
      if (booking === undefined) {
        this.pendingBooking.set(taskId, text);
        bus.publish({
          kind: 'status-update',
          taskId,
          contextId,
          status: {
            state: 'input-required',
            message: agentText('Which date?', contextId, taskId),
            timestamp: now(),
          },
          final: true,
        });
      } else {
        this.pendingBooking.delete(taskId);
        bus.publish({
          kind: 'artifact-update',
          taskId,
          contextId,
          artifact: {
            artifactId: 'booking',
            parts: [{ kind: 'text', text: `booked: ${booking} on ${text}` }],
          },
          lastChunk: true,
        });
        bus.publish({
          kind: 'status-update',
          taskId,
          contextId,
          status: { state: 'completed', timestamp: now() },
          final: true,
        });
      }
      bus.finished();
      return;
    }
    if (text === 'fail') {
      bus.publish({
        kind: 'status-update',
        taskId,
        contextId,
        status: {
          state: 'failed',
          message: agentText('cannot do that', contextId, taskId),
          timestamp: now(),
        },
        final: true,
      });
      bus.finished();
      return;
    }
    bus.publish({
      kind: 'status-update',
      taskId,
      contextId,
      status: { state: 'working', timestamp: now() },
      final: false,
    });
    bus.publish({
      kind: 'artifact-update',
      taskId,
      contextId,
      artifact: { artifactId: 'answer', parts: [{ kind: 'text', text: 'echo: ' }] },
    });
    bus.publish({
      kind: 'artifact-update',
      taskId,
      contextId,
      artifact: { artifactId: 'answer', parts: [{ kind: 'text', text: `${text} (turn ${turn})` }] },
      append: true,
      lastChunk: true,
    });
    bus.publish({
      kind: 'status-update',
      taskId,
      contextId,
      status: { state: 'completed', timestamp: now() },
      final: true,
    });
    bus.finished();
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    bus.publish({ kind: 'status-update', taskId, contextId: '', status: { state: 'canceled' }, final: true });
    bus.finished();
  }
}

/** Starts the agent on 127.0.0.1 with its card at `/.well-known/agent-card.json`. */
export async function startGenericAgent(): Promise<GenericAgentPeer> {
  const received: ReceivedTurn[] = [];
  const card: AgentCard = {
    name: 'Concierge',
    description: 'A conversational agent on the official A2A SDK',
    protocolVersion: '0.3.0',
    version: '1.0.0',
    url: '',
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'chat', name: 'Chat', description: 'Answers questions, books tables', tags: ['chat'] }],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new ConversationalAgent(received));
  const app = express();
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  card.url = `${origin}/a2a`;
  return {
    origin,
    cardUrl: `${origin}/.well-known/agent-card.json`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
