import { randomUUID } from 'node:crypto';
import type { Message, Part, Task } from 'a2a-sdk-v03';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from 'a2a-sdk-v03/server';
import type { MerchantRuntime, NeutralPart } from './merchant-runtime.js';

function neutral(part: Part): NeutralPart {
  if (part.kind === 'text')
    return { kind: 'text', text: part.text, ...(part.metadata ? { metadata: part.metadata } : {}) };
  if (part.kind === 'data')
    return { kind: 'data', data: part.data, ...(part.metadata ? { metadata: part.metadata } : {}) };
  return { kind: 'other' };
}

/** An A2A 0.3 executor (a2a-sdk-v03) answering CAP skills from a merchant runtime. */
export function createV03Executor(runtime: MerchantRuntime): AgentExecutor {
  return {
    async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
      const { taskId, contextId, userMessage } = ctx;
      const outcome = runtime.invoke({
        parts: userMessage.parts.map(neutral),
        ...(userMessage.metadata ? { metadata: userMessage.metadata } : {}),
        contextId,
        authenticated: ctx.context?.user?.isAuthenticated ?? false,
      });
      const submitted: Task = {
        kind: 'task',
        id: taskId,
        contextId,
        status: { state: 'submitted', timestamp: new Date().toISOString() },
        history: [userMessage],
      };
      bus.publish(submitted);
      bus.publish({
        kind: 'status-update',
        taskId,
        contextId,
        status: { state: 'working', timestamp: new Date().toISOString() },
        final: false,
      });
      for (const a of outcome.artifacts) {
        bus.publish({
          kind: 'artifact-update',
          taskId,
          contextId,
          artifact: {
            artifactId: randomUUID(),
            name: a.skillId,
            parts: [{ kind: 'data', data: a.output, metadata: { skillId: a.skillId } }],
            metadata: { skillId: a.skillId },
          },
        });
      }
      let message: Message | undefined;
      if (outcome.error !== undefined) {
        message = {
          kind: 'message',
          messageId: randomUUID(),
          role: 'agent',
          taskId,
          contextId,
          parts: [{ kind: 'data', data: { ...outcome.error } }],
        };
      }
      bus.publish({
        kind: 'status-update',
        taskId,
        contextId,
        status: {
          state: outcome.error === undefined ? 'completed' : 'failed',
          timestamp: new Date().toISOString(),
          ...(message ? { message } : {}),
        },
        final: true,
      });
      bus.finished();
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
      // Tasks complete synchronously, so by the time a cancel arrives there is nothing left to stop.
      bus.publish({
        kind: 'status-update',
        taskId,
        contextId: '',
        status: { state: 'canceled', timestamp: new Date().toISOString() },
        final: true,
      });
      bus.finished();
    },
  };
}
