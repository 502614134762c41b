import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentCard, type Part, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { jsonRpcHandler } from '@a2a-js/sdk/server/express';
import { checkOptions } from '@agentweb/core';
import express from 'express';
import { SandboxListenError } from './sandbox-errors.js';
import { checkMinimalSdkOptions } from './validate-options.js';

/**
 * CAP merchants written directly on the official `@a2a-js/sdk` 1.3.0 server, sharing no code with the sandbox or
 * the AgentWeb client: only `cap:product_search` (keyword, all terms, offset/limit), a hand-written 1.0 card.
 * They stand for "somebody else's merchant" in benchmarks; {@link startMinimalSdkMerchantsProcess} serves them from
 * a child process.
 */
export interface MinimalSdkMerchants {
  /** Card URL of each merchant. */
  cardUrls: string[];
  /** Stops the server and ends every connection. */
  close(): Promise<void>;
}

/** Options of {@link startMinimalSdkMerchants}. */
export interface MinimalSdkMerchantsOptions {
  /** How many merchants (each under `/m/<i>/`). */
  merchants: number;
  /** Per-request delay in ms, drawn uniformly from [minMs, maxMs] (default none). */
  latency?: { minMs: number; maxMs: number };
}

const NOUNS = ['Desk Lamp', 'Floor Lamp', 'Headphones', 'Backpack', 'Coffee Beans', 'Rain Jacket', 'Laptop'];
const BRANDS = ['Acme', 'Globex', 'Initech', 'Umbrella'];

interface Product {
  id: string;
  name: string;
  gtin: string;
  offers: { identifier: string; price: string; priceCurrency: string; availability: string }[];
}

function catalog(merchant: number): Product[] {
  return Array.from({ length: 40 }, (_, n) => {
    const base = (merchant * 7 + n) % 60;
    const name = `${BRANDS[base % BRANDS.length]} ${NOUNS[base % NOUNS.length]}`;
    const digits = String(4_000_000_000_00 + base).padStart(12, '0');
    let sum = 0;
    for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
    const id = `M${merchant}-${n}`;
    return {
      id,
      name,
      gtin: `${digits}${(10 - (sum % 10)) % 10}`,
      offers: [
        {
          identifier: `${id}-O1`,
          price: (10 + base * 3).toFixed(2),
          priceCurrency: 'USD',
          availability: 'inStock',
        },
      ],
    };
  });
}

function search(products: Product[], input: unknown): Record<string, unknown> {
  const data = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const terms = String(data['query'] ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const offset = typeof data['offset'] === 'number' ? data['offset'] : 0;
  const limit = typeof data['limit'] === 'number' ? data['limit'] : 20;
  const hits = products.filter((p) => terms.every((t) => p.name.toLowerCase().includes(t)));
  return { products: hits.slice(offset, offset + limit), totalResults: hits.length, offset, limit };
}

function executor(products: Product[]): AgentExecutor {
  return {
    async execute(ctx, bus) {
      const part = ctx.userMessage.parts.find((p) => p.content?.$case === 'data');
      const input = part?.content?.$case === 'data' ? part.content.value : {};
      const output: Part = {
        content: { $case: 'data', value: search(products, input) },
        metadata: { skillId: 'cap:product_search' },
        filename: '',
        mediaType: 'application/json',
      };
      bus.publish(
        AgentEvent.task({
          id: ctx.taskId,
          contextId: ctx.contextId,
          status: {
            state: TaskState.TASK_STATE_COMPLETED,
            message: undefined,
            timestamp: new Date().toISOString(),
          },
          artifacts: [
            {
              artifactId: randomUUID(),
              name: 'cap:product_search',
              description: '',
              parts: [output],
              metadata: { skillId: 'cap:product_search' },
              extensions: [],
            },
          ],
          history: [],
          metadata: undefined,
        }),
      );
      bus.finished();
    },
    async cancelTask(_taskId, bus) {
      bus.finished();
    },
  };
}

function cardJson(index: number, rpcUrl: string): Record<string, unknown> {
  return {
    name: `Minimal SDK merchant ${index}`,
    description: 'A CAP merchant on the official A2A SDK',
    version: '1.0.0',
    supportedInterfaces: [{ url: rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' }],
    capabilities: {
      streaming: false,
      pushNotifications: false,
      extendedAgentCard: false,
      extensions: [
        { uri: 'https://cap-spec.org', required: false, params: { 'search-query-modes': ['keyword'] } },
      ],
    },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: [
      {
        id: 'cap:product_search',
        name: 'Product search',
        description: 'Keyword product search',
        tags: ['commerce', 'auth:public'],
        inputModes: ['application/json'],
        outputModes: ['application/json'],
      },
    ],
  };
}

/** Starts `merchants` minimal official-SDK CAP merchants on one loopback server (port 0). */
export async function startMinimalSdkMerchants(
  options: MinimalSdkMerchantsOptions,
): Promise<MinimalSdkMerchants> {
  checkOptions('startMinimalSdkMerchants', options, {}, { optionsRequired: true });
  checkMinimalSdkOptions(options);
  const app = express();
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (error?: Error) => {
      if (error === undefined) resolve(s);
      else reject(new SandboxListenError(`minimal SDK merchants cannot listen: ${error.message}`, error));
    });
  });
  server.keepAliveTimeout = 60_000;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { latency } = options;
  const timers = new Set<NodeJS.Timeout>();
  if (latency) {
    app.use((_req, _res, next) => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          next();
        },
        latency.minMs + Math.random() * (latency.maxMs - latency.minMs),
      );
      timers.add(timer);
    });
  }
  const cardUrls: string[] = [];
  for (let i = 0; i < options.merchants; i += 1) {
    const rpcUrl = `${origin}/m/${i}/rpc`;
    const json = cardJson(i, rpcUrl);
    const handler = new DefaultRequestHandler(
      AgentCard.fromJSON(json),
      new InMemoryTaskStore(),
      executor(catalog(i)),
    );
    // The card is served as written: the SDK's own card handler emits its internal object shape for oneofs.
    app.get(`/m/${i}/card`, (_req, res) => {
      res.json(json);
    });
    app.use(
      `/m/${i}/rpc`,
      jsonRpcHandler({
        requestHandler: handler,
        userBuilder: async () => ({ isAuthenticated: false, userName: '' }),
      }),
    );
    cardUrls.push(`${origin}/m/${i}/card`);
  }
  return {
    cardUrls,
    close: () =>
      new Promise((resolve) => {
        // A pending latency timer would keep the process alive and answer on a closed socket.
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
