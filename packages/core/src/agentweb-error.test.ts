import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AgentWebError, createErrorGuard, isAgentWebError } from './agentweb-error.js';

class ExampleError extends AgentWebError {
  constructor(message: string) {
    super({ code: 'EXAMPLE', message });
    this.name = 'ExampleError';
  }
}
const isExampleError = createErrorGuard<ExampleError>('ExampleError');

describe('AgentWebError', () => {
  it('carries code, message and cause', () => {
    const cause = new TypeError('boom');
    const error = new AgentWebError({ code: 'X_FAILED', message: 'x failed', cause });
    expect(error.code).toBe('X_FAILED');
    expect(error.message).toBe('x failed');
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
  });

  it('is recognised by the guard but plain errors and look-alikes are not', () => {
    expect(isAgentWebError(new AgentWebError({ code: 'A', message: 'a' }))).toBe(true);
    expect(AgentWebError.isInstance(new ExampleError('e'))).toBe(true);
    expect(isAgentWebError(new Error('plain'))).toBe(false);
    expect(isAgentWebError({ code: 'A', message: 'fake' })).toBe(false);
    expect(isAgentWebError(null)).toBe(false);
    expect(isAgentWebError('AgentWebError')).toBe(false);
  });

  it('is recognised across realms through the global symbol registry', () => {
    const foreign = runInNewContext(`
      const e = new Error('from another realm');
      e.code = 'FOREIGN';
      e.name = 'ExampleError';
      e[Symbol.for('agentweb.error')] = true;
      e;
    `);
    expect(foreign instanceof AgentWebError).toBe(false);
    expect(isAgentWebError(foreign)).toBe(true);
    expect(isExampleError(foreign)).toBe(true);
  });

  it('subclass guards tell subclasses apart', () => {
    expect(isExampleError(new ExampleError('e'))).toBe(true);
    expect(isExampleError(new AgentWebError({ code: 'EXAMPLE', message: 'e' }))).toBe(false);
  });
});

class StatusError extends AgentWebError {
  readonly status: number;
  readonly url: string;
  readonly headers: Headers;
  readonly bodyExcerpt: string;
  readonly issues: { path: string; message: string }[];
  readonly retry: () => void;
  constructor(cause?: unknown) {
    super({ code: 'STATUS', message: 'HTTP 503 from https://shop.example/a2a', cause });
    this.name = 'StatusError';
    this.status = 503;
    this.url = 'https://shop.example/a2a';
    this.headers = new Headers({ 'set-cookie': 'session=secret' });
    this.bodyExcerpt = 'secret body';
    this.issues = [{ path: 'a.b', message: 'bad' }];
    this.retry = () => undefined;
  }
}

describe('AgentWebError JSON form', () => {
  it('carries name, code, message and the plain-data fields, never headers or bodies', () => {
    const json = JSON.parse(JSON.stringify(new StatusError()));
    expect(json).toEqual({
      name: 'StatusError',
      code: 'STATUS',
      message: 'HTTP 503 from https://shop.example/a2a',
      status: 503,
      url: 'https://shop.example/a2a',
      issues: [{ path: 'a.b', message: 'bad' }],
    });
    expect(JSON.stringify(new StatusError())).not.toContain('secret');
  });

  it('summarises the cause: nested JSON for AgentWeb errors, name and message for others', () => {
    const inner = new StatusError(new TypeError('socket hang up'));
    const outer = new AgentWebError({ code: 'OUTER', message: 'outer', cause: inner });
    const json = JSON.parse(JSON.stringify({ error: outer }));
    expect(json.error).toMatchObject({
      name: 'AgentWebError',
      code: 'OUTER',
      cause: {
        name: 'StatusError',
        code: 'STATUS',
        status: 503,
        cause: { name: 'TypeError', message: 'socket hang up' },
      },
    });
    expect(new AgentWebError({ code: 'X', message: 'x', cause: 'text' }).toJSON().cause).toEqual({
      name: 'string',
      message: 'text',
    });
  });

  it('ends a cyclic cause chain', () => {
    const a = new AgentWebError({ code: 'A', message: 'a' });
    const b = new AgentWebError({ code: 'B', message: 'b', cause: a });
    Object.defineProperty(a, 'cause', { value: b });
    const text = JSON.stringify(a);
    expect(JSON.parse(text)).toMatchObject({ code: 'A', cause: { code: 'B', cause: { code: 'A' } } });
  });

  it('cannot have its identity replaced by a field', () => {
    const error = new AgentWebError({ code: 'REAL', message: 'real' });
    Object.assign(error, { weird: { nested: [1, Number.NaN, 'x'] } });
    expect(error.toJSON()).toEqual({
      name: 'AgentWebError',
      code: 'REAL',
      message: 'real',
      weird: { nested: [1, null, 'x'] },
    });
  });
});

