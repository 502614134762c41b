import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Part as V1Part, type Task as V1Task } from '@a2a-js/sdk';
import {
  ClientFactory as V1ClientFactory,
  JsonRpcTransportFactory as V1Jsonrpc,
  DefaultAgentCardResolver as V1Resolver,
} from '@a2a-js/sdk/client';
import type { Part as V03Part, Task as V03Task } from 'a2a-sdk-v03';
import {
  ClientFactory as V03ClientFactory,
  JsonRpcTransportFactory as V03Jsonrpc,
  DefaultAgentCardResolver as V03Resolver,
} from 'a2a-sdk-v03/client';
import type { Sandbox, SandboxMerchant } from '../src/index.js';

/** A skill call result, the same for both SDK lines. */
export interface SkillCall {
  state: 'completed' | 'failed' | 'other';
  contextId: string;
  outputs: Record<string, unknown>[];
  error?: { capErrorCode: string; description: string; details?: Record<string, unknown> };
}

/** Calls CAP skills through one official SDK client. */
export interface CapCaller {
  call(
    parts: { skillId?: string; data?: unknown; text?: string }[],
    contextId?: string,
    messageMeta?: Record<string, unknown>,
  ): Promise<SkillCall>;
}

function withAuth(fetchImpl: typeof fetch, token: string | undefined): typeof fetch {
  if (token === undefined) return fetchImpl;
  return (input, init) => {
    const req = new Request(input, init);
    req.headers.set('authorization', `Bearer ${token}`);
    return fetchImpl(req);
  };
}

/** A 0.3 client (a2a-sdk-v03 = @a2a-js/sdk 0.3.14). */
export async function v03Caller(sb: Sandbox, m: SandboxMerchant, token?: string): Promise<CapCaller> {
  const fetchImpl = withAuth(sb.fetch, token);
  const factory = new V03ClientFactory({
    transports: [new V03Jsonrpc({ fetchImpl })],
    cardResolver: new V03Resolver({ fetchImpl }),
  });
  const client = await factory.createFromUrl(m.baseUrl);
  return {
    async call(parts, contextId, messageMeta) {
      const msgParts: V03Part[] = parts.map((p) =>
        p.text !== undefined
          ? { kind: 'text', text: p.text }
          : {
              kind: 'data',
              data: (p.data ?? {}) as Record<string, unknown>,
              ...(p.skillId ? { metadata: { skillId: p.skillId } } : {}),
            },
      );
      const result = await client.sendMessage({
        message: {
          kind: 'message',
          messageId: randomUUID(),
          role: 'user',
          parts: msgParts,
          ...(contextId ? { contextId } : {}),
          ...(messageMeta ? { metadata: messageMeta } : {}),
        },
      });
      const task = result as V03Task;
      const dataOf = (ps: V03Part[] | undefined) =>
        (ps ?? []).flatMap((p) => (p.kind === 'data' ? [p.data] : []));
      const out: SkillCall = {
        state:
          task.status.state === 'completed'
            ? 'completed'
            : task.status.state === 'failed'
              ? 'failed'
              : 'other',
        contextId: task.contextId,
        outputs: (task.artifacts ?? []).flatMap((a) => dataOf(a.parts)),
      };
      const err = dataOf(task.status.message?.parts)[0];
      if (err !== undefined) out.error = err as SkillCall['error'];
      return out;
    },
  };
}

/** A 1.0 client (@a2a-js/sdk 1.3.0), with legacy compatibility so it also reaches 0.3 merchants. */
export async function v1Caller(sb: Sandbox, m: SandboxMerchant, token?: string): Promise<CapCaller> {
  const fetchImpl = withAuth(sb.fetch, token);
  const legacyCompat = { enabled: true };
  const factory = new V1ClientFactory({
    transports: [new V1Jsonrpc({ fetchImpl, legacyCompat })],
    cardResolver: new V1Resolver({ fetchImpl, legacyCompat }),
  });
  const client = await factory.createFromUrl(m.baseUrl);
  return {
    async call(parts, contextId, messageMeta) {
      const msgParts: V1Part[] = parts.map((p) => ({
        content:
          p.text !== undefined ? { $case: 'text', value: p.text } : { $case: 'data', value: p.data ?? {} },
        metadata: p.skillId ? { skillId: p.skillId } : undefined,
        filename: '',
        mediaType: p.text !== undefined ? 'text/plain' : 'application/json',
      }));
      const result = await client.sendMessage({
        tenant: '',
        message: {
          messageId: randomUUID(),
          contextId: contextId ?? '',
          taskId: '',
          role: Role.ROLE_USER,
          parts: msgParts,
          metadata: messageMeta,
          extensions: [],
          referenceTaskIds: [],
        },
        configuration: undefined,
        metadata: undefined,
      });
      const task = result as V1Task;
      const dataOf = (ps: V1Part[] | undefined) =>
        (ps ?? []).flatMap((p) => (p.content?.$case === 'data' ? [p.content.value] : []));
      const state = task.status?.state;
      const out: SkillCall = {
        state:
          state === TaskState.TASK_STATE_COMPLETED
            ? 'completed'
            : state === TaskState.TASK_STATE_FAILED
              ? 'failed'
              : 'other',
        contextId: task.contextId,
        outputs: task.artifacts.flatMap((a) => dataOf(a.parts)),
      };
      const err = dataOf(task.status?.message?.parts)[0];
      if (err !== undefined) out.error = err as SkillCall['error'];
      return out;
    },
  };
}
