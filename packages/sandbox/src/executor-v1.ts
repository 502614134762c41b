import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import type { MerchantRuntime, NeutralPart } from './merchant-runtime.js';

function neutral(part: Part): NeutralPart {
  const meta = part.metadata ? { metadata: part.metadata } : {};
  if (part.content?.$case === 'text') return { kind: 'text', text: part.content.value, ...meta };
  if (part.content?.$case === 'data') return { kind: 'data', data: part.content.value, ...meta };
  return { kind: 'other' };
}

function dataPart(value: unknown, metadata?: Record<string, unknown>): Part {
  return { content: { $case: 'data', value }, metadata, filename: '', mediaType: 'application/json' };
}

/** An A2A 1.0 executor (@a2a-js/sdk 1.3.0) answering CAP skills from a merchant runtime. */
export function createV1Executor(runtime: MerchantRuntime): AgentExecutor {
  return {
    async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
      const { taskId, contextId } = ctx;
      const userMessage = ctx.userMessage;
      const outcome = runtime.invoke({
        parts: userMessage.parts.map(neutral),
        ...(userMessage.metadata ? { metadata: userMessage.metadata } : {}),
        contextId,
        authenticated: ctx.context.user?.isAuthenticated ?? false,
      });
      const now = () => new Date().toISOString();
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
          artifacts: [],
          history: [userMessage],
          metadata: undefined,
        }),
      );
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: now() },
          metadata: undefined,
        }),
      );
      for (const a of outcome.artifacts) {
        bus.publish(
          AgentEvent.artifactUpdate({
            taskId,
            contextId,
            artifact: {
              artifactId: randomUUID(),
              name: a.skillId,
              description: '',
              parts: [dataPart(a.output, { skillId: a.skillId })],
              metadata: { skillId: a.skillId },
              extensions: [],
            },
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
        );
      }
      let message: Message | undefined;
      if (outcome.error !== undefined) {
        message = {
          messageId: randomUUID(),
          contextId,
          taskId,
          role: Role.ROLE_AGENT,
          parts: [dataPart({ ...outcome.error })],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        };
      }
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: {
            state: outcome.error === undefined ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_FAILED,
            message,
            timestamp: now(),
          },
          metadata: undefined,
        }),
      );
      bus.finished();
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
      // Tasks complete synchronously, so by the time a cancel arrives there is nothing left to stop.
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId: '',
          status: {
            state: TaskState.TASK_STATE_CANCELED,
            message: undefined,
            timestamp: new Date().toISOString(),
          },
          metadata: undefined,
        }),
      );
      bus.finished();
    },
  };
}
