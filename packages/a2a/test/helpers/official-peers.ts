import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { Role, TaskState, type AgentCard as V1Card, type Part as V1Part } from 'a2a-sdk-v1';
import { duplicateInterfacesForLegacy } from 'a2a-sdk-v1/compat/v0_3';
import { LegacyA2AService, legacyGrpcService } from 'a2a-sdk-v1/compat/v0_3/server/grpc';
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
  restHandler as v1Rest,
} from 'a2a-sdk-v1/server/express';
import { A2AService as V1GrpcService, grpcService as v1GrpcService } from 'a2a-sdk-v1/server/grpc';
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
  restHandler as v03Rest,
} from 'a2a-sdk-v03/server/express';
import { A2AService as V03GrpcService, grpcService as v03GrpcService } from 'a2a-sdk-v03/server/grpc';
import express from 'express';

/**
 * Real official SDK servers on 127.0.0.1 (reference §14), one binding each, behind one agent card. Behaviour is
 * scripted by the user message's `messageId` prefix, like the TCK scenarios:
 * - `msg-`: a direct message reply, no task;
 * - `input-`: a task that stops in `input-required`;
 * - `hold-`: a task that stays `working` until `release(taskId)` or a cancel;
 * - `huge-`: a completed task whose artifact holds {@link HUGE_TEXT_BYTES} bytes of text;
 * - anything else: submitted → working → artifact `echo: <text>` → completed.
 * Every peer refuses a request that carries credentials other than `Bearer ${PEER_TOKEN}` (HTTP 401, gRPC
 * UNAUTHENTICATED), the way an agent behind an auth layer does; requests without credentials pass.
 */
export interface OfficialPeer {
  /** Which SDK line and mode. */
  kind: 'v03' | 'v1' | 'v1-compat';
  /** The binding served. */
  binding: PeerBinding;
  /** Base URL of the HTTP server (card, JSON-RPC, REST), e.g. `http://127.0.0.1:1234`. */
  baseUrl: string;
  /** Card URL. */
  cardUrl: string;
  /** JSON-RPC URL (JSON-RPC peers). */
  rpcUrl: string;
  /** The endpoint URL the card declares for the binding. */
  endpointUrl: string;
  /** Lets a `hold-` task finish. */
  release(taskId: string): void;
  /** Resolves once a `hold-` task with this id is running. */
  held(): Promise<string>;
  /** Destroys every open socket (forces streams to drop). */
  dropConnections(): void;
  /** Stops the server. */
  close(): Promise<void>;
}

/** The bindings a peer can serve. */
export type PeerBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

/** The only token peers accept. */
export const PEER_TOKEN = 'peer-secret';
/** Size of the `huge-` artifact: over the HTTP client's default 1 MiB body cap, under the 4 MiB event cap. */
export const HUGE_TEXT_BYTES = 1536 * 1024;

/** Express middleware: a request with credentials other than the peer token gets 401. */
function httpAuth(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const given = req.headers.authorization;
  if (given !== undefined && given !== `Bearer ${PEER_TOKEN}`) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="peer"');
    res.status(401).json({ error: 'unauthorized' });
    return;
  }
  next();
}

/** gRPC server interceptor: the same rule as {@link httpAuth}, answered with UNAUTHENTICATED. */
const grpcAuth: grpc.ServerInterceptor = (_method, call) =>
  new grpc.ServerInterceptingCall(call, {
    start(next) {
      next({
        onReceiveMetadata(metadata, mdNext) {
          const given = metadata.get('authorization')[0];
          if (given !== undefined && String(given) !== `Bearer ${PEER_TOKEN}`) {
            call.sendStatus({
              code: grpc.status.UNAUTHENTICATED,
              details: 'bad credentials',
              metadata: new grpc.Metadata(),
            });
            return;
          }
          mdNext(metadata);
        },
      });
    },
  });

/** A gRPC server on 127.0.0.1 behind a TCP relay whose sockets the test can cut. */
async function startGrpc(
  add: (server: grpc.Server) => void,
): Promise<{ target: string; drop(): void; close(): Promise<void> }> {
  const server = new grpc.Server({ interceptors: [grpcAuth] });
  add(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  );
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port, noDelay: true });
    client.setNoDelay(true);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    target: `127.0.0.1:${(relay.address() as AddressInfo).port}`,
    drop: () => {
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      server.forceShutdown();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
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
    const reply = id.startsWith('huge-') ? 'x'.repeat(HUGE_TEXT_BYTES) : `echo: ${text}`;
    bus.publish({
      kind: 'artifact-update',
      taskId,
      contextId,
      artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: reply }] },
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

