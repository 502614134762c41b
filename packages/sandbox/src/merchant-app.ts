import { AgentCard as V1AgentCard } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import {
  DefaultRequestHandler as V1RequestHandler,
  InMemoryTaskStore as V1TaskStore,
} from '@a2a-js/sdk/server';
import {
  agentCardHandler as v1CardHandler,
  jsonRpcHandler as v1JsonRpcHandler,
  restHandler as v1RestHandler,
} from '@a2a-js/sdk/server/express';
import type { AgentCard as V03AgentCard } from 'a2a-sdk-v03';
import {
  DefaultRequestHandler as V03RequestHandler,
  InMemoryTaskStore as V03TaskStore,
} from 'a2a-sdk-v03/server';
import {
  agentCardHandler as v03CardHandler,
  jsonRpcHandler as v03JsonRpcHandler,
} from 'a2a-sdk-v03/server/express';
import express, { type Express, type Request } from 'express';
import { createV1Executor } from './executor-v1.js';
import { createV03Executor } from './executor-v03.js';
import {
  jsonParseErrors,
  type Lifecycle,
  postBodyFaults,
  preBodyFaults,
  restBodyFaults,
} from './fault-middleware.js';
import { merchantCardJson } from './merchant-card.js';
import type { MerchantRuntime } from './merchant-runtime.js';
import { categoriesTxt, homePage, productPage, robotsTxt, sitemapXml } from './storefront.js';

/** Path of the JSON-RPC endpoint on every merchant host. */
export const RPC_PATH = '/a2a/jsonrpc';
/** Path below which an HTTP+JSON merchant serves the REST binding. */
export const REST_PATH = '/a2a/rest';
/** Largest JSON-RPC request body a merchant reads. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** Anyone presenting a non-empty bearer token counts as signed in; the token names the user. */
async function bearerUser(req: Request): Promise<{ isAuthenticated: boolean; userName: string }> {
  const auth = req.headers.authorization ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
  return token === ''
    ? { isAuthenticated: false, userName: '' }
    : { isAuthenticated: true, userName: `bearer:${token}` };
}

/** A 1.0 merchant's card and request handler, shared by its HTTP app and (for gRPC merchants) its gRPC server. */
export interface V1Merchant {
  /** The card (1.3.0 SDK objects). */
  card: V1AgentCard;
  /** The request handler. */
  handler: V1RequestHandler;
}

const v1Merchants = new WeakMap<MerchantRuntime, V1Merchant>();

/** The 1.0 card and handler of a merchant (made once): its own binding, plus 0.3 on it for `dual` merchants. */
export function v1Merchant(m: MerchantRuntime): V1Merchant {
  let made = v1Merchants.get(m);
  if (made === undefined) {
    const json = merchantCardJson({
      info: m.info,
      protocolVersion: '1.0',
      authEverywhere: m.faults.authRequired !== undefined,
      forgedInterface: m.faults.forgedInterface,
    });
    const card = V1AgentCard.fromJSON(json);
    if (m.info.dialect === 'dual')
      card.supportedInterfaces = duplicateInterfacesForLegacy(card.supportedInterfaces, [m.info.binding]);
    made = { card, handler: new V1RequestHandler(card, new V1TaskStore(), createV1Executor(m)) };
    v1Merchants.set(m, made);
  }
  return made;
}

/**
 * Builds one merchant's express app: storefront, well-known files, agent card, and the A2A endpoint of its
 * binding (JSON-RPC or HTTP+JSON) on the official SDK. A gRPC merchant's A2A endpoint is its own gRPC server.
 */
export function createMerchantApp(m: MerchantRuntime, life: Lifecycle): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const { dialect } = m.info;

  app.use((req, res, next) => {
    m.stats.httpRequests++;
    if (m.faults.hang === 'all') {
      life.hung.add(res);
      res.on('close', () => life.hung.delete(res));
      return;
    }
    // Everything but the A2A endpoint is the storefront, which is what crawlers read.
    if (req.path.startsWith('/a2a/')) {
      next();
      return;
    }
    m.crawlLog.record(req.originalUrl, performance.now());
    const delay = m.nextPageLatencyMs();
    if (delay <= 0) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      life.timers.delete(timer);
      if (!life.closed) next();
    }, delay);
    life.timers.add(timer);
  });
  app.get('/', (_req, res) => {
    res.type('text/html').send(homePage(m));
  });
  app.get('/products/:id', (req, res) => {
    const p = m.catalog.byId.get(String(req.params['id']));
    if (p === undefined) res.status(404).type('text/plain').send('no such product');
    else res.type('text/html').send(productPage(m, p));
  });
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(robotsTxt(m, m.crawling.crawlDelaySeconds));
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').send(sitemapXml(m));
  });
  app.get('/.well-known/cap/categories.txt', (_req, res) => {
    res.type('text/plain').send(categoriesTxt(m));
  });

  const rpcChain = [
    preBodyFaults(m, life),
    express.json({ limit: MAX_REQUEST_BYTES, type: () => true }),
    jsonParseErrors,
    postBodyFaults(m),
  ];

  if (dialect === '0.3') {
    const card = merchantCardJson({
      info: m.info,
      protocolVersion: '0.3.0',
      authEverywhere: m.faults.authRequired !== undefined,
      forgedInterface: m.faults.forgedInterface,
    }) as unknown as V03AgentCard;
    const handler = new V03RequestHandler(card, new V03TaskStore(), createV03Executor(m));
    app.use('/.well-known/agent-card.json', v03CardHandler({ agentCardProvider: handler }));
    // The spec's own path (A2A 0.2 era); 0.3 merchants serve it too, as older CAP clients look there.
    app.get('/.well-known/agent.json', (_req, res) => {
      res.json(card);
    });
    app.use(RPC_PATH, ...rpcChain, v03JsonRpcHandler({ requestHandler: handler, userBuilder: bearerUser }));
  } else {
    const { card, handler } = v1Merchant(m);
    const legacyCompat = dialect === 'dual' ? { enabled: true } : undefined;
    // The SDK's card handler JSON.stringifies its internal objects, so oneofs (security schemes) come out as
    // `{ $case, value }` rather than the spec's proto3 JSON form; 1.0 readers get the spec form from here.
    const specCard = V1AgentCard.toJSON(card);
    app.get('/.well-known/agent-card.json', (req, res, next) => {
      const requested = req.header('a2a-version') ?? (dialect === 'dual' ? '0.3' : '1.0');
      if (requested.startsWith('0.')) {
        next();
        return;
      }
      res.json(specCard);
    });
    app.use(
      '/.well-known/agent-card.json',
      v1CardHandler({ agentCardProvider: handler, ...(legacyCompat ? { legacyCompat } : {}) }),
    );
    if (m.info.binding === 'JSONRPC') {
      app.use(
        RPC_PATH,
        ...rpcChain,
        v1JsonRpcHandler({
          requestHandler: handler,
          userBuilder: bearerUser,
          ...(legacyCompat ? { legacyCompat } : {}),
        }),
      );
    } else if (m.info.binding === 'HTTP+JSON') {
      app.use(
        REST_PATH,
        preBodyFaults(m, life),
        express.json({ limit: MAX_REQUEST_BYTES, type: ['application/json', 'application/a2a+json'] }),
        jsonParseErrors,
        restBodyFaults(m),
        v1RestHandler({
          requestHandler: handler,
          userBuilder: bearerUser,
          ...(legacyCompat ? { legacyCompat } : {}),
        }),
      );
    }
  }
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('not found');
  });
  return app;
}
