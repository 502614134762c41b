import { AgentCard as V1AgentCard } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import {
  DefaultRequestHandler as V1RequestHandler,
  InMemoryTaskStore as V1TaskStore,
} from '@a2a-js/sdk/server';
import {
  agentCardHandler as v1CardHandler,
  jsonRpcHandler as v1JsonRpcHandler,
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
import { jsonParseErrors, type Lifecycle, postBodyFaults, preBodyFaults } from './fault-middleware.js';
import { merchantCardJson } from './merchant-card.js';
import type { MerchantRuntime } from './merchant-runtime.js';
import { categoriesTxt, homePage, productPage, robotsTxt, sitemapXml } from './storefront.js';

/** Path of the JSON-RPC endpoint on every merchant host. */
export const RPC_PATH = '/a2a/jsonrpc';
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

/** Builds one merchant's express app: storefront, well-known files, agent card and JSON-RPC on the official SDK. */
export function createMerchantApp(m: MerchantRuntime, life: Lifecycle): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const authEverywhere = m.faults.authRequired !== undefined;
  const { dialect } = m.info;

  app.use((_req, res, next) => {
    m.stats.httpRequests++;
    if (m.faults.hang === 'all') {
      life.hung.add(res);
      res.on('close', () => life.hung.delete(res));
      return;
    }
    next();
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
    res.type('text/plain').send(robotsTxt(m));
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
      authEverywhere,
    }) as unknown as V03AgentCard;
    const handler = new V03RequestHandler(card, new V03TaskStore(), createV03Executor(m));
    app.use('/.well-known/agent-card.json', v03CardHandler({ agentCardProvider: handler }));
    // The spec's own path (A2A 0.2 era); 0.3 merchants serve it too, as older CAP clients look there.
    app.get('/.well-known/agent.json', (_req, res) => {
      res.json(card);
    });
    app.use(RPC_PATH, ...rpcChain, v03JsonRpcHandler({ requestHandler: handler, userBuilder: bearerUser }));
  } else {
    const json = merchantCardJson({ info: m.info, protocolVersion: '1.0', authEverywhere });
    const card = V1AgentCard.fromJSON(json);
    if (dialect === 'dual')
      card.supportedInterfaces = duplicateInterfacesForLegacy(card.supportedInterfaces, ['JSONRPC']);
    const handler = new V1RequestHandler(card, new V1TaskStore(), createV1Executor(m));
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
    app.use(
      RPC_PATH,
      ...rpcChain,
      v1JsonRpcHandler({
        requestHandler: handler,
        userBuilder: bearerUser,
        ...(legacyCompat ? { legacyCompat } : {}),
      }),
    );
  }
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('not found');
  });
  return app;
}