/** Starts a real `@a2a-js/sdk@0.3.14` server serving one binding (default JSON-RPC). */
export async function startV03Peer(options: { binding?: PeerBinding } = {}): Promise<OfficialPeer> {
  const binding = options.binding ?? 'JSONRPC';
  const gates = new Gates();
  const card: V03Card = {
    name: 'v03 peer',
    description: 'Official 0.3.14 server',
    protocolVersion: '0.3.0',
    version: '1.0.0',
    url: '',
    preferredTransport: binding,
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [SKILL],
  };
  const handler = new V03Handler(card, new V03Store(), new V03Agent(gates));
  const app = express();
  app.use('/.well-known/agent-card.json', v03CardHandler({ agentCardProvider: handler }));
  app.use(
    '/a2a/jsonrpc',
    httpAuth,
    v03JsonRpc({ requestHandler: handler, userBuilder: V03Users.noAuthentication }),
  );
  app.use(
    '/a2a/rest',
    httpAuth,
    v03Rest({ requestHandler: handler, userBuilder: V03Users.noAuthentication }),
  );
  const { server, sockets, port } = await listen(app);
  const grpcServer =
    binding === 'GRPC'
      ? await startGrpc((s) =>
          s.addService(
            V03GrpcService,
            v03GrpcService({ requestHandler: handler, userBuilder: V03Users.noAuthentication }),
          ),
        )
      : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const rpcUrl = `${baseUrl}/a2a/jsonrpc`;
  card.url =
    binding === 'JSONRPC'
      ? rpcUrl
      : binding === 'HTTP+JSON'
        ? `${baseUrl}/a2a/rest`
        : (grpcServer?.target ?? '');
  const closeHttp = closer(server, gates);
  return {
    kind: 'v03',
    binding,
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    rpcUrl,
    endpointUrl: card.url,
    release: (taskId) => gates.open(taskId, 'release'),
    held: () => gates.held(),
    dropConnections: () => {
      for (const s of sockets) s.destroy();
      grpcServer?.drop();
    },
    close: async () => {
      await grpcServer?.close();
      await closeHttp();
    },
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
    const reply = id.startsWith('huge-') ? 'x'.repeat(HUGE_TEXT_BYTES) : `echo: ${text}`;
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: {
          artifactId: 'a1',
          name: '',
          description: '',
          parts: [textPart(reply)],
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

/**
 * Starts a real `@a2a-js/sdk@1.3.0` server serving one binding (default JSON-RPC), with or without the 0.3
 * compatibility layer (for gRPC: the `a2a.v1` service of `compat/v0_3/server/grpc` beside the `lf.a2a.v1` one).
 */
export async function startV1Peer(options: {
  legacyCompat: boolean;
  binding?: PeerBinding;
}): Promise<OfficialPeer> {
  const binding = options.binding ?? 'JSONRPC';
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
    httpAuth,
    v1JsonRpc({ requestHandler: handler, userBuilder: V1Users.noAuthentication, ...legacy }),
  );
  app.use(
    '/a2a/rest',
    httpAuth,
    v1Rest({ requestHandler: handler, userBuilder: V1Users.noAuthentication, ...legacy }),
  );
  const { server, sockets, port } = await listen(app);
  const grpcServer =
    binding === 'GRPC'
      ? await startGrpc((s) => {
          const services = { requestHandler: handler, userBuilder: V1Users.noAuthentication };
          s.addService(V1GrpcService, v1GrpcService(services));
          if (options.legacyCompat) s.addService(LegacyA2AService, legacyGrpcService(services));
        })
      : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const rpcUrl = `${baseUrl}/a2a/jsonrpc`;
  const endpointUrl =
    binding === 'JSONRPC'
      ? rpcUrl
      : binding === 'HTTP+JSON'
        ? `${baseUrl}/a2a/rest`
        : (grpcServer?.target ?? '');
  const ifs = [{ url: endpointUrl, protocolBinding: binding, tenant: '', protocolVersion: '1.0' }];
  card.supportedInterfaces = options.legacyCompat ? duplicateInterfacesForLegacy(ifs, [binding]) : ifs;
  const closeHttp = closer(server, gates);
  return {
    kind: options.legacyCompat ? 'v1-compat' : 'v1',
    binding,
    baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    rpcUrl,
    endpointUrl,
    release: (taskId) => gates.open(taskId, 'release'),
    held: () => gates.held(),
    dropConnections: () => {
      for (const s of sockets) s.destroy();
      grpcServer?.drop();
    },
    close: async () => {
      await grpcServer?.close();
      await closeHttp();
    },
  };
}
