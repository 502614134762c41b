import type { AddressInfo, Server, Socket } from 'node:net';
import { Role, TaskState, type AgentCard as V1Card, type Part as V1Part } from 'a2a-sdk-v1';
import { duplicateInterfacesForLegacy } from 'a2a-sdk-v1/compat/v0_3';
import {
  AgentEvent,
  type ExecutionEventBus as V1Bus,
  type RequestContext as V1Context,
  type AgentExecutor as V1Executor,
  DefaultRequestHandler as V1Handler,
  InMemoryTaskStore as V1Store,
} from 'a2a-sdk-v1/server';
import {
  UserBuilder as V1Users,
  agentCardHandler as v1CardHandler,
  jsonRpcHandler as v1JsonRpc,
} from 'a2a-sdk-v1/server/express';
import type { AgentCard as V03Card, Message as V03Message } from 'a2a-sdk-v03';
import {
  type ExecutionEventBus as V03Bus,
  type RequestContext as V03Context,
  type AgentExecutor as V03Executor,
  DefaultRequestHandler as V03Handler,
  InMemoryTaskStore as V03Store,
} from 'a2a-sdk-v03/server';
import {
  UserBuilder as V03Users,
  agentCardHandler as v03CardHandler,
  jsonRpcHandler as v03JsonRpc,
} from 'a2a-sdk-v03/server/express';
import express from 'express';

/**
 * Real official SDK servers on 127.0.0.1 (reference §14). Behaviour is scripted by the user message's
 * `messageId` prefix, like the TCK scenarios:
 * - `msg-`: a direct message reply, no task;
 * - `input-`: a task that stops in `input-required`;
 * - `hold-`: a task that stays `working` until `release(taskId)` or a cancel;
 * - anything else: submitted → working → artifact `echo: <text>` → completed.
 */
export interface OfficialPeer {
  /** Which SDK line and mode. */
  kind: 'v03' | 'v1' | 'v1-compat';
  /** Base URL, e.g. `http://127.0.0.1:1234`. */
  baseUrl: string;
  /** Card URL. */
  cardUrl: string;
  /** JSON-RPC URL. */
  rpcUrl: string;
  /** Lets a `hold-` task finish. */
  release(taskId: string): void;
  /** Resolves once a `hold-` task with this id is running. */
  held(): Promise<string>;
  /** Destroys every open socket (forces streams to drop). */
  dropConnections(): void;
  /** Stops the server. */
  close(): Promise<void>;
}

type Gate = { resolve: (outcome: 'release' | 'cancel') => void };

class Gates {
  private readonly gates = new Map<string, Gate>();
  private readonly waiters: Array<(taskId: string) => void> = [];
  private readonly early: string[] = [];

  wait(taskId: string): Promise<'release' | 'cancel'> {
    const promise = new Promise<'release' | 'cancel'>((resolve) => this.gates.set(taskId, { resolve }));
    const waiter = this.waiters.shift();
    if (waiter) waiter(taskId);
    else this.early.push(taskId);
    return promise;
  }

  held(): Promise<string> {
    const first = this.early.shift();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  open(taskId: string, outcome: 'release' | 'cancel'): void {
    this.gates.get(taskId)?.resolve(outcome);
    this.gates.delete(taskId);
  }

  openAll(): void {
    for (const id of [...this.gates.keys()]) this.open(id, 'cancel');
  }
}

function listen(app: express.Express): Promise<{ server: Server; sockets: Set<Socket>; port: number }> {
  return new Promise((resolve) => {
    const sockets = new Set<Socket>();
    const server = app.listen(0, '127.0.0.1', () => {
      resolve({ server, sockets, port: (server.address() as AddressInfo).port });
    });
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  });
}

function closer(server: Server & { closeAllConnections?: () => void }, gates: Gates) {
  return () =>
    new Promise<void>((resolve) => {
      gates.openAll();
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
}

const SKILL = { id: 'echo', name: 'Echo', description: 'Echoes the text back', tags: ['test'] };

// ---------- 0.3.14 ----------

function v03Text(message: V03Message): string {
  const part = message.parts[0];
  return part?.kind === 'text' ? part.text : '';
}

class V03Agent implements V03Executor {
  constructor(private readonly gates: Gates) {}

  async execute(ctx: V03Context, bus: V03Bus): Promise<void> {
    const { taskId, contextId, userMessage } = ctx;
    const id = userMessage.messageId;
    const text = v03Text(userMessage);
    if (id.startsWith('msg-')) {
      bus.publish({
        kind: 'message',
        messageId: `reply-${id}`,
        role: 'agent',
        parts: [{ kind: 'text', text: `echo: ${text}` }],
        contextId,
      });
      bus.finished();
      return;
    }
    bus.publish({
      kind: 'task',
      id: taskId,
      contextId,
      status: { state: 'submitted', timestamp: new Date().toISOString() },
      history: [userMessage],
    });
    if (id.startsWith('input-')) {
      bus.publish({
        kind: 'status-update',
        taskId,
        contextId,
        status: { state: 'input-required', timestamp: new Date().toISOString() },
        final: true,
      });
      bus.finished();
      return;
    }
    bus.publish({ kind: 'status-update', taskId, contextId, status: { state: 'working' }, final: false });
    if (id.startsWith('hold-') && (await this.gates.wait(taskId)) === 'cancel') return;
    bus.publish({
      kind: 'artifact-update',
      taskId,
      contextId,
      artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: `echo: ${text}` }] },
      lastChunk: true,
    });
    bus.publish({
      kind: 'status-update',
      taskId,
      contextId,
      status: { state: 'completed', timestamp: new Date().toISOString() },
      final: true,
    });
    bus.finished();
  }

