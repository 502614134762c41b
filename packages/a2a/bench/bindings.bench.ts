import type { AddressInfo } from 'node:net';
import { createHttpClient } from '@agentweb/http';
import * as grpc from '@grpc/grpc-js';
import { Role, type Task, TaskState, type AgentCard as V1Card } from 'a2a-sdk-v1';
import { ClientFactory, ClientFactoryOptions } from 'a2a-sdk-v1/client';
import { GrpcTransportFactory } from 'a2a-sdk-v1/client/grpc';
import {
  AgentEvent,
  DefaultRequestHandler,
  type ExecutionEventBus,
  type RequestContext,
  type TaskStore,
} from 'a2a-sdk-v1/server';
import { restHandler, UserBuilder } from 'a2a-sdk-v1/server/express';
import { A2AService, grpcService } from 'a2a-sdk-v1/server/grpc';
import express from 'express';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { createA2AClient } from '../src/index.js';

// One official @a2a-js/sdk 1.3.0 agent serving HTTP+JSON (`restHandler`) and gRPC (`grpcService`) from the
// same request handler; every message completes a task at once. Each group compares our client with the
// official client of that binding against that same server, in the same run.
const executor = {
  async execute(ctx: RequestContext, bus: ExecutionEventBus) {
    bus.publish(
      AgentEvent.task({
        id: ctx.taskId,
        contextId: ctx.contextId,
        status: {
          state: TaskState.TASK_STATE_COMPLETED,
          message: undefined,
          timestamp: '2026-01-01T00:00:00.000Z',
        },
        artifacts: [],
        history: [],
        metadata: undefined,
      }),
    );
    bus.finished();
  },
  async cancelTask() {},
};
const baseCard: V1Card = {
  name: 'bench',
  description: 'bench agent',
  version: '1',
  supportedInterfaces: [],
  capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
  securitySchemes: {},
  securityRequirements: [],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [
    {
      id: 's',
      name: 's',
      description: 's',
      tags: [],
      examples: [],
      inputModes: [],
      outputModes: [],
      securityRequirements: [],
    },
  ],
  signatures: [],
  provider: undefined,
  documentationUrl: undefined,
  iconUrl: undefined,
};
// InMemoryTaskStore keeps every task: over thousands of messages the server's work would grow through the run, and
// each entry would pay for the tasks of those timed before it (rounds ranged 0.8x-1.2x). This store keeps the latest
// 1,000 tasks, cloned on save and load as InMemoryTaskStore does, so the server's cost per call stays the same.
class RecentTaskStore implements TaskStore {
  readonly #tasks = new Map<string, Task>();
  async save(task: Task) {
    this.#tasks.delete(task.id);
    this.#tasks.set(task.id, structuredClone(task));
    if (this.#tasks.size > 1_000) this.#tasks.delete(this.#tasks.keys().next().value as string);
  }
  async load(taskId: string) {
    const task = this.#tasks.get(taskId);
    return task === undefined ? undefined : structuredClone(task);
  }
  async list(): ReturnType<TaskStore['list']> {
    throw new Error('the benchmark lists no tasks');
  }
}
const handler = new DefaultRequestHandler(baseCard, new RecentTaskStore(), executor);
const app = express();
app.use('/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
const httpServer = app.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => httpServer.once('listening', () => resolve()));
httpServer.keepAliveTimeout = 60_000;
const restUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/rest`;
const grpcServer = new grpc.Server();
grpcServer.addService(
  A2AService,
  grpcService({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
);
const grpcPort = await new Promise<number>((resolve, reject) =>
  grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
    e ? reject(e) : resolve(p),
  ),
);
const grpcTarget = `127.0.0.1:${grpcPort}`;
const iface = (url: string, protocolBinding: string) => ({
  url,
  protocolBinding,
  tenant: '',
  protocolVersion: '1.0',
});
baseCard.supportedInterfaces = [iface(restUrl, 'HTTP+JSON'), iface(grpcTarget, 'GRPC')];
const restCard: V1Card = { ...baseCard, supportedInterfaces: [iface(restUrl, 'HTTP+JSON')] };
const grpcCard: V1Card = { ...baseCard, supportedInterfaces: [iface(grpcTarget, 'GRPC')] };

const http = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: ['127.0.0.1'],
  cache: false,
  retry: false,
});
const oursRest = await createA2AClient({ card: restCard, http });
const oursGrpc = await createA2AClient({ card: grpcCard, http, grpc: { plaintext: true } });
// Like for like with the official client, which sends no deadline: ours enforced by the client alone.
const oursGrpcClientDeadline = await createA2AClient({
  card: grpcCard,
  http,
  grpc: { plaintext: true, sendDeadline: false },
});
const officialRest = await new ClientFactory().createFromAgentCard(restCard);
const officialGrpc = await new ClientFactory(
  ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new GrpcTransportFactory()] }),
).createFromAgentCard(grpcCard);

const officialRequest = {
  tenant: '',
  message: {
    messageId: 'm1',
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [
      {
        content: { $case: 'text' as const, value: 'hello' },
        mediaType: '',
        filename: '',
        metadata: undefined,
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: undefined,
  metadata: undefined,
};
const ourMessage = () => ({ message: { parts: [{ kind: 'text' as const, text: 'hello' }] } });
const timed = { warmupTime: 1000, time: 2000 };

afterAll(async () => {
  await oursGrpc.close();
  await oursGrpcClientDeadline.close();
  await http.close();
  grpcServer.forceShutdown();
  httpServer.closeAllConnections();
  httpServer.close();
});

benchGroup(
  'sendMessage round trip over HTTP+JSON, official 1.3.0 server (restHandler)',
  [
    {
      name: 'baseline: official @a2a-js/sdk 1.3.0 RestTransport',
      fn: async () => {
        const result = await officialRest.sendMessage({
          ...officialRequest,
          message: { ...officialRequest.message, messageId: crypto.randomUUID() },
        });
        if (!('id' in result)) throw new Error('no task');
      },
    },
    {
      name: '@agentweb/a2a sendMessage (HTTP+JSON)',
      fn: async () => {
        const result = await oursRest.sendMessage(ourMessage());
        if (!result.task) throw new Error('no task');
      },
    },
  ],
  timed,
);

benchGroup(
  'sendMessage round trip over gRPC, official 1.3.0 server (grpcService)',
  [
    {
      name: 'baseline: official @a2a-js/sdk 1.3.0 gRPC transport',
      fn: async () => {
        const result = await officialGrpc.sendMessage({
          ...officialRequest,
          message: { ...officialRequest.message, messageId: crypto.randomUUID() },
        });
        if (!('id' in result)) throw new Error('no task');
      },
    },
    {
      name: '@agentweb/a2a sendMessage (gRPC, deadline sent as grpc-timeout: the default)',
      fn: async () => {
        const result = await oursGrpc.sendMessage(ourMessage());
        if (!result.task) throw new Error('no task');
      },
    },
    {
      name: '@agentweb/a2a sendMessage (gRPC, sendDeadline: false, no header as the official client)',
      fn: async () => {
        const result = await oursGrpcClientDeadline.sendMessage(ourMessage());
        if (!result.task) throw new Error('no task');
      },
    },
  ],
  timed,
);
