import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgisEndpointError,
  type AgisInputError,
  invokeAgis,
  isAgisEndpointError,
  isAgisInputError,
  parseAgisDocument,
  validateJsonValue,
} from '../src/index.js';

const doc = parseAgisDocument(
  readFileSync(
    new URL('../../../fixtures/agis-dev/services/harbor-table.agis.yaml', import.meta.url),
    'utf8',
  ),
);
const byRoute = (method: string, path: string) =>
  doc.endpoints.find((e) => e.method === method && e.path === path)!;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let baseUrl: string;
let http: HttpClient;
const seen: Seen[] = [];
let reply: (req: Seen, res: ServerResponse) => void = (_req, res) => res.end();

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const s: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(s);
    reply(s, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agis`;
  http = createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: true,
    timeoutMs: 5000,
    retry: false,
    cache: false,
  });
});

afterAll(async () => {
  await http.close();
  server.closeAllConnections();
  server.close();
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

describe('invokeAgis over the HTTP transitional binding', () => {
  it('sends the AGIS headers, fills path parameters and returns the JSON answer', async () => {
    const endpoint = doc.endpoints.find((e) => e.path.includes('{'))!;
    const param = /\{([^}]+)\}/.exec(endpoint.path)![1]!;
    const input: Record<string, unknown> = { [param]: 'r 42/x' };
    for (const key of (endpoint.input['required'] as string[]) ?? []) {
      if (key === param) continue;
      const prop = (
        endpoint.input['properties'] as Record<string, { type?: string; format?: string; enum?: unknown[] }>
      )[key]!;
      input[key] =
        prop.enum?.[0] ??
        (prop.format === 'date-time'
          ? '2026-05-05T19:00'
          : prop.format === 'date'
            ? '2026-05-05'
            : prop.type === 'integer' || prop.type === 'number'
              ? 2
              : 'x');
    }
    reply = (_req, res) => json(res, 200, { status: 'OK' });
    const result = await invokeAgis(endpoint, input, { baseUrl, http, namespace: 'harbor' });
    expect(result).toMatchObject({ data: { status: 'OK' }, status: 200 });
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`/agis${endpoint.path.replace(`{${param}}`, encodeURIComponent('r 42/x'))}`);
    expect(req.headers['x-agis-method']).toBe(endpoint.method);
    expect(req.headers['x-agis-grammar']).toBe('AGIS/1.0');
    expect(req.headers['x-agis-namespace']).toBe('harbor');
    expect(req.body).not.toHaveProperty(param);
  });

  it('rejects invalid input locally with AgisInputError and sends nothing', async () => {
    const book = doc.endpoints.find((e) => e.method === 'BOOK')!;
    const before = seen.length;
    let caught: unknown;
    try {
      await invokeAgis(book, { party_size: 'four' }, { baseUrl, http });
    } catch (error) {
      caught = error;
    }
    expect(isAgisInputError(caught)).toBe(true);
    expect((caught as AgisInputError).violations.length).toBeGreaterThan(0);
    expect(seen.length).toBe(before);
  });

  it('maps a declared error name to AgisEndpointError with its description', async () => {
    const book = doc.endpoints.find((e) => e.method === 'BOOK')!;
    const declared = book.errors[0]!;
    const input = Object.fromEntries(
      Object.entries(
        book.input['properties'] as Record<
          string,
          { type?: string; format?: string; enum?: unknown[]; minimum?: number }
        >,
      )
        .filter(([k]) => (book.input['required'] as string[]).includes(k))
        .map(([k, p]) => [
          k,
          p.enum?.[0] ??
            (p.format === 'date-time'
              ? '2026-05-05T19:00'
              : p.format === 'date'
                ? '2026-05-05'
                : p.type === 'integer' || p.type === 'number'
                  ? Math.max(2, p.minimum ?? 0)
                  : 'x'),
        ]),
    );
    reply = (_req, res) => json(res, 409, { error: { name: declared.name.toUpperCase(), message: 'taken' } });
    const error = await invokeAgis(book, input, { baseUrl, http }).catch((e: unknown) => e);
    expect(isAgisEndpointError(error)).toBe(true);
    expect(error).toMatchObject({
      errorName: declared.name,
      declared: true,
      status: 409,
      code: 'AGIS_ENDPOINT_ERROR',
    });
    reply = (_req, res) => json(res, 454, { pass: 2 });
    const grammar = (await invokeAgis(book, input, { baseUrl, http }).catch(
      (e: unknown) => e,
    )) as AgisEndpointError;
    expect(grammar).toMatchObject({
      errorName: 'grammar_violation',
      declared: false,
      code: 'AGIS_GRAMMAR_VIOLATION',
    });
    reply = (_req, res) => {
      res.writeHead(500, { 'x-agis-error': 'kitchen_on_fire' });
      res.end('oops');
    };
    const undeclared = (await invokeAgis(book, input, { baseUrl, http }).catch(
      (e: unknown) => e,
    )) as AgisEndpointError;
    expect(undeclared).toMatchObject({ errorName: 'kitchen_on_fire', declared: false, status: 500 });
  });

  it('refuses dot-segment path parameters that would escape the endpoint path', async () => {
    const endpoint = doc.endpoints.find((e) => e.path.includes('{'))!;
    const param = /\{([^}]+)\}/.exec(endpoint.path)![1]!;
    const before = seen.length;
    for (const value of ['..', '.']) {
      const error = await invokeAgis(
        endpoint,
        { [param]: value },
        { baseUrl, http, validateInput: false },
      ).catch((e: unknown) => e);
      expect(isAgisInputError(error), value).toBe(true);
    }
    expect(seen.length).toBe(before);
  });

  it('keeps the binding headers when the caller passes them in another case', async () => {
    const endpoint = doc.endpoints.find((e) => e.path.includes('{'))!;
    const param = /\{([^}]+)\}/.exec(endpoint.path)![1]!;
    reply = (_req, res) => json(res, 200, {});
    await invokeAgis(
      endpoint,
      { [param]: 'r1' },
      {
        baseUrl,
        http,
        validateInput: false,
        headers: { 'x-agis-method': 'DELETE', 'x-agis-grammar': 'AGIS/0.9', 'x-trace': 't1' },
      },
    );
    const req = seen.at(-1)!;
    expect(req.headers['x-agis-method']).toBe(endpoint.method);
    expect(req.headers['x-agis-grammar']).toBe('AGIS/1.0');
    expect(req.headers['x-trace']).toBe('t1');
  });

  it('joins the endpoint path to a base URL without its trailing slashes, in linear time', async () => {
    const endpoint = doc.endpoints.find((e) => e.path.includes('{'))!;
    const param = /\{([^}]+)\}/.exec(endpoint.path)![1]!;
    reply = (_req, res) => json(res, 200, {});
    await invokeAgis(endpoint, { [param]: 'r1' }, { baseUrl: `${baseUrl}///`, http, validateInput: false });
    expect(seen.at(-1)!.url).toBe(`/agis${endpoint.path.replace(`{${param}}`, 'r1')}`);
    // A long slash run that does not end the path: a backtracking /\/+$/ needs minutes for it. The loopback
    // server may refuse so long a URL; only the time to build it matters.
    const long = `${baseUrl}${'/'.repeat(300_000)}x`;
    await invokeAgis(endpoint, { [param]: 'r1' }, { baseUrl: long, http, validateInput: false }).catch(
      (e: unknown) => e,
    );
  });

  it('enforces the response size cap of the HTTP client', async () => {
    const find = byRoute('FIND', doc.endpoints.find((e) => e.method === 'FIND')!.path);
    reply = (_req, res) => json(res, 200, { blob: 'x'.repeat(10_000) });
    const required = Object.fromEntries(((find.input['required'] as string[]) ?? []).map((k) => [k, 'x']));
    const error = await invokeAgis(find, required, {
      baseUrl,
      http,
      maxBodyBytes: 1000,
      validateInput: false,
    }).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toMatch(/BODY|LARGE/i);
  });
});