describe('AgentWebError JSON form against hostile or secret data', () => {
  it('withholds URL query strings and credentials in every string: url, message, cause and nested fields', () => {
    const url = 'https://m.test/a2a?api_key=S3CRET';
    const error = new AgentWebError({
      code: 'HTTP_TIMEOUT',
      message: `Request to ${url} timed out after 5 ms`,
      cause: new TypeError(`fetch failed for https://u:S3CRET@m.test/a2a?api_key=S3CRET`),
    });
    Object.assign(error, { url, redirects: [url], detail: { location: url } });
    const text = JSON.stringify(error);
    expect(text).not.toContain('S3CRET');
    expect(JSON.parse(text)).toMatchObject({
      message: 'Request to https://m.test/a2a?[query withheld] timed out after 5 ms',
      url: 'https://m.test/a2a?[query withheld]',
      redirects: ['https://m.test/a2a?[query withheld]'],
      detail: { location: 'https://m.test/a2a?[query withheld]' },
      cause: {
        name: 'TypeError',
        message: expect.stringContaining('https://[credentials withheld]@m.test/a2a?['),
      },
    });
  });

  it('withholds fields named like credentials, whatever their case or spelling', () => {
    const error = new AgentWebError({ code: 'X', message: 'x' });
    const secrets = {
      Authorization: 'Bearer S3CRET',
      api_key: 'S3CRET',
      'X-Api-Key': 'S3CRET',
      accessToken: 'S3CRET',
      clientSecret: 'S3CRET',
      set_cookie: 'S3CRET',
      privateKey: 'S3CRET',
      userPassword: 'S3CRET',
      requestHeaders: { accept: 'S3CRET' },
      responseBody: 'S3CRET',
      auth: { type: 'apiKey', key: 'S3CRET' },
      sessionId: 'S3CRET',
    };
    Object.assign(error, { ...secrets, data: { nested: [{ ...secrets }] } });
    const json = JSON.parse(JSON.stringify(error));
    expect(JSON.stringify(json)).not.toContain('S3CRET');
    expect(json).toEqual({ name: 'AgentWebError', code: 'X', message: 'x', data: { nested: [{}] } });
  });

  it('keeps diagnostic fields whose names only look close to a credential', () => {
    const error = new AgentWebError({ code: 'X', message: 'x' });
    Object.assign(error, {
      keys: ['a'],
      wwwAuthenticate: 'Bearer realm="shop"',
      keyId: 'k1',
      capErrorCode: 'C',
    });
    expect(error.toJSON()).toMatchObject({
      keys: ['a'],
      wwwAuthenticate: 'Bearer realm="shop"',
      keyId: 'k1',
      capErrorCode: 'C',
    });
  });

  it('caps items and keys per level, saying how many were left out', () => {
    const error = new AgentWebError({ code: 'RPC', message: 'rpc' });
    const wide = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`k${i}`, i]));
    Object.assign(error, { data: new Array(1024 * 1024).fill(0), wide });
    const json = error.toJSON() as unknown as { data: unknown[]; wide: Record<string, unknown> };
    expect(json.data).toHaveLength(51);
    expect(json.data.slice(0, 50)).toEqual(new Array(50).fill(0));
    expect(json.data[50]).toBe('… 1048526 more items left out');
    expect(Object.keys(json.wide)).toHaveLength(51);
    expect(json.wide['k49']).toBe(49);
    expect(json.wide['…']).toBe('70 more keys left out');
  });

  it('stays small for a hostile error of any shape: a megabyte of data becomes a few kilobytes', () => {
    const error = new AgentWebError({ code: 'RPC', message: 'm'.repeat(1_000_000) });
    const deep = Array.from({ length: 60 }, () =>
      Array.from({ length: 60 }, () => Array.from({ length: 60 }, () => 'x'.repeat(500))),
    );
    Object.assign(error, { data: deep, more: new Array(100_000).fill('y'.repeat(100)) });
    const outer = new AgentWebError({ code: 'OUTER', message: 'outer', cause: error });
    expect(JSON.stringify(outer).length).toBeLessThan(64 * 1024);
    expect(JSON.parse(JSON.stringify(outer)).cause.code).toBe('RPC');
  });
});