  async cancelTask(taskId: string, bus: V03Bus): Promise<void> {
    this.gates.open(taskId, 'cancel');
    bus.publish({ kind: 'status-update', taskId, contextId: '', status: { state: 'canceled' }, final: true });
    bus.finished();
  }
}

/** Starts a real `@a2a-js/sdk@0.3.14` server. */
export async function startV03Peer(): Promise<OfficialPeer> {
  const gates = new Gates();
  const card: V03Card = {
    name: 'v03 peer',
    description: 'Official 0.3.14 server',
    protocolVersion: '0.3.0',
    version: '1.0.0',
    url: '',
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [SKILL],
  };
  const handler = new V03Handler(card, new V03Store(), new V03Agent(gates));
  const app = express();
  app.use('/.well-known/agent-card.json', v03CardHandler({ agentCardProvider: handler }));
  app.use('/a2a/jsonrpc', v03JsonRpc({ requestHandler: handler, userBuilder: V03Users.noAuthentication }));
  const { server, sockets, port } = await listen(app);
  const baseUrl = `http://127.0.0.1:${port}`;
  card.url = `${baseUrl}/a2a/jsonrpc`;
  return {
    kind: 'v03',
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    rpcUrl: card.url,
    release: (taskId) => gates.open(taskId, 'release'),
    held: () => gates.held(),
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    close: closer(server, gates),
  };
}

// ---------- 1.3.0 ----------

function textPart(text: string): V1Part {
  return {
    content: { $case: 'text', value: text },
    mediaType: 'text/plain',
    filename: '',
    metadata: undefined,
  };
}

function v1Text(ctx: V1Context): string {
  const content = ctx.userMessage.parts[0]?.content;
  return content?.$case === 'text' ? content.value : '';
}

function v1Status(state: TaskState) {
  return { state, message: undefined, timestamp: new Date().toISOString() };
}

class V1Agent implements V1Executor {
  constructor(private readonly gates: Gates) {}

  async execute(ctx: V1Context, bus: V1Bus): Promise<void> {
    const { taskId, contextId, userMessage } = ctx;
    const id = userMessage.messageId;
    const text = v1Text(ctx);
    if (id.startsWith('msg-')) {
      bus.publish(
        AgentEvent.message({
          messageId: `reply-${id}`,
          contextId,
          taskId: '',
          role: Role.ROLE_AGENT,
          parts: [textPart(`echo: ${text}`)],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        }),
      );
      bus.finished();
      return;
    }
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: v1Status(TaskState.TASK_STATE_SUBMITTED),
        artifacts: [],
        history: [userMessage],
        metadata: undefined,
      }),
    );
    if (id.startsWith('input-')) {
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: v1Status(TaskState.TASK_STATE_INPUT_REQUIRED),
          metadata: undefined,
        }),
      );
      bus.finished();
      return;
    }
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: v1Status(TaskState.TASK_STATE_WORKING),
        metadata: undefined,
      }),
    );
    if (id.startsWith('hold-') && (await this.gates.wait(taskId)) === 'cancel') return;
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: {
          artifactId: 'a1',
          name: '',
          description: '',
          parts: [textPart(`echo: ${text}`)],
          metadata: undefined,
          extensions: [],
        },
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: v1Status(TaskState.TASK_STATE_COMPLETED),
        metadata: undefined,
      }),
    );
    bus.finished();
  }

  async cancelTask(taskId: string, bus: V1Bus): Promise<void> {
    this.gates.open(taskId, 'cancel');
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: '',
        status: v1Status(TaskState.TASK_STATE_CANCELED),
        metadata: undefined,
      }),
    );
    bus.finished();
  }
}

/** Starts a real `@a2a-js/sdk@1.3.0` server, with or without the 0.3 compatibility layer. */
export async function startV1Peer(options: { legacyCompat: boolean }): Promise<OfficialPeer> {
  const gates = new Gates();
  const card: V1Card = {
    name: options.legacyCompat ? 'v1 compat peer' : 'v1 peer',
    description: 'Official 1.3.0 server',
    version: '1.0.0',
    supportedInterfaces: [],
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ ...SKILL, examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
    signatures: [],
    provider: undefined,
    documentationUrl: undefined,
    iconUrl: undefined,
  };
  const handler = new V1Handler(card, new V1Store(), new V1Agent(gates));
  const legacy = options.legacyCompat ? { legacyCompat: { enabled: true } } : {};
  const app = express();
  app.use('/.well-known/agent-card.json', v1CardHandler({ agentCardProvider: handler, ...legacy }));
  app.use(
    '/a2a/jsonrpc',
    v1JsonRpc({ requestHandler: handler, userBuilder: V1Users.noAuthentication, ...legacy }),
  );
  const { server, sockets, port } = await listen(app);
  const baseUrl = `http://127.0.0.1:${port}`;
  const rpcUrl = `${baseUrl}/a2a/jsonrpc`;
  const ifs = [{ url: rpcUrl, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }];
  card.supportedInterfaces = options.legacyCompat ? duplicateInterfacesForLegacy(ifs, ['JSONRPC']) : ifs;
  return {
    kind: options.legacyCompat ? 'v1-compat' : 'v1',
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    rpcUrl,
    release: (taskId) => gates.open(taskId, 'release'),
    held: () => gates.held(),
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    close: closer(server, gates),
  };
}