describe('validateJsonValue', () => {
  const schema = {
    type: 'object',
    properties: {
      n: { type: 'integer', minimum: 1, maximum: 20 },
      when: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      kind: { enum: ['a', 'b'] },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
    required: ['n'],
    additionalProperties: false,
  };
  it('accepts matching values, including local date-times', () => {
    expect(
      validateJsonValue(schema, {
        n: 4,
        when: '2026-05-05T19:00',
        day: '2026-05-08',
        kind: 'a',
        tags: ['x'],
        code: 'USD',
      }),
    ).toEqual([]);
    expect(validateJsonValue(schema, { n: 4, when: '2026-05-05T19:00:00Z' })).toEqual([]);
  });
  it('reports every violation with its path', () => {
    const v = validateJsonValue(schema, {
      n: 0.5,
      when: 'tomorrow',
      day: '2026-13-01',
      kind: 'c',
      tags: [1, 'a', 'b'],
      code: 'usd',
      extra: 1,
    });
    expect(v.map((x) => x.path).sort()).toEqual(
      ['/code', '/day', '/extra', '/kind', '/n', '/tags', '/tags/0', '/when'].sort(),
    );
    expect(validateJsonValue(schema, {})[0]!.message).toBe('n is required');
  });
  it('reads only own properties of the schema and the value', () => {
    expect(validateJsonValue(schema, { n: 1, toString: 'x' }).map((x) => x.path)).toEqual(['/toString']);
    expect(validateJsonValue({ type: 'object', required: ['constructor'] }, {}).map((x) => x.path)).toEqual([
      '/constructor',
    ]);
  });
});
